"""Progress: one protocol from the engine to the command line (verifier/support/progress.py).
Long work opens a stage and reports (done, total); the compiled jobs' callbacks are those
reports as they are; the bar is drawn at the command line only (verifier/cli/progress.py)."""
import contextlib
import io
import math

import pytest

from verifier.cli.progress import TqdmProgress
from verifier.game.cards import deck_of_ranks
from verifier.support.progress import stage


class Recorder:
    """A ``Progress`` that keeps every stage and its reports."""

    def __init__(self):
        self.stages = []

    @contextlib.contextmanager
    def stage(self, unit, desc=None, initial=0):
        reports = []
        self.stages.append((unit, desc, initial, reports))
        yield lambda done, total, note=None: reports.append((done, total))


def steady(reports, total):
    """Reports that only go forward, against one total, and end with all of it."""
    dones = [d for d, _t in reports]
    return dones == sorted(dones) and {t for _d, t in reports} == {total} and dones[-1] == total


def test_no_progress_is_no_report_and_a_bar_is_the_callers_to_give():
    for nothing in (None, False):
        with stage(nothing, "hands") as report:
            assert report is None
    with pytest.raises(TypeError, match="TqdmProgress"):
        stage(True, "hands")


def test_an_enumeration_reports_every_hand_in_one_stage(engine):
    from verifier.engine.enumeration import enumerate_hands
    rec = Recorder()
    result = enumerate_hands(deck=deck_of_ranks("QKA"), progress=rec)
    ((unit, _desc, initial, reports),) = rec.stages
    assert unit == "hands" and initial == 0
    assert steady(reports, math.comb(13, 7)) and result.total_hands == math.comb(13, 7)


def test_a_pairwise_count_reports_from_the_compiled_job():
    from verifier.engine.pairwise import pairwise_counts
    rec = Recorder()
    counts = pairwise_counts(deck=deck_of_ranks("TJQKA"), progress=rec)
    ((unit, _desc, _initial, reports),) = rec.stages
    assert unit == "hand" and reports
    assert [d for d, _t in reports] == sorted(d for d, _t in reports)
    assert counts["total"] == math.comb(21, 7) * math.comb(14, 7)


def test_a_simulation_reports_its_rounds_on_either_path(engine):
    from verifier.table.setup import uniform_setup
    from verifier.table.simulate import simulate
    setup = uniform_setup(wagers=(50, 10, 10), bank=200)
    for compiled in (False, None):
        rec = Recorder()
        simulate(setup, 60, seed=1, threads=1, block_size=25, progress=rec, compiled=compiled)
        ((unit, _desc, _initial, reports),) = rec.stages
        assert unit == "round" and steady(reports, 60)


def test_the_command_lines_bar_starts_at_a_resumed_jobs_units_and_ends_at_the_total():
    out = io.StringIO()
    with TqdmProgress(file=out).stage("unit", "strategy", initial=40) as report:
        report(70, 100)
        report(100, 100, note="last chunk")
    text = out.getvalue()
    assert "strategy" in text and "100/100" in text and "last chunk" in text


def test_only_the_command_line_draws_a_bar():
    """tqdm is imported in verifier/cli/ alone: every layer below reports, none draws."""
    import ast
    from pathlib import Path
    package = Path(__file__).resolve().parent.parent / "verifier"
    drawers = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) else []
            if any(n and n.split(".")[0] == "tqdm" for n in names):
                drawers.add(path.relative_to(package).parts[0])
    assert drawers == {"cli"}


def test_a_par_sheet_tells_its_steps_and_ends_with_all_of_them():
    """``report`` (issue 40): the figures, then each bet's charts (HTML; the PDF adds its
    layout and writing); the total may grow as a renderer finds its steps, never the done."""
    from verifier.certificate import read
    from verifier.certificate.shipped import shipped_certificate_path
    from verifier.report import render
    from verifier.support.progress import Steps
    told = []
    render(read(shipped_certificate_path("outlaw9-mikes")), "html",
           steps=Steps(lambda done, total, note=None: told.append((done, total, note))))
    dones = [d for d, _t, _n in told]
    assert dones == sorted(dones) and told[-1][0] == told[-1][1] == len(told) - 1
    notes = [n for _d, _t, n in told if n]
    assert notes[0] == "figures" and "charts: Wrangler Push" in notes


@pytest.mark.slow
@pytest.mark.parametrize("argv,desc", [
    (["check", "{o9}"], "check"),
    (["compare", "{o9}"], "compare"),
    (["formula", "{o9}"], "formula"),
    (["audit", "{examples}/audit/correct.csv"], "audit"),
    (["solve", "{o9}", "--line", "Full House", "--line", "Flush", "--edge-range",
      "1.5%..2.5%", "--step", "1"], "pay tables"),
])
def test_every_command_of_a_second_or_more_tells_its_progress(argv, desc, monkeypatch,
                                                              capsys):
    """Issue 39: `check`, `compare`, `formula`, `audit` and `solve --edge-range` (each a
    second or more: the certificate's check, SymPy, the grid of tables) tell their steps
    to the command line's bar, ending with all of them."""
    from pathlib import Path
    from verifier.cli import main
    from verifier.cli.settings import Settings
    root = Path(__file__).resolve().parent.parent
    rec = Recorder()
    monkeypatch.setattr(Settings, "progress", property(lambda self: rec))
    argv = [a.format(o9=root / "proofs/certificates/outlaw9-mikes.json",
                     examples=root / "examples") for a in argv]
    assert main(argv) == 0
    capsys.readouterr()
    stages = {d: reports for _unit, d, _initial, reports in rec.stages}
    assert desc in stages, list(stages)
    reports = stages[desc]
    assert reports and steady(reports, reports[-1][1])
