"""``solve --edge-range``: every practical pay table within an edge range (issue 39,
verifier/odds/search.py). Expectations: a table of counts worked by hand (each outcome
paid its highest line, summed in plain arithmetic below), and `compare` on the tables the
search lists."""
import json
from fractions import Fraction
from pathlib import Path

import pytest

from verifier.cli import main
from verifier.game.paytables import Paytable, toml_text
from verifier.odds.exact import QualifyingSets
from verifier.odds.search import dead_lines, grid, ranked, search

CERT = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / "outlaw9-mikes.json"


def test_a_hand_worked_table_of_counts():
    """Lines a and b of a custom bet: 10 outcomes show a alone, 5 both, 20 b alone, 65
    neither; a pays 2, b pays 1 today. Each pair of pays on the grid of 1 (a: 1..4, b: 1..2)
    has edge (65 - 10a - 5 max(a, b) - 20b) / 100."""
    sets = QualifyingSets("custom", ("flush", "straight"),
                          ((frozenset({"flush"}), 10), (frozenset({"flush", "straight"}), 5),
                           (frozenset({"straight"}), 20)), 100, "hands")
    table = Paytable.from_lines("t", "custom", [("flush", 2), ("straight", 1)],
                                reads="seven-card")
    assert grid(Fraction(2), Fraction(1)) == [1, 2, 3, 4] and grid(Fraction(1), Fraction(1)) == [1, 2]
    found = search(sets, table, ["flush", "straight"], Fraction(-1, 10), Fraction(1, 10),
                   Fraction(1)).tables
    want = {(a, b): Fraction(65 - 10 * a - 5 * max(a, b) - 20 * b, 100)
            for a in (1, 2, 3, 4) for b in (1, 2)}
    want = {k: e for k, e in want.items() if Fraction(-1, 10) <= e <= Fraction(1, 10)}
    assert {(dict(f.pays)["flush"], dict(f.pays)["straight"]): f.house_edge
            for f in found} == want
    nearest = ranked(found, "distance", Fraction(0))[0]
    assert abs(nearest.house_edge) == min(abs(e) for e in want.values())


# a custom bet worked by hand: 30 outcomes show trips alone, 6 trips and a full house (every
# full house holds three of a kind), 10 a flush alone, 54 nothing
TRIPS = QualifyingSets("custom", ("full_house", "three_of_a_kind", "flush"),
                       ((frozenset({"three_of_a_kind"}), 30),
                        (frozenset({"three_of_a_kind", "full_house"}), 6),
                        (frozenset({"flush"}), 10)), 100, "hands")


def _trips_table(full_house, trips=3, flush=2, precedence=None):
    table = Paytable.from_lines("t", "custom", [("full_house", full_house),
                                                ("three_of_a_kind", trips), ("flush", flush)],
                                reads="seven-card")
    if precedence:
        from dataclasses import replace
        table = replace(table, precedence=precedence)
    return table


@pytest.mark.parametrize("full_house, dead", [(2, ["full_house"]), (Fraction(5, 2), ["full_house"]),
                                              (3, []), (4, [])])
def test_a_line_whose_every_hand_holds_a_better_paid_line_is_dead(full_house, dead):
    """Full House below Three of a Kind's 3: each full house is paid as three of a kind,
    so the line is dead; at 3 it ties (the table's first line, Full House, is paid)."""
    assert dead_lines(TRIPS, _trips_table(full_house)) == dead


def test_a_line_no_hand_reaches_first_is_dead_under_the_table_order():
    """Table order: an outcome is paid the first line it shows. Three of a Kind listed
    first at 3 takes every full house: Full House at 2 is dead; at 5 it is never paid
    either, but on a line that pays less (out of order, not dead); Flush at 0 loses and is
    not read."""
    table = Paytable.from_lines("t", "custom", [("three_of_a_kind", 3), ("full_house", 2),
                                                ("flush", 0)], reads="seven-card")
    from dataclasses import replace
    assert dead_lines(TRIPS, replace(table, precedence="table-order")) == ["full_house"]
    assert dead_lines(TRIPS, table) == ["full_house"]
    assert dead_lines(TRIPS, replace(table.with_pay("full_house", 5),
                                     precedence="table-order")) == []


def test_the_search_leaves_out_dead_lines_repeats_and_disorder():
    """Full House on 1..8 (grid of 1 around 4), Three of a Kind on 2..6 around 3, Flush
    at 2: edge = (54 - 30 t - 6 max(f, t) - 10 * 2) / 100 for every pair, worked here; a
    table is dead when f < t; of the live ones with the same figures (f = t against the
    f < t ones, already out) each once; --keep-order: f >= t >= 2."""
    table = _trips_table(4)
    pairs = [(f, t) for f in range(2, 9) for t in range(2, 7)]
    edge = {p: Fraction(54 - 30 * p[1] - 6 * max(p) - 20, 100) for p in pairs}
    low, high = Fraction(-2), Fraction(1)             # every pair is in the range
    got = search(TRIPS, table, ["full_house", "three_of_a_kind"], low, high, Fraction(1))
    listed = {(dict(f.pays)["full_house"], dict(f.pays)["three_of_a_kind"]): f.house_edge
              for f in got.tables}
    assert listed == {p: e for p, e in edge.items() if p[0] >= p[1]}
    assert got.dead == sum(1 for f, t in pairs if f < t) and got.repeated == 0
    ordered = search(TRIPS, table, ["full_house", "three_of_a_kind"], low, high, Fraction(1),
                     keep_order=True)
    assert {(dict(f.pays)["full_house"], dict(f.pays)["three_of_a_kind"])
            for f in ordered.tables} == {(f, t) for f, t in pairs if f >= t >= 2}
    assert ordered.out_of_order == sum(1 for f, t in pairs if f < t)


def test_tables_with_the_same_figures_are_listed_once():
    """Lines a and b shown by 10 outcomes each, never together, 80 outcomes nothing: the
    figures depend on the pays {a, b} and not on which line pays which, so of a 1..4 by
    b 1..4 each pair is listed once, the lower pays first (a <= b); the others repeat."""
    sets = QualifyingSets("custom", ("straight", "flush"),
                          ((frozenset({"straight"}), 10), (frozenset({"flush"}), 10)), 100,
                          "hands")
    table = Paytable.from_lines("t", "custom", [("straight", 2), ("flush", 2)],
                                reads="seven-card")
    got = search(sets, table, ["straight", "flush"], Fraction(-5), Fraction(5), Fraction(1))
    assert {(dict(f.pays)["straight"], dict(f.pays)["flush"]): f.house_edge
            for f in got.tables} == {(a, b): Fraction(80 - 10 * a - 10 * b, 100)
                                     for a in range(1, 5) for b in range(a, 5)}
    assert got.repeated == 6 and got.dead == 0 and got.left_out() == {
        "with the figures of another": 6}


def test_the_issues_search_lists_no_dead_line_and_no_repeat(capsys):
    """Issue 51: Full House, Flush and Straight searched between 1.5% and 2.5%. Every full
    house holds three of a kind (paid 3 to 1) and every straight flush a straight and a
    flush, so no listed table pays Full House below 3; each row's figures differ; with
    --keep-order each row pays Full House >= Flush >= 3 >= Straight >= 1 (Three Pairs)."""
    args = ["solve", str(CERT), "--line", "Full House", "--line", "Flush", "--line",
            "Straight", "--edge-range", "1.5%..2.5%", "--limit", "100", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    rows = [{k: Fraction(v) for k, v in t["pays"].items()} for t in out["tables"]]
    assert rows and all(r["full_house"] >= 3 for r in rows)
    figures = [(t["house_edge"]["exact"], t["hit_frequency"]["exact"],
                t["standard_deviation"]) for t in out["tables"]]
    assert len(set(figures)) == len(figures)
    assert out["left_out"]["with a dead line"] > 0
    assert {"full_house": 3, "flush": Fraction(13, 2), "straight": 1} in rows
    assert {"full_house": Fraction(5, 2), "flush": Fraction(13, 2), "straight": 1} not in rows
    assert main(args + ["--keep-order"]) == 0
    kept = json.loads(capsys.readouterr().out)
    ordered = [{k: Fraction(v) for k, v in t["pays"].items()} for t in kept["tables"]]
    assert ordered and all(r["full_house"] >= r["flush"] >= 3 >= r["straight"] >= 1
                           for r in ordered)


@pytest.mark.slow
def test_the_command_lists_tables_that_compare_confirms(tmp_path, capsys):
    assert main(["solve", str(CERT), "--line", "full_house", "--line", "flush",
                 "--edge-range", "1.5%..2.5%", "--limit", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["found"] >= 3 and len(out["tables"]) == 3
    for row in out["tables"]:
        edge = Fraction(row["house_edge"]["exact"])
        assert Fraction(3, 200) <= edge <= Fraction(5, 200)
    from verifier import certificate
    table = certificate.load(CERT)
    base = Paytable.from_dict(table["paytables"]["outlaw9"])
    for line, pay in out["tables"][0]["pays"].items():
        base = base.with_pay(line, pay)
    path = tmp_path / "found.toml"
    path.write_text(toml_text(base.name, "outlaw9", base.pays))
    assert main(["compare", str(CERT), "--paytable", str(path), "--json"]) == 0
    (compared,) = json.loads(capsys.readouterr().out)["paytables"]
    assert compared["results"]["house_edge"] == out["tables"][0]["house_edge"]


@pytest.mark.parametrize("args, words", [
    (["--edge-range", "2%"], "write LOW..HIGH"),
    (["--edge-range", "3%..2%"], "is above"),
    (["--edge-range", "1%..3%", "--step", "0.01"], "combinations of pays"),
    (["--edge-range", "1%..3%", "--step", "1/1000000000"], "pays on one line"),  # not listed
])
def test_a_bad_search_is_one_line(capsys, args, words):
    assert main(["solve", str(CERT), "--line", "full_house", "--line", "flush", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1
