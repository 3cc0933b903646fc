"""One place that decides how many threads the compiled core uses, and how they wait.

The command line (and the other entry points: the test suite, the benchmarks) calls
``quiet_waits()`` first thing; importing ``verifier`` changes no environment."""
from __future__ import annotations

import os

#: at most this many threads, whatever is asked (each has its own work space)
MAX_THREADS = 256


def thread_count(requested: int | None = None, cores_at_most: bool = False) -> int:
    """``requested`` if given (>= 1), else ``OMP_NUM_THREADS``, else every core.
    ``cores_at_most``: and no more than the cores this process may run on (a CPU-bound
    count whose threads each hold a work space: more never helps)."""
    if cores_at_most:
        return min(thread_count(requested), available_cores())
    if requested is not None:
        if not 1 <= int(requested) <= MAX_THREADS:
            from verifier.support.errors import VerifierError
            raise VerifierError(f"bad thread count {requested}: from 1 to {MAX_THREADS}")
        return int(requested)
    env = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if env.isdigit() and int(env) > 0:
        return min(int(env), MAX_THREADS)
    return available_cores()


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def quiet_waits() -> None:
    """OpenMP threads that wait at a barrier sleep instead of spinning (unless the user
    set ``OMP_WAIT_POLICY``): the pairwise count meets a barrier every few milliseconds,
    and on a machine whose cores are shared with other work a spinning thread takes the
    time its partner needs (measured on 2 busy cores: 7-8 s with spinning, 4.5 s
    without). The OpenMP runtime reads it when the first compiled module is loaded, so an
    entry point calls this before it uses the engine (child processes inherit it)."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
