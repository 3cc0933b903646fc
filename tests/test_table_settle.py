"""Settlement: outcomes of the three wagers, order, the bank's cap, the ledger.
Keys are given directly where the hand does not matter; expectations by hand."""
from fractions import Fraction

import pytest

from verifier.support.errors import VerifierError
from verifier.table.limits import TableRules, check_round
from verifier.table.reads import mask_odds as outlaw9_line_odds, wager_odds
from verifier.table.settle import Ledger, base_odds, open_ledger, settle

OUTLAW9_PAYS = TableRules().pays_of("outlaw9")     # the default table's, by category bit


def wrangler_odds(pf, pb, df, db):
    """The Wrangler Push wager at the default table, read as its module declares
    (verifier/bets/wrangler_push.py, verifier/table/reads.py) on the two hands' keys."""
    player, dealer = (None, None, pf, pb, 0, 0), (None, None, df, db, 0, 0)
    return wager_odds(TableRules(), "wrangler", player, dealer, None, None,
                      base_odds(pf, pb, df, db))

PAIR = lambda r: 169 + r          # noqa: E731  two-card key of a pair (r: 0 = 2s .. 12 = As)
AK = 12 * 13 + 11                 # A-K high, the best non-pair front


# ----------------------------------------------------------------------------- base game
@pytest.mark.parametrize("pf, pb, df, db, odds", [
    (20, 500, 10, 400, 1),     # both strictly higher: win 1 to 1
    (20, 300, 10, 400, 0),     # front won, back lost: push
    (5, 500, 10, 400, 0),      # back won, front lost: push
    (10, 500, 10, 400, 0),     # front copied (banker's), back won: push
    (20, 400, 10, 400, 0),     # back copied, front won: push
    (10, 400, 10, 400, -1),    # both copied: lose
    (10, 300, 20, 400, -1),    # both lower: lose
])
def test_base_game(pf, pb, df, db, odds):
    assert base_odds(pf, pb, df, db) == odds


def test_foul_loses():
    assert base_odds(PAIR(12), 1 << 20, 0, 0, foul=True) == -1


# ----------------------------------------------------------------------------- Wrangler Push
def test_wrangler_push():
    # a push with no pair of 3s or better in either front: 1 to 1
    assert wrangler_odds(AK, 300, PAIR(12) - 169 + 100, 400) == 1
    assert wrangler_odds(PAIR(0), 300, 10, 400) == 1        # pair of 2s is not enough
    # a push with a pair of 3s or higher in the player's front: 2 to 1
    assert wrangler_odds(PAIR(1), 300, 10, 400) == 2
    # ... or in the player-dealer's front (player's back wins, front loses)
    assert wrangler_odds(10, 500, PAIR(1), 400) == 2
    assert wrangler_odds(10, 500, PAIR(12), 400) == 2
    # no push: loses, whatever the pairs
    assert wrangler_odds(PAIR(12), 500, 10, 400) == -1       # player wins both
    assert wrangler_odds(10, 300, PAIR(12), 400) == -1       # player loses both


def test_wrangler_joker_ace_is_a_pair_of_aces(engine):
    assert engine.eval2([52, 48]) == PAIR(12)  # joker + ace of clubs: pair of aces
    assert wrangler_odds(engine.eval2([52, 48]), 300, 10, 400) == 2


# ----------------------------------------------------------------------------- Outlaw 9
def test_outlaw9_pays_each_line_and_the_highest():
    filed = [4000, 2000, 1000, 200, 100, 40, 25, 12, 10, 8, 6, 5, 4, 3, 2, 1]
    assert list(OUTLAW9_PAYS) == filed
    for bit, pay in enumerate(filed):
        assert outlaw9_line_odds(1 << bit, OUTLAW9_PAYS) == pay
    assert outlaw9_line_odds(0, OUTLAW9_PAYS) == -1
    # full house (bit 11, 5 to 1) with three pairs (bit 15, 1 to 1): the full house
    assert outlaw9_line_odds(1 << 11 | 1 << 15, OUTLAW9_PAYS) == 5
    # royal flush (bit 4) also a straight flush (bit 5) and flush (bit 12): 100 to 1
    assert outlaw9_line_odds(1 << 4 | 1 << 5 | 1 << 12, OUTLAW9_PAYS) == 100


# ----------------------------------------------------------------------------- settlement
def run(order, wagers, odds, bank):
    ledger = open_ledger(7, bank, wagers, {}, 0)
    res = settle(order, wagers, odds, bank, ledger)
    ledger.check()
    return res, ledger


def moves(ledger):
    """The settlement movements (after the stakes are put up) as (from, to, amount)."""
    return [(e.source, e.dest, e.amount) for e in ledger.entries
            if not (e.source.startswith("seat ") and " " not in e.source[5:])
            and e.source != "player-dealer"]


def test_order_across_seats_and_wagers():
    wagers = {3: (10, 20, 30), 5: (40, 0, 50), 1: (60, 0, 0)}
    odds = {3: (1, -1, 2), 5: (0, -1, -1), 1: (-1, -1, -1)}
    res, ledger = run([3, 5, 1], wagers, odds, 10_000)
    assert [(s, k) for s, k, _, _ in res.results] == [(3, 0), (3, 1), (3, 2), (5, 0), (5, 2), (1, 0)]
    assert moves(ledger) == [
        ("bank", "seat 3", 10), ("seat 3 base", "seat 3", 10),          # base wins 1:1
        ("seat 3 wrangler", "bank", 20),                                # Wrangler loses
        ("bank", "seat 3", 60), ("seat 3 outlaw9", "seat 3", 30),       # Outlaw 9 2:1
        ("seat 5 base", "seat 5", 40),                                  # push
        ("seat 5 outlaw9", "bank", 50),                                 # loses
        ("seat 1 base", "bank", 60),                                    # loses
        ("bank", "player-dealer", 10_000 - 70 + 130),
    ]
    assert res.dealer_net == 60 and res.returned == 0 and not res.cap_bound


def test_cap_binds_mid_wager():
    # bank 100. Seat 2: base 60 wins (bank 40 left); Wrangler 30 wins 2 to 1, owed 60,
    # the bank covers 40 and is exhausted (covered stake 20, uncovered 10); Outlaw 9 10
    # returned. Seat 3 (later in order) base 50 would lose, but is returned.
    wagers = {2: (60, 30, 10), 3: (50, 0, 0)}
    odds = {2: (1, 2, -1), 3: (-1, -1, -1)}
    res, ledger = run([2, 3], wagers, odds, 100)
    assert moves(ledger) == [
        ("bank", "seat 2", 60), ("seat 2 base", "seat 2", 60),
        ("bank", "seat 2", 40), ("seat 2 wrangler", "seat 2", 30),
        ("seat 2 outlaw9", "seat 2", 10),
        ("seat 3 base", "seat 3", 50),
    ]
    assert res.exhausted and res.cap_bound
    assert res.dealer_net == -100
    assert res.returned == 10 + 10 + 50
    assert res.seat_nets() == {2: 100, 3: 0}


def test_cap_binds_mid_seat():
    # bank 100 exactly paid out by seat 6's base win: its two bonus bets are returned,
    # even the Outlaw 9 that would have won 40 to 1
    wagers = {6: (100, 25, 10)}
    odds = {6: (1, -1, 40)}
    res, ledger = run([6], wagers, odds, 100)
    assert moves(ledger) == [("bank", "seat 6", 100), ("seat 6 base", "seat 6", 100),
                             ("seat 6 wrangler", "seat 6", 25), ("seat 6 outlaw9", "seat 6", 10)]
    assert res.exhausted and res.returned == 35 and res.dealer_net == -100


def test_cap_follows_the_action_order():
    # the same table, settled from a different action seat: the first seat is paid
    wagers = {1: (100, 0, 0), 2: (100, 0, 0)}
    odds = {1: (1, -1, -1), 2: (1, -1, -1)}
    res, _ = run([2, 1], wagers, odds, 150)
    assert res.seat_nets() == {2: 100, 1: 50}
    res, _ = run([1, 2], wagers, odds, 150)
    assert res.seat_nets() == {1: 100, 2: 50}
    assert res.returned == 50 and res.exhausted  # seat 2 paid 50 of 100: half its stake


def test_losses_refill_the_bank_and_win_limit():
    # bank 50: seat 1 loses 100 -> the player-dealer may win only 50: 50 returned.
    # seat 2 wins 80 at 1:1: the bank holds 100 now and pays in full (net -30).
    # seat 3 loses 40: the player-dealer may still win 80, collects 40 (net +10).
    wagers = {1: (100, 0, 0), 2: (80, 0, 0), 3: (40, 0, 0)}
    odds = {1: (-1, -1, -1), 2: (1, -1, -1), 3: (-1, -1, -1)}
    res, ledger = run([1, 2, 3], wagers, odds, 50)
    assert moves(ledger) == [
        ("seat 1 base", "bank", 50), ("seat 1 base", "seat 1", 50),
        ("bank", "seat 2", 80), ("seat 2 base", "seat 2", 80),
        ("seat 3 base", "bank", 40),
        ("bank", "player-dealer", 60),
    ]
    assert res.win_limited and not res.exhausted and res.returned == 50
    assert res.dealer_net == 10


def test_bank_emptied_after_a_refill_is_exhausted():
    # bank 50: seat 1 loses 100 (50 collected), seat 2 wins 100: the bank's 100 are paid
    # out, it is exhausted, and seat 3's losing 40 is returned.
    wagers = {1: (100, 0, 0), 2: (100, 0, 0), 3: (40, 0, 0)}
    odds = {1: (-1, -1, -1), 2: (1, -1, -1), 3: (-1, -1, -1)}
    res, ledger = run([1, 2, 3], wagers, odds, 50)
    assert moves(ledger)[-1] == ("seat 3 base", "seat 3", 40)
    assert res.exhausted and res.returned == 50 + 40 and res.dealer_net == -50


def test_partly_paid_win_returns_a_fraction_of_stake():
    # Outlaw 9 10 at 25 to 1 owed 250; bank 100 covers 100 = 4 units of stake: 6 returned.
    res, _ = run([4], {4: (0, 0, 10)}, {4: (-1, -1, 25)}, 100)
    assert res.returned == 6 and res.seat_nets() == {4: 100}
    # at 40 to 1, 100 covers 2.5 of a 10 stake: 7.5 returned, as an exact fraction
    res, _ = run([4], {4: (0, 0, 10)}, {4: (-1, -1, 40)}, 100)
    assert res.returned == Fraction(15, 2)


def test_ledger_check_catches_imbalance():
    ledger = Ledger()
    ledger.move("seat 1", "seat 1 base", 10, "stake")
    with pytest.raises(AssertionError):
        ledger.check()
    ledger.move("seat 1 base", "seat 1", 10, "push")
    assert ledger.check()


# ----------------------------------------------------------------------------- validation
@pytest.mark.parametrize("dealer, bank, wagers, message", [
    (1, 500, {2: (5, 0, 0)}, "outside the table limits"),
    (1, 500, {2: (10, 0, 1001)}, "outside the table limits"),
    (1, 500, {2: (10, 9, 0)}, "outside the table limits"),
    (1, 500, {8: (0, 10, 0)}, "seats are numbered"),
    (1, 500, {1: (0, 10, 0)}, "player-dealer"),
    (1, 9, {2: (10, 0, 0)}, "cannot cover the table minimum"),
    (1, 500, {2: (-10, 0, 0)}, "negative"),
    (1, 500, {2: (10.5, 0, 0)}, "whole number"),
])
def test_invalid_rounds(dealer, bank, wagers, message):
    with pytest.raises(VerifierError, match=message):
        check_round(dealer, bank, wagers, TableRules())


def test_bonus_only_seat_is_valid():
    assert check_round(1, 500, {2: (0, 10, 10), 3: (0, 0, 0)}, TableRules()) == {2: (0, 10, 10)}


# ----------------------------------------------------------------------------- a whole round
EXAMPLE = __import__("pathlib").Path(__file__).resolve().parent.parent / "examples" / "round.json"


def test_example_round_worked_by_hand():
    """examples/round.json, worked from the filing.

    Dice 2+3+6 = 11 with the player-dealer in seat 4: seat 4 counts 1 (and 8), 5 is 2,
    6 is 3, 7 is 4, 1 is 5, 2 is 6, 3 is 7, 4 is 8, 5 is 9, 6 is 10, 7 is 11: the first
    pile and the Action button go to seat 7. Piles 1..7 go to seats 7,1,2,3,4,5,6.
    Player-dealer (pile 5) Ts 5d 9c 4s 8d 3h 7s: high card, 9-8 in front, T-7-5-4-3 behind.
    Seat 7 (pile 1) As Ah Kc Ks Qd Qc Js: three pairs, AA front, KKQQJ back: base wins
      $50; Outlaw 9 three pairs 1 to 1: $20.            bank 400 -> 330
    Seat 1 (pile 2) Kd 2s Qs Ac Jh Kh Td: straight to the ace behind, K-2 in front: base
      wins $100; Wrangler Push $25 loses; Outlaw 9 straight 2 to 1: $20.  -> 235
    Seat 2 (pile 3) Qh 3c Jd 2h Tc Ad 9h: Q-J front, A-T-9-3-2 back: base wins, owed
      $250, the bank covers $235 and is exhausted.      -> 0
    Seat 6 (pile 7): its Wrangler Push $10 and Outlaw 9 $10 are returned.
    Fees: seat 1 ($100) $1, seat 2 ($250) $3, seat 7 ($50) $1, seat 6 (bonus only) none;
    total action $400 > $200: the player-dealer $2.
    """
    from verifier.table.roundfile import load_round
    from verifier.table.round import play_round
    spec, table = load_round(str(EXAMPLE))
    res = play_round(spec, table)
    assert (res.first_seat, res.action_seat) == (7, 7)
    assert res.odds[7] == (1, -1, 1) and res.odds[1] == (1, -1, 2) and res.odds[2][0] == 1
    assert res.party_nets() == {"seat 7": 69, "seat 1": 94, "seat 2": 232, "seat 6": 0,
                                "player-dealer": -402, "house": 7}
    assert res.settlement.exhausted and res.settlement.returned == 15 + 20
    assert res.ledger.totals() == (882, 875, 7)


def cli(tmp_path, text, capsys, *extra):
    from verifier.cli import main
    path = tmp_path / "round.json"
    path.write_text(text)
    rc = main(["settle", str(path), *extra])
    return rc, capsys.readouterr()


def test_cli_settle_example(capsys):
    from verifier.cli import main
    assert main(["settle", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Balance: chips in $882 = chips out $875 + fees $7" in out
    assert main(["settle", str(EXAMPLE), "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["results"]["player-dealer"] == -402


GOOD_PD = '"player_dealer": {"seat": 4, "bank": 500}'


@pytest.mark.parametrize("text, message", [
    ('{' + GOOD_PD + ', "seats": {"1": {"base": 5}}}', "outside the table limits"),
    ('{' + GOOD_PD + ', "seats": {"1": {"base": 2000}}}', "outside the table limits"),
    ('{' + GOOD_PD + ', "seats": {"9": {"outlaw9": 10}}}', "seat 9 does not exist"),
    ('{' + GOOD_PD + ', "seats": {"4": {"wrangler": 10}}}', "player-dealer"),
    ('{"player_dealer": {"seat": 4, "bank": 5}, "seats": {"1": {"base": 10}}}',
     "cannot cover the table minimum"),
    ('{' + GOOD_PD + ', "seats": {"1": {"base": 10}}, "hands": {"4": "As Ks Qs Js Ts 9s 8s", '
     '"1": "Ah Kh Qh Jh Th 9h As"}}', "appears twice"),
    ('{' + GOOD_PD + ', "seats": {"1": {"base": 10}}, "deck": "As As"}', "duplicate card"),
    ('{' + GOOD_PD + ', "seats": {"1": {"base": 10}}', "bad JSON"),
    ('{' + GOOD_PD + ', "seats": {"1": {"bonus": 10}}}', "unknown wager"),
    ('{' + GOOD_PD + ', "seats": {"1": {"base": 10}}, "dice": [1, 2, 9]}', "bad dice"),
])
def test_cli_rejects_invalid_rounds(tmp_path, capsys, text, message):
    rc, cap = cli(tmp_path, text, capsys)
    assert rc == 2
    lines = cap.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], cap.err


def test_cli_missing_file(tmp_path, capsys):
    from verifier.cli import main
    assert main(["settle", str(tmp_path / "nope.json")]) == 2
    assert "not found" in capsys.readouterr().err


def test_player_foul_loses_base_but_bonus_uses_house_way(tmp_path, capsys):
    # Player sets A-A in front of K-Q-8-6-4: a foul, the base wager loses. The Wrangler
    # Push is judged on the house way (A-A behind, K-Q in front), which beats the
    # player-dealer's J-9 / K-7-5-3-2 on both hands: no push, it loses too.
    text = ('{"player_dealer": {"seat": 1, "bank": 500}, '
            '"seats": {"2": {"base": 100, "wrangler": 10}}, '
            '"hands": {"1": "2c 3d 5h 7s 9c Jd Kh", "2": "As Ad Kc Qs 8h 6d 4c"}, '
            '"fronts": {"2": "As Ad"}, "dice": [1, 1, 1]}')
    rc, cap = cli(tmp_path, text, capsys, "--json")
    assert rc == 0
    import json
    data = json.loads(cap.out)
    assert data["seats"]["2"]["played"]["foul"] is True
    assert data["seats"]["2"]["odds"] == {"base": -1, "wrangler": -1, "outlaw9": -1}
    assert data["results"]["seat 2"] == -111 and data["results"]["player-dealer"] == 109
