"""A hand's settings against every banker hand with a push on the banker's set hand
(issue 36; ``hand CARDS --strategy`` under ``commission-free`` or ``ez-pai-gow``): each
setting's wins and losses against the banker hands that meet the condition
(``strategy_counts(..., settlement=)``: compiled, cext/strategy.h; the pure-Python twin),
settled by the rule set (verifier/strategy/hand.py ``evaluate``).

Expectations: a brute force written here on a 16-card deck: every split of the player's
seven cards, every banker hand of the other nine set by the house way, the outcome by
comparing keys, the banker's condition read on its cards (tests/test_push_when.py's
readings: its two-card hand's cards; a pai gow by the published seven-card definition).
"""
import itertools
import random
from fractions import Fraction

import pytest

from test_push_when import BRUTE_READINGS, DECK, SYM_DECK, rule, sets_of
from verifier.engine import backend, strategy_counts
from verifier.engine.reference.strategy import strategy_python
from verifier.strategy.hand import evaluate


def brute_settings(hand, deck, names, outcomes):
    """{(back key, front key): (total, win, loss, win against a push hand, loss against
    one, the value per unit with no commission)} over the 21 splits of ``hand``."""
    core = backend.module("_core")
    sets = sets_of(deck)
    rest = [c for c in deck if c not in hand]
    out = {}
    for front in itertools.combinations(hand, 2):
        back = [c for c in hand if c not in front]
        key = (core.eval5(back, False), core.eval2(list(front)))
        if key in out:
            continue
        t = w = l = pw = pl = 0
        for b in itertools.combinations(rest, 7):
            bb, bf, bfront = sets[b]
            barred = any(BRUTE_READINGS[n](b, bfront) for n in names)
            t += 1
            if key[0] > bb and key[1] > bf:
                w += 1
                pw += barred
            elif key[0] <= bb and key[1] <= bf:
                l += 1
                pl += barred
        settled_l = l - pl if outcomes == "all" else l
        out[key] = (t, w, l, pw, pl, Fraction((w - pw) - settled_l, t))
    return out


def hands_of(deck, n, seed):
    rng = random.Random(seed)
    hands = list(itertools.combinations(deck, 7))
    return rng.sample(hands, n)


def check(settings, brute):
    assert {(s["back_key"], s["front_key"]) for s in settings} == set(brute)
    for s in settings:
        t, w, l, pw, pl, _v = brute[(s["back_key"], s["front_key"])]
        assert (s["total"], s["win"], s["loss"], s["win_on_push_hand"],
                s["loss_on_push_hand"]) == (t, w, l, pw, pl)


CASES = [(("front_nine_high",), "all"), (("pai_gow_queen_high",), "all"),
         (("pai_gow_queen_high",), "player_wins")]


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("names,outcomes", CASES)
@pytest.mark.parametrize("deck", [DECK, SYM_DECK], ids=["odd16", "sym16"])
def test_compiled_counts_against_push_hands_are_the_brute_forces(deck, names, outcomes):
    if backend.compiled("_strategy") is None:
        pytest.skip("verifier.engine._strategy not built")
    r = rule(names, outcomes)
    met = 0
    for hand in hands_of(deck, 300, f"{names}{outcomes}"):
        brute = brute_settings(hand, deck, names, outcomes)
        settings, _house = strategy_counts(list(hand), deck=deck, settlement=r)
        check(settings, brute)
        met += any(v[3] or v[4] for v in brute.values())
    assert met >= 5                     # the sample does meet push hands


@pytest.mark.parametrize("names,outcomes", CASES[:2])
def test_the_python_twin_counts_the_same(names, outcomes):
    r = rule(names, outcomes)
    for hand in hands_of(DECK, 25, f"twin{names}"):
        settings, _house = strategy_python(hand, DECK, settlement=r)
        check(settings, brute_settings(hand, DECK, names, outcomes))


@pytest.mark.parametrize("names,outcomes", CASES)
def test_each_settings_value_and_the_best_are_the_brute_forces(names, outcomes):
    """``evaluate`` settles the counts: value (W - W_push) - (L - L_push) over T under
    "all", (W - W_push) - L under "player_wins"; the best legal settings the highest."""
    r = rule(names, outcomes)
    for hand in hands_of(DECK, 40, f"value{names}{outcomes}"):
        settings, house = strategy_python(hand, DECK, settlement=r)
        brute = brute_settings(hand, DECK, names, outcomes)
        rows, best, _cost = evaluate(settings, house, r)
        for row in rows:
            t, w, l, pw, pl, v = brute[(row["back_key"], row["front_key"])]
            assert row["foul"] or row["value"] == v
            settled = (w - pw, l - pl if outcomes == "all" else l)
            assert (row["outcomes"]["win"], row["outcomes"]["loss"]) == settled
            assert sum(row["outcomes"][k] for k in ("win", "push", "loss")) == t
        legal = [row["value"] for row in rows if not row["foul"]]
        assert {rows[i]["value"] for i in best} == {max(legal)}


def test_a_rule_without_push_counts_is_one_line():
    from verifier.support.errors import VerifierError
    settings, house = strategy_python(DECK[:7], DECK)
    with pytest.raises(VerifierError, match="count them again"):
        evaluate(settings, house, {"kind": "commission", "commission": "0",
                                   "push_when": ["front_nine_high"]})


@pytest.mark.slow
def test_cli_hand_strategy_settles_the_push(capsys):
    import json
    from verifier.cli import main
    assert main(["hand", "As Kd 9h 7c 5s 3d 2c", "--strategy", "--rules", "commission-free",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for row in out["settings"]:
        c, o = row["counts"], row["outcomes"]
        assert o["win"] == c["win"] - c["win_on_push_hand"]
        assert o["loss"] == c["loss"] - c["loss_on_push_hand"]
        assert o["win"] + o["push"] + o["loss"] == c["total"] == 53_524_680
    assert main(["hand", "As Kd 9h 7c 5s 3d 2c", "--strategy", "--rules", "commission-free"]) == 0
    assert "pushes when the banker's hand is a nine-high two-card hand" in capsys.readouterr().out


def test_the_workbench_hand_page_offers_the_push_rule_sets():
    """verifier/web: the hand page's rule sets are every shipped one; its strategy table
    shows the wager's outcomes (the push applied), as the command line does."""
    pytest.importorskip("jinja2")
    from verifier.web import workbench
    from verifier.web.app import _environment
    assert {"commission-free", "ez-pai-gow"} <= set(workbench.rule_sets())
    out = workbench.hand("As Kd 9h 7c 5s 3d 2c", "commission-free", True)
    assert "a nine-high two-card hand" in out["value_note"]       # by its name (issue 51)
    html = _environment().get_template("hand.html.j2").render(
        csrf="", field="", certificates=[], active="hand", parsheet_formats=[],
        rule_sets=workbench.rule_sets(), result=None, strategy=out, face_up=None, dealer="",
        error="",
        cards=out["cards"], rule_set="commission-free")
    for row in out["shown"]:
        o = row["outcomes"]
        assert f'{o["win"]:,}</td><td class="num">{o["push"]:,}' in html
        assert o["win"] == row["counts"]["win"] - row["counts"]["win_on_push_hand"]
    assert workbench.hand("As Kd 9h 7c 5s 3d 2c", "ez-pai-gow")["back_key"] > 0
