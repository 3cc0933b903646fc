"""Hand-key vocabulary shared by both engines: class names, key decoding, the foul test.

The key encodings themselves are specified in docs/ENGINE.md.
"""
from __future__ import annotations

from verifier.game.cards import RANK_CHARS

CLASS_NAMES = ["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight",
               "flush", "full_house", "four_of_a_kind", "straight_flush", "five_aces"]
CLASS_BITS = 20
ROYAL_ORDINAL = 9
FRONT_PAIR_BASE = 169  # two-card key of a pair of rank r is 169 + r
FRONT_KEY_COUNT = FRONT_PAIR_BASE + 13     # every two-card key, 0..181 (C: FRONT_KEYS)
PAIR_OF_THREES_KEY = FRONT_PAIR_BASE + 1  # Wrangler Push pays 2 to 1 from this front up
#: the joker's readings (a rule set's ``joker``, docs/RULES_READINGS.md): the bug (an ace,
#: or completing a straight, flush or straight flush) or wild (any card, five of a kind)
JOKER_READINGS = ("bug", "wild")
#: the engine's evaluation, the bits of the ``wheel_second`` argument every engine function
#: takes (C: EVAL_*): A-2-3-4-5 second-highest, and the joker wild
EVAL_WHEEL_SECOND, EVAL_JOKER_WILD = 1, 2


def evaluation(wheel_second: bool, joker: str = "bug") -> int:
    """The engine's evaluation argument of a wheel reading and a joker reading: ``1`` for
    A-2-3-4-5 second, ``| 2`` for the wild joker (``wheel_second`` stays a bool for the
    bug, so every figure and engine of the bug is the same as before)."""
    flags = EVAL_WHEEL_SECOND if wheel_second else 0
    return flags | (EVAL_JOKER_WILD if joker == "wild" else 0)


def five_of_a_kind_key(rank: int, wild: bool) -> int:
    """The key of five cards of one rank (four and the joker): five aces under the bug
    (payload 0, as ever), five of a kind of ``rank`` (payload ``rank << 16``) wild."""
    return 9 << CLASS_BITS | (rank << 16 if wild else 0)


def class_of(key: int) -> int:
    """Class index 0..9 of a five-card key."""
    return key >> CLASS_BITS


def is_royal(key: int) -> bool:
    return class_of(key) == 8 and (key >> 16) & 15 == ROYAL_ORDINAL


def front_on_back_scale(front_key: int) -> int:
    """A two-card key mapped onto the five-card scale (pair -> one pair, else high card)."""
    if front_key >= FRONT_PAIR_BASE:
        return (1 << CLASS_BITS) | ((front_key - FRONT_PAIR_BASE) << 16)
    hi, lo = divmod(front_key, 13)
    return (hi << 16) | (lo << 12)


def is_foul(front_key: int, back_key: int) -> bool:
    """True when the two-card hand outranks the five-card hand."""
    return front_on_back_scale(front_key) > back_key


def is_front_key(front_key: int) -> bool:
    """Whether ``front_key`` is a two-card key (docs/ENGINE.md): two ranks, high first,
    ``hi*13 + lo``, or a pair, ``169 + r``."""
    if not isinstance(front_key, int) or not 0 <= front_key < FRONT_PAIR_BASE + 13:
        return False
    hi, lo = divmod(front_key, 13)
    return front_key >= FRONT_PAIR_BASE or hi > lo


def is_back_key(back_key: int) -> bool:
    """Whether ``back_key`` has a five-card key's class (docs/ENGINE.md)."""
    return isinstance(back_key, int) and 0 <= back_key >> CLASS_BITS < len(CLASS_NAMES) \
        and back_key >= 0


def describe_front(front_key: int) -> str:
    if front_key >= FRONT_PAIR_BASE:
        return f"pair of {RANK_CHARS[front_key - FRONT_PAIR_BASE]}s"
    hi, lo = divmod(front_key, 13)
    return f"{RANK_CHARS[hi]}-{RANK_CHARS[lo]} high"


def straight_top_rank(ordinal: int, wheel_second: int = False) -> int:
    """Top rank index (3 = the wheel's five ... 12 = ace) of a straight ordinal
    (``wheel_second``: a bool, or an engine's evaluation, whose wheel bit counts)."""
    if not int(wheel_second) & EVAL_WHEEL_SECOND:
        return ordinal + 3
    return {8: 3, 9: 12}.get(ordinal, ordinal + 4)


def describe_back(back_key: int, wheel_second: int = False) -> str:
    """A short human description of a five-card key."""
    cls = class_of(back_key)
    nib = [(back_key >> s) & 15 for s in (16, 12, 8, 4, 0)]
    name = CLASS_NAMES[cls].replace("_", " ")
    if cls in (4, 8):
        if cls == 8 and nib[0] == ROYAL_ORDINAL:
            return "royal flush"
        top = straight_top_rank(nib[0], wheel_second)
        return f"{name}, A-2-3-4-5 (wheel)" if top == 3 else f"{name}, {RANK_CHARS[top]} high"
    if cls == 9:
        return "five aces" if back_key in (9 << CLASS_BITS, 9 << CLASS_BITS | 12 << 16) \
            else f"five of a kind, {RANK_CHARS[nib[0]]}s"
    if cls in (1, 3, 7):
        return f"{name}, {RANK_CHARS[nib[0]]}s"
    if cls == 2:
        return f"{name}, {RANK_CHARS[nib[0]]}s and {RANK_CHARS[nib[1]]}s"
    if cls == 6:
        return f"{name}, {RANK_CHARS[nib[0]]}s full of {RANK_CHARS[nib[1]]}s"
    return f"{name}, " + "-".join(RANK_CHARS[n] for n in nib)
