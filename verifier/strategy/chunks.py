"""The optimal-strategy job's chunks and their files: the chunk ranges, the work
directory, each finished chunk's file (written atomically, read back with its shape and
sums checked), the chunk records a certificate keeps and a seeded sample of them run
again (``check --recompute``)."""
from __future__ import annotations

import hashlib
import json
import math
import os
import sys
from pathlib import Path

from verifier.support.errors import VerifierError
from verifier.strategy.spec import FORMAT_VERSION, make_job, run_chunk
from typing import Any, Iterator, Protocol, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.strategy.spec import JobSpec
    from verifier.support.progress import Progress

def chunks(units: int, chunk_size: int) -> list[tuple[int, int]]:
    """[(lo, hi), ...]: the units in order, ``chunk_size`` each (the last fewer)."""
    return [(lo, min(lo + chunk_size, units)) for lo in range(0, units, chunk_size)]


def default_work_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "paigow-verifier" / "strategy"


def work_dir_for(spec: JobSpec, work: str | os.PathLike | None = None) -> Path:
    """``work`` as given (the user's directory), else the job's directory in the cache."""
    return Path(work) if work is not None else default_work_root() / spec.key()


def prepare_work_dir(path: str | os.PathLike) -> Path:
    """Creates the work directory; one line when it cannot be made or written."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise VerifierError(f"work directory {path}: a file is in the way") from None
    except OSError as exc:
        raise VerifierError(f"cannot make work directory {path}: {exc.strerror}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise VerifierError(f"work directory {path} is not writable")
    return path


def chunk_path(work: str | os.PathLike, lo: int, hi: int) -> Path:
    return Path(work) / f"chunk-{lo}-{hi}.json"


def raw_sha256(raw: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(raw, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()


def chunk_record(lo: int, hi: int, raw: dict[str, Any]) -> dict[str, Any]:
    """What a certificate keeps of one chunk (docs/STRATEGY.md, "Chunks in the
    certificate"): its range of units, the SHA-256 of its raw sums (patterns included)
    and its sums without the patterns, which add up to the job's totals. A chunk
    recomputed later must give the same SHA-256 (``recompute_chunks``)."""
    sums = {k: v for k, v in raw.items() if k != "patterns"}
    return {"lo": lo, "hi": hi, "raw_sha256": raw_sha256(raw), "sums": sums}


class ChunkedRun(Protocol):
    """What ``chunks_section`` reads of a run (``job.RunInfo``, which imports this module)."""
    backend: str
    chunk_size: int
    units: int
    records: list


def chunks_section(info: ChunkedRun) -> dict[str, Any]:
    """The ``chunks`` field of a certificate's strategy section: the job's chunking (its
    backend, chunk size and unit count) and every chunk's record, in unit order (counts
    beyond 2**53 - 1 as digit strings, as in ``raw``)."""
    from verifier.strategy.optimal import raw_to_json
    return {"backend": info.backend, "chunk_size": info.chunk_size, "units": info.units,
            "list": [dict(r, sums=raw_to_json(r["sums"])) for r in info.records]}


def chunk_sample(records: Sequence[dict[str, Any]], n: int | None,
                 seed: int | None) -> list[dict[str, Any]]:
    """A seeded draw of ``n`` of the chunk records (every one when ``n`` is None or not
    less than their number), in unit order: the same draw for the same seed."""
    import random
    if n is None or n >= len(records):
        return list(records)
    return [records[i] for i in sorted(random.Random(seed).sample(range(len(records)), n))]


def recompute_chunks(spec: JobSpec, units: int, records: Sequence[dict[str, Any]],
                     progress: Progress | None = None) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Runs the chunks of ``records`` again with ``spec``'s job: yields (record, the record
    of the chunk now, ``chunk_record``). ``ValueError`` when the job here does not split
    into ``units`` units (not the job the records came from)."""
    from verifier.support.progress import stage
    job = make_job(spec, [(r["lo"], r["hi"]) for r in records])    # their tables only
    if int(job.units) != units:
        raise ValueError(f"the job here has {int(job.units):,} units, the certificate's "
                         f"{units:,}: not the same job")
    with stage(progress, "chunk", "strategy chunks") as report:
        for done, rec in enumerate(records, 1):
            raw = run_chunk(job, rec["lo"], rec["hi"])
            if report:
                report(done, len(records))
            yield rec, chunk_record(rec["lo"], rec["hi"], raw)


def save_chunk(work: str | os.PathLike, key: str, units: int, lo: int, hi: int, raw: dict[str, Any],
               seconds: float) -> None:
    """Writes one chunk's file atomically."""
    from verifier.support.files import atomic_write_text
    doc = {"format": "paigow-verifier strategy chunk", "format_version": FORMAT_VERSION,
           "key": key, "units": units, "lo": lo, "hi": hi, "seconds": round(seconds, 3),
           "raw_sha256": raw_sha256(raw), "raw": raw}
    atomic_write_text(chunk_path(work, lo, hi), json.dumps(doc, separators=(",", ":")) + "\n")


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def raw_shape_ok(raw: Any, banker_hands: int | None = None, face_up: bool | None = None) -> bool:
    """Whether ``raw`` has the shape of the raw sums (verifier/strategy/optimal.py): the fields,
    ints where counts go, Face Up's sums when ``face_up`` (None: either). (``optimal.check_raw``
    holds a whole job's sums together; a chunk's also list the patterns where the house
    way was always best.)"""
    from verifier.strategy.optimal import FACE_UP, RAW_SCALARS, RAW_TABLES, sides
    try:
        if not all(_is_int(raw[k]) and raw[k] >= 0 for k in RAW_SCALARS + ("banker_hands",)):
            return False
        if banker_hands is not None and raw["banker_hands"] != banker_hands:
            return False
        if face_up is not None and (FACE_UP in raw) != face_up:
            return False
        for side in sides(raw):
            if sorted(raw[side]) != ["loss", "win"] or not all(map(_is_int, raw[side].values())):
                return False
        for k in RAW_TABLES:
            if not all(len(r) == 4 and all(map(_is_int, r)) for r in raw[k]):
                return False
        for p in raw["patterns"]:
            if (len(p) != 7 or not isinstance(p[0], str) or not all(map(_is_int, p[1:4]))
                    or not all(map(_is_int, p[4])) or not _is_int(p[5])
                    or len(p[6]) != 2 or not all(map(_is_int, p[6]))):
                return False
    except (KeyError, TypeError, AttributeError):
        return False
    return True


def _chunk_text(path):
    """A chunk file's text, None when there is none; ``ValueError`` when it cannot be read
    as one: the tool's one reader, so a huge file is not read. A FIFO or device named like
    a chunk is never opened (it would hang the job) and could not be replaced by the
    chunk's file: a one-line ``VerifierError`` before any work."""
    import stat
    from verifier.support.files import read_text
    if not os.path.lexists(path):
        return None
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        special = False                 # a dangling link: the reader says what it is
    if special:                         # never read, and never replaced: refused at once
        raise VerifierError(f"{path} is not a regular file (a pipe, socket or device is "
                            "neither read nor replaced): remove it from the work directory")
    return read_text(path, "strategy chunk", ValueError, work_file=True)


def load_chunk(work: str | os.PathLike, key: str, units: int, lo: int, hi: int,
               banker_hands: int | None = None,
               spec: JobSpec | None = None) -> tuple[dict[str, Any], float] | None:
    """(raw, seconds) of a chunk's file, None when there is none; ``ValueError`` (why)
    when there is one that is not this chunk's valid sums. With the job's ``spec``, the
    sums must also hold together as a chunk's of that deck and commission
    (``optimal.check_raw``): a file edited with its SHA-256 recomputed is redone, never
    merged into the figures."""
    text = _chunk_text(chunk_path(work, lo, hi))
    if text is None:
        return None
    try:
        doc = json.loads(text)
    except ValueError:
        raise ValueError("not JSON (truncated or damaged)") from None
    if not isinstance(doc, dict) or doc.get("format_version") != FORMAT_VERSION:
        raise ValueError("not a chunk file of this version")
    if (doc.get("key"), doc.get("units"), doc.get("lo"), doc.get("hi")) != (key, units, lo, hi):
        raise ValueError("another job's or another range's chunk")
    raw: Any = doc.get("raw")             # checked next (raw_shape_ok)
    if not raw_shape_ok(raw, banker_hands, spec.face_up if spec is not None else None) \
            or doc.get("raw_sha256") != raw_sha256(raw):
        raise ValueError("its sums are damaged (shape or SHA-256)")
    if spec is not None:
        from verifier.strategy.optimal import check_raw
        try:
            check_raw(raw, spec.deck, spec.settlement.value_ratio, chunk=True)
        except ValueError as why:
            raise ValueError(f"its sums do not hold together ({why})") from None
    seconds = doc.get("seconds")
    return raw, float(seconds) if isinstance(seconds, (int, float)) else 0.0


def note(message: str) -> None:
    print(f"paigow-verify: {message}", file=sys.stderr)


def finished_units(spec: JobSpec, work: str | os.PathLike) -> int | None:
    """The job's unit count when the work directory holds every chunk of it, valid;
    else None (the job must be built to know what is left)."""
    key, units = spec.key(), None
    for path in sorted(Path(work).glob("chunk-*.json")):
        try:
            doc = json.loads(_chunk_text(path) or "null")
        except ValueError:
            continue
        if isinstance(doc, dict) and doc.get("key") == key and _is_int(doc.get("units")):
            units = doc["units"]
            break
    if units is None:
        return None
    banker_hands = math.comb(len(spec.deck) - 7, 7)
    for lo, hi in chunks(units, spec.chunk_size):
        try:
            if load_chunk(work, key, units, lo, hi, banker_hands, spec) is None:
                return None
        except ValueError:
            return None
    return units
