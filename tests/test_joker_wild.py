"""The joker as a declared deck reading (issue 53, item 3): a rule set's ``joker = "wild"``
reads the joker as any card (seed 000's glossary: "a card that can be a duplicate of any
card in the deck"; EZ Pai Gow Poker's California version), five of a kind the top hand.

Expected values come from outside the code under test: a poker evaluator written here
(five of a kind on top, the order of the published Dynasty Bonus table) with the joker
tried as every card of the deck, duplicates included; closed forms for the hands of five
of a kind; the compiled core and its pure-Python twin hand by hand on a reduced deck.
"""
import functools
import itertools
import math

import pytest

from verifier.game.cards import JOKER, parse_cards
from verifier.game.ranking import CLASS_NAMES, evaluation
from verifier.rules import rulesets
from verifier.rules.readings import Rules
from verifier.rules.terms import RuleSetError

WILD = evaluation(False, "wild")
CALIFORNIA = "ez-pai-gow-california"

#: K K K K A A A A J Q (two suits each) and the joker: five of a kind (kings, aces), royal
#: flushes with the joker, straights from a ten the joker stands for; C(13,7) = 1,716 hands
SMALL = sorted(parse_cards("Kc Kd Kh Ks Ac Ad Ah As Js Qs Jh Qh Jk"))


def _value(ranks, suits):
    """An independent value of five cards (ranks 0..12, a rank five times allowed):
    (class, tie-breakers), larger is better; A-2-3-4-5 the lowest straight."""
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    shape, order = [n for n, _ in groups], [r for _, r in groups]
    flush = len(set(suits)) == 1
    distinct = sorted(set(ranks))
    top = None
    if len(distinct) == 5 and distinct[-1] - distinct[0] == 4:
        top = distinct[-1]
    elif distinct == [0, 1, 2, 3, 12]:
        top = 3
    if shape == [5]:
        return (9, order)
    if top is not None and flush:
        return (8, [top])
    for cls, want in ((7, [4, 1]), (6, [3, 2])):
        if shape == want:
            return (cls, order)
    if flush:
        return (5, sorted(ranks, reverse=True))
    if top is not None:
        return (4, [top])
    for cls, want in ((3, [3, 1, 1]), (2, [2, 2, 1]), (1, [2, 1, 1, 1])):
        if shape == want:
            return (cls, order)
    return (0, sorted(ranks, reverse=True))


def brute_wild(cards):
    """The best value of five cards with the joker as every card not among the other four,
    or beside four of a kind as a fifth card of the rank (the published California rule:
    the joker "can replace any card not already included in the player's hand and can
    also be used to complete a five of a kind", Hollywood Casino Lawrenceburg, Pai Gow
    Poker)."""
    nat = [c for c in cards if c != JOKER]
    ranks, suits = [c >> 2 for c in nat], [c & 3 for c in nat]
    if len(nat) == 5:
        return _value(ranks, suits)
    if len(set(ranks)) == 1:
        return _value(ranks + ranks[:1], suits + suits[:1])      # five of a kind
    return max(_value(ranks + [c >> 2], suits + [c & 3]) for c in range(52) if c not in nat)


# ---------------------------------------------------------------- the reading

def test_the_joker_is_the_bug_by_default_and_its_readings_are_as_ever():
    bug = Rules.of()
    assert bug.joker == "bug" and bug.evaluation == 0
    assert {"joker", "classes"} <= set(bug.readings())
    assert not any("wild" in key for key in bug.readings())
    assert "joker" not in bug.as_dict()
    for name in rulesets.names():
        if name != CALIFORNIA:
            assert rulesets.load(name).joker == "bug"
            assert "joker" not in rulesets.load(name).to_dict()


def test_the_california_rule_set_reads_the_joker_wild():
    rs = rulesets.load(CALIFORNIA)
    assert rs.joker == "wild" and rs.to_dict()["joker"] == "wild"
    assert rs.rules.evaluation == evaluation(True, "wild")
    readings = rs.rules.readings()
    assert {"joker_wild", "classes_wild", "house_way_joker_wild"} <= set(readings)
    assert "joker" not in readings and "classes" not in readings


def test_an_unknown_joker_reading_is_one_line(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text('base = "ez-pai-gow"\nname = "x"\njoker = "semi"\n')
    with pytest.raises(RuleSetError, match="unknown joker 'semi': choose from bug, wild"):
        rulesets.load(str(path))


# ---------------------------------------------------------------- the evaluation

@functools.lru_cache(maxsize=1)
def _brute_fives():
    """{five cards: brute-force value} of every five of the deck below holding the joker."""
    deck = [r * 4 + s for r in (0, 1, 2, 3, 10, 11, 12) for s in range(3)] + [47, 51]
    out = {}
    for four in itertools.combinations(deck, 4):
        cls, ties = brute_wild(list(four) + [JOKER])
        out[four + (JOKER,)] = (cls, *ties)
    return out


@pytest.mark.compiled
def test_five_cards_with_the_wild_joker_rank_as_the_brute_force(engine):
    """Every five of 2 3 4 5 Q K A (three suits, and a fourth ace and king) holding the
    joker: the engine's keys order the hands exactly as the brute force's values do."""
    seen = {}
    for hand, value in _brute_fives().items():
        seen.setdefault(engine.eval5(list(hand), WILD), set()).add(value)
    keys = sorted(seen)
    values = [seen[k] for k in keys]
    assert all(len(v) == 1 for v in values)                    # a key is one value
    flat = [next(iter(v)) for v in values]
    assert flat == sorted(flat) and len(set(flat)) == len(flat)  # and in the same order
    assert CLASS_NAMES[keys[-1] >> 20] == "five_aces"            # five aces on top


def test_five_of_a_kind_beats_a_royal_flush_and_ranks_by_rank(engine):
    five_twos = engine.eval5(parse_cards("2c 2d 2h 2s Jk"), WILD)
    royal = engine.eval5(parse_cards("Ts Js Qs Ks As"), WILD)
    five_aces = engine.eval5(parse_cards("Ac Ad Ah As Jk"), WILD)
    assert royal < five_twos < five_aces
    # the bug: four deuces and an ace; five aces its top, as ever (key 9 << 20)
    assert engine.eval5(parse_cards("2c 2d 2h 2s Jk"), False) >> 20 == 7
    assert engine.eval5(parse_cards("Ac Ad Ah As Jk"), False) == 9 << 20


def test_in_two_cards_the_wild_joker_pairs_the_other_card():
    """Every hand of the small deck the house way sets with the joker in front: its
    two-card key is the pair of the other card's rank (the compiled core; the twin sets
    every hand alike, test_the_compiled_core_and_its_twin_agree_hand_by_hand)."""
    from verifier.engine import backend
    from verifier.game.ranking import FRONT_PAIR_BASE
    fronts = 0
    core = backend.module("_core")
    for hand in itertools.combinations(SMALL, 7):
        front, _back, fk, _bk, _row = core.set_hand(list(hand), WILD)
        if JOKER in front:
            fronts += 1
            assert fk == FRONT_PAIR_BASE + (min(front) >> 2)
    assert fronts > 0


#: hand-worked under the wild joker and Mike's Cardroom: every category (all bits) under
#: the seven-card reading and the house-way reading. Four kings and the joker: some five
#: is five of a kind, K K K K 2 four of a kind, K K K 2 7 three of a kind (a five holding
#: the joker shows its best reading only). The house way reads the joker as the ace (four
#: kings and the best kicker: no fifth king in the deck), so row 2: the other three
#: 2 7 A hold no pair, the kings split, K K in front and K K Jk 7 2 behind, three kings.
WILD_VECTORS = [
    ("Kc Kd Kh Ks Jk 2c 7d", ["five_of_a_kind", "four_of_a_kind", "three_of_a_kind"],
     ["three_of_a_kind"]),
    ("Ac Ad Ah As Jk 2c 7d", ["five_of_a_kind", "five_aces", "four_of_a_kind",
                              "three_of_a_kind"], ["three_of_a_kind"]),
]


@pytest.mark.parametrize("hand,seven,house", WILD_VECTORS, ids=[v[0] for v in WILD_VECTORS])
def test_wild_category_vectors(engine, hand, seven, house):
    from verifier.game.categories import names_to_mask
    assert engine.categories(parse_cards(hand, 7), WILD, 0) == (names_to_mask(seven),
                                                                names_to_mask(house))


@pytest.mark.slow
def test_every_hand_of_the_small_deck_has_the_brute_force_best_five(engine):
    """Hand by hand: the engine's best five-card class of every seven cards of the small
    deck is the brute force's best over the 21 fives."""
    for hand, brute in _brute_sevens().items():
        assert engine.best_five_class(list(hand), WILD) == brute, hand


@functools.lru_cache(maxsize=1)
def _brute_sevens():
    """{seven cards of SMALL: the brute force's best class over its 21 fives}."""
    return {hand: max(brute_wild(list(five))[0] for five in itertools.combinations(hand, 5))
            for hand in itertools.combinations(SMALL, 7)}


# ---------------------------------------------------------------- the engines agree

@pytest.mark.slow
def test_the_compiled_core_and_its_twin_agree_hand_by_hand():
    from verifier.engine import backend
    calls = ("set_hand", "categories", "best_for_bet", "hand_keys", "hand_info_fast")
    out = {}
    for name in ("compiled", "pure-python"):
        with backend.using(name) as core:
            out[name] = [tuple(getattr(core, f)(list(h), WILD | 1) for f in calls)
                         + (core.best_five_class(list(h), WILD),)
                         for h in itertools.combinations(SMALL, 7)]
    assert out["compiled"] == out["pure-python"]


@pytest.mark.slow
def test_the_engines_count_every_pair_of_hands_alike():
    """The base game's count of every (player, banker) pair of disjoint hands, the joker
    wild, on the small deck and a ten (3,432 pairs): the compiled count and the twin's."""
    from verifier.engine import backend
    deck = sorted(SMALL + parse_cards("Tc"))
    out = {}
    for name in ("compiled", "pure-python"):
        with backend.using(name):
            counts = backend.module("_pairwise").pairwise_counts(deck, WILD | 1, 0, 1)
        out[name] = {k: v for k, v in counts.items() if not k.endswith("_seconds")}
    assert out["compiled"] == out["pure-python"]
    assert out["compiled"]["total"] == math.comb(14, 7)


@pytest.mark.compiled
def test_no_wild_set_is_a_foul_and_five_of_a_kind_counts_by_the_closed_form(engine):
    """Of the 1,716 hands, those holding the joker and four of a kind are five of a kind:
    2 ranks of four x C(13 - 1 - 4, 2) other pairs of cards; none set as a foul."""
    from verifier.engine.enumeration import enumerate_hands
    # the wheel second, as the agreement test above: the twin's memo of wild cards serves both
    result = enumerate_hands(Rules.of(wheel="second", joker="wild"), deck=SMALL, threads=1)
    assert result.total_hands == math.comb(13, 7)
    assert result.best_five["five_aces"] == 2 * math.comb(8, 2)
    assert result.fouls == 0
    from verifier.game.categories import CATEGORY_BIT
    five = 1 << CATEGORY_BIT["five_of_a_kind"]
    aces = 1 << CATEGORY_BIT["five_aces"]
    masks = result.outlaw9_masks["seven-card"]
    assert sum(n for m, n in masks.items() if m & five) == 2 * math.comb(8, 2)
    assert sum(n for m, n in masks.items() if m & aces) == math.comb(8, 2)


# ---------------------------------------------------------------- run and check

def _run_and_check(tmp_path, *args):
    from verifier.cli import main
    out = tmp_path / "california.json"
    assert main(["run", "--rules", CALIFORNIA, "--no-progress", "--out", str(out), *args]) == 0
    assert main(["check", str(out), "--recompute"]) == 0
    import json
    return json.loads(out.read_text())


def test_run_a_wild_rule_set_on_ten_to_ace_and_check_recompute_re_derives_it(tmp_path):
    """T J Q K A of four suits and the joker: five of a kind is the joker, four of a kind
    of one of 5 ranks and 2 of the other 16 cards; its certificate carries the wild
    readings and check --recompute counts every hand again."""
    cert = _run_and_check(tmp_path, "--deck-ranks", "TJQKA")
    assert cert["counts"]["best_five"]["five_aces"] == 5 * math.comb(16, 2)
    assert cert["rules"]["joker_wild"]["value"] == "fixed"
    assert cert["sections"]["rule_set"]["results"]["joker"] == "wild"
    dynasty = cert["sections"]["custom_bets"]["results"]["dynasty_bonus"]
    assert "five_of_a_kind" in str(dynasty)


@pytest.mark.full
def test_run_the_california_rule_set_on_the_full_deck_and_check_recompute(tmp_path):
    """The full deck: five of a kind is the joker beside four of a kind, 13 x C(48,2)
    hands (the other two cards of the 48 of other ranks); a high card is a hand without
    the joker (wild, the joker pairs any card) with no pair, straight or flush: the
    published count of seven-card poker hands of 52 cards whose best is a high card,
    23,294,460; the base game and every section re-derived by check --recompute."""
    cert = _run_and_check(tmp_path)
    assert cert["counts"]["best_five"]["five_aces"] == 13 * math.comb(48, 2)
    assert cert["counts"]["best_five"]["high_card"] == 23_294_460
    assert sum(cert["counts"]["best_five"].values()) == math.comb(53, 7)
