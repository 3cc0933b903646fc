"""Players bank in rotation with the dealer, co-banking, and custom bets at the table
(issue 27 items 3 and 4; docs/TABLE.md, "The bank in rotation", "Custom bets at the
table")."""
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import one_line_error
from verifier.game.outcome import base_outcome
from verifier.game.ranking import PAIR_OF_THREES_KEY
from verifier.odds.exact import paid_line
from verifier.rules.rulesets import load
from verifier.support.errors import VerifierError
from verifier.table.limits import TableRules
from verifier.table.round import RoundSpec, play_round
from verifier.table.bank import settle_player_bank
from verifier.table.settle import HOUSE
from verifier.table.setup import HOUSE_SEAT, parse_bank_policy, uniform_setup
from verifier.table.simulate import block_rng, run_block, simulate
from verifier.table.summary import summary
ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"


def table_of(name, **kw):
    return TableRules.from_ruleset(load(name), **kw)


# ----------------------------------------------------------------------------- settlement
def test_player_bank_settlement_by_hand():
    """Worked by hand: seat 3 banks $1,000 at 5%; seat 1 ($100) beats it and is paid
    $95 (the house keeps $5), seat 2 ($50) loses, seat 4 ($40) pushes, the dealer's $100
    loses to the bank. The bank's gross: +50 + 100 - 100 = +50; its commission 5% of 50 =
    2.50; the house: 5 - 100 + 2.50 = -92.50."""
    odds = {1: (1,), 2: (-1,), 4: (0,)}
    wagers = {1: (100,), 2: (50,), 4: (40,)}
    st = settle_player_bank([1, 2, 4], wagers, odds, ("base",), Fraction(1, 20), 3, 1000,
                            dealer_wager=100, dealer_odds=-1)
    assert [r[3] for r in st.results] == [95, -50, 0]
    assert st.dealer_net == Fraction(95, 2) and st.commission_banker == Fraction(5, 2)
    assert st.commission_players == 5 and st.dealer_wager_net == -100
    assert st.house_net == Fraction(-185, 2) and st.faced == 290
    # co-banked, the same table without the dealer's wager: gross -100 + 50 = -50, the
    # casino covers half (-25), the banker loses 25 and pays no commission
    st = settle_player_bank([1, 2, 4], wagers, odds, ("base",), Fraction(1, 20), 3, 1000,
                            share=Fraction(1, 2))
    assert st.dealer_net == -25 and st.co_banked == -25 and st.commission_banker == 0
    assert st.house_net == 5 - 25
    # the commission on each wager won instead: 5% of the $50 collected, halved
    st = settle_player_bank([1, 2, 4], wagers, odds, ("base",), Fraction(1, 20), 3, 1000,
                            share=Fraction(1, 2), banker_commission="each-win")
    assert st.commission_banker == Fraction(5, 4) and st.dealer_net == Fraction(-105, 4)


def _deck(seed):
    deck = list(range(53))
    random.Random(seed).shuffle(deck)
    return deck


def test_a_player_banked_round_balances_and_counts_from_the_banker():
    t = table_of("casino-standard")
    spec = RoundSpec(HOUSE_SEAT, 0, {1: (100,), 2: (50,), 4: (25,)}, (2, 3, 4), deck=_deck(1),
                     banker_seat=3, chips=500, dealer_wager=100)
    res = play_round(spec, t)
    assert res.first_seat == 3 + 9 - 1 - 7     # the banker's seat counts 1, 8, 15
    nets = res.party_nets()
    assert sum(nets.values()) == 0
    assert nets["seat 3"] == res.settlement.dealer_net
    assert nets[HOUSE] == res.settlement.house_net
    # the bank's hand against each player's and the dealer's, both house way
    bk = res.sets[3]["house_way"]
    for s in (1, 2, 4):
        p = res.sets[s]["house_way"]
        assert res.odds[s][0] == base_outcome(p[3], p[2], bk[3], bk[2])
    d = res.to_json_dict()
    assert d["bank"]["banker_seat"] == 3 and d["seats"]["3"]["role"] == "banker"


# ----------------------------------------------------------------------------- bad input
def test_round_checks():
    t = table_of("casino-standard")
    base = dict(dice=(1, 1, 1), deck=_deck(2))
    with pytest.raises(VerifierError, match="cannot cover the \\$175"):
        play_round(RoundSpec(7, 0, {1: (100,), 2: (75,)}, banker_seat=3, chips=174, **base), t)
    with pytest.raises(VerifierError, match="and the dealer's \\$100"):
        play_round(RoundSpec(7, 0, {1: (100,)}, banker_seat=3, chips=150, dealer_wager=100,
                             **base), t)
    with pytest.raises(VerifierError, match="players do not bank"):
        play_round(RoundSpec(4, 400, {1: (100, 0, 0)}, banker_seat=3, chips=500, **base))
    with pytest.raises(VerifierError, match="seat 3 banks"):
        play_round(RoundSpec(7, 0, {3: (100,)}, banker_seat=3, chips=500, **base), t)
    with pytest.raises(VerifierError, match="dealer's place"):
        play_round(RoundSpec(7, 0, {1: (100,)}, banker_seat=7, chips=500, **base), t)


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


ROUND = {"rule_set": "casino-standard", "player_dealer": {"seat": 7, "bank": 0},
         "seats": {"1": {"base": 100}, "2": {"base": 250}, "5": {"base": 50}},
         "player_banker": {"seat": 3, "chips": 400}, "dice": [2, 3, 6], "seed": 4}


def test_settle_plays_a_round_file_with_a_player_banker(tmp_path, capsys):
    from verifier.cli import main
    path = _write(tmp_path, "r.json", dict(ROUND, player_banker={"seat": 3, "chips": 400,
                                                                 "co_bank": True}))
    assert main(["settle", str(path), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["bank"]["co_banked"] and d["seats"]["3"]["role"] == "banker"
    total = sum(Fraction(v) for v in d["results"].values())
    assert total == 0
    gross = -sum(Fraction(v) * (1 if Fraction(v) < 0 else Fraction(20, 19))
                 for k, v in d["results"].items() if k in ("seat 1", "seat 2", "seat 5"))
    assert Fraction(d["bank"]["house"]["co_banked_share"]) == gross / 2


def test_bad_round_files_and_options(tmp_path, capsys):
    path = _write(tmp_path, "short.json", dict(ROUND, player_banker={"seat": 3, "chips": 399}))
    one_line_error(["settle", path], capsys, "cannot cover the $400")
    rs = tmp_path / "noco.toml"
    rs.write_text('base = "casino-standard"\nname = "no-co-bank"\n[bank]\nco_bank_share = "0"\n')
    path = _write(tmp_path, "co.json", dict(ROUND, rule_set=str(rs),
                                            player_banker={"seat": 3, "chips": 900,
                                                           "co_bank": True}))
    one_line_error(["settle", path], capsys, "no co-banking")
    sim = ["simulate", "--rounds", "10", "--no-progress", "--threads", "1"]
    one_line_error(sim + ["--rules", "casino-standard", "--bank-policy", "7=always"], capsys,
                   "seat 7 is not occupied")
    one_line_error(sim + ["--rules", "casino-standard", "--seats", "1-3", "--bank-policy",
                          "1=always,4=never"], capsys, "seat 4 is not occupied")
    one_line_error(sim + ["--rules", "casino-standard", "--bank-policy", "sometimes"], capsys,
                   "'sometimes' is not one of")
    one_line_error(sim + ["--rules", str(rs), "--co-bank"], capsys, "no co-banking")
    one_line_error(sim + ["--bank-policy", "always"], capsys, "players do not bank")
    house = tmp_path / "house.toml"
    house.write_text('base = "casino-standard"\nname = "house-only"\n[bank]\n'
                     'banker = "house"\nco_bank_share = "0"\n')
    one_line_error(sim + ["--rules", str(house), "--bank-policy", "always"], capsys,
                   "players do not bank")


def test_bank_policy_forms():
    assert parse_bank_policy("always", [1, 2]) == ((1, "always"), (2, "always"))
    assert parse_bank_policy("1=always,3=every-other", [1, 2, 3]) == (
        (1, "always"), (2, "never"), (3, "every-other"))
    assert parse_bank_policy("every-other,2=never", [1, 2]) == ((1, "every-other"), (2, "never"))


# ----------------------------------------------------------------------------- the rotation
def test_the_rotation_and_the_policies():
    """The dealer's turn, then seats 1, 2, 3 in turn; seat 2 every other turn; seat 3's
    chips cannot cover the table (200 of base wagers and the dealer's 100) and passes."""
    t = table_of("casino-standard")
    plans = uniform_setup((100,), 1000, [1, 2, 3], table=t,
                          bank_policy=((1, "always"), (2, "every-other"), (3, "always")))
    from dataclasses import replace
    seats = list(plans.seats)
    seats[2] = replace(seats[2], bank=299)
    setup = replace(plans, seats=tuple(seats))
    got = [setup.round_turn(r)[:2] for r in range(12)]
    assert got == [(7, None), (1, 1), (2, 2), (3, None),
                   (7, None), (1, 1), (2, None), (3, None),
                   (7, None), (1, 1), (2, 2), (3, None)]
    assert setup.round_turn(3)[2] is True and setup.dealer_wager(1) == 100
    co = replace(setup, co_bank=True)
    assert co.dealer_wager(1) == 0 and co.covers(3)


@pytest.mark.parametrize("name", ["casino-standard", "emperors-challenge"])
def test_the_python_simulator_plays_play_rounds_bank_rounds(name):
    """run_block's player-banked rounds are play_round's, round by round (ledgers built
    and checked), co-banked or not."""
    table = table_of(name)
    wagers = (100,) if name == "casino-standard" else (25, 10, 10)
    for co in (False, True):
        setup = uniform_setup(wagers, 1000, table=table, co_bank=co,
                              bank_policy=tuple((s, "always") for s in range(1, 7)))
        for r in range(1, 7):   # rounds 1..6: seats 1..6 bank
            st = run_block(setup, 7, r, r, 1, check_ledger=True)
            assert st.ledgers_checked == 1 and st.seat_banked[r - 1] == 1
            rng = block_rng(7, r)
            deck = list(range(53))
            rng.shuffle(deck)
            dice = tuple(int(rng.random() * 6) + 1 for _ in range(3))
            spec = RoundSpec(HOUSE_SEAT, 0, {s: wagers for s in range(1, 7) if s != r}, dice,
                             deck=deck, banker_seat=r, chips=1000, co_bank=co,
                             dealer_wager=0 if co else wagers[0])
            res = play_round(spec, table)
            nets = res.settlement.seat_nets()
            assert [st.seat_unit[s - 1].sx for s in range(1, 7) if s != r] == \
                [nets[s] for s in range(1, 7) if s != r]
            assert st.bank_seat[r - 1].sx == res.party_nets()[f"seat {r}"]
            assert st.dealer_round.sx == res.party_nets().get(HOUSE, 0)


def _random_bank_round(rng, table):
    banker = rng.randint(1, 6)
    wagers = {}
    for seat in range(1, 7):
        if seat == banker or rng.random() < 0.2:
            continue
        stakes = tuple(rng.choice([0, 5, 10, 25, 100, rng.randint(10, 500)])
                       for _ in table.kinds)
        if stakes[0] or any(stakes):
            wagers[seat] = stakes
    co = rng.random() < 0.5
    dw = 0 if co else rng.choice([0, 10, 100, rng.randint(5, 500)])
    return RoundSpec(HOUSE_SEAT, 0, wagers, tuple(rng.randint(1, 6) for _ in range(3)),
                     deck=_deck(rng.random()), action_pile=rng.randrange(7),
                     banker_seat=banker, chips=10 ** 6, co_bank=co, dealer_wager=dw)


@pytest.mark.compiled
@pytest.mark.parametrize("name", ["casino-standard", "emperors-challenge"])
@pytest.mark.parametrize("each_win", [False, True])
def test_kernel_replay_equals_python_round_engine_when_a_player_banks(name, each_win):
    """The compiled kernel's player-banked rounds are play_round's: order, odds, every
    result, the banker's, the house's and its parts, exactly."""
    _table = pytest.importorskip("verifier.engine._table")
    from dataclasses import replace
    from verifier.table.kernel import kernel_bank_units, kernel_rules
    table = table_of(name, minimum=5)
    if each_win:
        table = replace(table, banker_commission="each-win")
    rng = random.Random(f"bank-{name}-{each_win}")
    specs = [s for s in (_random_bank_round(rng, table) for _ in range(700)) if s.wagers]
    rounds = []
    for s in specs:
        cob, bcomm = kernel_bank_units(table, s.co_bank)
        if not s.co_bank:   # units of the co-banked scale: twice as fine
            cob, bcomm = 0, 2 * bcomm
        rounds.append((s.banker_seat, 0, s.wagers, sum(s.dice), s.deck, s.action_pile,
                       {"house_seat": HOUSE_SEAT, "dealer_stake": s.dealer_wager,
                        "cob": cob, "bcomm": bcomm}))
    got = _table.replay(kernel_rules(table, co_bank=True), rounds,
                        wheel_second=table.wheel_second, house_way=table.house_way_number)
    seen = {"co": 0, "dealer": 0, "fraction": 0, "dealer_wins": 0}
    for spec, mine in zip(specs, got):
        res = play_round(spec, table)
        st = res.settlement
        order = [s for s in res.order if s in spec.wagers]
        assert mine["order"] == order
        assert (mine["first_seat"], mine["action_seat"]) == (res.first_seat, res.action_seat)
        assert mine["odds"] == {s: tuple(res.odds[s]) for s in order}
        assert mine["results"] == [tuple(r) for r in st.results]
        assert mine["banker_net"] == st.dealer_net == res.party_nets()[f"seat {spec.banker_seat}"]
        assert mine["house_net"] == st.house_net == res.party_nets().get(HOUSE, 0)
        for k in ("commission_players", "commission_banker", "co_banked", "dealer_wager_net",
                  "faced"):
            assert mine[k] == getattr(st, k), k
        seen["co"] += spec.co_bank
        seen["dealer"] += bool(spec.dealer_wager)
        seen["dealer_wins"] += st.dealer_wager_net > 0
        seen["fraction"] += isinstance(st.dealer_net, Fraction)
    assert min(seen.values()) > 0, seen


# ----------------------------------------------------------------------------- exact figure
def _banker_exact(cert):
    """One opponent against the banker, both on the house way: the banker's expected
    result per unit = P(opponent loses) (1 - commission) - P(opponent wins), copies
    counted among the opponent's losses, from the certificate's pairwise counts."""
    c = cert["sections"]["base_game"]["counts"]
    total, win, loss = int(c["total"]), int(c["win"]), int(c["loss"])
    assert win + loss + int(c["push"]) == total
    commission = Fraction(cert["sections"]["base_game"]["settlement"]["commission"])
    return Fraction(loss, total) * (1 - commission) - Fraction(win, total)


@pytest.mark.compiled
def test_one_on_one_banker_result_covers_the_exact_figure():
    """One player at the table, always banking when its turn comes: on its turns it banks
    against the dealer's wager alone (one-on-one); its result per unit faced has the
    exact figure of the shipped certificate's counts inside its 99% interval."""
    pytest.importorskip("verifier.engine._table")
    cert = json.loads((CERTS / "casino-standard.json").read_text())
    want = _banker_exact(cert)
    table = table_of("casino-standard")
    setup = uniform_setup((100,), 1000, [1], table=table, bank_policy=((1, "always"),))
    st = simulate(setup, 600_000, seed=27, threads=2)
    assert st.path == "compiled" and st.seat_banked[0] == 300_000
    summ = summary(st, setup)
    lo, hi = summ["bank"]["seats"]["1"]["per_unit_of_wagers_faced"]["ci99"]
    assert lo <= float(want) <= hi, (float(want), lo, hi)
    assert hi - lo < 0.01


@pytest.mark.compiled
def test_kernel_rotation_is_reproducible_and_balances():
    from verifier.table.kernel import simulate_compiled
    setup = uniform_setup((25, 10, 10), 1000, table=table_of("emperors-challenge"),
                          co_bank=True, bank_policy=parse_bank_policy("every-other,2=always",
                                                                      [1, 2, 3, 4, 5, 6]))
    a = summary(simulate_compiled(setup, 20_000, seed=5, threads=1, block_size=300), setup)
    b = summary(simulate_compiled(setup, 20_000, seed=5, threads=2, block_size=300), setup)
    assert a == b
    house = a["bank"]["house"]
    assert sum(Fraction(v) for v in house["take_by_source"].values()) == Fraction(house["net"])
    assert a["bank"]["seats"]["2"]["rounds_banked"] > a["bank"]["seats"]["1"]["rounds_banked"]
    for st in simulate_compiled(setup, 2_000, seed=9, threads=2, block_size=700,
                                per_block=True):
        assert sum(acc.sx for acc in st.seat_unit) + st.dealer_unit.sx + \
            sum(acc.sx for acc in st.bank_seat) == 0


def test_cli_reports_the_bankers_position(capsys):
    from verifier.cli import main
    for argv in (["--rules", "casino-standard", "--bank-policy", "always"],
                 ["--rules", "emperors-challenge", "--co-bank"]):
        assert main(["simulate", "--rounds", "3000", "--no-progress", "--threads", "1",
                     *argv]) == 0
        out = capsys.readouterr().out
        assert "The bank in rotation" in out and "House take by source" in out
    assert main(["simulate", "--rounds", "3000", "--no-progress", "--threads", "1", "--json",
                 "--rules", "emperors-challenge", "--co-bank", "--bank", "100"]) == 0
    d = json.loads(capsys.readouterr().out)["bank"]
    assert d["co_bank_share"] == "1/2" and d["rounds_player_banked"] == 0
    assert all(s["turns_passed_for_chips"] > 0 for s in d["seats"].values())


# ----------------------------------------------------------------------------- custom bets
def _custom_rule_set(tmp_path):
    import shutil
    for f in ("pai-gow-mania-seven-card.toml", "jackpot-pai-gow.toml",
              "house-way-pair-in-front.toml", "wrangler-as-versus-banker.toml"):
        shutil.copy(ROOT / "examples" / "paytables" / f, tmp_path / f)
    rs = tmp_path / "custom.toml"
    rs.write_text('base = "casino-standard"\nname = "casino-custom"\n[bets]\n'
                  'mania = "pai-gow-mania-seven-card.toml"\n'
                  'jackpot = "jackpot-pai-gow.toml"\n'
                  'pair_front = "house-way-pair-in-front.toml"\n'
                  'versus = "wrangler-as-versus-banker.toml"\n')
    return rs


def test_custom_bets_are_paid_their_tables(tmp_path):
    """Each custom bet's odds, hand by hand, are its table's pay on the highest line the
    hand reaches, the lines found by the reference engine (verifier/engine/reference, a
    second implementation) and the front/back classes of the sets shown."""
    from verifier.engine.reference import categories as ref
    from verifier.game.bets import house_way_lines
    from verifier.game.categories import BEST_FOR_BET_LINES, CATEGORY_NAMES
    rs = load(str(_custom_rule_set(tmp_path)))
    table = TableRules.from_ruleset(rs)
    assert table.kinds == ("base", "mania", "jackpot", "pair_front", "versus")
    tables = rs.paytables()
    rng = random.Random(11)
    seen = set()
    for _ in range(150):
        deck = _deck(rng.random())
        wagers = {s: (10, 10, 10, 10, 10) for s in range(1, 7)}
        res = play_round(RoundSpec(7, 0, wagers, (1, 2, 3), deck=deck), table)
        dealer = res.sets[7]["house_way"]
        for s in range(1, 7):
            cards = sorted(res.seat_cards[s])
            hw = res.sets[s]["house_way"]
            names = lambda m, vocab: {n for i, n in enumerate(vocab) if m >> i & 1}  # noqa
            lines = {"mania": names(ref.seven_card_mask(cards), CATEGORY_NAMES),
                     "jackpot": names(ref.best_for_bet_mask(cards), BEST_FOR_BET_LINES),
                     "pair_front": house_way_lines(hw[3], hw[2])}
            b = base_outcome(hw[3], hw[2], dealer[3], dealer[2])
            lines["versus"] = ({"push"} | ({"push_with_pair_of_3s_or_better"} if max(
                hw[2], dealer[2]) >= PAIR_OF_THREES_KEY else set()) if b == 0 else
                {"player_wins" if b > 0 else "player_loses"})
            for k, name in enumerate(table.kinds[1:], 1):
                _, net = paid_line(lines[name], tables[name])
                assert res.odds[s][k] == net, (name, lines[name])
                seen.add((name, net > 0))
        assert sum(res.party_nets().values()) == 0
    assert {("mania", True), ("pair_front", True), ("versus", True), ("jackpot", True)} <= seen


def test_simulate_and_settle_play_custom_bets(tmp_path, capsys):
    from verifier.cli import main
    rs = _custom_rule_set(tmp_path)
    assert main(["simulate", "--rules", str(rs), "--rounds", "400", "--no-progress",
                 "--threads", "1", "--json", "--custom", "mania=25", "--custom", "jackpot=0",
                 "--bank-policy", "always"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d["bets"]) == {"base", "mania", "jackpot", "pair_front", "versus"}
    assert d["bets"]["jackpot"]["placed"] == 0 and d["bets"]["mania"]["wagered"] % 25 == 0
    assert d["bank"]["rounds_player_banked"] > 0
    one_line_error(["simulate", "--rules", str(rs), "--rounds", "4", "--custom", "nope=5"],
                   capsys, "no custom bet 'nope'")
    path = _write(tmp_path, "c.json", dict(ROUND, rule_set=str(rs),
                                           seats={"1": {"base": 10, "versus": 10}}))
    assert main(["settle", str(path), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d["seats"]["1"]["odds"]) == {"base", "mania", "jackpot", "pair_front", "versus"}


@pytest.mark.compiled
def test_no_seat_banking_is_the_house_banked_game(capsys):
    """--bank-policy never (or no bank policy) plays the house-banked game: the same
    rounds, the same figures, on both paths; only the rotation's section is added."""
    from verifier.cli import main
    common = ["simulate", "--rules", "emperors-challenge", "--rounds", "2000", "--seed", "8",
              "--no-progress", "--threads", "1", "--json"]
    for extra in ([], ["--check-ledger"]):
        assert main(common + extra) == 0
        house = json.loads(capsys.readouterr().out)
        assert main(common + extra + ["--bank-policy", "never"]) == 0
        never = json.loads(capsys.readouterr().out)
        bank = never.pop("bank")
        assert bank["rounds_player_banked"] == 0
        for s in never["seats"].values():
            s["bank"] = 0      # the chips a seat would bank with: not used
        house.pop("ledgers_checked"), never.pop("ledgers_checked")
        assert never == house
