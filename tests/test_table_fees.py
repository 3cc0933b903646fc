"""Collection fees, schedule option 1 of the filing, read as docs/TABLE.md says."""
import pytest

from verifier.support.errors import VerifierError
from verifier.table.fees import FeeSchedule, FILED_SCHEDULE
from verifier.table.round import RoundSpec, play_round


@pytest.mark.parametrize("base, fee", [
    (0, 0),                     # bonus bets only: no fee
    (10, 1), (55, 1), (100, 1),  # $10 - $100: $1
    (101, 2), (200, 2),          # $101 - $200: $2
    (201, 3), (300, 3),          # $201 - $300: $3
    (301, 4), (400, 4),          # $301 - $400: $4
    (401, 5), (1000, 5),         # $401 or more: $5
])
def test_player_fee_tiers(base, fee):
    assert FILED_SCHEDULE.player_fee(base) == fee


@pytest.mark.parametrize("action, fee", [
    (0, 0),                      # no base action at all
    (10, 1), (100, 1), (150, 1), (200, 1),  # up to $200: $1 (the gap rows read low)
    (201, 2), (300, 2), (6000, 2),          # above $200: $2
])
def test_player_dealer_fee_tiers(action, fee):
    assert FILED_SCHEDULE.dealer_fee(action) == fee


def test_at_most_five_rates():
    with pytest.raises(VerifierError):
        FeeSchedule(player_tiers=((10, 1), (20, 2), (30, 3), (40, 4), (50, 5), (60, 6)))


def push_setter(hands, wheel_second=False, house_way=0):
    """The player-dealer's front (50) is below every player's (60) and every back is
    the same (1000, a copy to the banker): each player takes one hand, a push."""
    out = []
    for i, h in enumerate(hands):
        out.append((h[:2], h[2:], 50 if i == 0 else 60, 1000, 0, 0))
    return out


def test_fees_in_the_round_ledger():
    # total table action 150 + 60 = 210 > 200: player-dealer pays $2; seat 1 ($150) $2,
    # seat 3 ($60) $1, seat 6 (bonus only) nothing.
    spec = RoundSpec(dealer_seat=4, bank=500,
                     wagers={1: (150, 0, 0), 3: (60, 0, 0), 6: (0, 10, 0)},
                     dice=(3, 3, 3), deck=list(range(53)))
    res = play_round(spec, setter=push_setter)
    fees = [(e.source, e.amount) for e in res.ledger.entries if e.dest == "house"]
    assert fees == [("seat 1", 2), ("seat 3", 1), ("player-dealer", 2)]
    # fees come before any other movement (taken before the deal)
    assert all(e.dest == "house" for e in res.ledger.entries[:3])
    # base wagers push, the Wrangler Push wins 1 to 1 (fronts 50/60 are no pairs)
    nets = res.party_nets()
    assert nets["seat 1"] == -2 and nets["seat 3"] == -1 and nets["seat 6"] == 10
    # the player-dealer's fee is not taken from the bank: it pays $2 and the $10
    assert nets["player-dealer"] == -12
    assert res.ledger.entries[-1].amount == 490  # bank 500 - 10 handed back
    assert nets["house"] == 5


def test_the_player_dealer_tiers_come_from_the_rule_set(tmp_path):
    """A rule set file's dealer_tiers reach the table: $3 from $1 of action, $7 from $500."""
    from verifier.rules import rulesets
    from verifier.table.limits import TableRules
    f = tmp_path / "fees.toml"
    f.write_text('base = "outlaw9-mikes"\nname = "fees"\n[settlement]\nkind = "fees"\n'
                 'player_tiers = [[10, 1]]\ndealer_tiers = [[1, 3], [500, 7]]\n')
    fees = TableRules.from_ruleset(rulesets.load(str(f))).fees
    assert [fees.dealer_fee(a) for a in (0, 1, 499, 500)] == [0, 3, 3, 7]
    f.write_text('base = "outlaw9-mikes"\nname = "fees"\n[settlement]\nkind = "fees"\n'
                 'player_tiers = [[10, 1]]\ndealer_tiers = [[500, 7], [1, 3]]\n')
    with pytest.raises(VerifierError, match="dealer_tiers"):
        rulesets.load(str(f))
