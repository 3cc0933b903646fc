"""The command line's progress: a tqdm bar on stderr for each stage of long work (the
``Progress`` of ``verifier/support/progress.py``)."""
from __future__ import annotations

import contextlib
import sys
from typing import Any, Iterator, TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from verifier.support.progress import Report


class TqdmProgress:
    """A bar per stage, made at the stage's first report, when its total is known (a later
    report may raise it)."""

    def __init__(self, file: TextIO | None = None) -> None:
        self.file = file

    @contextlib.contextmanager
    def stage(self, unit: str, desc: str | None = None,
              initial: int = 0) -> Iterator[Report]:
        from tqdm import tqdm
        with contextlib.ExitStack() as stack:
            state: dict[str, Any] = {"bar": None, "done": initial}

            def report(done, total, note=None):
                bar = state["bar"]
                if bar is None:
                    bar = state["bar"] = stack.enter_context(tqdm(
                        total=total, initial=initial, unit=unit, unit_scale=True, desc=desc,
                        file=self.file or sys.stderr, dynamic_ncols=True, mininterval=0.5))
                elif total != bar.total:        # a stage that found more work to come
                    bar.total = total
                if note is not None:
                    bar.set_postfix_str(note, refresh=False)
                bar.update(done - state["done"])
                state["done"] = done
            yield report
