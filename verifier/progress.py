"""Progress bars for long work (tqdm on stderr), or a no-op when disabled."""
import contextlib
import sys


@contextlib.contextmanager
def progress_bar(total, unit, enabled=True, desc=None):
    """Yields ``advance(n)``; shows a tqdm bar when enabled and stderr is a terminal or forced."""
    if not enabled:
        yield None
        return
    from tqdm import tqdm
    with tqdm(total=total, unit=unit, unit_scale=True, desc=desc, file=sys.stderr,
              dynamic_ncols=True, mininterval=0.5) as bar:
        yield bar.update
