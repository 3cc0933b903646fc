"""Simulation: rotating bank, reproducibility, balanced ledgers, and agreement with
exact figures (a small exactly-solvable stand-in engine now; the certificate's exact
figures later, in the test marked ``full``)."""
from fractions import Fraction

import pytest

from verifier.support.errors import VerifierError
from verifier.table.setup import SeatPlan, TableSetup, uniform_setup
from verifier.table.simulate import run_block, simulate
from verifier.table.summary import summary
# ----------------------------------------------------------------------------- the bank
def test_two_rounds_per_banker_offered_clockwise():
    setup = uniform_setup(first_banker=3)
    got = [setup.banker_of_round(r) for r in range(16)]
    assert got == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 1, 1, 2, 2, 3, 3]


def test_seats_that_decline_are_passed():
    plans = [SeatPlan((10, 0, 0), 500) for _ in range(7)]
    plans[1] = SeatPlan((10, 0, 0), 0)   # seat 2 declines the bank
    plans[5] = SeatPlan((0, 0, 0), 0)    # seat 6 empty
    setup = TableSetup(tuple(plans), first_banker=5)
    assert setup.bankers() == [5, 7, 1, 3, 4]
    assert [setup.banker_of_round(r) for r in range(12)] == [5, 5, 7, 7, 1, 1, 3, 3, 4, 4, 5, 5]
    one = TableSetup(tuple(plans), first_banker=1, rounds_per_bank=1)
    assert [one.banker_of_round(r) for r in range(6)] == [1, 3, 4, 5, 7, 1]


def test_bank_limit_enforced():
    with pytest.raises(VerifierError, match="at most 2"):
        uniform_setup(rounds_per_bank=3)
    plans = [SeatPlan((10, 0, 0), 0) for _ in range(7)]
    plans[0] = SeatPlan((10, 0, 0), 500)
    with pytest.raises(VerifierError, match="pass on"):
        TableSetup(tuple(plans))


def test_each_round_is_checked_against_the_limits():
    with pytest.raises(VerifierError, match="table limits"):
        uniform_setup(wagers=(5, 0, 0))
    with pytest.raises(VerifierError, match="table minimum"):
        uniform_setup(bank=5)


# ----------------------------------------------------------------------------- stand-in engine
def fake_setter(hands, wheel_second=False, house_way=0):
    """An engine whose odds are exact and easy: front key 130 + first card, back key the
    second card, Outlaw 9 from the third card c: c < 5 full house and three pairs
    (pays 5), c < 10 full house (5), c < 20 three pairs (1), else nothing."""
    out = []
    for h in hands:
        c = h[2]
        m = (1 << 11 | 1 << 15) if c < 5 else (1 << 11) if c < 10 else (1 << 15) if c < 20 else 0
        out.append((h[:2], h[2:], 130 + h[0], h[1], m, m))
    return out


def exact_fake():
    """Exact per-unit results of the three bets under ``fake_setter``.

    The four cards deciding a base wager (player's first two, player-dealer's first
    two) are four different cards in uniformly random order, so P(win) = P(both
    higher) = 6/24 = 1/4, P(lose) = 1/4, P(push) = 1/2: base 0.
    Wrangler Push: given the fronts (P0, D0), the backs are in the "other" order with
    probability 1/2, so P(push and a front >= 170) = 1/2 * P(P0 >= 40 or D0 >= 40)
    = 1/2 * (1 - 40*39/(53*52)) = q; result = 2q + (1/2 - q) - 1/2 = q.
    Outlaw 9: 10/53 pays 5, 10/53 pays 1, 33/53 loses: (50 + 10 - 33)/53 = 27/53.
    """
    q = Fraction(1, 2) * (1 - Fraction(40 * 39, 53 * 52))
    return {"base": Fraction(0), "wrangler": q, "outlaw9": Fraction(27, 53)}


def test_stand_in_engine_agrees_with_exact_figures():
    setup = uniform_setup(wagers=(100, 10, 10), bank=10 ** 9)  # the cap never binds
    stats = simulate(setup, 3000, seed=11, threads=1, setter=fake_setter)
    summ = summary(stats, setup)
    assert summ["player_dealer"]["cap_binds_rounds"] == 0
    for kind, exact in exact_fake().items():
        ci = summ["bets"][kind]["per_unit_wagered"]["ci99"]
        assert ci[0] <= float(exact) <= ci[1], (kind, float(exact), ci)


def test_every_simulated_ledger_balances():
    # a small bank so the cap binds often: the ledgers must balance all the same
    setup = uniform_setup(wagers=(100, 20, 10), bank=150)
    stats = simulate(setup, 600, seed=3, threads=1, block_size=100, setter=fake_setter,
                     check_ledger=True)
    assert stats.ledgers_checked == stats.rounds == 600
    assert stats.cap_rounds > 0 and stats.returned > 0
    # players' and player-dealer's wager results cancel; fees go to the house
    total_players = sum(a.sx for a in stats.seat_unit)
    assert total_players + stats.dealer_unit.sx == 0


def test_same_seed_same_output_any_thread_count():
    setup = uniform_setup(bank=300)
    a = summary(simulate(setup, 900, seed=5, threads=1, block_size=100, setter=fake_setter), setup)
    b = summary(simulate(setup, 900, seed=5, threads=2, block_size=100, setter=fake_setter), setup)
    c = summary(simulate(setup, 900, seed=6, threads=1, block_size=100, setter=fake_setter), setup)
    assert a == b
    assert a != c


def test_blocks_are_independent_pieces_of_one_run():
    setup = uniform_setup(bank=300)
    whole = simulate(setup, 200, seed=9, threads=1, block_size=100, setter=fake_setter)
    second = run_block(setup, 9, 1, 100, 100, fake_setter)
    first = run_block(setup, 9, 0, 0, 100, fake_setter)
    first.merge(second)
    assert summary(first, setup) == summary(whole, setup)


def test_real_engine_rounds_balance():
    """A few rounds with the real engine (the reference under PAIGOW_PUREPYTHON=1)."""
    setup = uniform_setup(wagers=(50, 10, 10), bank=200)
    stats = simulate(setup, 30, seed=1, threads=1, check_ledger=True)
    assert stats.ledgers_checked == 30


def test_cli_simulate(capsys):
    from verifier.cli import main
    assert main(["simulate", "--rounds", "20", "--seed", "2", "--threads", "1",
                 "--no-progress", "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 20 and data["player_dealer"]["rounds"] == 20
    assert main(["simulate", "--rounds", "5", "--base", "5", "--no-progress"]) == 2


# ----------------------------------------------------------------------------- hook: exact
@pytest.mark.full
def test_simulation_agrees_with_certificate():
    """HOOK: once ``verifier.odds.exact`` gives the exact per-unit results of the three bets
    (from the certificate), a large cap-free simulation must agree with each within
    its 99% interval."""
    from pathlib import Path
    from verifier.certificate import load
    from verifier.certificate import bet_results
    shipped = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / "outlaw9-mikes.json"
    exact = bet_results(load(shipped))  # {"base", "wrangler", "outlaw9"}: exact per unit
    setup = uniform_setup(wagers=(100, 100, 100), bank=10 ** 9)
    stats = simulate(setup, 200_000, seed=2024)
    summ = summary(stats, setup)
    for kind in ("base", "wrangler", "outlaw9"):
        lo, hi = summ["bets"][kind]["per_unit_wagered"]["ci99"]
        assert lo <= float(exact[kind]) <= hi, kind


def test_the_output_says_when_the_bank_cap_made_the_result_differ_from_the_exact_one(capsys):
    from verifier.cli import main
    # a $20 bank cannot cover seven seats of $10 base + $10 Outlaw 9: the cap binds often
    assert main(["simulate", "--rounds", "400", "--seed", "3", "--bank", "20",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Note: the bank's cap bound in" in out and "A larger --bank" in out
    # a bank no round can exhaust: nothing to say
    assert main(["simulate", "--rounds", "50", "--seed", "3", "--bank", "1000000000",
                 "--no-progress"]) == 0
    assert "Note: the bank's cap" not in capsys.readouterr().out
