"""``solve CERT.json --commission | --push-family`` (issue 36; verifier/odds/solvebase.py):
the base game's settlement solved for a target house edge.

Expectations: the brute force of tests/test_push_when.py (every ordered pair of hands of
a 16-card deck, the banker's condition read on its cards) for each condition's edge and
for the wins and losses the solved commission is checked against; the certificate that
``run`` writes for the same rule set and deck (its base game's house edge) for the
command line.
"""
import json
from fractions import Fraction

import pytest

from test_push_when import DECK, brute_force, rule
from verifier.engine import engine_spec, pairwise_counts
from verifier.odds.solvebase import (PUSH_FAMILIES, closest, commission_for_edge, edge_of,
                                     family_rules)
from verifier.rules.readings import Rules
from verifier.support.errors import VerifierError


@pytest.mark.parametrize("names,outcomes", [(("front_nine_high",), "all"),
                                            (("pai_gow_queen_high",), "player_wins")])
@pytest.mark.parametrize("edge", [Fraction(1, 20), Fraction(1, 7)])
def test_the_solved_commission_gives_the_edge_on_the_brute_forces_counts(names, outcomes,
                                                                         edge):
    r = rule(names, outcomes)
    counts = pairwise_counts(deck=DECK, threads=1, settlement=r)
    win, loss, _push, total = brute_force(DECK, names, outcomes)
    at_zero = Fraction(loss - win, total)
    if edge <= at_zero:
        with pytest.raises(VerifierError, match="no commission from 0 to 1"):
            commission_for_edge(counts, r, edge)
        return
    c = commission_for_edge(counts, r, edge)["commission"]
    assert 0 < c < 1
    assert Fraction(win * (1 - c) - loss, total) == -edge


def test_a_commission_below_the_edge_without_one_is_one_line():
    r = rule(("front_nine_high",), "all")
    counts = pairwise_counts(deck=DECK, threads=1, settlement=r)
    with pytest.raises(VerifierError, match="no commission from 0 to 1"):
        commission_for_edge(counts, r, Fraction(-1, 2))
    with pytest.raises(VerifierError, match="fee game"):
        commission_for_edge(counts, {"kind": "fees", "player_tiers": [[10, 1]],
                                     "table_max": 100}, Fraction(1, 20))


@pytest.mark.slow   # over 2.5 s of CPU: run once, with the full checks (README, Tests)
def test_each_pai_gow_condition_has_the_brute_forces_edge():
    spec = engine_spec(Rules(), 1, DECK)
    rows = []
    for each in family_rules(rule(("front_nine_high",), "all"), "pai_gow"):
        counts = pairwise_counts(rules=spec, settlement=each)
        rows.append({"push_when": each.push_when[0], "edge": edge_of(counts, each),
                     "counts": counts})
    assert [r["push_when"] for r in rows] == list(PUSH_FAMILIES["pai_gow"])
    met = 0
    for row in rows:
        win, loss, _push, total = brute_force(DECK, (row["push_when"],), "all")
        assert row["edge"] == Fraction(loss - win, total), row["push_when"]
        met += row["counts"]["banker_push_hand"] > 0
    assert met >= 3
    edges = sorted({r["edge"] for r in rows})
    assert len(edges) >= 2
    lo, hi = edges[0], edges[1]
    near_lo = lo + (hi - lo) / 3                    # nearer the lower of the two
    assert rows[closest(rows, near_lo)]["edge"] == lo
    assert rows[closest(rows, hi + 1)]["edge"] == edges[-1]


@pytest.mark.compiled
def test_cli_solve_commission_and_push_family(tmp_path, capsys):
    from verifier import certificate
    from verifier.cli import main
    out = tmp_path / "c.json"
    assert main(["run", "--rules", "commission-free", "--deck-ranks", "89TJQKA",
                 "--no-progress", "--base-game", "--out", str(out)]) == 0
    capsys.readouterr()
    results = certificate.load(out)["sections"]["base_game"]["results"]
    o = results["outcomes"]
    assert main(["solve", str(out), "--commission", "--edge", "10%", "--json"]) == 0
    sol = json.loads(capsys.readouterr().out)
    c = Fraction(sol["commission"]["exact"])
    assert Fraction(o["win"] * (1 - c) - o["loss"], o["total"]) == Fraction(-1, 10)
    assert sol["edge_without_commission"]["exact"] == results["house_edge"]["exact"]
    assert main(["solve", str(out), "--push-family", "front", "--edge", "0.1", "--json",
                 "--no-progress", "--threads", "1"]) == 0
    fam = json.loads(capsys.readouterr().out)
    by = {r["push_when"]: r["house_edge"]["exact"] for r in fam["conditions"]}
    assert by["front_nine_high"] == results["house_edge"]["exact"]
    for bad in (["--commission", "--line", "x"], [], ["--commission", "--push-family", "front"]):
        assert main(["solve", str(out), "--edge", "0.1", *bad]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1
