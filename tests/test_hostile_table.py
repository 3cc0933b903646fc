"""Hostile input at the table's doors (issue 35): bank options parsed strictly (ASCII
seats, no seat or default given twice, no empty policy) and ``settle`` holding a
player-banker's round to the limits ``simulate`` holds: the table's limits for the
dealer's wager, and at most 10**9 chips (``simulate --bank``'s cap)."""
import json
from pathlib import Path

import pytest

from conftest import one_line_error

ROOT = Path(__file__).resolve().parent.parent
ROUND = ROOT / "examples" / "round-player-bank.json"
SIMULATE = ["simulate", "--rules", "casino-standard", "--rounds", "10", "--no-progress"]


@pytest.mark.parametrize("policy,says", [
    ("", "argument --bank-policy: an empty value"),       # refused as it is parsed
    (" ", "argument --bank-policy: an empty value"),
    ("1=always,1=never", "bad --bank-policy '1=always,1=never': seat 1 is given twice"),
    ("always,never", "bad --bank-policy 'always,never': the others' policy is given twice"),
    ("\u0661=always", "bad --bank-policy '\u0661=always': '\u0661' is not a seat 1 to 7"),
    ("01=always", "'01' is not a seat 1 to 7"),
    ("1=", "bad --bank-policy '1=': '' is not one of")])
def test_bank_options_are_parsed_strictly(policy, says, capsys):
    one_line_error(SIMULATE + ["--bank-policy", policy], capsys, says)


def test_seats_are_ascii_digits(capsys):
    one_line_error(SIMULATE + ["--seats", "\u0661"], capsys,
                   "argument --seats: '\u0661': numbers are written in the digits 0-9")


def player_bank_round(tmp_path, **banker):
    data = json.loads(ROUND.read_text())
    data["player_banker"].update(banker)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("banker,says", [
    ({"chips": 10 ** 30}, f"banker chips: ${10 ** 30:,} is more than the $1,000,000,000 a "
                          "seat may put up"),
    ({"chips": 10 ** 9 + 1}, "is more than the $1,000,000,000 a seat may put up"),
    ({"chips": 10 ** 9, "dealer_wager": 10 ** 6}, "dealer wager of $1,000,000 is outside "
                                                  "the table limits $"),
])
def test_settle_holds_a_player_bank_to_the_limits_simulate_holds(banker, says, tmp_path,
                                                                 capsys):
    one_line_error(["settle", player_bank_round(tmp_path, **banker)], capsys, says)


def test_a_player_bank_within_the_limits_still_settles(tmp_path, capsys):
    from verifier.cli import main
    assert main(["settle", str(player_bank_round(tmp_path, chips=10 ** 9))]) == 0
    assert "Banker: seat 3, $1,000,000,000 in chips" in capsys.readouterr().out
