"""The settlement rule (verifier/game/settlement.py): one object the exact base game, the
strategy job, the table and the reports read. Expectations are worked by hand from the
rules (docs/RULES.md: wins pay 1 to 1 less the commission; flat fees by tier)."""
from fractions import Fraction

import pytest

from verifier.game.settlement import SettlementRule
from verifier.support.errors import VerifierError

CASINO = SettlementRule.of({"kind": "commission", "commission": "0.05"})
CALIFORNIA = SettlementRule.of({"kind": "fees", "player_tiers": [[10, 1], [101, 2], [401, 5]],
                                "dealer_tiers": [[10, 1], [201, 2]], "table_max": 1000})


def test_a_win_nets_1_to_1_less_the_commission_and_a_fee_game_1_to_1():
    assert CASINO.win_net == Fraction(19, 20)
    assert CALIFORNIA.win_net == 1


def test_the_players_return_over_counts():
    # 30 wins, 40 losses, 30 pushes of 100: (30 * 0.95 - 40) / 100
    assert CASINO.player_return(30, 40, 100) == Fraction(-115, 1000)
    assert CALIFORNIA.player_return(30, 40, 100) == Fraction(-10, 100)


def test_banker_player_and_house_add_to_nothing():
    """A player banks against one opponent: B + E + c (W + L) / T = 0 (odds/basegame.py)."""
    w, l, t = 30, 40, 100
    total = (CASINO.banker_return(w, l, t) + CASINO.player_return(w, l, t)
             + CASINO.commission * (w + l) / t)
    assert total == 0


@pytest.mark.parametrize("wager, fee", [(10, 1), (100, 1), (101, 2), (400, 2), (401, 5),
                                        (1000, 5), (0, 0)])
def test_the_flat_fee_of_each_tier(wager, fee):
    assert CALIFORNIA.player_fee(wager) == fee
    assert CASINO.player_fee(wager) == 0


def test_the_player_dealers_fee_by_table_action():
    assert [CALIFORNIA.dealer_fee(a) for a in (0, 10, 200, 201)] == [0, 1, 1, 2]


def test_a_push_on_the_bankers_hand_is_read_on_its_keys():
    """docs/ENGINE.md: a front 9-x is 7 * 13 + x; a high-card back Q-J-9-3-2 is
    10<<16 | 9<<12 | 7<<8 | 1<<4 | 0 (rank indexes, 2 = 0)."""
    nine_high, pair_of_twos = 7 * 13 + 3, 169
    queen_pai_gow = 10 << 16 | 9 << 12 | 7 << 8 | 1 << 4 | 0
    assert CASINO.pushes_on((queen_pai_gow, nine_high)) is False
    rule = SettlementRule("commission", push_when=("front_nine_high",))
    assert rule.pushes_on((2 << 20, nine_high)) and not rule.pushes_on((2 << 20, pair_of_twos))
    ez = SettlementRule("commission", push_when=("pai_gow_queen_high",))
    assert ez.pushes_on((queen_pai_gow, 8 * 13 + 7))
    assert not ez.pushes_on((queen_pai_gow + (1 << 16), 8 * 13 + 7))   # king high
    assert not ez.pushes_on((1 << 20 | 10 << 16, 8 * 13 + 7))          # a pair of queens


def test_the_counts_settle_with_the_push_conditions():
    """Of 100 pairs, 30 wins (3 against a push hand) and 40 losses (4): every outcome
    pushes (30 - 3, 40 - 4), or only the wins (30 - 3, 40)."""
    counts = {"total": 100, "win": 30, "loss": 40, "push": 30, "banker_push_hand": 9,
              "win_on_push_hand": 3, "loss_on_push_hand": 4}
    ez = SettlementRule("commission", push_when=("pai_gow_queen_high",))
    assert ez.outcomes(counts) == (27, 36, 37, 100)
    wins_only = SettlementRule("commission", push_when=("pai_gow_queen_high",),
                               push_outcomes="player_wins")
    assert wins_only.outcomes(counts) == (27, 40, 33, 100)
    assert CASINO.outcomes(counts) == (30, 40, 30, 100)
    with pytest.raises(VerifierError, match="count them again"):
        ez.outcomes({"total": 100, "win": 30, "loss": 40, "push": 30})


def test_every_layer_reads_the_same_object():
    """The strategy job ranks settings by 1 - win_net, the table's kernel pays a win
    stake * keep / scale with keep / scale = win_net, the par sheet prints win_label."""
    from verifier.strategy.optimal import commission_of
    from verifier.table.kernel import kernel_rules
    from verifier.table.limits import TableRules
    from verifier.rules.rulesets import load
    assert commission_of(CASINO) == (1, 20) and commission_of(CALIFORNIA) == (0, 1)
    rules = kernel_rules(TableRules.from_ruleset(load("casino-standard")))
    assert Fraction(rules["keep"], rules["scale"]) == CASINO.win_net
    assert CASINO.win_label == "1 to 1 less 5% commission"
    assert TableRules.from_ruleset(load("casino-standard")).settlement.win_net == \
        CASINO.win_net
