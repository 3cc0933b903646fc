"""Bad input anywhere on the command line: one line on stderr naming the problem, exit 2,
no traceback, nothing written."""
import pytest

from verifier.cli import main


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--rounds", "10", "--seed", "abc"], "--seed"),        # argparse's own error
    (["run", "--wheel", "sideways"], "sideways"),
    (["no-such-command"], "no-such-command"),
    (["hand", "As Ks Qs Js Ts 9s Xx"], "bad card 'Xx'"),               # no joker alias but Jk
    (["hand", "As Ks Qs Js Ts 9s As"], "duplicate card"),
    (["hand", "As Ks Qs Js Ts 9s"], "wrong number of cards"),
    (["run", "--threads", "0"], "--threads"),
])
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    rc = main(argv)                 # usage errors too: a status, never SystemExit
    err = capsys.readouterr().err
    assert rc == 2
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_text_file_given_as_a_certificate_is_called_not_json(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not JSON" in err


@pytest.mark.parametrize("command", ["simulate", "house-ways", "solve", "run", "check"])
def test_help_prints_no_doubled_percent_sign(command, capsys):
    """argparse %-formats option help but not a parser's description: "%%" written in a
    description reaches the user as "%%"."""
    assert main([command, "--help"]) == 0
    assert "%%" not in capsys.readouterr().out
