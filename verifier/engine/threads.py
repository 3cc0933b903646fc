"""One place that decides how many threads the compiled core uses."""
import os

#: at most this many threads, whatever is asked (each has its own work space)
MAX_THREADS = 256


def thread_count(requested=None):
    """``requested`` if given (>= 1), else ``OMP_NUM_THREADS``, else every core."""
    if requested is not None:
        if not 1 <= int(requested) <= MAX_THREADS:
            from verifier.support.errors import VerifierError
            raise VerifierError(f"bad thread count {requested}: from 1 to {MAX_THREADS}")
        return int(requested)
    env = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if env.isdigit() and int(env) > 0:
        return min(int(env), MAX_THREADS)
    return available_cores()


def available_cores():
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
