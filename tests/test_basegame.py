"""Base game figures from win/loss/push counts (verifier/odds/basegame.py), by hand."""
import math
from fractions import Fraction

import pytest

from verifier.odds import basegame
from verifier.support.errors import VerifierError

COUNTS = {"total": 100, "win": 40, "loss": 50, "push": 10}


def test_commission_by_hand():
    # 40 wins at 0.95, 50 losses: (38 - 50) / 100 = -0.12
    assert basegame.commission_return(COUNTS, Fraction(1, 20)) == Fraction(-12, 100)
    assert basegame.even_money_return(COUNTS) == Fraction(-10, 100)


def test_fee_by_hand():
    # 1 to 1: -0.10 per unit; a $1 fee on a $10 wager costs 0.10 more per unit
    assert basegame.fee_return(COUNTS, 10, 1) == Fraction(-2, 10)
    assert basegame.fee_return(COUNTS, 100, 1) == Fraction(-11, 100)


def test_fee_tiers_and_settle():
    from verifier.table.fees import PLAYER_FEE_TIERS
    tiers = basegame.fee_tiers(PLAYER_FEE_TIERS, 1000)
    assert tiers == [(10, 100, 1), (101, 200, 2), (201, 300, 3), (301, 400, 4), (401, 1000, 5)]
    out = basegame.settle(COUNTS, {"kind": "fees", "player_tiers": PLAYER_FEE_TIERS,
                                   "table_max": 1000})
    top = out["tiers"][-1]
    assert top["return_at_smallest"]["exact"] == str(Fraction(-1, 10) - Fraction(5, 401))
    assert top["return_at_largest"]["exact"] == str(Fraction(-1, 10) - Fraction(5, 1000))
    out = basegame.settle(COUNTS, {"kind": "commission", "commission": "0.05"})
    assert out["return"]["exact"] == "-3/25" and out["house_edge"]["exact"] == "3/25"
    assert out["probabilities"]["push"]["exact"] == "1/10"


def test_bad_counts():
    with pytest.raises(VerifierError):
        basegame.settle({"total": 10, "win": 1, "loss": 1, "push": 1}, {"kind": "commission",
                                                                         "commission": "0.05"})
    with pytest.raises(VerifierError):
        basegame.settle(COUNTS, {"kind": "rake"})


def test_pairwise_figures_reduced_deck():
    from verifier.engine.backend import PURE_PYTHON
    from verifier.game.cards import deck_of_ranks
    from verifier.rules.readings import Rules
    deck = deck_of_ranks("JQKA" if PURE_PYTHON else "9TJQKA")
    from verifier.certificate.build import pairwise_figures
    figures, note = pairwise_figures(deck, Rules(house_way="emperors"),
                                              {"kind": "commission", "commission": "0.05"})
    if figures is None:
        pytest.skip(note)
    n = len(deck)
    c = figures["counts"]
    assert c["total"] == math.comb(n, 7) * math.comb(n - 7, 7)
    assert c["win"] + c["loss"] + c["push"] == c["total"]
    assert Fraction(figures["return"]["exact"]) == \
        Fraction(c["win"] * Fraction(19, 20) - c["loss"], c["total"])


def test_a_california_certificate_also_shows_the_casino_commission_figure():
    # 100 pairs: 30 wins, 30 losses, 40 pushes. California: 1 to 1 (0 per unit before
    # fees); as a casino game wins pay 0.95: (30 * 0.95 - 30) / 100 = -0.015.
    from fractions import Fraction
    from verifier.odds.basegame import settle
    out = settle({"total": 100, "win": 30, "loss": 30, "push": 40},
                 {"kind": "fees", "player_tiers": [[10, 1]], "table_max": 100})
    assert Fraction(out["casino_comparison"]["return"]["exact"]) == Fraction(-15, 1000)
    assert Fraction(out["even_money_return"]["exact"]) == 0
