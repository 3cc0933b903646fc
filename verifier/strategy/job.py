"""The runner of the optimal-strategy job (issue 15; docs/STRATEGY.md): the work units of
a job object split into chunks, each chunk's raw sums (verifier/strategy/optimal.py) saved at once
in a work directory so that an interrupted job resumes, run locally or on Ray actors.

A job object (``verifier.engine._strategy.StrategyJob``, its pure-Python twin
``verifier.strategy.twin.PythonJob``, or a test's stand-in named ``"module:Class"``) has
``units`` (an int), ``build_seconds`` and ``run(lo, hi)`` -> the raw sums of units
[lo, hi). This module knows nothing else of it: every backend gives the same sums.

Work directory (default ``$XDG_CACHE_HOME/paigow-verifier/strategy/<job key>/``, else
``~/.cache/...``): one file ``chunk-<lo>-<hi>.json`` per finished chunk, written
atomically (``files.atomic_write_text``), holding the job key, the range, the job's unit
count, the raw sums and the SHA-256 of the raw sums. A chunk with a valid file is not
run again; a file that does not read back (corrupt, truncated, another job's) is redone,
with a note on stderr.
"""
from __future__ import annotations

import functools
import math
import time
from dataclasses import asdict, dataclass, field

from verifier.support.errors import VerifierError
from verifier.strategy.chunks import (chunk_path, chunk_record, chunks, finished_units, load_chunk,
                                     note, prepare_work_dir, raw_shape_ok, save_chunk, work_dir_for)
from verifier.strategy.cluster import RayPool, check_ray_address
from verifier.strategy.spec import job_class, make_job, run_chunks
from typing import Any, Iterable, TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import os
    from verifier.rules.rulesets import RuleSet
    from verifier.strategy.spec import JobSpec
    from verifier.support.progress import Progress

T = TypeVar("T")


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
    def units_per_second(self) -> float | None:
        t = sum(s for _lo, _hi, s, _c in self.chunk_seconds)
        return sum(hi - lo for lo, hi, _s, _c in self.chunk_seconds) / t if t else None

    @property
    def classes_per_second(self) -> float | None:
        t = sum(s for _lo, _hi, s, _c in self.chunk_seconds)
        return sum(c for _lo, _hi, _s, c in self.chunk_seconds) / t if t else None

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        del out["records"]
        out.update(units_per_second=self.units_per_second,
                   classes_per_second=self.classes_per_second)
        return out


def run_job(spec: JobSpec, work: str | os.PathLike | None = None,
            ray_address: str | None = None, progress: Progress | None = None,
            job: Any = None) -> tuple[dict[str, Any], RunInfo]:
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
    with RayPool(spec, ray_address, work) as pool:
        return _run(spec, work, pool, ray_address, progress, start)


def _run(spec, work, executor, ray_address, progress, start):
    from verifier.strategy.optimal import empty_raw, merge_all
    from verifier.support.progress import stage
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
        except VerifierError:       # a file in the way that cannot be replaced: one line
            raise
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
    # the bar in player hands (a unit is the job's own word): those of the chunks on file
    # done before the run starts, the deck's C(n, 7) in all
    hands = math.comb(len(spec.deck), 7)
    done = sum(raw["player_hands"] for raw in found_raw.values())
    with stage(progress, "hand", "strategy: player hands", initial=done) as report:
        def finish(lo, hi, raw, seconds):
            nonlocal done
            if not raw_shape_ok(raw, banker_hands, spec.face_up):
                raise VerifierError(f"the {spec.backend} job gave malformed sums for units "
                                    f"{lo}-{hi}")
            save_chunk(work, key, units, lo, hi, raw, seconds)
            found_raw[lo] = raw
            info.chunks_done += 1
            info.chunk_seconds.append([lo, hi, seconds, raw["player_classes"]])
            done += raw["player_hands"]
            if report:
                report(done, hands)
        executor.run_into(todo, finish)
    info.build_seconds = executor.build_seconds
    info.seconds = time.perf_counter() - start
    if sorted(found_raw) != [lo for lo, _hi in parts]:
        raise VerifierError("the strategy job ended with chunks missing")
    # in unit order, whatever order the chunks came in: a pattern's example on a tie of
    # costs is the first one merged (optimal.merge_all), so the same every run; one pass
    # over every chunk (merging them two at a time copied the growing sums 220 times:
    # about a minute of the whole job)
    total = merge_all([empty_raw(banker_hands, spec.face_up)]
                      + [found_raw[lo] for lo, _hi in parts])
    info.records.extend(chunk_record(lo, hi, found_raw[lo]) for lo, hi in parts)
    return total, info


def spread(items: Iterable[T]) -> list[T]:
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

    def run_into(self, todo, finish):
        pass


#: chunks a local run takes together (``spec.run_chunks``): a rank pattern's units lie
#: in about five adjacent chunks, and the compiled job reads each table once for the
#: pattern's hands of all the chunks it runs at once (docs/STRATEGY.md "Chunks together")
CHUNKS_TOGETHER = 8


def together(todo: Iterable[tuple[int, int]], n: int = CHUNKS_TOGETHER
             ) -> list[list[tuple[int, int]]]:
    """The chunks ``todo`` in runs of at most ``n`` taken together: in unit order, each
    run the next ``n`` chunks, the runs in ``spread`` order (so the rate, and the time
    left, are still those of the whole job)."""
    todo = sorted(todo)
    return spread(todo[i:i + n] for i in range(0, len(todo), n))


class _Local:
    """One job object in this process (its C code threaded), chunks in runs of
    ``CHUNKS_TOGETHER`` (one at a time for a job without ``run_many``)."""

    def __init__(self, spec, job=None):
        self.job = job if job is not None else make_job(spec)
        self.units = int(self.job.units)
        self.build_seconds = float(getattr(self.job, "build_seconds", 0.0))

    def run_into(self, todo, finish):
        """The chunks in runs (``together``), ``finish(lo, hi, raw, seconds)`` called for
        each chunk: for a run's chunks while the next run runs (their checks and files in
        the main thread, the cores meanwhile on the next run: ``interrupts.alongside``),
        for the last run's at the end; a chunk's seconds are its share of its run's, by
        player classes. An exception of ``finish`` stops the run and is raised."""
        from verifier.support.interrupts import alongside
        last: list[tuple[int, int, dict[str, Any], float]] = []

        def finish_all(done: list[tuple[int, int, dict[str, Any], float]]) -> None:
            for item in done:
                finish(*item)

        # one at a time for a job that runs no ranges together (nothing to gain; an
        # interrupted run keeps every chunk finished before it)
        n = CHUNKS_TOGETHER if hasattr(self.job, "run_many") else 1
        for run in together(todo, n):
            t = time.perf_counter()
            if not last:
                raws = run_chunks(self.job, run)
            else:
                with alongside(functools.partial(finish_all, last)):
                    raws = run_chunks(self.job, run)
            seconds = time.perf_counter() - t
            classes = sum(raw["player_classes"] for raw in raws) or 1
            last = [(lo, hi, raw, seconds * raw["player_classes"] / classes)
                    for (lo, hi), raw in zip(run, raws)]
        finish_all(last)


def final_raw(raw: dict[str, Any]) -> dict[str, Any]:
    """The whole job's raw sums as figures and certificates take them (only the patterns
    where the house way is not always optimal: ``optimal.prune_patterns``)."""
    from verifier.strategy.optimal import prune_patterns
    return prune_patterns(raw)


def figures(raw: dict[str, Any], ruleset: RuleSet) -> dict[str, Any]:
    """The JSON-ready figures of the whole job's raw sums (``optimal.figures``); sums that
    do not hold together (each chunk's are checked when read back, so only a job object
    that gives wrong sums) are one line."""
    from verifier.strategy.optimal import figures as derive
    try:
        return derive(final_raw(raw), ruleset)
    except ValueError as why:
        raise VerifierError(f"the strategy job's sums do not hold together: {why}") from None
