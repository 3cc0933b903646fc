"""Progress: the one way long work says how far it has got.

Long work (an enumeration, a pairwise count, the strategy job, a simulation) takes
``progress``: None (say nothing) or a ``Progress`` the caller gives. The command line
gives a tqdm bar on stderr (``verifier/cli/progress.py``); a test gives a recorder. The
work opens one stage per bar, ``with stage(progress, unit, desc) as report:``, and calls
``report(done, total)`` with absolute figures, the same two numbers a compiled job's
callback passes between its steps, so a compiled job is handed ``report`` as it is.
Nothing below ``cli/`` draws a bar."""
from __future__ import annotations

import contextlib
from typing import ContextManager, Optional, Protocol


class Report(Protocol):
    def __call__(self, done: int, total: int, note: Optional[str] = None) -> None:
        """``done`` of ``total`` units so far; ``note``: a short text on the stage now."""


class Progress(Protocol):
    def stage(self, unit: str, desc: Optional[str] = None,
              initial: int = 0) -> ContextManager[Report]:
        """One stage of work (one bar): yields its ``Report``. ``initial``: the units
        already done before this run (a resumed job), left out of the rate."""


def stage(progress: Optional[Progress], unit: str, desc: Optional[str] = None,
          initial: int = 0) -> ContextManager[Optional[Report]]:
    """``progress.stage(...)``, or a stage that yields None when ``progress`` is None (or
    False). A bar is the caller's to give: ``True`` is a ``TypeError``."""
    if progress is None or progress is False:
        return contextlib.nullcontext(None)
    if progress is True:
        raise TypeError("progress: give a Progress (the command line's is "
                        "verifier.cli.progress.TqdmProgress()), or None")
    return _answered(progress.stage(unit, desc, initial))


@contextlib.contextmanager
def _answered(bar):
    """A stage whose end raises for a signal received in it: a compiled job that calls
    back a bar may lose the interrupt its callback raised (reported as unraisable and
    recorded by verifier.support.interrupts); the command then ends with the stage."""
    from verifier.support.interrupts import check
    with bar as report:
        yield report
    check()


class Steps:
    """Work told as a count of named steps to a stage's ``Report`` (or to nothing, when
    ``report`` is None): ``more(n)`` adds the steps found to come, ``next(note)`` starts
    one (the bar shows those done and ``note``), ``finish()`` says the last is done."""

    def __init__(self, report: Optional[Report] = None, total: int = 0) -> None:
        self.report, self.total, self.count = report, total, 0

    def more(self, n: int) -> None:
        self.total += n

    def next(self, note: str) -> None:
        self._tell(note)
        self.count += 1

    def finish(self) -> None:
        self._tell(None)

    def _tell(self, note: Optional[str]) -> None:
        if self.report is not None:
            self.report(self.count, max(self.total, self.count), note)
