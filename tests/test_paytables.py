"""Pay-table files: the filed tables, the format, and every error as one line + exit 2."""
from decimal import Decimal
from fractions import Fraction

import pytest

from verifier.game import paytables
from verifier.cli import main
from verifier.support.errors import VerifierError
from verifier.game.paytables import PUSH, PaytableError

# The Outlaw 9 table as printed in seed 001, typed in by hand (N to 1).
FILED_OUTLAW9 = [
    ("seven_card_straight_flush", 4000), ("royal_flush_and_royal_match", 2000),
    ("seven_card_straight_flush_with_joker", 1000), ("five_aces", 200), ("royal_flush", 100),
    ("straight_flush", 40), ("four_of_a_kind", 25), ("nine_high", 12), ("ten_high", 10),
    ("all_one_color", 8), ("all_one_color_with_joker", 6), ("full_house", 5), ("flush", 4),
    ("three_of_a_kind", 3), ("straight", 2), ("three_pairs", 1),
]


def write(tmp_path, text, name="t.toml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_filed_outlaw9_table_is_the_seed():
    table = paytables.filed("outlaw9")
    assert table.bet == "outlaw9"
    assert list(table.pays) == [(c, Fraction(n)) for c, n in FILED_OUTLAW9]


def test_filed_wrangler_push_table():
    table = paytables.filed("wrangler_push")
    assert table.bet == "wrangler_push"
    assert table.pay == {"push": 1, "push_with_pair_of_3s_or_better": 2}


def test_names_as_written_and_exact_decimals(tmp_path):
    path = write(tmp_path, '''
name = "mine"
[pays]
"Three Pairs" = 2.5
"7-Card Straight Flush" = "5000 to 1"
"5 Aces" = "7:1"
"9 High" = 0.125
"Seven Cards all Red or Black with no straights or flushes with a joker" = 6
flush = "push"
straight = 0
''')
    table = paytables.load(path)
    assert table.name == "mine"
    assert table.pays == (
        ("three_pairs", Fraction(5, 2)), ("seven_card_straight_flush", Fraction(5000)),
        ("five_aces", Fraction(7)), ("nine_high", Fraction(1, 8)),
        ("all_one_color_with_joker", Fraction(6)), ("flush", PUSH), ("straight", Fraction(0)))
    assert isinstance(table.pay["three_pairs"], Fraction)  # never a float
    # to_dict/from_dict round trip (the certificate form)
    again = paytables.Paytable.from_dict(table.to_dict())
    assert again.pays == table.pays and again.name == table.name


@pytest.mark.parametrize("value,expected", [
    (3, Fraction(3)), (Decimal("0.1"), Fraction(1, 10)), ("2.5 to 1", Fraction(5, 2)),
    ("1,000 to 1", Fraction(1000)), ("push", PUSH), ("PUSH", PUSH), (0, Fraction(0)),
])
def test_parse_pay(value, expected):
    assert paytables.parse_pay(value) == expected


@pytest.mark.parametrize("value", [-1, "-2", "abc", True, Decimal("NaN"), Decimal("Infinity"),
                                   [1], "3 to 2"])
def test_parse_pay_rejects(value):
    with pytest.raises(PaytableError):
        paytables.parse_pay(value)


def test_pay_text_is_exact():
    assert paytables.pay_text(Fraction(5, 2)) == "2.5"
    assert paytables.pay_text(Fraction(1, 3)) == "1/3"
    assert paytables.pay_text(Fraction(3, 40)) == "0.075"
    assert paytables.pay_label(Fraction(4000)) == "4,000 to 1"


def assert_one_line_error(capsys, rc, *fragments):
    out = capsys.readouterr()
    assert rc == 2
    lines = out.err.strip().splitlines()
    assert len(lines) == 1, out.err
    assert lines[0].startswith("paigow-verify: error: ")
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert "Traceback" not in out.err + out.out


BAD_TABLES = {
    "unknown category": ('[pays]\nthree_pairs = 1\nfour_pairs = 9\n', ["four_pairs", "unknown"]),
    "duplicate line": ('[pays]\nthree_pairs = 1\nflush = 4\nthree_pairs = 2\n',
                       ["duplicate line", "line 4", "three_pairs = 2"]),
    "duplicate spelled differently": ('[pays]\nthree_pairs = 1\n"Three Pairs" = 2\n',
                                      ["duplicate line", "Three Pairs"]),
    "negative pay": ('[pays]\nflush = -4\n', ["negative", "flush"]),
    "non-numeric pay": ('[pays]\nflush = "lots"\n', ["not a number", "flush"]),
    "boolean pay": ('[pays]\nflush = true\n', ["not a number"]),
    "no pays table": ('name = "x"\n', ["no [pays] table"]),
    "unknown key": ('nmae = "x"\n[pays]\nflush = 1\n', ["unknown key", "nmae"]),
    "unknown bet": ('bet = "keno"\n[pays]\nflush = 1\n', ["unknown bet", "keno"]),
    "bad TOML": ('[pays]\nflush = = 4\n', ["not valid TOML", "line 2"]),
    "wrong bet's category": ('bet = "wrangler_push"\n[pays]\nflush = 1\n', ["flush", "unknown"]),
}


@pytest.mark.parametrize("case", sorted(BAD_TABLES))
def test_bad_paytable_is_one_line_and_exit_2(case, tmp_path, capsys):
    text, fragments = BAD_TABLES[case]
    path = write(tmp_path, text)
    out = tmp_path / "cert.json"
    rc = main(["run", "--deck-ranks", "QKA", "--no-progress", "--paytable", path,
               "--out", str(out)])
    assert_one_line_error(capsys, rc, *fragments)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.toml"]  # nothing half-written


def test_missing_paytable_file(tmp_path, capsys):
    missing = str(tmp_path / "nope.toml")
    rc = main(["run", "--deck-ranks", "QKA", "--no-progress", "--paytable", missing,
               "--out", str(tmp_path / "c.json")])
    assert_one_line_error(capsys, rc, "not found", "nope.toml")
    assert list(tmp_path.iterdir()) == []


def test_errors_are_verifier_errors(tmp_path):
    with pytest.raises(VerifierError, match="not found"):
        paytables.load(tmp_path / "missing.toml")
    with pytest.raises(VerifierError, match="duplicate"):
        paytables.loads("[pays]\nflush = 1\nflush = 2\n")


def test_the_highest_paying_line_rule_is_one_rule_for_odds_and_formula():
    """One rule for the exact odds and the formula (docs/PAYTABLES.md: "0 means the bet
    loses"; a hand is paid its highest line, ties the first; tests/test_exact.py shows a
    line at 0 with the hands that lose on it): on 100 outcomes, 10 qualify for five aces
    only (paid 0: they lose on that line), 5 for five aces and a straight (the
    straight's 2), 20 for the straight only, 65 for nothing. By hand: 2*25 - (10 + 65) =
    -25, a return of -1/4."""
    import sympy
    from verifier.odds.exact import QualifyingSets, odds_of_sets
    from verifier.odds.formula import formula_of
    table = paytables.Paytable.from_lines("t", "outlaw9", [("five_aces", "0"),
                                                           ("straight", "2")])
    sets = QualifyingSets("outlaw9", ("five_aces", "straight"),
                          ((frozenset({"five_aces"}), 10),
                           (frozenset({"five_aces", "straight"}), 5),
                           (frozenset({"straight"}), 20)), 100, "hands")
    odds = odds_of_sets(sets, table)
    assert odds.expected == Fraction(-1, 4)
    assert {row.category: row.hands for row in odds.lines} == {"five_aces": 10, "straight": 25}
    formula = formula_of(sets, table)
    assert formula.paid == {"five_aces": 10, "straight": 25} and formula.loses == 75
    value = formula.expression.subs({formula.symbols["straight"]: 2})
    assert value == sympy.Rational(-1, 4)
    assert paytables.highest_line({"straight", "five_aces"}, [("five_aces", 3),
                                                              ("straight", 3)]) == (
        "five_aces", 3)
