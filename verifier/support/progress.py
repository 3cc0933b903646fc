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


@contextlib.contextmanager
def progress_report(unit, enabled=True, desc=None):
    """Yields ``report(done, total, note=None)`` for work that learns its total once it
    starts (a compiled job's callback between its steps): the bar is made at the first
    report and moved to ``done``; yields None when disabled."""
    if not enabled:
        yield None
        return
    with contextlib.ExitStack() as stack:
        state = {"advance": None, "done": 0}

        def report(done, total, note=None):
            if state["advance"] is None:
                state["advance"] = stack.enter_context(progress_bar(total, unit, desc=desc))
            state["advance"](done - state["done"], note)
            state["done"] = done
        yield report
