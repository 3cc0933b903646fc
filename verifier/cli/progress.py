"""The command line's progress: a tqdm bar on stderr for each stage of long work (the
``Progress`` of ``verifier/support/progress.py``)."""
from __future__ import annotations

import contextlib
import sys
from typing import Any, Iterator, TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from verifier.support.progress import Report, Steps


#: the columns a bar keeps for itself, whatever the note beside it
BAR_COLUMNS = 30
#: tqdm's own line (its default), written out so that the note's room can be measured
WITH_RATE = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}{postfix}]"
#: the line when a note would not fit beside the rate: the rate and the time spent give
#: way, the estimate of the time left stays ("<1:14:33", tqdm's sign for it)
NO_RATE = "{l_bar}{bar}| {n_fmt}/{total_fmt} [<{remaining}{postfix}]"
#: the widest each changing field is reckoned at when the note's room is measured, so that
#: a note fitted at the first report still fits when the estimate has grown: the room does
#: not depend on how fast the machine is (times up to 99 hours, rates to 999.99 G a second)
WIDEST = {"{elapsed}": "99:59:59", "{remaining}": "99:59:59", "{rate_fmt}": "999.99G{unit}/s"}


def fit_note(note: str, room: int) -> str:
    """A stage's note in ``room`` columns: as it is when it fits; else each "done/total"
    in it as a percentage ("shared cards 5, orbit 98,670/150,891": "shared cards 5,
    orbit 65%"); else cut, with an ellipsis; "" when not even that fits."""
    import re
    if len(note) <= room:
        return note

    def share(m: re.Match) -> str:
        done, total = (int(x.replace(",", "")) for x in m.groups())
        return f"{100 * done // total}%" if total else m[0]
    note = re.sub(r"(\d[\d,]*)/(\d[\d,]*)", share, note)
    if len(note) <= room:
        return note
    return note[:room - 1] + "\N{HORIZONTAL ELLIPSIS}" if room >= 8 else ""


class TqdmProgress:
    """A bar per stage, made at the stage's first report, when its total is known (a later
    report may raise it). A stage's note goes after the counts, shortened to leave the bar
    ``BAR_COLUMNS`` columns (``fit_note``); ``ncols``: the line's width (default: the
    terminal's)."""

    def __init__(self, file: TextIO | None = None, ncols: int | None = None) -> None:
        self.file = file
        self.ncols = ncols

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
                        file=self.file or sys.stderr, ncols=self.ncols,
                        dynamic_ncols=self.ncols is None, mininterval=0.5))
                elif total != bar.total:        # a stage that found more work to come
                    bar.total = total
                if note is not None:
                    if bar.bar_format is None:
                        bar.bar_format = WITH_RATE
                    text = fit_note(note, _room(bar))
                    if text != note and bar.bar_format == WITH_RATE:   # the rate gives way
                        bar.bar_format = NO_RATE
                        text = fit_note(note, _room(bar))
                    bar.set_postfix_str(text, refresh=False)
                bar.update(done - state["done"])
                state["done"] = done
            yield report


@contextlib.contextmanager
def command_steps(progress: Any, desc: str, total: int) -> Iterator[Steps]:
    """A command's work told as ``total`` named steps on one bar (``Steps``), or on
    nothing when ``progress`` is None: a command of a second or more says what it does
    ("checking the certificate", "judging 50 claims") as it goes."""
    from verifier.support.progress import Steps, stage
    with stage(progress, "step", desc) as report:
        steps = Steps(report, total)
        yield steps
        steps.finish()


def _room(bar: Any) -> int:
    """The columns left for a note on ``bar``'s line once its bar has ``BAR_COLUMNS``: the
    line's width less the rest of the line as tqdm draws it without a note, each changing
    field at its widest (``WIDEST``). A line that goes to no terminal (a pipe, a log, a
    test's capture) has no width: the note is whole."""
    import shutil
    width = bar.ncols
    if not width:
        isatty = getattr(bar.fp, "isatty", None)
        if not (isatty and isatty()):
            return 10 ** 6
        width = shutil.get_terminal_size((100, 24)).columns
    widest = bar.bar_format
    for field, text in WIDEST.items():
        widest = widest.replace(field, text.replace("{unit}", str(bar.unit)))
    meter = dict(bar.format_dict, ncols=None, postfix=None, bar_format=widest)
    rest = len(bar.format_meter(**meter)) - 10        # tqdm draws 10 columns with no width
    return max(0, width - rest - BAR_COLUMNS - 2)     # ", " before the note
