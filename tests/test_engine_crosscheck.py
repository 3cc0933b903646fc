"""The compiled core against the pure-Python reference (a second, independent algorithm).

Rule pinned down: both engines set every hand the same way, with the same keys, row,
best class, categories under both readings and best-for-bet lines, under both wheel
options. The seeded samples (20,000 hands in all, each hand through both engines: the
reference takes about 2 ms of CPU a hand; 80,000 until CI's full run had to fit in its 15
minutes) are marked `full` and run once, in CI's `pytest -m full`; three smaller samples
of 3,000 hands each, drawn alike (any hand, four or more of a suit, the Emperor's house
way), ran there too, as `slow` tests: the same property on fewer hands of the same draw,
now left to the larger ones (some 21 CPU-seconds of the full run). Every hand of the deck is held to a second
classification elsewhere (tests/test_enumeration.py, the memo against classifying every
hand), and every hand of reduced decks to the reference (tests/test_enumeration.py, the
compiled and pure-Python engines on a 13-card and a 16-card deck): these samples add the
reference's own code on hands of the full deck.
"""
import multiprocessing
import random

import pytest

pytestmark = pytest.mark.compiled
pytest.importorskip("verifier.engine._core")
from verifier.engine import _core
from verifier.engine.reference import core as reference

SEED = 20261122


def _disagreements(args):
    """Hands (of a seeded sample) where the two engines differ; worker for a pool."""
    seed, count, flush_heavy, house_way = (tuple(args) + (0,))[:4]
    rng = random.Random(seed)
    bad = []
    for i in range(count):
        if flush_heavy:  # at least four of one suit, the memo's other path
            suit = rng.randrange(4)
            suited = rng.sample([r * 4 + suit for r in range(13)], rng.choice((4, 5, 6)))
            rest = [c for c in range(53) if c not in suited]
            hand = suited + rng.sample(rest, 7 - len(suited))
        else:
            hand = rng.sample(range(53), 7)
        wheel_second = bool(i & 1)
        got = (_core.set_hand(hand, wheel_second, house_way),
               _core.categories(hand, wheel_second, house_way),
               _core.best_five_class(hand), _core.hand_keys(hand, wheel_second, house_way),
               _core.best_for_bet(hand, wheel_second, house_way))
        ref_set = reference.set_hand(hand, wheel_second, house_way)
        want = (ref_set, reference.categories(hand, wheel_second, house_way),
                reference.best_five_class(hand), (ref_set[3], ref_set[2]),
                reference.best_for_bet(hand, wheel_second, house_way))
        if got != want:
            bad.append((sorted(hand), wheel_second, got, want))
    return bad


def _check_sample(total, flush_heavy, house_way=0, workers=2):
    per = total // workers
    jobs = [(SEED + w + 1000 * flush_heavy + 10_000 * house_way, per, flush_heavy, house_way)
            for w in range(workers)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        bad = [b for part in pool.map(_disagreements, jobs) for b in part]
    assert not bad, f"{len(bad)} disagreements, first: {bad[:3]}"


@pytest.mark.full
def test_engines_agree_on_10000_seeded_random_hands():
    _check_sample(10_000, flush_heavy=False)


@pytest.mark.full
def test_engines_agree_on_5000_hands_with_four_or_more_of_a_suit():
    _check_sample(5_000, flush_heavy=True)


@pytest.mark.parametrize("house_way", [0, 1])
def test_the_memo_fast_path_agrees_with_classifying_all_21_sets(house_way):
    # Rule: with no flush possible, keys and categories depend on the ranks alone (plus
    # the colour check), so the memo must reproduce the full classification exactly.
    rng = random.Random(SEED + house_way)
    hands = [rng.sample(range(53), 7) for _ in range(20_000)]
    full = _core.set_hands(hands, False, house_way)
    for hand, (_, _, front_key, back_key, seven, house) in zip(hands, full):
        assert _core.hand_info_fast(hand, False, house_way) == (back_key, front_key, seven, house)


@pytest.mark.full
def test_the_emperors_house_way_agrees_on_5000_seeded_random_hands():
    _check_sample(5_000, flush_heavy=False, house_way=1)
