"""Progress bars for long work (tqdm on stderr), or a no-op when disabled."""
import contextlib
import sys


@contextlib.contextmanager
def progress_bar(total, unit, enabled=True, desc=None, initial=0):
    """Yields ``advance(n, note=None)`` (``note``: a short text shown after the bar, e.g.
    the stage within the work); shows a tqdm bar when enabled, else yields None. The
    callers decide ``enabled`` (the CLI: stderr is a terminal, or ``--progress``).
    ``initial``: the work already done (a resumed job), left out of the rate and ETA."""
    if not enabled:
        yield None
        return
    from tqdm import tqdm
    with tqdm(total=total, initial=initial, unit=unit, unit_scale=True, desc=desc,
              file=sys.stderr, dynamic_ncols=True, mininterval=0.5) as bar:
        def advance(n, note=None):
            if note is not None:
                bar.set_postfix_str(note, refresh=False)
            bar.update(n)
        yield advance
