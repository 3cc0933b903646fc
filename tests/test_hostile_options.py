"""Hostile option values (issue 52, H4, H5, H10): every option's value is checked as the
command line is parsed, by one set of argparse types (verifier/cli/options.py): an empty
value, a number in another script's digits ('١', '²'), a 5,000-digit number, a negative
count, an option without the option it needs: one line, exit 2, before any work.

The walk below goes through every command's parser and tries the hostile values on every
option by the kind of its type, so that a new option cannot skip them: an option whose
type is not one of the set fails it."""
import argparse
from pathlib import Path

import pytest

from conftest import one_line_error
from verifier.cli.app import build_parser

CERT = "proofs/certificates/outlaw9-mikes.json"

#: what each kind of type must refuse (beside the empty value, refused by every kind)
HOSTILE = {
    "text": [],                                   # a name or a file: any text but none
    "output": [],
    "count": ["\u0661", "\u00b2", "9" * 5000, "1.5", "1e3", "0x10", "\u0661\u0662"],
    "amount": ["\u0661", "\u00b2", "9" * 5000, "\u0665%"],
    "pair": ["x=\u0661", "x=\u00b2", "x=" + "9" * 5000],
}
EMPTY = ["", "   "]


PARSER = build_parser()          # every command's: the parser ``main`` builds for each


def commands():
    (sub,) = [a for a in PARSER._actions if isinstance(a, argparse._SubParsersAction)]
    return sub.choices


def options():
    """(command, the option's name as argparse shows it, the words before its value (its
    flag; for a positional, a word for each positional before it), its type's kind, the
    lowest count it takes): every option that takes a value, of every command."""
    out = []
    for command, parser in commands().items():
        before = []
        for action in parser._actions:
            if action.nargs == 0 or isinstance(action, argparse._SubParsersAction):
                continue                          # --json, --help: no value
            kind_of = action.type or parser._registry_get("type", None, None)
            flag = action.option_strings[-1] if action.option_strings else None
            out.append((command, flag or action.metavar or action.dest,
                        [flag] if flag else list(before),
                        getattr(kind_of, "kind", None), getattr(kind_of, "low", 0)))
            if not flag:
                before.append("x.json")
    return out


OPTIONS = options()


def test_every_option_has_a_type_of_the_one_set():
    untyped = [(c, name) for c, name, _, kind, _ in OPTIONS if kind not in HOSTILE]
    assert untyped == [], "options whose value no type of verifier/cli/options.py checks"
    assert {kind for *_, kind, _ in OPTIONS} == set(HOSTILE)      # each kind is walked


def hostile_values(kind, low):
    return EMPTY + HOSTILE[kind] + (["-1", "-" + "9" * 30] if kind == "count" and low >= 0
                                    else [])


@pytest.mark.parametrize("command, name, before, kind, low", OPTIONS,
                         ids=[f"{c} {n}" for c, n, *_ in OPTIONS])
def test_every_option_refuses_the_hostile_values_as_it_is_parsed(command, name, before,
                                                                 kind, low, capsys):
    for value in hostile_values(kind, low):        # parsed as ``main`` parses them
        with pytest.raises(SystemExit) as stop:
            PARSER.parse_args([command, *before, value])
        out, err = capsys.readouterr()
        assert (stop.value.code, out) == (2, ""), (value[:20], err)
        (line,) = err.splitlines()
        assert line.startswith(f"paigow-verify: error: argument {name}: "), line


# ---------------------------------- the reproducers of issue 52, each one line and exit 2

@pytest.mark.parametrize("argv, says", [
    # H4: progressive --seats: '²' or 5,000 digits a traceback, '' 6 seats, '١' 1 seat
    (["progressive", "jackpot", "--seats", "\u00b2"], "argument --seats: '\u00b2' is not a whole number"),
    (["progressive", "jackpot", "--seats", "9" * 5000], "argument --seats: "),
    (["progressive", "jackpot", "--seats", ""], "argument --seats: an empty value"),
    (["progressive", "jackpot", "--seats", "\u0661"], "argument --seats: '\u0661' is not a whole number"),
    # H5: an AssertionError traceback
    (["solve", CERT, "--line", "x", "--edge-range", ""], "argument --edge-range: an empty value"),
    (["filing", CERT, "--meta", "m.toml", "--out", ""], "argument --out: an output file needs a name"),
    # H10: accepted with exit 0
    (["progressive", "jackpot", "--meter-path", ""], "argument --meter-path: an output file needs a name"),
    (["progressive", "jackpot", "--meter-path", "m.csv"], "--meter-path needs --simulate"),
    (["solve", CERT, "--line", "x", "--edge-range", "1%..2%", "--step", ""], "argument --step: an empty value"),
    (["solve", CERT, "--line", "x", "--edge-range", "1%..2%", "--limit", "-1"], "argument --limit: -1 is out of range"),
    (["solve", CERT, "--line", "x", "--edge", "1%", "--step", "1"], "--step needs --edge-range"),
    (["solve", CERT, "--line", "x", "--edge", "1%", "--rank", "volatility"], "--rank needs --edge-range"),
    (["audit", "claims.csv", "--date", ""], "argument --date: an empty value"),
    # the same doors' neighbours
    (["audit", "claims.csv", "--date", "\u0662\u0660\u0662\u0664-01-01"], "argument --date: "),
    (["solve", CERT, "--line", "x", "--edge", "\u0665%"], "argument --edge: "),
    (["solve", CERT, "--line", "x", "--edge-range", "1%..2%", "--step", "0"], "argument --step: "),
    (["simulate", "--rounds", "10", "--custom", "x=\u0665"], "argument --custom: "),
    (["simulate", "--rounds", "10", "--rounds-per-bank", "\u0661"], "argument --rounds-per-bank: "),
    (["simulate", "--rounds", "10", "--progressive-seats", "1"], "--progressive-seats needs --progressive"),
    (["progressive", "jackpot", "--seed", "3"], "--seed needs --simulate"),
    (["check", CERT, "--chunks", "3"], "--chunks needs --recompute"),
    (["check", CERT, "--seed", "3"], "--seed needs --recompute"),
])
def test_the_reproducers_of_issue_52_are_one_line(argv, says, capsys):
    one_line_error(argv, capsys, says)


# ------------------------- outputs checked before any work (issue 52: filing --out, 41-55 s)

#: a command line of each command that writes, its output at OUT (filled in below)
WRITERS = {
    ("strategy", "--out"): ["strategy", "--out", "OUT"],
    ("run", "--out"): ["run", "--out", "OUT"],
    ("solve", "--out"): ["solve", CERT, "--line", "three_pairs", "--edge", "5%", "--out", "OUT"],
    ("report", "--out"): ["report", CERT, "--out", "OUT"],
    ("progressive", "--meter-path"): ["progressive", "jackpot", "--simulate", "100",
                                      "--meter-path", "OUT"],
    ("audit", "--out"): ["audit", "claims.csv", "--out", "OUT"],
    ("keygen", "PRIVATE.pem"): ["keygen", "OUT", "public.pem"],
    ("keygen", "PUBLIC.pem"): ["keygen", "private.pem", "OUT"],
    ("sign", "--out"): ["sign", CERT, "--key", "private.pem", "--out", "OUT"],
    ("simulate", "--meter-path"): ["simulate", "--rules", "emperors-challenge", "--rounds",
                                   "40", "--progressive", "jackpot", "--meter-path", "OUT"],
    ("filing", "--out"): ["filing", CERT, "--meta", "meta.toml", "--out", "OUT"],
}


def test_every_command_that_writes_is_in_the_table():
    assert {(c, name) for c, name, _, kind, _ in OPTIONS if kind == "output"} == set(WRITERS)


def no_work(monkeypatch):
    """The first work of the commands that check their output themselves (filing) or read
    before they write (report, solve, sign, audit) fails the test: a certificate, a
    metadata file or a par sheet read."""
    def work(*args, **kwargs):
        raise AssertionError("work began before the output was checked")
    for name in ("verifier.certificate.read", "verifier.certificate.load",
                 "verifier.filing.meta.read",
                 "verifier.audit.read"):
        monkeypatch.setattr(name, work, raising=False)


def unwritable_folder(tmp_path):
    """A folder this process cannot write in: read-only for a user; for root (who may
    write in any folder of mode 555), /sys, where no one makes a file."""
    import os
    if os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir(mode=0o555)
        return folder
    try:
        with open("/sys/paigow-verify-probe", "x"):
            pass
    except OSError:
        return Path("/sys")
    pytest.skip("no folder here that root cannot write in")


@pytest.mark.parametrize("where", ["missing parent", "dangling link", "read-only folder"])
@pytest.mark.parametrize("writer", sorted(WRITERS), ids=" ".join)
def test_every_output_is_checked_before_the_command_starts(writer, where, tmp_path,
                                                           monkeypatch, capsys):
    no_work(monkeypatch)
    monkeypatch.chdir(tmp_path)
    if where == "missing parent":
        out, says = "missing/out.pdf", "directory missing does not exist"
    elif where == "dangling link":
        (tmp_path / "link.pdf").symlink_to(tmp_path / "nowhere" / "x.pdf")
        out, says = "link.pdf", "a symbolic link to nothing"
    else:
        out, says = str(unwritable_folder(tmp_path) / "out.pdf"), "is not writable"
    argv = [str(Path(CERT).resolve()) if a == CERT else a for a in WRITERS[writer]]
    line = one_line_error([out if a == "OUT" else a for a in argv], capsys,
                          f"cannot write {out}")
    assert says in line


@pytest.mark.parametrize("out", ["missing/pack", "missing/f.pdf", "link", "link.pdf",
                                 "read-only/pack", "read-only/f.pdf"])
def test_filing_out_that_cannot_be_written_is_refused_before_any_work(out, tmp_path,
                                                                       monkeypatch, capsys):
    no_work(monkeypatch)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "link").symlink_to(tmp_path / "gone")
    (tmp_path / "link.pdf").symlink_to(tmp_path / "gone.pdf")
    if out.startswith("read-only"):
        out = str(unwritable_folder(tmp_path) / Path(out).name)
    root = Path(CERT).resolve().parent.parent.parent
    one_line_error(["filing", root / CERT, "--meta", root / "examples/filing/meta.toml",
                    "--out", out], capsys, f"cannot write {out}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "link.pdf"] + (
        ["read-only"] if (tmp_path / "read-only").exists() else [])
