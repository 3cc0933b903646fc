"""The compiled table simulator (verifier.engine._table, cext/table_sim.h) against the Python
round engine of verifier/table/ (a separate implementation) and hand-worked rounds.

Every expectation here comes from ``play_round`` / ``settle`` in Python or from rounds
worked by hand (tests/test_table_settle.py), never from the kernel's own output."""
import io
import random
from fractions import Fraction

import pytest

from verifier.cli.progress import TqdmProgress
from verifier.game.categories import OUTLAW9_LINES
from verifier.rules.readings import Rules
from verifier.table.limits import TableRules
from verifier.table.round import RoundSpec, play_round
from verifier.table.kernel import kernel_rules, simulate_compiled
from verifier.table.setup import SeatPlan, TableSetup, uniform_setup
from verifier.table.simulate import simulate
from verifier.table.summary import summary
pytestmark = pytest.mark.compiled
_table = pytest.importorskip("verifier.engine._table")

TABLES = [
    TableRules(),
    TableRules(rules=Rules(wheel="second")),
    TableRules(rules=Rules(bonus_reading="house-way")),
    TableRules(rules=Rules(house_way="emperors")),
]


def _random_round(rng):
    dealer = rng.randint(1, 7)
    small = rng.random() < 0.5
    bank = rng.choice([10, 20, 50, 75, 100, 150, 200, 300]) if small else rng.randint(10, 5000)
    wagers = {}
    for seat in range(1, 8):
        if seat == dealer or rng.random() < 0.2:
            continue
        stakes = tuple(rng.choice([0, 0, 10, 25, 100, rng.randint(10, 1000)]) for _ in range(3))
        if any(stakes):
            wagers[seat] = stakes
    deck = list(range(53))
    rng.shuffle(deck)
    dice = tuple(rng.randint(1, 6) for _ in range(3))
    return RoundSpec(dealer, bank, wagers, dice, deck=deck, action_pile=rng.randrange(7))


def _python_outcome(res):
    """What the Python round engine says, in the kernel's replay terms."""
    st = res.settlement
    nets = st.seat_nets()
    order = [s for s in res.order if s in res.spec.wagers]
    return {
        "first_seat": res.first_seat,
        "action_seat": res.action_seat,
        "order": order,
        "odds": {s: tuple(res.odds[s]) for s in order},
        "nets": {s: nets.get(s, 0) for s in order},
        "fees": {s: res.player_fees[s] for s in order},
        "dealer_net": st.dealer_net,
        "dealer_fee": res.dealer_fee,
        "returned": st.returned,
        "exhausted": st.exhausted,
        "win_limited": st.win_limited,
        "results": [tuple(r) for r in st.results],
    }


@pytest.mark.parametrize("t", range(len(TABLES)))
def test_replay_equals_python_round_engine(t):
    table = TABLES[t]
    rng = random.Random(f"compiled-table-{t}")
    n = 1500 if t == 0 else 500
    specs = [_random_round(rng) for _ in range(n)]
    got = _table.replay(kernel_rules(table),
                        [(s.dealer_seat, s.bank, s.wagers, sum(s.dice), s.deck, s.action_pile)
                         for s in specs],
                        wheel_second=table.wheel_second, house_way=table.house_way_number)
    seen = {"exhausted": 0, "win_limited": 0, "fraction": 0, "mid_seat": 0, "o9": 0, "wr2": 0}
    for spec, mine in zip(specs, got):
        res = play_round(spec, table)
        want = _python_outcome(res)
        assert mine == want, spec
        # the ledger: each party's balance is the kernel's net less its fee
        nets = res.party_nets()
        for s in want["order"]:
            assert nets.get(f"seat {s}", 0) == mine["nets"][s] - mine["fees"][s]
        assert nets.get("player-dealer", 0) == mine["dealer_net"] - mine["dealer_fee"]
        assert sum(mine["nets"].values()) + mine["dealer_net"] == 0
        seen["exhausted"] += mine["exhausted"]
        seen["win_limited"] += mine["win_limited"]
        seen["fraction"] += isinstance(mine["returned"], Fraction)
        seen["o9"] += any(o[2] > 1 for o in mine["odds"].values())
        seen["wr2"] += any(o[1] == 2 for o in mine["odds"].values())
        # the bank ran out part-way through a seat's three wagers
        if mine["exhausted"]:
            rs = mine["results"]
            seen["mid_seat"] += any(a[0] == b[0] and a[3] != 0 and b[3] == 0
                                    for a, b in zip(rs, rs[1:]))
    # the sample does exercise the cap in every way
    if t == 0:
        assert min(seen.values()) >= 3, seen


def test_replay_of_the_example_round_worked_by_hand():
    """examples/round.json, worked by hand in tests/test_table_settle.py."""
    from pathlib import Path
    from verifier.table.roundfile import load_round
    spec, table = load_round(str(Path(__file__).resolve().parent.parent / "examples" / "round.json"))
    (r,) = _table.replay(kernel_rules(table), [(spec.dealer_seat, spec.bank, spec.wagers,
                                                sum(spec.dice), spec.deck, spec.action_pile)])
    assert (r["first_seat"], r["action_seat"]) == (7, 7)
    assert r["odds"][7] == (1, -1, 1) and r["odds"][1] == (1, -1, 2) and r["odds"][2][0] == 1
    after_fees = {s: r["nets"][s] - r["fees"][s] for s in r["order"]}
    assert after_fees == {7: 69, 1: 94, 2: 232, 6: 0}
    assert r["dealer_net"] - r["dealer_fee"] == -402
    assert sum(r["fees"].values()) + r["dealer_fee"] == 7
    assert r["exhausted"] and r["returned"] == 15 + 20


RULES = kernel_rules(TableRules())


@pytest.mark.parametrize("order, wagers, odds, bank, nets, dealer_net, returned, exhausted, limited", [
    # test_order_across_seats_and_wagers
    ([3, 5, 1], {3: (10, 20, 30), 5: (40, 0, 50), 1: (60, 0, 0)},
     {3: (1, -1, 2), 5: (0, -1, -1), 1: (-1, -1, -1)}, 10_000,
     {3: 10 - 20 + 60, 5: -50, 1: -60}, 60, 0, False, False),
    # test_cap_binds_mid_wager
    ([2, 3], {2: (60, 30, 10), 3: (50, 0, 0)}, {2: (1, 2, -1), 3: (-1, -1, -1)}, 100,
     {2: 100, 3: 0}, -100, 70, True, False),
    # test_cap_binds_mid_seat
    ([6], {6: (100, 25, 10)}, {6: (1, -1, 40)}, 100, {6: 100}, -100, 35, True, False),
    # test_cap_follows_the_action_order
    ([2, 1], {1: (100, 0, 0), 2: (100, 0, 0)}, {1: (1, -1, -1), 2: (1, -1, -1)}, 150,
     {2: 100, 1: 50}, -150, 50, True, False),
    # test_losses_refill_the_bank_and_win_limit
    ([1, 2, 3], {1: (100, 0, 0), 2: (80, 0, 0), 3: (40, 0, 0)},
     {1: (-1, -1, -1), 2: (1, -1, -1), 3: (-1, -1, -1)}, 50,
     {1: -50, 2: 80, 3: -40}, 10, 50, False, True),
    # test_bank_emptied_after_a_refill_is_exhausted
    ([1, 2, 3], {1: (100, 0, 0), 2: (100, 0, 0), 3: (40, 0, 0)},
     {1: (-1, -1, -1), 2: (1, -1, -1), 3: (-1, -1, -1)}, 50,
     {1: -50, 2: 100, 3: 0}, -50, 90, True, True),
    # test_partly_paid_win_returns_a_fraction_of_stake
    ([4], {4: (0, 0, 10)}, {4: (-1, -1, 25)}, 100, {4: 100}, -100, 6, True, False),
    ([4], {4: (0, 0, 10)}, {4: (-1, -1, 40)}, 100, {4: 100}, -100, Fraction(15, 2), True, False),
])
def test_settlement_of_the_hand_built_rounds(order, wagers, odds, bank, nets, dealer_net,
                                             returned, exhausted, limited):
    r = _table.settle(RULES, order, wagers, odds, bank)
    assert r["nets"] == nets
    assert r["dealer_net"] == dealer_net
    assert r["returned"] == returned and type(r["returned"]) is type(returned)
    assert r["exhausted"] == exhausted and r["win_limited"] == limited


# ----------------------------------------------------------------------------- simulate
def _small_bank_setup():
    plans = [SeatPlan((100, 25, 10), 150), SeatPlan((0, 10, 10), 0), SeatPlan((250, 0, 20), 300),
             SeatPlan(), SeatPlan((50, 10, 0), 100), SeatPlan((1000, 100, 100), 2000),
             SeatPlan((10, 0, 0), 60)]
    return TableSetup(tuple(plans), first_banker=3)


def test_compiled_simulate_reproducible_and_thread_independent():
    setup = _small_bank_setup()
    a = summary(simulate_compiled(setup, 20_000, seed=5, threads=1, block_size=300), setup)
    b = summary(simulate_compiled(setup, 20_000, seed=5, threads=2, block_size=300), setup)
    c = summary(simulate_compiled(setup, 20_000, seed=6, threads=2, block_size=300), setup)
    d = summary(simulate_compiled(setup, 20_000, seed=5, threads=2, block_size=300,
                                  progress=TqdmProgress(file=io.StringIO())), setup)
    assert a == b == d
    assert a != c
    assert a["player_dealer"]["cap_binds_rounds"] > 0


def test_blocks_are_pieces_of_one_run_and_each_balances():
    setup = _small_bank_setup()
    whole = simulate_compiled(setup, 5_000, seed=9, threads=2, block_size=700)
    blocks = simulate_compiled(setup, 5_000, seed=9, threads=2, block_size=700, per_block=True)
    assert [b.rounds for b in blocks] == [700] * 7 + [100]
    for st in blocks:
        fees = st.dealer_fees + sum(st.seat_fees)
        # every party's result after fees, plus the house's fees, sums to nothing
        assert sum(acc.sx for acc in st.seat_round) + sum(st.seat_bank_net) + fees == 0
        assert sum(acc.sx for acc in st.seat_unit) + st.dealer_unit.sx == 0
        assert st.dealer_round.sx == sum(st.seat_bank_net)
    merged = blocks[0]
    for st in blocks[1:]:
        merged.merge(st)
    assert summary(merged, setup) == summary(whole, setup)


def test_rotating_bank_and_counts():
    setup = _small_bank_setup()
    n = 4_321
    st = simulate_compiled(setup, n, seed=1, threads=2, block_size=250)
    banked = [0] * 7
    for r in range(n):
        banked[setup.banker_of_round(r) - 1] += 1
    assert st.seat_banked == banked
    for s in range(1, 8):
        plan = setup.seats[s - 1]
        played = n - banked[s - 1] if any(plan.wagers) else 0
        assert st.seat_round[s - 1].n == played
        assert st.seat_round[s - 1].sw == played * sum(plan.wagers)
    assert st.dealer_round.sw == sum(banked[s - 1] * setup.seats[s - 1].bank for s in range(1, 8))


def test_simulate_uses_the_kernel_and_agrees_with_the_python_path():
    """Different generators, the same game: per-unit results agree within the 99%
    intervals (loosely: the intervals overlap)."""
    setup = uniform_setup(wagers=(100, 10, 10), bank=1000)
    fast = simulate(setup, 60_000, seed=3, threads=2)
    assert fast.path == "compiled"
    slow = simulate(setup, 3_000, seed=3, threads=1, compiled=False)
    assert slow.path == "python"
    fs, ss = summary(fast, setup), summary(slow, setup)
    for kind in ("base", "wrangler", "outlaw9"):
        lo1, hi1 = fs["bets"][kind]["per_unit_wagered"]["ci99"]
        lo2, hi2 = ss["bets"][kind]["per_unit_wagered"]["ci99"]
        assert lo1 <= hi2 and lo2 <= hi1, kind


def test_cli_simulate_compiled(capsys):
    import json
    from verifier.cli import main
    args = ["simulate", "--rounds", "3000", "--seed", "4", "--bank", "200", "--no-progress",
            "--json"]
    assert main(args + ["--threads", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--threads", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one == two and one["rounds"] == 3000


def test_outlaw9_agrees_with_the_shipped_certificate():
    """The kernel's shuffle, deal and hand-out against exact figures: with a bank that
    never binds, the Outlaw 9 bet's simulated return per unit lies within its 99%
    interval of the certificate's exact return, and its win rate near the exact share of
    qualifying hands (proofs/certificates/outlaw9-mikes.json)."""
    import json
    from pathlib import Path
    cert = json.loads((Path(__file__).resolve().parent.parent / "proofs" / "certificates"
                       / "outlaw9-mikes.json").read_text())
    rules = {k: v["value"] for k, v in cert["rules"].items()}
    assert (rules["house_way"], rules["bonus_reading"], rules["wheel"]) == ("mikes", "seven-card", "lowest")
    exact = Fraction(cert["sections"]["outlaw9"]["results"]["return"]["exact"])
    setup = uniform_setup(wagers=(0, 0, 100), bank=10 ** 9)
    st = simulate_compiled(setup, 300_000, seed=77, threads=2, block_size=1000)
    assert st.returned == 0 and st.cap_rounds == 0
    lo, hi = summary(st, setup)["bets"]["outlaw9"]["per_unit_wagered"]["ci99"]
    assert lo <= float(exact) <= hi
    # sharper: how often the bet wins at all, against the exact share of hands with a
    # qualifying category (within 3.3 standard deviations)
    sets = cert["counts"]["outlaw9_sets"]["seven-card"]
    losing = sum(e["hands"] for e in sets if not set(e["categories"]) & set(OUTLAW9_LINES))
    p = 1 - Fraction(losing, cert["total_hands"])
    n = st.bet_unit[2].n
    assert abs(st.bet_wins[2] / n - float(p)) <= 3.3 * (float(p * (1 - p)) / n) ** 0.5


