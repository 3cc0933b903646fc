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
    (["run", "--threads", "0"], "thread count"),
])
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    with pytest.raises(SystemExit) if argv[0] in ("simulate", "no-such-command") or \
            "--wheel" in argv else _no_raise() as caught:
        rc = main(argv)
    rc = caught.value.code if hasattr(caught, "value") else rc
    err = capsys.readouterr().err
    assert rc == 2
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_text_file_given_as_a_certificate_is_called_not_json(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not JSON" in err


class _no_raise:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
