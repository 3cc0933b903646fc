"""The runner of the optimal-strategy job (issue 15; docs/STRATEGY.md): the work units of
a job object split into chunks, each chunk's raw sums (verifier/strategy/optimal.py) saved at once
in a work directory so that an interrupted job resumes, run locally or on Ray actors.

A job object (``verifier.engine._strategy.StrategyJob``, its pure-Python twin
``verifier.strategy.optimal.PythonJob``, or a test's stand-in named ``"module:Class"``) has
``units`` (an int), ``build_seconds`` and ``run(lo, hi)`` -> the raw sums of units
[lo, hi). This module knows nothing else of it: every backend gives the same sums.

Work directory (default ``$XDG_CACHE_HOME/paigow-verifier/strategy/<job key>/``, else
``~/.cache/...``): one file ``chunk-<lo>-<hi>.json`` per finished chunk, written
atomically (``files.atomic_write_text``), holding the job key, the range, the job's unit
count, the raw sums and the SHA-256 of the raw sums. A chunk with a valid file is not
run again; a file that does not read back (corrupt, truncated, another job's) is redone,
with a note on stderr.
"""
import hashlib
import importlib
import json
import math
import os
import re
import socket
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from verifier.support.errors import VerifierError

#: the version of the chunk files and of the job key; bump when either changes
FORMAT_VERSION = 2
#: units per chunk: the full deck (about 1.1 million units) in about 220 chunks of a few
#: seconds of CPU each
DEFAULT_CHUNK_SIZE = 5000
#: the backends by name; any other name is "module:attribute" (tests)
BACKENDS = ("compiled", "python")


# ---------------------------------------------------------------------------------
# the job's description: plain, picklable (a Ray actor builds its job from it)
# ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class JobSpec:
    """Everything that decides the job's results, in plain values.

    ``house_way``: the engine number (0, 1 the built-ins); ``house_way_name`` and
    ``house_way_text`` (the TOML of a house-way file, "" for a built-in) let another
    process define the same house way; ``house_way_program`` is the SHA-256 of the file's
    compiled program (cext/houseway.h), "" for a built-in."""
    deck: tuple
    wheel_second: bool = False
    house_way: int = 0
    house_way_name: str = "mikes"
    house_way_text: str = ""
    house_way_program: str = ""
    commission: tuple = (0, 1)
    chunk_size: int = DEFAULT_CHUNK_SIZE
    backend: str = "compiled"
    threads: int = 1
    extra: dict = field(default_factory=dict)   # further keyword arguments of the job

    def key(self):
        return job_key(self.deck, self.wheel_second, self.house_way_name,
                       self.house_way_program, self.commission, self.chunk_size,
                       backend=self.backend)


def job_key(deck, wheel_second, house_way_name, house_way_program, commission, chunk_size,
            backend="compiled"):
    """A stable id of the job: the SHA-256 (first 20 hex digits) of what decides its
    results and its chunks. The backend counts: the compiled job's units are orbit
    representatives of six cards, its pure-Python twin's are player hands, so a chunk of
    one is not a chunk of the other."""
    cn, cd = commission
    what = {"format": FORMAT_VERSION, "deck": sorted(int(c) for c in deck),
            "wheel_second": bool(wheel_second),
            "house_way": house_way_name if not house_way_program else "file",
            "house_way_program": house_way_program,
            "commission": [int(cn), int(cd)], "chunk_size": int(chunk_size)}
    what["backend"] = backend
    text = json.dumps(what, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def spec_for(ruleset, deck=None, chunk_size=None, backend=None, threads=None):
    """The JobSpec of a rule set (house way, wheel, commission) on ``deck`` (default the
    53-card deck). ``backend``: default compiled, or python under PAIGOW_PUREPYTHON=1."""
    from verifier.engine.backend import PURE_PYTHON
    from verifier.game.cards import full_deck
    from verifier.engine.houseway_program import BUILT_IN_IDS, engine_arguments, program_of
    from verifier.engine.threads import thread_count
    from verifier.strategy import optimal
    if deck is not None and len(set(deck)) < 14:
        raise VerifierError(f"the deck has {len(set(deck))} cards: the strategy job needs at "
                            "least 14 (a player's hand and a banker's)")
    rules = ruleset.rules
    wheel_second, house_way = engine_arguments(rules, suit_symmetric=True)
    name, text, program = rules.house_way, "", ""
    if name not in BUILT_IN_IDS:
        from verifier.houseway.fileformat import load
        hw = load(name)
        name, text = hw.name, hw.text
        program = hashlib.sha256(json.dumps(program_of(hw)).encode()).hexdigest()
    deck = tuple(sorted(deck)) if deck is not None else tuple(full_deck())
    chunk = DEFAULT_CHUNK_SIZE if chunk_size is None else int(chunk_size)
    if chunk < 1:
        raise VerifierError(f"chunk size {chunk}: at least 1")
    return JobSpec(deck=deck, wheel_second=wheel_second, house_way=house_way,
                   house_way_name=name, house_way_text=text, house_way_program=program,
                   commission=tuple(optimal.commission_of(ruleset.settlement)), chunk_size=chunk,
                   backend=backend or ("python" if PURE_PYTHON else "compiled"),
                   threads=thread_count(threads))


def _house_way_here(spec):
    """The engine number of the spec's house way in this process (a file is defined in
    the engine modules here, as the driver did in its own)."""
    if not spec.house_way_text:
        return spec.house_way
    from verifier.engine.houseway_program import file_id
    from verifier.houseway.fileformat import loads
    return file_id(loads(spec.house_way_text, spec.house_way_name))


def job_class(backend):
    """The class of a backend: one line when it is not in this build."""
    if backend == "compiled":
        from verifier.engine.backend import compiled
        cls = getattr(compiled("_strategy"), "StrategyJob", None)
        where = "verifier.engine._strategy.StrategyJob"
    elif backend == "python":
        from verifier.strategy import optimal
        cls = getattr(optimal, "PythonJob", None)
        where = "verifier.strategy.optimal.PythonJob"
    else:
        module, _, attr = backend.partition(":")
        try:
            cls = getattr(importlib.import_module(module), attr, None)
        except ImportError:
            cls = None
        where = backend
    if cls is None:
        raise VerifierError(f"the strategy job's {backend} backend ({where}) is not in "
                            "this build")
    return cls


def make_job(spec):
    """The job object of a spec, built in this process (tens of seconds on the full
    deck for the compiled job), interruptibly (``interruptible``)."""
    cls = job_class(spec.backend)
    args = dict(deck=list(spec.deck), wheel_second=spec.wheel_second,
                house_way=_house_way_here(spec), commission=tuple(spec.commission))
    if spec.backend != "python":
        args["threads"] = spec.threads
    args.update(spec.extra)
    return interruptible(lambda: cls(**args))


def run_chunk(job, lo, hi):
    """``job.run(lo, hi)``, interruptibly (``interruptible``)."""
    return interruptible(job.run, lo, hi)


def interruptible(fn, *args):
    """``fn(*args)`` in a thread of its own while the main thread waits in steps of 50 ms,
    so that Ctrl-C or SIGTERM is answered at once (the compiled job runs for seconds in C,
    where Python runs no signal handler): the waiting thread raises, and asks the compiled
    job to stop (``request_stop``: its loops skip what is left and its thread ends
    within milliseconds). Called off the main thread (a Ray actor, a test's thread), it
    is ``fn(*args)``."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        return fn(*args)
    box = {}

    def work():
        try:
            box["value"] = fn(*args)
        except BaseException as exc:        # noqa: BLE001 (raised in the waiting thread)
            box["error"] = exc
    thread = threading.Thread(target=work, name="strategy job", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.05)
    except BaseException:
        _request_stop()
        raise
    if "error" in box:
        raise box["error"]
    return box["value"]


def _request_stop():
    from verifier.engine.backend import compiled
    try:
        module = compiled("_strategy")
    except VerifierError:
        return
    stop = getattr(module, "request_stop", None)
    if stop is not None:
        stop()


# ---------------------------------------------------------------------------------
# chunks and their files
# ---------------------------------------------------------------------------------

def chunks(units, chunk_size):
    """[(lo, hi), ...]: the units in order, ``chunk_size`` each (the last fewer)."""
    return [(lo, min(lo + chunk_size, units)) for lo in range(0, units, chunk_size)]


def default_work_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "paigow-verifier" / "strategy"


def work_dir_for(spec, work=None):
    """``work`` as given (the user's directory), else the job's directory in the cache."""
    return Path(work) if work is not None else default_work_root() / spec.key()


def prepare_work_dir(path):
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


def chunk_path(work, lo, hi):
    return Path(work) / f"chunk-{lo}-{hi}.json"


def raw_sha256(raw):
    return hashlib.sha256(json.dumps(raw, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()


def chunk_record(lo, hi, raw):
    """What a certificate keeps of one chunk (docs/STRATEGY.md, "Chunks in the
    certificate"): its range of units, the SHA-256 of its raw sums (patterns included)
    and its sums without the patterns, which add up to the job's totals. A chunk
    recomputed later must give the same SHA-256 (``recompute_chunks``)."""
    sums = {k: v for k, v in raw.items() if k != "patterns"}
    return {"lo": lo, "hi": hi, "raw_sha256": raw_sha256(raw), "sums": sums}


def chunks_section(info):
    """The ``chunks`` field of a certificate's strategy section: the job's chunking (its
    backend, chunk size and unit count) and every chunk's record, in unit order (counts
    beyond 2**53 - 1 as digit strings, as in ``raw``)."""
    from verifier.strategy.optimal import raw_to_json
    return {"backend": info.backend, "chunk_size": info.chunk_size, "units": info.units,
            "list": [dict(r, sums=raw_to_json(r["sums"])) for r in info.records]}


def chunk_sample(records, n, seed):
    """A seeded draw of ``n`` of the chunk records (every one when ``n`` is None or not
    less than their number), in unit order: the same draw for the same seed."""
    import random
    if n is None or n >= len(records):
        return list(records)
    return [records[i] for i in sorted(random.Random(seed).sample(range(len(records)), n))]


def recompute_chunks(spec, units, records, progress=False):
    """Runs the chunks of ``records`` again with ``spec``'s job: yields (record, the record
    of the chunk now, ``chunk_record``). ``ValueError`` when the job here does not split
    into ``units`` units (not the job the records came from)."""
    from verifier.support.progress import progress_bar
    job = make_job(spec)
    if int(job.units) != units:
        raise ValueError(f"the job here has {int(job.units):,} units, the certificate's "
                         f"{units:,}: not the same job")
    with progress_bar(sum(r["hi"] - r["lo"] for r in records), "unit", enabled=progress,
                      desc="strategy chunks") as advance:
        for rec in records:
            raw = run_chunk(job, rec["lo"], rec["hi"])
            if advance:
                advance(rec["hi"] - rec["lo"])
            yield rec, chunk_record(rec["lo"], rec["hi"], raw)


def save_chunk(work, key, units, lo, hi, raw, seconds):
    """Writes one chunk's file atomically."""
    from verifier.support.files import atomic_write_text
    doc = {"format": "paigow-verifier strategy chunk", "format_version": FORMAT_VERSION,
           "key": key, "units": units, "lo": lo, "hi": hi, "seconds": round(seconds, 3),
           "raw_sha256": raw_sha256(raw), "raw": raw}
    atomic_write_text(chunk_path(work, lo, hi), json.dumps(doc, separators=(",", ":")) + "\n")


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def raw_shape_ok(raw, banker_hands=None):
    """Whether ``raw`` has the shape of the raw sums (verifier/strategy/optimal.py): the fields,
    ints where counts go. (``optimal.check_raw`` holds a whole job's sums together; a
    chunk's also list the patterns where the house way was always best.)"""
    from verifier.strategy.optimal import RAW_SCALARS, RAW_TABLES
    try:
        if not all(_is_int(raw[k]) and raw[k] >= 0 for k in RAW_SCALARS + ("banker_hands",)):
            return False
        if banker_hands is not None and raw["banker_hands"] != banker_hands:
            return False
        for side in ("house_way", "optimal"):
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
    as one: the tool's one reader, so a FIFO or device named like a chunk is never opened
    (it would hang the job) and a huge file is not read."""
    from verifier.support.files import read_text
    if not os.path.lexists(path):
        return None
    return read_text(path, "strategy chunk", ValueError, work_file=True)


def load_chunk(work, key, units, lo, hi, banker_hands=None, spec=None):
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
    raw = doc.get("raw")
    if not raw_shape_ok(raw, banker_hands) or doc.get("raw_sha256") != raw_sha256(raw):
        raise ValueError("its sums are damaged (shape or SHA-256)")
    if spec is not None:
        from verifier.strategy.optimal import check_raw
        try:
            check_raw(raw, spec.deck, spec.commission, chunk=True)
        except ValueError as why:
            raise ValueError(f"its sums do not hold together ({why})") from None
    seconds = doc.get("seconds")
    return raw, float(seconds) if isinstance(seconds, (int, float)) else 0.0


def note(message):
    print(f"paigow-verify: {message}", file=sys.stderr)


# ---------------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------------

@dataclass
class RunInfo:
    """What a run did: its chunks (done now, resumed from files), times and rates."""
    key: str
    work_dir: str
    backend: str
    threads: int
    ray: str | None
    units: int
    chunk_size: int
    chunks: int
    chunks_done: int = 0
    chunks_resumed: int = 0
    chunks_redone: int = 0
    build_seconds: float = 0.0
    seconds: float = 0.0          # the whole run, the job's build included
    chunk_seconds: list = field(default_factory=list)   # [lo, hi, seconds, classes] done now
    #: every chunk's record (``chunk_record``), in unit order: what a certificate keeps
    records: list = field(default_factory=list, repr=False)

    @property
    def units_per_second(self):
        t = sum(s for _lo, _hi, s, _c in self.chunk_seconds)
        return sum(hi - lo for lo, hi, _s, _c in self.chunk_seconds) / t if t else None

    @property
    def classes_per_second(self):
        t = sum(s for _lo, _hi, s, _c in self.chunk_seconds)
        return sum(c for _lo, _hi, _s, c in self.chunk_seconds) / t if t else None

    def to_dict(self):
        out = asdict(self)
        del out["records"]
        out.update(units_per_second=self.units_per_second,
                   classes_per_second=self.classes_per_second)
        return out


def run_job(spec, work=None, ray_address=None, progress=False, job=None):
    """Runs (or resumes) the job of ``spec``: (merged raw sums, RunInfo).

    ``work``: the work directory (default: the job's directory in the cache);
    ``ray_address``: None for a local run, else a Ray address or "local" (a Ray already
    started by the caller is used as it is); ``job``: an already built job object for a
    local run (tests)."""
    start = time.perf_counter()
    if ray_address is None and job is None:
        job_class(spec.backend)         # not in this build: one line, before anything
    elif ray_address is not None:
        check_ray_address(ray_address)
    work = prepare_work_dir(work_dir_for(spec, work))
    units = finished_units(spec, work)
    if units is not None:               # every chunk on file: no job to build
        return _run(spec, work, _Finished(units), ray_address, progress, start)
    if ray_address is None:
        return _run(spec, work, _Local(spec, job), None, progress, start)
    with _RayPool(spec, ray_address, work) as pool:
        return _run(spec, work, pool, ray_address, progress, start)


def finished_units(spec, work):
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


def _run(spec, work, executor, ray_address, progress, start):
    from verifier.strategy.optimal import empty_raw, merge_raw
    from verifier.support.progress import progress_bar
    key, units = spec.key(), executor.units
    banker_hands = math.comb(len(spec.deck) - 7, 7)
    parts = chunks(units, spec.chunk_size)
    info = RunInfo(key=key, work_dir=str(work), backend=spec.backend, threads=spec.threads,
                   ray=ray_address, units=units, chunk_size=spec.chunk_size,
                   chunks=len(parts))
    found_raw = {}                  # lo -> raw sums; merged in unit order at the end
    todo = []
    for lo, hi in parts:
        try:
            found = load_chunk(work, key, units, lo, hi, banker_hands, spec)
        except ValueError as why:
            note(f"chunk {lo}-{hi} ({chunk_path(work, lo, hi)}): {why}; computed again")
            info.chunks_redone += 1
            found = None
        if found is None:
            todo.append((lo, hi))
        else:
            found_raw[lo] = found[0]
            info.chunks_resumed += 1
    todo = spread(todo)
    done_units = units - sum(hi - lo for lo, hi in todo)
    with progress_bar(units, "unit", enabled=progress and bool(todo), desc="strategy",
                      initial=done_units) as advance:
        for lo, hi, raw, seconds in executor.run(todo):
            if not raw_shape_ok(raw, banker_hands):
                raise VerifierError(f"the {spec.backend} job gave malformed sums for units "
                                    f"{lo}-{hi}")
            save_chunk(work, key, units, lo, hi, raw, seconds)
            found_raw[lo] = raw
            info.chunks_done += 1
            info.chunk_seconds.append([lo, hi, seconds, raw["player_classes"]])
            if advance:
                advance(hi - lo)
    info.build_seconds = executor.build_seconds
    info.seconds = time.perf_counter() - start
    if sorted(found_raw) != [lo for lo, _hi in parts]:
        raise VerifierError("the strategy job ended with chunks missing")
    # in unit order, whatever order the chunks came in: a pattern's example on a tie of
    # costs is the first one merged (optimal.merge_raw), so the same every run
    total = empty_raw(banker_hands)
    for lo, hi in parts:
        total = merge_raw(total, found_raw[lo])
        info.records.append(chunk_record(lo, hi, found_raw[lo]))
    return total, info


def spread(items):
    """The items in bit-reversed order of their index (0, n/2, n/4, 3n/4, ...): the work
    of a unit falls steadily along the units (early six-card representatives have more
    seven-card extensions), so chunks taken across the whole range from the start make
    the rate, and the time left, those of the whole job."""
    items = list(items)
    bits = max(1, (len(items) - 1).bit_length())
    order = sorted(range(len(items)), key=lambda i: int(format(i, f"0{bits}b")[::-1], 2))
    return [items[i] for i in order]


class _Finished:
    """Nothing left to run."""
    build_seconds = 0.0

    def __init__(self, units):
        self.units = units

    def run(self, todo):
        return iter(())


class _Local:
    """One job object in this process (its C code threaded), chunks in order."""

    def __init__(self, spec, job=None):
        self.job = job if job is not None else make_job(spec)
        self.units = int(self.job.units)
        self.build_seconds = float(getattr(self.job, "build_seconds", 0.0))

    def run(self, todo):
        for lo, hi in todo:
            t = time.perf_counter()
            raw = run_chunk(self.job, lo, hi)
            yield lo, hi, raw, time.perf_counter() - t


# ---------------------------------------------------------------------------------
# Ray: actors that build the job once and run many chunks
# ---------------------------------------------------------------------------------

#: a Ray address: "local", "auto", host:port or ray://host:port
_RAY_ADDRESS = re.compile(r"(ray://)?([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})")


def check_ray_address(address):
    """One line for an address that is not one, for a missing ``ray`` package, and for an
    address where nothing listens (checked before ``ray.init``, which may wait long for a
    cluster that is not there)."""
    m = _RAY_ADDRESS.fullmatch(address)
    if address not in ("local", "auto") and (not m or not 0 < int(m.group(3)) < 65536):
        raise VerifierError(f"bad --ray address {address!r}: write host:port, "
                            "ray://host:port, auto or local")
    try:
        import ray  # noqa: F401
    except ImportError:
        raise VerifierError("--ray needs the ray package (pip install ray, or "
                            "pip install 'paigow-verifier[cluster]')") from None
    if address in ("local", "auto"):
        return
    host = m.group(2).strip("[]")
    try:
        socket.create_connection((host, int(m.group(3))), timeout=5).close()
    except OSError as exc:
        raise VerifierError(f"no Ray cluster at {address}: {exc.strerror or exc}") from None


class ChunkWorker:
    """A Ray actor's body: builds the job of a spec once, then runs chunks."""

    def __init__(self, spec):
        self.job = make_job(spec)

    def units(self):
        return self.job.units, float(getattr(self.job, "build_seconds", 0.0))

    def run(self, lo, hi):
        t = time.perf_counter()
        raw = self.job.run(lo, hi)
        return lo, hi, raw, time.perf_counter() - t


class _RayPool:
    """Ray actors, each building the job once and running many chunks (one in flight per
    actor); as many as the cluster's CPUs // the threads of one, at least 1. Starts Ray
    for the run (unless the caller already did) and stops it after."""

    def __init__(self, spec, address, work):
        import ray
        self.ray, self.spec, self.mine, self.actors = ray, spec, False, []
        if not ray.is_initialized():
            kwargs = {} if address == "local" else {"address": address}
            if address == "local":     # the workers import verifier from where we did
                root = str(Path(__file__).resolve().parents[2])
                env = {"PYTHONPATH": os.pathsep.join(
                    p for p in (root, os.environ.get("PYTHONPATH")) if p)}
                if "OMP_WAIT_POLICY" in os.environ:      # the thread policy (engine.threads)
                    env["OMP_WAIT_POLICY"] = os.environ["OMP_WAIT_POLICY"]
                kwargs["runtime_env"] = {"env_vars": env}
            here = os.getcwd()
            try:
                # Ray puts the driver's working folder first on its workers' path: started
                # from a source tree, they would import its (maybe unbuilt) verifier
                os.chdir(work)
                ray.init(log_to_driver=False, logging_level="ERROR", **kwargs)
            except Exception as exc:         # noqa: BLE001 (ray raises many kinds)
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise VerifierError(f"cannot start Ray at {address}: {first}") from None
            finally:
                os.chdir(here)
            self.mine = True
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        threads = min(spec.threads, cpus)
        self.cls = ray.remote(num_cpus=threads)(ChunkWorker)
        self.most = max(1, cpus // threads)
        self.builds = []
        try:
            self._add(1)                # one actor first: the job's unit count
            self.units = self._get(self.builds[0])[0]
        except BaseException:
            self.__exit__()
            raise

    def _get(self, ref):
        """``ray.get``, a failure inside an actor as one line (the job's own
        VerifierError as it is)."""
        try:
            return self.ray.get(ref)
        except self.ray.exceptions.RayError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, VerifierError):
                raise cause from None
            text = str(cause or exc).strip().splitlines()
            raise VerifierError(f"a Ray worker failed: {text[-1] if text else exc!r}") from None

    def _add(self, n):
        for _ in range(n):
            actor = self.cls.remote(self.spec)
            self.actors.append(actor)
            self.builds.append(actor.units.remote())

    @property
    def build_seconds(self):
        return max(b for _u, b in self._get(self.builds))

    def run(self, todo):
        ray = self.ray
        self._add(min(self.most, len(todo)) - len(self.actors))
        queue = list(todo)
        running = {}
        for actor in self.actors:
            if queue:
                running[actor.run.remote(*queue.pop(0))] = actor
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            actor = running.pop(ready[0])
            result = self._get(ready[0])
            if queue:
                running[actor.run.remote(*queue.pop(0))] = actor
            yield result

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for actor in self.actors:
            self.ray.kill(actor)
        if self.mine:
            self.ray.shutdown()


# ---------------------------------------------------------------------------------
# figures from the raw sums, the certificate's section, shipped figures
# ---------------------------------------------------------------------------------

def final_raw(raw):
    """The whole job's raw sums as figures and certificates take them (only the patterns
    where the house way is not always optimal: ``optimal.prune_patterns``)."""
    from verifier.strategy.optimal import prune_patterns
    return prune_patterns(raw)


def figures(raw, ruleset):
    """The JSON-ready figures of the whole job's raw sums (``optimal.figures``); sums that
    do not hold together (each chunk's are checked when read back, so only a job object
    that gives wrong sums) are one line."""
    from verifier.strategy.optimal import figures as derive
    try:
        return derive(final_raw(raw), ruleset)
    except ValueError as why:
        raise VerifierError(f"the strategy job's sums do not hold together: {why}") from None
