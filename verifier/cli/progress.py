"""The command line's progress: a tqdm bar on stderr for each stage of long work (the
``Progress`` of ``verifier/support/progress.py``)."""
from __future__ import annotations

import contextlib
import sys


class TqdmProgress:
    """A bar per stage, made at the stage's first report, when its total is known."""

    def __init__(self, file=None):
        self.file = file

    @contextlib.contextmanager
    def stage(self, unit, desc=None, initial=0):
        from tqdm import tqdm
        with contextlib.ExitStack() as stack:
            state = {"bar": None, "done": initial}

            def report(done, total, note=None):
                bar = state["bar"]
                if bar is None:
                    bar = state["bar"] = stack.enter_context(tqdm(
                        total=total, initial=initial, unit=unit, unit_scale=True, desc=desc,
                        file=self.file or sys.stderr, dynamic_ncols=True, mininterval=0.5))
                if note is not None:
                    bar.set_postfix_str(note, refresh=False)
                bar.update(done - state["done"])
                state["done"] = done
            yield report
