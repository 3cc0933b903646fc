"""One place that decides how many threads the compiled core uses."""
import os


def thread_count(requested=None):
    """``requested`` if given (>= 1), else ``OMP_NUM_THREADS``, else every core."""
    if requested is not None:
        if int(requested) < 1:
            from .errors import VerifierError
            raise VerifierError(f"bad thread count {requested}: must be 1 or more")
        return int(requested)
    env = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
