"""Every setting of one player hand against every banker hand (verifier.engine.hand_strategy, issue 15).

The compiled count (cext/strategy.h) is checked against a brute force in Python over
every pair of hands and every setting on reduced decks, with the settings' keys and the
banker's house way from the pure-Python reference engine; on the full deck against the
histogram of the banker's keys from the pairwise count's own tables (pairwise.h) and the
direct count of the house way's setting (``versus_banker``), and by the dominance order.
"""
import itertools
import json
import math
import random
from fractions import Fraction

import pytest

import oracles

from verifier.engine import backend
from verifier.engine import hand_strategy as strategy
from verifier.engine.reference import strategy as twin
from verifier.strategy import hand as priced
from verifier.odds.basegame import setting_return
from verifier.game.cards import JOKER, deck_of_ranks, full_deck, parse_cards
from verifier.cli import main
from verifier.game.outcome import LOSS, WIN, base_outcome
from verifier.engine.pairwise import versus_banker
from verifier.engine.reference import core as reference
from verifier.rules.readings import Rules

# Reduced decks of 15 cards (6,435 player hands, 8 banker hands each): straights and the
# wheel, flushes and straight flushes with and without the joker; pairs up to five aces.
STRAIGHT_DECK = sorted(parse_cards("Ac Ad 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c Ah Jk"))
PAIRS_DECK = sorted(deck_of_ranks("QKA") + parse_cards("Jc Jd"))
ODD_DECK = sorted(parse_cards("2c 3c 4c 5c 6c 9d 9h Tc Jh Qs Kc Kd Ah As Jk"))
CASES = [(STRAIGHT_DECK, "lowest", "mikes"), (STRAIGHT_DECK, "second", "emperors"),
         (PAIRS_DECK, "lowest", "mikes"), (ODD_DECK, "lowest", "emperors")]

HOUSE_WAY_IDS = {"mikes": 0, "emperors": 1}


def _keys(deck, wheel, house_way, _cache={}):
    """Every hand's keys by the reference engine, once per (deck, rules)."""
    key = (tuple(deck), wheel, house_way)
    if key not in _cache:
        _cache[key] = twin.all_house_keys(deck, wheel == "second",
                                              HOUSE_WAY_IDS[house_way], reference)
    return _cache[key]


def _brute(deck, wheel, house_way, _cache={}):
    key = (tuple(deck), wheel, house_way)
    if key not in _cache:
        _cache[key] = oracles.strategy_brute_force(deck, wheel == "second",
                                                   HOUSE_WAY_IDS[house_way], reference,
                                                   _keys(deck, wheel, house_way))
    return _cache[key]


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("deck, wheel, house_way", CASES)
def test_every_hand_of_a_reduced_deck_equals_the_brute_force(deck, wheel, house_way):
    rules = Rules(wheel=wheel, house_way=house_way)
    brute = _brute(deck, wheel, house_way)
    assert len(brute) == math.comb(15, 7)
    for hand, want in brute.items():
        assert strategy.strategy_counts(hand, rules, deck=deck, threads=1) == want, hand


@pytest.mark.slow
def test_a_few_hands_of_a_reduced_deck_equal_the_brute_force():
    """The public path of either engine (compiled, or PAIGOW_PUREPYTHON's twin)."""
    rules = Rules()
    brute = _brute(PAIRS_DECK, "lowest", "mikes")
    for hand in random.Random(15).sample(sorted(brute), 6):
        assert strategy.strategy_counts(hand, rules, deck=PAIRS_DECK) == brute[hand]


@pytest.mark.slow
@pytest.mark.parametrize("deck, wheel, house_way",
                         [CASES[0], pytest.param(*CASES[1], marks=pytest.mark.full)])
def test_inclusion_exclusion_over_the_players_cards_equals_the_brute_force(deck, wheel,
                                                                           house_way):
    """The full job's method (docs/STRATEGY.md), in Python, on a sample of hands."""
    keys, brute = _keys(deck, wheel, house_way), _brute(deck, wheel, house_way)
    for hand in random.Random(7).sample(sorted(brute), 12):
        settings, house = brute[hand]       # (Face Up's counts: tests/test_face_up.py)
        plain = [{k: v for k, v in row.items() if k != "face_up"} for row in settings]
        assert oracles.strategy_ie_python(hand, keys, wheel == "second",
                                           reference) == (plain, house)


@pytest.mark.full        # a check of the oracle itself (16 s): once, with the full suite
def test_the_brute_force_sees_every_kind_of_setting():
    """The reduced decks exercise merged splits, fouls, dominated settings and hands
    whose house way is not the best."""
    seen = set()
    for deck, wheel, house_way in CASES:
        for hand, (settings, house) in _brute(deck, wheel, house_way).items():
            seen.add(f"n{min(len(settings), 21)}")
            seen |= {k for s in settings for k in ("foul", "dominated") if s[k]}
            rows, best, _cost = priced.evaluate(settings, house, {"kind": "fees"})
            if house not in best:
                seen.add("house way not best")
    assert {"foul", "dominated", "house way not best", "n21"} <= seen
    assert any(n != "n21" for n in seen if n.startswith("n"))


# ---------------------------------------------------------------------------------
# the full deck
# ---------------------------------------------------------------------------------

FULL_HANDS = ["As Ks Qs Js Ts Kh Qh", "Jk 2c 2d 7h 8h 9h Th", "3c 5d 8h 9s Jc Qd Kh"]


def _banker_histogram(hand):
    """{(back key, front key): banker hands} over the other 46 cards, from the pairwise
    count's compact key tables (cext/pairwise.h, not the code under test)."""
    from verifier.engine import _pairwise
    rest = [c for c in full_deck() if c not in hand]
    table = _pairwise.PairwiseTable(rest, False, 0, 1, False)
    return table.key_histogram()


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("text", FULL_HANDS)
def test_full_deck_every_setting_against_the_banker_histogram(text):
    hand = sorted(parse_cards(text))
    settings, house = strategy.strategy_counts(hand, Rules())
    hist = _banker_histogram(hand)
    want = twin.settings_python(hand, reference)
    assert [{k: s[k] for k in want[0]} for s in settings] == want
    for s in settings:
        win = loss = 0
        for (bk, fk), n in hist.items():
            outcome = base_outcome(s["back_key"], s["front_key"], bk, fk)
            win += n if outcome == WIN else 0
            loss += n if outcome == LOSS else 0
        assert (s["total"], s["win"], s["loss"]) == (math.comb(46, 7), win, loss)
    assert twin.house_keys(hand, reference) == (settings[house]["back_key"],
                                                   settings[house]["front_key"])


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("seed, rules", [(0, Rules()), (1, Rules(wheel="second",
                                                                  house_way="emperors"))])
def test_full_deck_house_way_setting_equals_the_direct_count(seed, rules):
    rng = random.Random(seed)
    hand = sorted(rng.sample(full_deck()[:-1], 6) + [JOKER] if seed
                  else rng.sample(full_deck(), 7))
    settings, house = strategy.strategy_counts(hand, rules)
    direct = versus_banker(hand, rules)
    s = settings[house]
    assert (s["win"], s["loss"], s["total"] - s["win"] - s["loss"]) == (
        direct["win"], direct["loss"], direct["push"])
    _check_dominance(settings)


def _check_dominance(settings):
    """A setting whose back and front rank no higher than a legal one's never wins more
    nor loses less (each banker hand's outcome can only get better)."""
    for s, t in itertools.permutations(settings, 2):
        if not t["foul"] and t["back_key"] >= s["back_key"] and t["front_key"] >= s["front_key"]:
            assert s["dominated"]
            assert t["win"] >= s["win"] and t["loss"] <= s["loss"]


# ---------------------------------------------------------------------------------
# values under the settlement
# ---------------------------------------------------------------------------------

def test_values_are_the_settlement_of_the_counts():
    settings = [{"back_key": 1, "front_key": 1, "foul": False, "dominated": True,
                 "total": 100, "win": 40, "loss": 30},
                {"back_key": 2, "front_key": 2, "foul": False, "dominated": False,
                 "total": 100, "win": 45, "loss": 40},
                {"back_key": 0, "front_key": 3, "foul": True, "dominated": False,
                 "total": 100, "win": 90, "loss": 0}]
    commission = {"kind": "commission", "commission": "0.05"}
    rows, best, cost = priced.evaluate(settings, 1, commission)
    assert [r["value"] for r in rows] == [Fraction(40 * 19 - 30 * 20, 2000),
                                          Fraction(45 * 19 - 40 * 20, 2000), None]
    assert best == [0] and cost == Fraction(160 - 55, 2000)
    assert [r["push"] for r in rows] == [30, 15, 10]
    rows, best, cost = priced.evaluate(settings, 1, {"kind": "fees"})
    assert [r["value"] for r in rows[:2]] == [Fraction(10, 100), Fraction(5, 100)]
    assert setting_return({"win": 45, "loss": 40, "push": 15, "total": 100},
                          {"kind": "fees"}) == Fraction(1, 20)


# ---------------------------------------------------------------------------------
# the command
# ---------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.compiled
def test_hand_strategy_command(capsys):
    text = "As Ks Qs Js Ts Kh Qh"
    assert main(["hand", text, "--strategy", "--rules", "casino-standard", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rule_set"] == "casino-standard" and out["banker_hands"] == math.comb(46, 7)
    hand = sorted(parse_cards(text))
    settings, house = strategy.strategy_counts(hand, Rules(wheel="second"))
    assert out["house_way_setting"] == house
    for row, s in zip(out["settings"], settings):
        c = row["counts"]
        assert (c["win"], c["loss"], c["total"]) == (s["win"], s["loss"], s["total"])
        if row["legal"]:
            assert Fraction(row["return"]["exact"]) == Fraction(
                20 * s["win"] - s["win"] - 20 * s["loss"], 20 * s["total"])
    best = max(Fraction(r["return"]["exact"]) for r in out["settings"] if r["legal"])
    assert [i for i, r in enumerate(out["settings"]) if r["best"]] == out["best"]
    assert all(Fraction(out["settings"][i]["return"]["exact"]) == best for i in out["best"])
    assert main(["hand", text, "--strategy", "--threads", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum("[best" in line for line in lines) == len(out["best"])
    assert sum("house way]" in line or "house way," in line for line in lines) == 1
    assert lines[-1].startswith("house way")


@pytest.mark.parametrize("argv, words", [
    (["hand", "As Ks Qs Js Ts 9s Xx", "--strategy"], "bad card 'Xx'"),
    (["hand", "As Ks Qs Js Ts 9s 8s", "--strategy", "--versus-banker"], "not allowed"),
    (["hand", "As Ks Qs Js Ts 9s 8s", "--strategy", "--threads", "0"], "--threads"),
    (["hand", "As Ks Qs Js Ts 9s 8s", "--strategy", "--rules", "no-such-rules"],
     "no-such-rules"),
])
def test_hand_strategy_bad_input_is_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_the_compiled_module_is_switched_with_the_others():
    assert "_strategy" in backend.COMPILED_MODULES


# ---------------------------------------------------------------------------------
# the full job (cext/strategy_job.h): every player hand by inclusion-exclusion
# ---------------------------------------------------------------------------------

def _job(deck, wheel="lowest", house_way="mikes", commission=(1, 20), symmetry=True):
    from verifier.engine import _strategy
    return _strategy.StrategyJob(deck, wheel == "second", HOUSE_WAY_IDS[house_way],
                                 at_rate(commission), threads=2, symmetry=symmetry)


def at_rate(commission):
    """The commission rule at the rate cn/cd."""
    from verifier.game.settlement import SettlementRule
    return SettlementRule.at(Fraction(*commission))


def _same_settings(got, want):
    keep = ("back_key", "front_key", "foul", "dominated", "total", "win", "loss")
    return [{k: s[k] for k in keep} for s in got] == [{k: s[k] for k in keep} for s in want]


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("deck, wheel, house_way", CASES)
def test_job_counts_every_hand_of_a_reduced_deck_as_the_brute_force(deck, wheel, house_way):
    """The job's inclusion-exclusion (tables per orbit of card sets, sparse lists, the
    direct sixes) against every pair of hands and every setting, one by one."""
    job = _job(deck, wheel, house_way)
    for hand, (want, _house) in _brute(deck, wheel, house_way).items():
        assert _same_settings(job.hand(list(hand)), want), hand


# Suit-closed decks (every suit permutation maps them to themselves), so the job works
# by orbits of 24: five ranks with the joker (21 cards, 116,280 player hands, 3,432 banker
# hands each): the wheel and joker straights, joker flushes, five aces.
CLOSED_DECKS = [deck_of_ranks("A2345"), deck_of_ranks("89TJA"),
                [c for c in deck_of_ranks("TJQKA") if c != JOKER]]


def _but_classes(raw):
    """Raw sums less what depends on the orbits: how many representatives there are.
    (A pattern's example, the least of its costliest hands, depends on nothing else.)"""
    return {k: v for k, v in raw.items() if k != "player_classes"}


@pytest.mark.compiled
@pytest.mark.parametrize("deck", CLOSED_DECKS)
@pytest.mark.parametrize("wheel, house_way", [("lowest", "mikes"), ("second", "emperors")])
def test_job_by_orbits_equals_every_card_set_on_its_own(deck, wheel, house_way):
    """One table per orbit of card sets, player hands weighted by orbit size, equals the
    same job with no symmetry (every card set and player hand on its own)."""
    a, b = _job(deck, wheel, house_way), _job(deck, wheel, house_way, symmetry=False)
    assert a.symmetric and not b.symmetric
    ra, rb = a.run(0, a.units), b.run(0, b.units)
    assert ra["player_hands"] == rb["player_hands"] == rb["player_classes"] == math.comb(len(deck), 7)
    assert ra["player_classes"] < ra["player_hands"] // 12
    assert _but_classes(ra) == _but_classes(rb)


@pytest.mark.compiled
@pytest.mark.parametrize("deck", CLOSED_DECKS[:2] + [ODD_DECK])
@pytest.mark.parametrize("wheel, house_way", [("lowest", "mikes"), ("second", "emperors")])
def test_job_house_way_column_equals_the_pairwise_count(deck, wheel, house_way):
    """Summed over every player hand, the house way's setting against every banker hand
    is today's exact player-against-banker count (cext/pairwise.h, another method)."""
    from verifier.engine import _pairwise
    job = _job(deck, wheel, house_way)
    raw = job.run(0, job.units)
    want = _pairwise.pairwise_counts(deck, wheel == "second", HOUSE_WAY_IDS[house_way], 2)
    n = len(deck)
    assert raw["banker_hands"] == math.comb(n - 7, 7)
    assert raw["player_hands"] * raw["banker_hands"] == want["total"]
    assert raw["house_way"] == {"win": want["win"], "loss": want["loss"]}
    # the best setting is never worse than the house way's, by the value it is picked by
    v = lambda side: 19 * raw[side]["win"] - 20 * raw[side]["loss"]
    assert v("optimal") - v("house_way") == raw["cost"] >= 0


@pytest.mark.compiled
@pytest.mark.parametrize("deck", [CLOSED_DECKS[0], ODD_DECK])
def test_job_units_split_anywhere_add_up(deck):
    from verifier.strategy.optimal import merge_raw
    job = _job(deck)
    whole = job.run(0, job.units)
    cut = random.Random(3).sample(range(1, job.units), 3)
    parts = [job.run(lo, hi) for lo, hi in zip([0] + sorted(cut), sorted(cut) + [job.units])]
    total = parts[0]
    for p in parts[1:]:
        total = merge_raw(total, p)
    assert _but_classes(total) == _but_classes(whole)
    # the plain job reads its tables for a batch of hands together (cext/strategy_batch.h):
    # batches of a unit's hands at a time (the smallest) give the same sums
    assert job.run(0, job.units, batch=1) == whole
    # several ranges run together (their units in one order, each hand into its range's
    # sums: cext/strategy_run.h) give each range's own sums, in the order asked
    ranges = list(zip([0] + sorted(cut), sorted(cut) + [job.units]))
    assert job.run_many(ranges[::-1]) == parts[::-1]
    assert job.run_many(ranges, batch=1) == parts
    assert job.run_many([]) == []
    with pytest.raises(ValueError, match="overlap"):
        job.run_many([(0, 3), (2, 5)])


@pytest.mark.compiled
@pytest.mark.parametrize("deck", [CLOSED_DECKS[0], ODD_DECK])
def test_a_job_built_for_some_units_gives_their_sums_and_refuses_others(deck):
    """``units``: only the tables those units' hands read (check --recompute's chunks),
    and the very sums of the whole job's; a range outside them is refused, not miscounted."""
    from verifier.engine import _strategy
    whole = _job(deck)
    ranges = [(0, 2), (whole.units // 2, whole.units // 2 + 3)]
    part = _strategy.StrategyJob(deck, False, HOUSE_WAY_IDS["mikes"], at_rate((1, 20)), threads=2,
                                 units=ranges)
    assert part.table_bytes < whole.table_bytes
    assert [part.run(lo, hi) for lo, hi in ranges] == [whole.run(lo, hi) for lo, hi in ranges]
    with pytest.raises(ValueError, match="built the tables"):
        part.run(whole.units - 1, whole.units)
    with pytest.raises(ValueError, match="not ranges"):
        _strategy.StrategyJob(deck, units=[(0, whole.units + 1)])


@pytest.mark.full
@pytest.mark.compiled
def test_full_deck_job_equals_the_direct_count_for_a_sample_of_hands():
    """The full deck's tables: every setting of sampled hands against the direct walk of
    all 53,524,680 banker hands (cext/strategy.h)."""
    job = _job(full_deck(), "second", "mikes")
    assert job.symmetric and job.banker_hands == math.comb(46, 7)
    rng = random.Random(2026)
    hands = [parse_cards(t) for t in FULL_HANDS] + [rng.sample(full_deck(), 7) for _ in range(3)]
    for hand in hands:
        want, _house = strategy.strategy_counts(sorted(hand), Rules(wheel="second"))
        assert _same_settings(job.hand(sorted(hand)), want), hand


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("deck, wheel, house_way, commission",
                         # each deck once; a 5% commission and even money each under both
                         # house ways
                         [(*case, c) for case, c in zip(CASES, [(1, 20), (0, 1), (0, 1),
                                                                (1, 20)])])
def test_job_raw_sums_equal_the_pure_python_twin(deck, wheel, house_way, commission):
    """The compiled job's sums over every player hand (house way, best setting, how often
    and how much the house way is not best, by type, row and pattern) against its
    pure-Python twin, which plays every setting against every banker hand one by one."""
    from verifier.strategy.optimal import prune_patterns
    from verifier.strategy.twin import PythonJob
    job = _job(deck, wheel, house_way, commission)
    twin = PythonJob(deck, wheel == "second", HOUSE_WAY_IDS[house_way], at_rate(commission),
                     reference)
    got, want = job.run(0, job.units), twin.run(0, twin.units)
    assert _but_classes(prune_patterns(got)) == _but_classes(prune_patterns(want))
    assert got["not_optimal"] > 0


def test_the_door_prices_a_hand_the_same_on_either_engine(engine):
    """``strategy_counts`` goes to the compiled module or its twin in
    verifier/engine/reference/strategy.py by the one switch, with the same arguments; each
    equals the brute force with the reference engine's keys."""
    assert backend.module("_strategy").__name__.endswith(
        "reference.strategy" if backend.PURE_PYTHON else "_strategy")
    hand = sorted(PAIRS_DECK)[3:10]
    assert strategy.strategy_counts(hand, Rules(), deck=PAIRS_DECK, threads=1) == \
        twin.strategy_python(hand, PAIRS_DECK, engine=reference)
