"""Ctrl-C in the long stages (issues 13 and 14): the compiled pairwise count runs in short
steps, so an interrupt is answered at once, with one line, exit 130 and no file written;
the same steps drive its progress bar."""
import os
import signal
import subprocess
import sys

import pytest

from verifier.cli import main
from conftest import HANG, signal_run_at
from conftest import PACKAGE_PATH


@pytest.mark.full
def test_ctrl_c_in_the_enumeration_of_run_is_one_line_exit_130_and_no_file(tmp_path):
    """Sent once the enumeration's bar shows (read from the child's stderr), not after a
    guessed time."""
    code, err = signal_run_at(tmp_path, b"enumerate:", signal.SIGINT)
    assert code == 130, "finished before the interrupt?"
    assert err.decode().endswith("paigow-verify: interrupted\n")
    assert b"player v banker" not in err             # in the enumeration, not after it
    assert list(tmp_path.iterdir()) == []           # no certificate, no temp file


@pytest.mark.full
def test_ctrl_c_in_the_pairwise_stage_of_run_is_one_line_exit_130_and_no_file(tmp_path):
    """The pairwise stage takes a second only: the interrupt is sent once its progress
    bar has shown (read from the child's stderr), not after a guessed time."""
    code, err = signal_run_at(tmp_path, b"player v banker", signal.SIGINT)
    assert code == 130, "finished before the interrupt?"
    assert err.decode().endswith("paigow-verify: interrupted\n")  # after the bar
    assert list(tmp_path.iterdir()) == []           # no certificate, no temp file


@pytest.mark.compiled
def test_the_pairwise_stage_shows_a_progress_bar_only_when_asked(tmp_path, capsys):
    argv = ["run", "--deck-ranks", "AKQJ", "--base-game", "--out", str(tmp_path / "c.json")]
    assert main(argv + ["--progress"]) == 0
    err = capsys.readouterr().err
    assert "player v banker" in err
    assert "shared cards" in err and "orbit" in err    # by set size and orbit
    assert main(argv + ["--no-progress"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.compiled
def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path):
    """By default (no --progress/--no-progress) a piped stderr gets nothing at all, from
    the enumeration and from the pairwise stage."""
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    proc = subprocess.run([sys.executable, "-m", "verifier.cli", "run", "--deck-ranks", "AKQJ",
                           "--base-game", "--out", "c.json"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=HANG)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_ctrl_c_swallowed_by_a_finalizer_still_ends_the_command(tmp_path, capsys):
    """Python prints and ignores an exception raised inside __del__: a KeyboardInterrupt
    that lands there is lost. The recorded signal still ends the command as interrupted
    and keeps the output file from being put in place."""
    import signal as sig
    from verifier.support import files
    from verifier.support import interrupts

    class Finalizer:
        def __del__(self):
            sig.raise_signal(sig.SIGINT)       # the interrupt lands inside __del__

    interrupts.install()
    try:
        Finalizer()                            # collected at once: the exception is lost
        with pytest.raises(KeyboardInterrupt):
            files.atomic_write_text(tmp_path / "out.txt", "x")
        assert list(tmp_path.iterdir()) == []
        interrupts.install()                   # forget it again
        assert interrupts.pending() is None
    finally:
        sig.signal(sig.SIGINT, sig.default_int_handler)
        sig.signal(sig.SIGTERM, sig.SIG_DFL)
    capsys.readouterr()


def test_an_interrupt_python_wrapped_in_another_exception_is_still_the_one_line(
        monkeypatch, capsys):
    """A SIGINT 0.25 s into `run --json` once landed in a dataclass's ``__set_name__``
    while verifier/report/model.py was imported: Python 3.11 raises it as "RuntimeError:
    Error calling __set_name__", and the command ended with that traceback and exit 1. The
    received signal is what the command reports: exit 130 and the one line."""
    import signal as sig
    from verifier.cli import app

    class Field:
        def __set_name__(self, owner, name):
            sig.raise_signal(sig.SIGINT)       # the interrupt lands inside __set_name__

    def command(argv):
        type("Bet", (), {"notes": Field()})   # a class made as an import makes it
        return 0

    old_int, old_term = sig.getsignal(sig.SIGINT), sig.getsignal(sig.SIGTERM)
    monkeypatch.setattr(app, "_main", command)
    try:
        with pytest.raises(RuntimeError, match="__set_name__"):   # what Python does
            sig.signal(sig.SIGINT, sig.default_int_handler)
            type("Bet", (), {"notes": Field()})
        assert app.main(["run"]) == 130
        assert capsys.readouterr().err == "paigow-verify: interrupted\n"

        def other(argv):                       # the command's own error is not an interrupt
            raise RuntimeError("its own")
        monkeypatch.setattr(app, "_main", other)
        with pytest.raises(RuntimeError, match="its own"):
            app.main(["run"])
    finally:
        sig.signal(sig.SIGINT, old_int)
        sig.signal(sig.SIGTERM, old_term)


def test_an_interrupt_lost_in_a_finalizer_is_not_reported_as_ignored(capsys):
    """CI once saw Ctrl-C land in a weakref callback during run: Python printed
    "Exception ignored in ..." with a traceback before the one line. A recorded interrupt
    is silent there; any other unraisable error is still reported."""
    import signal as sig
    import sys
    from types import SimpleNamespace
    from verifier.support import interrupts
    old_int, old_term, old_hook = (sig.getsignal(sig.SIGINT), sig.getsignal(sig.SIGTERM),
                                   sys.unraisablehook)
    reported = []
    try:
        sys.unraisablehook = reported.append      # the hook in place before install()
        interrupts.install()
        interrupts._received.append(sig.SIGINT)
        info = SimpleNamespace(exc_type=KeyboardInterrupt, exc_value=KeyboardInterrupt(),
                               exc_traceback=None, err_msg=None, object=None)
        sys.unraisablehook(info)
        assert reported == [] and capsys.readouterr().err == ""
        other = SimpleNamespace(exc_type=ValueError, exc_value=ValueError("boom"),
                                exc_traceback=None, err_msg=None, object=None)
        sys.unraisablehook(other)
        assert reported == [other]
    finally:
        interrupts._received.clear()
        sig.signal(sig.SIGINT, old_int)
        sig.signal(sig.SIGTERM, old_term)
        sys.unraisablehook = old_hook
