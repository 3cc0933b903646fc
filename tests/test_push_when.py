"""A push on a condition of the banker's set hand (issue 36: EZ Pai Gow, Commission-Free;
verifier/game/pushes.py, SettlementRule.push_when, docs/VARIANTS.md), inside the exact
player-against-banker count.

The expectations come from a brute force written here, apart from the code under test:
every ordered pair of disjoint hands of a reduced deck, both set by the house way, the
outcome by comparing the two hands' keys, and the banker's condition read on its cards
(its two-card hand's cards; a pai gow by the published definition, on the seven cards:
seven different ranks, no straight, no flush, docs/VARIANTS.md).
"""
import itertools
import math

import pytest

from verifier.engine import backend, pairwise as pw
from verifier.engine.backend import compiled
from verifier.engine.reference import pairwise as twin
from verifier.game.cards import JOKER, parse_cards
from verifier.game.settlement import SettlementRule
from verifier.rules.terms import RuleSetError, check_settlement

# 16 cards, no suit symmetry: queen-high pai gows and 9-high two-card hands both occur
DECK = sorted(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s 9c Tc Jd Qh Qs Kc Ah Jk"))
# 16 cards, the clubs/diamonds swap maps it to itself (symmetry group of order 2)
SYM_DECK = sorted(parse_cards("2c 2d 4c 4d 5c 5d 7c 7d 9c 9d Jc Jd Qc Qd Kh Jk"))
ACE = 12


def _rank(card):
    return ACE if card == JOKER else card // 4


def seven_card_pai_gow_top(cards):
    """The top rank of a pai gow (seven different ranks, the joker an ace; no straight,
    the joker filling one gap, A low or high; no five of a suit, the joker in any), or
    None: the published definition, on the seven cards."""
    joker = JOKER in cards
    plain = [c for c in cards if c != JOKER]
    ranks = [_rank(c) for c in cards]
    if len(set(ranks)) < 7:
        return None
    if any(sum(1 for c in plain if c % 4 == s) + joker >= 5 for s in range(4)):
        return None
    held = {c // 4 for c in plain}
    windows = [[ACE, 0, 1, 2, 3]] + [list(range(lo, lo + 5)) for lo in range(0, 9)]
    if any(sum(r in held for r in w) + joker >= 5 for w in windows):
        return None
    return max(ranks)


def front_nine_high(front_cards):
    a, b = (_rank(c) for c in front_cards)
    return a != b and max(a, b) == 7


CONDITIONS = {
    "front_nine_high": lambda cards, front: front_nine_high(front),
    "pai_gow_queen_high": lambda cards, front: seven_card_pai_gow_top(cards) == 10,
}


def set_hands(deck, house_way=0):
    engine = backend.module("_core")
    out = {}
    for h in itertools.combinations(deck, 7):
        front, _back, fk, bk, _row = engine.set_hand(list(h), False, house_way)
        out[h] = (bk, fk, front)
    return out


_SETS = {}


def sets_of(deck):
    if tuple(deck) not in _SETS:
        _SETS[tuple(deck)] = set_hands(deck)
    return _SETS[tuple(deck)]


def brute_force(deck, names, outcomes):
    """(win, loss, push, total) over every ordered pair of disjoint hands, the wager
    pushing against a banker's hand that meets one of ``names`` (outcomes "all"), or
    only the player's win pushing ("player_wins")."""
    sets = sets_of(deck)
    win = loss = push = 0
    for p, (pb, pf, _pfront) in sets.items():
        rest = [c for c in deck if c not in p]
        for b in itertools.combinations(rest, 7):
            bb, bf, bfront = sets[b]
            barred = any(CONDITIONS[n](b, bfront) for n in names)
            if pb > bb and pf > bf:
                if barred:
                    push += 1
                else:
                    win += 1
            elif pb <= bb and pf <= bf:
                if barred and outcomes == "all":
                    push += 1
                else:
                    loss += 1
            else:
                push += 1
    return win, loss, push, win + loss + push


CASES = [(("front_nine_high",), "all"), (("pai_gow_queen_high",), "all"),
         (("pai_gow_queen_high",), "player_wins"),
         (("front_nine_high", "pai_gow_queen_high"), "all")]


def rule(names, outcomes):
    return SettlementRule.of(check_settlement(
        {"kind": "commission", "commission": "0", "push_when": list(names),
         "push_outcomes": outcomes}, "test"))


def test_the_reduced_decks_meet_both_conditions():
    for deck in (DECK, SYM_DECK):
        sets = sets_of(deck)
        for name, cond in CONDITIONS.items():
            assert any(cond(h, s[2]) for h, s in sets.items()), (name, deck)


@pytest.mark.parametrize("deck", [DECK, SYM_DECK], ids=["odd16", "sym16"])
def test_the_set_hand_conditions_are_the_published_ones_on_every_hand(deck):
    """The vocabulary reads the banker's keys; the brute force reads the cards."""
    sets = sets_of(deck)
    for name, cond in CONDITIONS.items():
        r = rule((name,), "all")
        for h, (bk, fk, front) in sets.items():
            assert r.pushes_on((bk, fk)) == cond(h, front), (name, h)


@pytest.mark.parametrize("names, outcomes", CASES)
@pytest.mark.parametrize("deck", [DECK, SYM_DECK], ids=["odd16", "sym16"])
def test_the_twin_count_is_the_brute_force(deck, names, outcomes):
    r = rule(names, outcomes)
    keys = {h: (bk, fk) for h, (bk, fk, _f) in sets_of(deck).items()}
    counts = twin.pairwise_counts_python(deck, None, keys=keys, push_when=r.push_terms())
    pw.check_counts(counts, len(deck))
    assert r.outcomes(counts) == brute_force(deck, names, outcomes)
    # without the condition the same counts settle as before
    plain = twin.pairwise_counts_python(deck, None, keys=keys)
    assert {k: counts[k] for k in plain} == plain


@pytest.mark.compiled
@pytest.mark.parametrize("names, outcomes", CASES)
@pytest.mark.parametrize("deck", [DECK, SYM_DECK], ids=["odd16", "sym16"])
def test_the_compiled_count_is_the_brute_force(deck, names, outcomes):
    mod = compiled("_pairwise")
    if mod is None:
        pytest.skip("verifier.engine._pairwise not built")
    r = rule(names, outcomes)
    for symmetry in (True, False):
        table = mod.PairwiseTable(deck, False, 0, 2, symmetry, r.push_terms())
        counts = table.counts()
        pw.check_counts(counts, len(deck))
        assert r.outcomes(counts) == brute_force(deck, names, outcomes)


def test_the_door_passes_the_settlement(engine):
    r = rule(("front_nine_high",), "all")
    counts = pw.pairwise_counts(deck=DECK, threads=1, settlement=r)
    assert r.outcomes(counts) == brute_force(DECK, ("front_nine_high",), "all")
    assert "win_on_push_hand" not in pw.pairwise_counts(deck=DECK, threads=1)


def test_the_pairs_against_a_push_hand_are_its_hands_times_the_players():
    """Every banker's hand meets C(n-7, 7) player hands: the pairs against a push hand
    are the push hands of the deck times that."""
    r = rule(("pai_gow_queen_high",), "all")
    keys = {h: (bk, fk) for h, (bk, fk, _f) in sets_of(DECK).items()}
    counts = twin.pairwise_counts_python(DECK, None, keys=keys, push_when=r.push_terms())
    hands = sum(1 for h, (bk, fk) in keys.items() if r.pushes_on((bk, fk)))
    assert counts["banker_push_hand"] == hands * math.comb(len(DECK) - 7, 7)


@pytest.mark.parametrize("bad, message", [
    ({"push_when": ["queen"]}, "names no category"),
    ({"push_when": "pai_gow_zero_high"}, "names no category"),
    ({"push_when": [3]}, "names of categories"),
    ({"push_when": ["front_pair", "front_pair"]}, "each once"),
    ({"push_when": ["front_pair"], "push_outcomes": "some"}, "choose"),
    ({"push_outcomes": "all"}, "without push_when"),
])
def test_a_bad_condition_is_one_line(bad, message):
    with pytest.raises(RuleSetError, match=message) as info:
        check_settlement({"kind": "commission", "commission": "0", **bad}, "x.toml")
    assert "\n" not in str(info.value)


def test_a_settlement_without_conditions_keeps_its_mapping():
    assert check_settlement({"kind": "commission", "commission": "0.05"}, "x") == \
        {"kind": "commission", "commission": "0.05"}
