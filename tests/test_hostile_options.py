"""Hostile option values (issue 52, H4, H5, H10): every option's value is checked as the
command line is parsed, by one set of argparse types (verifier/cli/options.py): an empty
value, a number in another script's digits ('١', '²'), a 5,000-digit number, a negative
count, an option without the option it needs: one line, exit 2, before any work.

The walk below goes through every command's parser and tries the hostile values on every
option by the kind of its type, so that a new option cannot skip them: an option whose
type is not one of the set fails it."""
import argparse

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


def commands():
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
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
    for value in hostile_values(kind, low):
        one_line_error([command, *before, value], capsys, f"argument {name}: ")


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
])
def test_the_reproducers_of_issue_52_are_one_line(argv, says, capsys):
    one_line_error(argv, capsys, says)
