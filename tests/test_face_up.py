"""Face Up Pai Gow (issue 36; docs/FACE_UP.md): the dealer's hand set by the house way and
exposed first, each player's best response, every wager pushing on the dealer's ace-high
pai gow (the ``face-up`` rule set, ``[settlement] dealer = "exposed"``).

Expectations come from brute forces written here: the 21 splits of a player's seven
cards, each compared with the dealer's set hand by keys, the push read on the dealer's
seven cards by the published definition of a pai gow (tests/test_push_when.py's
readings); over every ordered pair of disjoint hands of a reduced deck, the best split
per pair. The job's two routes (suit symmetry or none) and its twin agree with them.
"""
import itertools
import json
import math
import random
from fractions import Fraction

import pytest

from test_push_when import BRUTE_READINGS, DECK, DOOR_DECK, rule, sets_of
from verifier.engine import backend, strategy_counts
from verifier.game.cards import JOKER, full_deck, parse_cards
from verifier.game.ranking import is_foul


def exposed(settlement):
    """The settlement with the dealer's hand exposed first (Face Up's sums too)."""
    from dataclasses import replace
    return replace(settlement, dealer="exposed")

FACE_UP = ("pai_gow_ace_high",)
#: a deck closed under the suits' permutations (the job's 24-element symmetry)
FOUR_SUITS = sorted([r * 4 + s for r in (3, 8, 10, 11, 12) for s in range(4)] + [JOKER])


def splits(hand, wheel_second=False):
    """(front cards, back key, front key) of each of the 21 splits, by the engine's keys."""
    core = backend.module("_core")
    for front in itertools.combinations(sorted(hand), 2):
        back = [c for c in hand if c not in front]
        yield front, core.eval5(back, wheel_second), core.eval2(list(front))


def best_against(hand, dealer_keys, dealer_pushes, outcomes="all", wheel_second=False):
    """The best legal split's result (1, 0, -1) against a dealer's set hand: the brute
    force of one pair."""
    db, df = dealer_keys
    best = -2
    for _front, b, f in splits(hand, wheel_second):
        if is_foul(f, b):
            continue
        o = 1 if b > db and f > df else (-1 if b <= db and f <= df else 0)
        best = max(best, o)
    if dealer_pushes and (best > 0 or outcomes == "all"):
        return 0
    return best


_PAIRS = {}


def brute_pairs(deck, names=FACE_UP, outcomes="all"):
    """``brute_force_pairs``, once per deck and rule (this module's own table)."""
    key = (tuple(deck), tuple(names), outcomes)
    if key not in _PAIRS:
        _PAIRS[key] = brute_force_pairs(deck, names, outcomes)
    return _PAIRS[key]


def brute_force_hand(hand, deck, names, outcomes):
    """(win, loss, push, total) of one hand's best response to every dealer hand of the
    rest of ``deck``."""
    sets = sets_of(deck)
    w = l = p = 0
    for b in itertools.combinations([c for c in deck if c not in hand], 7):
        bb, bf, bfront = sets[b]
        pushes = any(BRUTE_READINGS[n](b, bfront) for n in names)
        r = best_against(hand, (bb, bf), pushes, outcomes)
        w += r > 0
        l += r < 0
        p += r == 0
    return w, l, p, w + l + p


def brute_force_pairs(deck, names, outcomes):
    """(win, loss, push, total) of the best response over every ordered pair."""
    sums = [brute_force_hand(hand, deck, names, outcomes) for hand in sets_of(deck)]
    return tuple(sum(x) for x in zip(*sums))


# ---------------------------------------------------------------------------------
# one hand against one dealer's hand: hand --dealer
# ---------------------------------------------------------------------------------

def test_the_best_setting_against_a_dealer_hand_is_the_brute_force_over_21_settings(engine):
    from verifier.engine import engine_spec
    from verifier.strategy.faceup import face_up_hand
    from verifier.rules import rulesets
    rs = rulesets.load("face-up")
    wheel_second, house_way = engine_spec(rs.rules).arguments()
    rng = random.Random(36)
    deck = full_deck()
    seen = set()
    for _ in range(40):
        cards = rng.sample(deck, 14)
        hand, dealer = sorted(cards[:7]), sorted(cards[7:])
        out = face_up_hand(hand, dealer, rs.rules, rs.settlement)
        core = backend.module("_core")
        _f, _b, dfk, dbk, _row = core.set_hand(dealer, wheel_second, house_way)
        pushes = BRUTE_READINGS["pai_gow_ace_high"](tuple(dealer), None)
        want = best_against(hand, (dbk, dfk), pushes, wheel_second=wheel_second)
        assert out["best_result"] == {1: "win", 0: "push", -1: "loss"}[want]
        assert out["dealer_pushes"] == pushes
        best = out["settings"][out["best"]]
        assert best["value"] == want and not best["foul"]
        assert len(out["settings"]) <= 21
        seen.add(out["best_result"])
    assert seen == {"win", "push", "loss"}


def test_a_dealers_ace_high_pai_gow_pushes_every_setting(capsys):
    from verifier.cli import main
    assert main(["hand", "As Kd 9h 7c 5s 3d 2c", "--dealer", "Ah Qd Jh 8c 6s 4d 2h",
                 "--rules", "face-up", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dealer_pushes"]
    assert {r["result"] for r in out["settings"]} <= {"push", "foul"}


# ---------------------------------------------------------------------------------
# one hand against every dealer's hand: the cells of cext/strategy.h
# ---------------------------------------------------------------------------------

@pytest.mark.parametrize("names,outcomes", [(FACE_UP, "all"),
                                            (("front_nine_high", "pai_gow_queen_high"), "player_wins"),
                                            ((), "all")])
def test_a_hands_face_up_counts_are_the_brute_force_over_the_dealers_hands(engine, names,
                                                                          outcomes):
    settlement = rule(names, outcomes) if names else None
    sets = sets_of(DECK)
    for hand in random.Random(7).sample(sorted(sets), 6):
        settings, _house = strategy_counts(list(hand), deck=DECK, settlement=settlement)
        w, l, _p, _t = brute_force_hand(hand, DECK, names, outcomes)
        assert all(s["face_up"] == {"win": w, "loss": l, "total": 36} for s in settings)


@pytest.mark.compiled
def test_the_jobs_cells_are_the_direct_count_hand_by_hand():
    """The job's inclusion-exclusion, cut at the push marks' bounds, against the direct
    count of the dealer hands (cext/strategy.h), setting by setting."""
    from verifier.engine import compiled
    _strategy = compiled("_strategy")
    settlement = rule(("pai_gow_ace_high", "flush"), "player_wins")
    job = _strategy.StrategyJob(FOUR_SUITS, True, 0, settlement)
    for hand in random.Random(3).sample(list(itertools.combinations(FOUR_SUITS, 7)), 12):
        direct, _house = _strategy.strategy_counts(list(hand), FOUR_SUITS, True, 0, 1,
                                                   settlement)
        by_job = job.hand(list(hand))
        keys = ("total", "win", "loss", "win_on_push_hand", "loss_on_push_hand", "face_up")
        assert [{k: s[k] for k in keys} for s in direct] == \
            [{k: s[k] for k in keys} for s in by_job]


# ---------------------------------------------------------------------------------
# every ordered pair: the edge
# ---------------------------------------------------------------------------------

@pytest.mark.parametrize("backend_name", ["compiled", "python"])
def test_the_face_up_counts_of_a_reduced_deck_are_the_brute_force_over_every_pair(
        backend_name, tmp_path):
    if backend_name == "compiled" and backend.compiled("_strategy") is None:
        pytest.skip("verifier.engine._strategy not built")
    from verifier.engine import engine_spec
    from verifier.strategy.faceup import face_up_counts
    from verifier.rules.readings import Rules
    w, l, p, total = brute_pairs(DOOR_DECK)
    assert w and l and p
    counts = face_up_counts(engine_spec(Rules()), rule(FACE_UP, "all"), DOOR_DECK,
                            threads=1, work=tmp_path, backend=backend_name)
    assert counts == {"total": total, "win": w, "loss": l, "push": p}


@pytest.mark.compiled
def test_the_job_with_suit_symmetry_is_the_job_without():
    """The job's two routes: one player hand per suit-symmetry class weighted by its size,
    and every hand its own class; Face Up and the settled sums alike. On J Q K A of every
    suit and the joker (17 cards, closed under the suits' 24 permutations; straights with
    the joker as the ten, flushes, five aces): C(17, 7) player hands against the C(10, 7)
    dealer hands of the rest of the deck."""
    from verifier.engine import compiled
    from verifier.game.cards import deck_of_ranks
    _strategy = compiled("_strategy")
    face_up = exposed(rule(FACE_UP, "all"))
    deck = deck_of_ranks("JQKA")
    a = _strategy.StrategyJob(deck, True, 0, face_up)
    b = _strategy.StrategyJob(deck, True, 0, face_up, symmetry=False)
    assert a.symmetric and not b.symmetric
    ra, rb = a.run(0, a.units), b.run(0, b.units)
    for k in ("player_hands", "house_way", "optimal", "face_up", "cost", "not_optimal"):
        assert ra[k] == rb[k], k
    # the best response does no worse than any one setting against every dealer hand
    assert ra["face_up"]["win"] - ra["face_up"]["loss"] >= \
        ra["optimal"]["win"] - ra["optimal"]["loss"]


@pytest.mark.compiled
@pytest.mark.parametrize("names,outcomes", [(FACE_UP, "all"), (("pai_gow_queen_high",), "player_wins")])
def test_the_job_in_groups_of_hands_is_the_job_hand_by_hand(names, outcomes):
    """A job counted by whole cells reads its tables in the plain job's batches (issue 50,
    cext/strategy_cells.h: each count a signed sum of corners, read once a group of hands
    with the same axes); hand by hand (``batch=-1``: every cell of every hand, st_settle)
    and in batches of one unit's hands are two other routes: every sum the same. The J Q K A
    deck of every suit and the joker, with suit symmetry and without."""
    from verifier.engine import compiled
    from verifier.game.cards import deck_of_ranks
    face_up = exposed(rule(names, outcomes))
    for symmetry in (True, False):
        job = compiled("_strategy").StrategyJob(deck_of_ranks("JQKA"), True, 0, face_up,
                                                 symmetry=symmetry)
        grouped = job.run(0, job.units)
        assert grouped["face_up"]["win"] and grouped["face_up"]["loss"]
        assert job.run(0, job.units, batch=-1) == grouped
        assert job.run(0, job.units, batch=1) == grouped


@pytest.mark.parametrize("names,outcomes", [(FACE_UP, "all"),
                                            # a second condition under "all": once, in CI
                                            pytest.param(("front_nine_high",), "all",
                                                         marks=pytest.mark.full),
                                            (("pai_gow_queen_high",), "player_wins")])
def test_the_strategy_jobs_twin_settles_push_conditions_as_the_compiled_job(names, outcomes):
    """The settled sums (a push condition's wins pushed, its losses too under "all") and
    Face Up's: the compiled job by cells against the twin by brute force."""
    if backend.compiled("_strategy") is None:
        pytest.skip("verifier.engine._strategy not built")
    from verifier.strategy.twin import PythonJob
    from verifier.strategy.optimal import prune_patterns
    face_up = exposed(rule(names, outcomes))
    job = backend.compiled("_strategy").StrategyJob(DOOR_DECK, False, 0, face_up, symmetry=False)
    twin = PythonJob(DOOR_DECK, False, 0, face_up)
    a, b = job.run(0, job.units), twin.run(0, twin.units)
    for k in ("player_hands", "house_way", "optimal", "face_up", "cost", "not_optimal"):
        assert a[k] == b[k], k
    if names == FACE_UP:
        w, l, _p, _t = brute_pairs(DOOR_DECK, names, outcomes)
        assert a["face_up"] == {"win": w, "loss": l}
    assert prune_patterns(a)["patterns"] == prune_patterns(b)["patterns"]


# ---------------------------------------------------------------------------------
# the command line: run, check --recompute, every shipped house way
# ---------------------------------------------------------------------------------

def _run(args, capsys):
    from verifier.cli import main
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.compiled
@pytest.mark.parametrize("house_way", ["trump-plaza", "mikes", "emperors", "foxwoods",
                                       "golden-nugget", "flamingo-hilton",
                                       "ballys-atlantic-city"])
@pytest.mark.parametrize("rules", ["face-up", "ez-pai-gow", "commission-free"])
def test_run_the_variants_on_every_house_way_certifies_and_recomputes(rules, house_way,
                                                                      tmp_path, capsys,
                                                                      monkeypatch):
    """``run --rules ez-pai-gow|commission-free|face-up --house-way H --json``: exact
    counts, the edge their fraction, a certificate that ``check --recompute`` re-derives
    and that fails once a count is changed (a reduced deck: the full deck's figures are
    in docs/VARIANTS.md and docs/FACE_UP.md)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "fu.json"
    code, text, err = _run(["run", "--rules", rules, "--house-way", house_way,
                            "--deck-ranks", "479JA", "--base-game", "--json",
                            "--no-progress", "--out", str(out)], capsys)
    assert code == 0, err
    # Face Up's base game is the strategy job: said in one line before it starts, in player
    # hands (the bar's word too), with the time it expects
    said = [line for line in err.splitlines() if "strategy job" in line]
    assert len(said) == (rules == "face-up")
    assert all(f"{math.comb(21, 7):,} player hands" in line and "minute" in line for line in said)
    base = json.loads(text)["sections"]["base_game"]
    c = base["outcomes"]                         # the counts, the push conditions applied
    assert c["win"] + c["loss"] + c["push"] == c["total"] == math.comb(21, 7) * math.comb(14, 7)
    assert base["house_edge"]["exact"] == str(-Fraction(c["win"] - c["loss"], c["total"]))
    code, text, err = _run(["check", str(out), "--recompute", "--no-progress"], capsys)
    assert code == 0 and ("Face Up's best response" in text) == (rules == "face-up")
    cert = json.loads(out.read_text())
    cert["sections"]["base_game"]["counts"]["loss"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(cert))
    code, text, _err = _run(["check", str(bad), "--recompute", "--no-progress"], capsys)
    assert code != 0 and "base_game.counts.loss" in text


def test_a_dealer_hand_that_is_neither_reading_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text('base = "face-up"\n[settlement]\nkind = "commission"\n'
                    'commission = "0"\ndealer = "upside"\n')
    code, _out, err = _run(["run", "--rules", str(path), "--deck-ranks", "9TJQKA"], capsys)
    assert code == 2 and "dealer = 'upside'" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("dealer,why", [("Ah Qd Jh 8c 6s 4d", "7"),
                                        ("As Qd Jh 8c 6s 4d 2h", "fourteen different")])
def test_a_bad_dealer_hand_is_one_line_and_exit_2(dealer, why, capsys):
    code, _out, err = _run(["hand", "As Kd 9h 7c 5s 3d 2c", "--dealer", dealer,
                            "--rules", "face-up"], capsys)
    assert code == 2 and why in err and len(err.strip().splitlines()) == 1


@pytest.mark.compiled
def test_house_ways_compare_gives_each_house_ways_variant_game(tmp_path, capsys,
                                                               monkeypatch):
    """``house-ways compare A B --rules face-up``: each house way's Face Up game, the same
    counts as ``run --rules face-up --house-way`` of each."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, text, err = _run(["house-ways", "compare", "trump-plaza", "mikes", "--rules",
                            "face-up", "--deck-ranks", "479JA", "--json", "--no-progress"],
                           capsys)
    assert code == 0, err
    rows = json.loads(text)["house_ways"]
    for row in rows:
        code, run, err = _run(["run", "--rules", "face-up", "--house-way", row["house_way"],
                               "--deck-ranks", "479JA", "--base-game", "--json",
                               "--no-progress"], capsys)
        assert code == 0, err
        assert row["face-up"]["counts"] == json.loads(run)["sections"]["base_game"]["counts"]


@pytest.mark.compiled
def test_check_recompute_runs_face_up_afresh_not_from_the_cache(tmp_path, capsys,
                                                                monkeypatch):
    """``run`` keeps the job's chunks in the cache (resumable); ``check --recompute``
    must not take them back: it runs the job in a work directory of its own."""
    from verifier.strategy import job as strategy_job
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "fu.json"
    code, _text, err = _run(["run", "--rules", "face-up", "--deck-ranks", "479JA",
                             "--base-game", "--out", str(out), "--no-progress"], capsys)
    assert code == 0, err
    seen = []
    real = strategy_job.run_job

    def spy(spec, work=None, *args, **kw):
        seen.append(work)
        return real(spec, work, *args, **kw)
    monkeypatch.setattr(strategy_job, "run_job", spy)
    code, text, err = _run(["check", str(out), "--recompute", "--no-progress"], capsys)
    assert code == 0, err
    assert seen and all(w is not None and str(tmp_path / "cache") not in str(w) for w in seen)
    assert "chunks resumed" not in err
