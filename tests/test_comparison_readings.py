"""How two set hands compare (verifier/game/comparison.py): each comparison reading, in
the exact pairwise count (compiled, and its pure-Python twin), held against a brute force
over every ordered pair of disjoint hands of a reduced deck that compares the two hands
part by part as the reading's words say (not through the reading's keys)."""
import itertools

import pytest

from verifier.engine import backend
from verifier.engine import pairwise as pw
from verifier.game.cards import JOKER, parse_cards
from verifier.game.comparison import POINTS, Comparison, every_comparison
from verifier.rules.readings import Rules

# A-2-3-4-5 of clubs and diamonds, 7c 7d Ah 2h and the joker (tests/test_pairwise.py's
# wheel deck): wheels and 6-high straights with the joker, pairs with different kickers,
# the joker in front beside an ace or alone, pairs of aces with and without the joker.
DECK = sorted(parse_cards("Ac Ad 2c 2d 3c 3d 4c 4d 5c 5d 7c 7d Ah 2h Jk"))
STRAIGHTS = (4, 8)            # the classes of straight and straight flush (docs/ENGINE.md)
MADE = {1: 1, 2: 2, 3: 1, 7: 1}   # class: the ranks that make it (one pair ... quads)

READINGS = [Comparison(joker_front="natural-wins"), Comparison(joker_front="joker-wins"),
            Comparison(joker_back="natural-wins"), Comparison(joker_back="joker-wins"),
            Comparison(wheel="second"), Comparison(wheel="lowest"),
            Comparison(kickers="ignored"),
            Comparison(joker_front="natural-wins", joker_back="joker-wins",
                       wheel="lowest", kickers="ignored")]


def _sets(wheel_second, house_way="mikes"):
    """{hand: (front cards, back cards, front key, back key)} for every hand of DECK."""
    engine = backend.module("_core")
    number = Rules.of(wheel="second" if wheel_second else "lowest",
                      house_way=house_way)
    from verifier.engine.spec import as_spec
    _ws, hw = as_spec(number).checked(suit_symmetric=True)
    out = {}
    for hand in itertools.combinations(DECK, 7):
        front, back, fk, bk, _row = engine.set_hand(list(hand), wheel_second, hw)
        out[hand] = (tuple(front), tuple(back), fk, bk)
    return out, hw


def _straight_height(key, wheel_second, reading):
    """A straight's place among straights: its top card (the wheel's 5 is 3, an ace 12),
    the wheel moved as the reading says (second: between K-high and A-high)."""
    ordinal = key >> 16 & 15
    order = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] if not wheel_second else \
        [4, 5, 6, 7, 8, 9, 10, 11, 3, 12]
    top = order[ordinal]
    wheel = reading.wheel if reading.wheel != "as-set" else \
        ("second" if wheel_second else "lowest")
    return 11.5 if top == 3 and wheel == "second" else top


def _value(key, joker, joker_reading, back, wheel_second, reading):
    """What the reading's words compare in one part of a set hand, in order: the class,
    then the straight's height or the made ranks (kickers ignored) or every rank, then
    the joker (1 for the side the reading puts higher)."""
    if not back:
        first = (key,)
    elif (key >> 20) in STRAIGHTS and reading.wheel != "as-set":
        first = (key >> 20, _straight_height(key, wheel_second, reading))
    elif reading.kickers == "ignored" and (key >> 20) in MADE:
        first = (key >> 20, key >> (20 - 4 * MADE[key >> 20]))    # the made ranks
    else:
        first = (key >> 20, key)
    if joker_reading == "copy":
        return first
    return first + (int(joker) if joker_reading == "joker-wins" else int(not joker),)


def brute_force(sets, reading, wheel_second):
    """Win, loss, push and the copies over every ordered pair of disjoint hands."""
    value = {h: (_value(bk, JOKER in back, reading.joker_back, True, wheel_second, reading),
                 _value(fk, JOKER in front, reading.joker_front, False, wheel_second,
                        reading))
             for h, (front, back, fk, bk) in sets.items()}
    out = dict(win=0, loss=0, push=0, copy_high=0, copy_low=0, copy_both=0, total=0)
    for p, (phi, plo) in value.items():
        rest = [c for c in DECK if c not in p]
        for b in itertools.combinations(rest, 7):
            bhi, blo = value[b]
            out["total"] += 1
            out["win" if phi > bhi and plo > blo else
                "loss" if phi <= bhi and plo <= blo else "push"] += 1
            out["copy_high"] += phi == bhi
            out["copy_low"] += plo == blo
            out["copy_both"] += phi == bhi and plo == blo
    return out


@pytest.fixture(scope="module")
def sets():
    return {ws: _sets(ws) for ws in (False, True)}


@pytest.fixture(scope="module")
def plain(sets):
    """The brute force under the engine's comparison, by the setting's wheel."""
    return {ws: brute_force(sets[ws][0], Comparison(), ws) for ws in (False, True)}


def test_every_point_has_the_engine_first_and_a_display_name():
    from verifier.game.comparison import TITLES
    assert set(TITLES) == set(POINTS)
    assert Comparison().is_default and Comparison().describe() == "as the engine's keys"
    assert len(list(every_comparison())) == 3 * 3 * 3 * 2
    with pytest.raises(ValueError, match="Joker in the front"):
        Comparison(joker_front="ace")


def _held(sets, plain, reading, wheel_second):
    table, hw = sets[wheel_second]
    want = brute_force(table, reading, wheel_second)
    got = backend.module("_pairwise").pairwise_counts(DECK, wheel_second, hw, 1, None,
                                                      None, reading)
    assert {k: got[k] for k in want} == want
    if reading != Comparison(wheel="second" if wheel_second else "lowest"):
        assert want != plain[wheel_second]           # the deck exercises the reading


@pytest.mark.compiled
@pytest.mark.parametrize("wheel_second", [False, True])
@pytest.mark.parametrize("reading", READINGS, ids=lambda r: r.describe()[:40])
def test_each_reading_is_the_brute_force(sets, plain, reading, wheel_second, engine):
    """The compiled exact count under each reading is the brute force's, the hands
    compared one pair at a time, and differs from the engine's comparison (the deck
    exercises the reading)."""
    _held(sets, plain, reading, wheel_second)


@pytest.mark.slow
@pytest.mark.parametrize("reading", READINGS[-1:], ids=["every point"])
def test_the_twin_is_the_brute_force(sets, plain, reading, engine):
    """The same, for the pure-Python twin too (one reading of every point: it is slow)."""
    _held(sets, plain, reading, True)


def test_the_default_comparison_is_the_engine_keys(sets):
    """Under the default reading the brute force is the engine's comparison (keys)."""
    table, hw = sets[True]
    got = pw.pairwise_counts(DECK, Rules(wheel="second"), threads=1)
    want = brute_force(table, Comparison(), True)
    assert {k: got[k] for k in want} == want


@pytest.mark.compiled
def test_compact_tables_under_a_reading_agree_with_the_engine_on_every_hand():
    """The compiled tables filled under a reading (the joker's place read from the memo,
    or from the set of a flush-possible hand) equal the slow route hand by hand."""
    mod = backend.compiled("_pairwise")
    for reading in READINGS[-1:]:
        table = mod.PairwiseTable(DECK, True, 0, 1, True, None, reading)
        assert table.check_keys() == 0


def test_push_conditions_are_refused_under_a_reading(engine):
    from types import SimpleNamespace
    settlement = SimpleNamespace(has_pushes=True, push_terms=lambda: [(None, None)])
    with pytest.raises(ValueError, match="comparison reading"):
        backend.module("_pairwise").pairwise_counts(DECK, False, 0, 1, None, settlement,
                                                    READINGS[0])


@pytest.mark.compiled
@pytest.mark.parametrize("reading,finer", [(r, r.kickers == "compared") for r in READINGS
                                           if r.wheel == "as-set"],
                         ids=lambda r: r.describe()[:40] if isinstance(r, Comparison) else "")
def test_a_finer_comparison_only_adds_wins_and_a_coarser_only_losses(reading, finer):
    """A joker reading splits copies only (a finer order): every pair the player won he
    still wins, none he did not lose does he lose, so wins can only grow and losses only
    shrink; ignoring kickers makes copies only (a coarser order): the reverse
    (docs/HOUSE_WAYS.md: why no such reading gives JB's fewer wins and fewer losses)."""
    mod = backend.compiled("_pairwise")
    base = mod.pairwise_counts(DECK, True, 0, 1)
    got = mod.pairwise_counts(DECK, True, 0, 1, None, None, reading)
    grow, shrink = (got, base) if finer else (base, got)
    assert grow["win"] >= shrink["win"] and grow["loss"] <= shrink["loss"]
    assert (grow["win"], grow["loss"]) != (shrink["win"], shrink["loss"])
