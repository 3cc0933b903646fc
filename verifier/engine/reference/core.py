"""The engine API of the pure-Python reference (same names and signatures as the
compiled ``verifier.engine._core``; docs/ENGINE.md). Slow and obvious by design."""
from __future__ import annotations

import json
import math
from itertools import combinations
from typing import Any, Callable, Iterable, Sequence, TYPE_CHECKING

from verifier.game.evaluate import (eval5 as _eval5, eval2 as _eval2, class_of, is_royal_key, is_foul, is_wild, wild_card)
from verifier.game.cards import JOKER
from verifier.game.ranking import EVAL_WHEEL_SECOND
from verifier.houseway.tables import key_sums
from verifier.engine.reference.house_way import choose_row as _mikes_rows, MIKES
from verifier.engine.reference.house_way_emperors import choose_row as _emperors_rows, EMPERORS
from verifier.engine.reference.categories import (best_for_bet_mask, seven_card_mask, house_way_mask, five_subsets)

if TYPE_CHECKING:
    from verifier.houseway import HouseWay

PROGRESS_EVERY = 1000


#: house way id -> its row chooser (cards sorted ascending -> (row, (front, back, fk, bk)))
ROW_CHOOSERS: dict[int, Callable] = {MIKES: _mikes_rows, EMPERORS: _emperors_rows}


def define_house_way(house_way: int, program: HouseWay, nrows: int) -> None:
    """A house-way file under the engine number ``house_way`` (2 and up), set by the
    Python interpreter: the twin of the compiled route (verifier.engine.registry), which
    takes the file's flat program; here ``program`` is the loaded ``HouseWay`` itself,
    whose rows the interpreter reads (``nrows`` of them); rows are the file's row
    indices, as the compiled route counts them."""
    from verifier.houseway.interpret import NoRowError, set_hand as set_by_file
    house_way_file = program

    def choose(cards, wheel_second):
        try:
            s = set_by_file(cards, house_way_file, wheel_second)
        except NoRowError:          # row 0 and the first split, as the compiled route
            front, back = cards[:2], cards[2:]
            return 0, (front, back, _eval2(front), _eval5(back, wheel_second))
        return s.row_index, (s.front, s.back, s.front_key, s.back_key)
    if len(program.rows) != nrows:
        raise ValueError(f"house way {house_way}: {nrows} rows given, the file has "
                         f"{len(program.rows)}")
    ROW_CHOOSERS[house_way] = choose


def _set_hand(cards, wheel_second=False, house_way=MIKES):
    """(front_cards, back_cards, front_key, back_key, row) by house way id: 0 = Mike's
    Cardroom, 1 = Emperor's Challenge."""
    if house_way not in ROW_CHOOSERS:
        raise ValueError(f"unknown house way {house_way!r} (0 = Mike's Cardroom, "
                         "1 = Emperor's Challenge)")
    cards = sorted(cards)
    if len(cards) != 7 or len(set(cards)) != 7:
        raise ValueError(f"set_hand needs seven different cards, got {cards!r}")
    ws = bool(int(wheel_second) & EVAL_WHEEL_SECOND)
    if not (is_wild(wheel_second) and JOKER in cards):
        row, (front, back, fk, bk) = ROW_CHOOSERS[house_way](cards, ws)
        return tuple(front), tuple(back), fk, bk, row
    # the wild joker: the house way sets the seven cards with the joker as the card that
    # makes their best hand (house_way_joker_wild), the hands set are valued wild
    sub = wild_card(cards, wheel_second)
    row, (front2, back2, _fk, _bk) = ROW_CHOOSERS[house_way](sorted(cards[:6] + [sub]), ws)
    return _wild_place(sub, front2, back2, wheel_second) + (row,)


def _wild_place(sub, front2, back2, evaluation):
    """The joker in the place of a card of ``sub``'s rank in the set (front2, back2) of the
    seven cards with ``sub`` for it: the card itself or one of its rank (which takes
    ``sub``'s place), the place with no foul and the highest back, then front (ties: the
    lowest card's place), valued wild: (front, back, front key, back key)."""
    best, out = None, None
    for q in sorted(front2 + back2):
        if q >> 2 != sub >> 2:
            continue
        def place(c):
            return JOKER if c == q else q if c == sub else c
        front = tuple(sorted(place(c) for c in front2))
        back = tuple(sorted(place(c) for c in back2))
        fk, bk = _eval2(front, True), _eval5(back, evaluation)
        value = (not is_foul(fk, bk), bk, fk)
        if best is None or value > best:
            best, out = value, (front, back, fk, bk)
    return out


def engine_for(wheel_second: int = False, house_way: int = 0) -> tuple[int, int]:
    """The engine of these rules: the compiled core builds its tables once per process;
    the twin has none to build, so it names them, ``(wheel_second, house_way)``, once it
    knows the house way."""
    if house_way not in ROW_CHOOSERS:
        raise ValueError(f"unknown house way {house_way!r}")
    return int(wheel_second), house_way


def check_deck(deck: Iterable[int], least: int) -> list[int]:
    """The deck sorted: ``least`` to 53 different card ints 0..52, else ValueError."""
    deck = sorted(map(int, deck))
    if not least <= len(deck) <= 53 or len(set(deck)) != len(deck) or min(deck) < 0 \
            or max(deck) > 52:
        raise ValueError(f"deck: {least} to 53 different cards (ints 0..52)")
    return deck


def check_player_hand(cards: Iterable[int], deck: Iterable[int]) -> list[int]:
    """The player's seven cards sorted: seven different cards of ``deck``, else ValueError."""
    cards = sorted(cards)
    if len(cards) != 7 or len(set(cards)) != 7 or not set(cards) <= set(deck):
        raise ValueError("seven different cards of the deck")
    return cards


def eval5(cards: Iterable[int], wheel_second: bool = False) -> int:
    """Five-card key of five card ints (joker = 52)."""
    return _eval5(list(cards), wheel_second)


def eval2(cards: Iterable[int]) -> int:
    """Two-card key (the joker is an ace)."""
    return _eval2(list(cards))


def set_hand(cards: Iterable[int], wheel_second: bool = False, house_way: int = 0
             ) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int]:
    """(front_cards, back_cards, front_key, back_key, row); cards sorted ascending first."""
    return _set_hand(list(cards), wheel_second, house_way)


def categories(cards: Iterable[int], wheel_second: bool = False, house_way: int = 0) -> tuple[int, int]:
    """(mask under the seven-card reading, mask under the house-way reading)."""
    cards = sorted(cards)
    front, _back, _fk, back_key, _row = _set_hand(cards, wheel_second, house_way)
    return (seven_card_mask(cards, int(wheel_second)),
            house_way_mask(cards, front, back_key, int(wheel_second)))


def hand_keys(cards: Iterable[int], wheel_second: bool = False, house_way: int = 0) -> tuple[int, int]:
    """(back key, front key) of seven cards set by the house way."""
    _front, _back, front_key, back_key, _row = _set_hand(list(cards), wheel_second, house_way)
    return back_key, front_key


def hand_info_fast(cards: Sequence[int], wheel_second: bool = False,
                   house_way: int = 0) -> tuple[int, int, int, int]:
    """(back key, front key, mask seven-card, mask house-way) of seven cards."""
    seven, house = categories(cards, wheel_second, house_way)
    return hand_keys(cards, wheel_second, house_way) + (seven, house)


def set_hands(hands: Iterable[Sequence[int]], wheel_second: bool = False,
              house_way: int = 0) -> list[tuple[Any, ...]]:
    """Many hands at once: [(front cards, back cards, front key, back key, mask seven-card,
    mask house-way)] for a list of 7-card hands, one by one."""
    out = []
    for cards in hands:
        front, back, front_key, back_key, _row = set_hand(cards, wheel_second, house_way)
        out.append((front, back, front_key, back_key)
                   + categories(cards, wheel_second, house_way))
    return out


def shuffled_deals(state: Sequence[int], deck: list[int], n: int
                   ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], tuple[int, ...], list[int]]:
    """``n`` deals of random.Random.shuffle: ``deck`` shuffled in place ``n`` times by the
    generator whose ``getstate()[1]`` is ``state``, each time the sorted first seven cards
    and the sorted next seven. Returns (deals, the generator's state after, the deck after)."""
    import random
    if not 14 <= len(deck) <= 64 or len(state) != 625:
        raise ValueError("shuffled_deals: a deck of 14 to 64 cards and a state of 625 words")
    rng = random.Random()
    rng.setstate((3, tuple(state), None))
    d = list(deck)
    out = []
    for _ in range(n):
        rng.shuffle(d)
        out.append((tuple(sorted(d[:7])), tuple(sorted(d[7:14]))))
    return out, rng.getstate()[1], d


def suit_assignment_counts(ranks: Iterable[int], joker: bool) -> tuple[int, int, int]:
    """(all, with a flush possible, one colour with no flush possible): the suit
    assignments of a multiset of ranks 0..12 (each at most four times), beside the joker
    when ``joker``, every assignment tried (the compiled core has closed forms): a flush
    is possible with five of a suit, or four beside the joker; one colour is no red card
    or no black one (suits c, d, h, s: diamonds and hearts red)."""
    from itertools import product
    ranks = list(ranks)
    if len(ranks) != 7 - bool(joker):
        raise ValueError("seven ranks, or six beside the joker")
    if any(not 0 <= r <= 12 or ranks.count(r) > 4 for r in ranks):
        raise ValueError("ranks must be 0..12, each at most four times")
    need = 4 if joker else 5
    per_rank = [list(combinations(range(4), ranks.count(r))) for r in sorted(set(ranks))]
    total = flush = one_colour = 0
    for choice in product(*per_rank):
        suits = [s for group in choice for s in group]
        counts = [suits.count(s) for s in range(4)]
        red = counts[1] + counts[2]
        total += 1
        if max(counts) >= need:
            flush += 1
        elif red in (0, len(suits)):
            one_colour += 1
    return total, flush, one_colour


def best_for_bet(cards: Iterable[int], wheel_second: bool = False, house_way: int = 0) -> int:
    """The best-for-bet line mask (verifier/game/categories.py BEST_FOR_BET_LINES); the same
    for every wheel option and house way."""
    return best_for_bet_mask(sorted(cards), int(wheel_second))


def best_five_key(cards: Iterable[int], wheel_second: int = False) -> int:
    """The best five-card key (wheel lowest) among the 21 fives of seven cards (the joker
    wild when ``wheel_second`` says so)."""
    evaluation = int(wheel_second) & ~EVAL_WHEEL_SECOND
    return max(_eval5(list(five), evaluation) for five, _ in five_subsets(sorted(cards)))


def best_five_class(cards: Iterable[int], wheel_second: int = False) -> int:
    """Class 0..9 of the best five of the seven cards."""
    return class_of(best_five_key(cards, wheel_second))


def enumerate_counts(deck: Sequence[int], wheel_second: bool, house_way: int, threads: int | None,
                     progress: Callable[[int, int], object] | None, direct: bool = False,
                     visit: bool = False) -> dict[str, Any]:
    """Every seven-card hand of ``deck``, set and classified, reduced to counts.

    ``threads`` is ignored (one thread). ``progress``: None or ``report(done, total)``
    (hands), as the compiled core's. ``direct`` and ``visit`` choose the compiled
    core's route (its counting by suit assignments or visiting every hand); the twin
    always visits every hand.
    Masks are counted for every hand, the empty mask 0 included, so each of
    ``sets_seven``, ``sets_house`` and ``sets_best_for_bet`` sums to ``total``.
    """
    total = 0
    best_five = [0] * 10
    royal = 0
    rows = [0] * 121     # cext/engine.h ROW_SLOTS
    sets_seven: dict = {}
    sets_house: dict = {}
    sets_bfb: dict = {}
    hist: dict = {}
    fouls = 0
    pending = 0
    for combo in combinations(sorted(deck), 7):
        hand = list(combo)
        total += 1
        best = best_five_key(hand, wheel_second)
        best_five[class_of(best)] += 1
        royal += is_royal_key(best)
        front, _back, fk, bk, row = _set_hand(hand, wheel_second, house_way)
        rows[row] += 1
        fouls += row != 0 and is_foul(fk, bk)
        hist[(bk, fk)] = hist.get((bk, fk), 0) + 1
        wild = int(wheel_second)        # the evaluation: the categories' wild joker
        m7 = seven_card_mask(hand, wild)
        mh = house_way_mask(hand, front, bk, wild)
        sets_seven[m7] = sets_seven.get(m7, 0) + 1
        sets_house[mh] = sets_house.get(mh, 0) + 1
        mb = best_for_bet_mask(hand, wild)
        sets_bfb[mb] = sets_bfb.get(mb, 0) + 1
        pending += 1
        if progress is not None and pending >= PROGRESS_EVERY:
            progress(total, math.comb(len(deck), 7))
            pending = 0
    if progress is not None and pending:
        progress(total, math.comb(len(deck), 7))
    return {"total": total, "best_five": best_five, "royal": royal, "rows": rows,
            "sets_seven": sets_seven, "sets_house": sets_house,
            "sets_best_for_bet": sets_bfb, **_rows(hist), "fouls": fouls}


def _rows(hist: dict) -> dict[str, Any]:
    """The key histogram {(back key, front key): hands} as the engines give it: its rows
    [back key, front key, hands] sorted (``hist_rows``), their ``key_sums``
    (``hist_sums``), and the rows as json.dumps writes them with no spaces (``hist_text``;
    the compiled core writes the same text in C)."""
    rows = sorted([bk, fk, n] for (bk, fk), n in hist.items())
    by_front, by_row = key_sums(rows)
    return {"hist_rows": rows, "hist_sums": (dict(by_front), dict(by_row)),
            "hist_text": json.dumps(rows, separators=(",", ":")).encode("ascii")}


def find_hand(deck: Iterable[int], wheel_second: bool, house_way: int, foul: bool,
              threads: int | None) -> list[int] | None:
    """The first hand of ``deck`` (in deck order) set as a foul (``foul``) or covered by no
    row (row 0), or None (the compiled core's ``find_hand``, slowly)."""
    for cards in combinations(sorted(deck), 7):
        _f, _b, fk, bk, row = _set_hand(list(cards), wheel_second, house_way)
        if (row != 0 and is_foul(fk, bk)) if foul else row == 0:
            return list(cards)
    return None


def compare_house_ways(deck: Iterable[int], wheel_second: bool, house_way_a: int, house_way_b: int,
                       rows_b_as_a: Sequence[int] | None, threads: int | None,
                       by_type: bool = False, visit: bool = False) -> tuple[Any, ...]:
    """Every hand of ``deck`` set by two house ways, compared (the compiled core's
    ``compare_house_ways``, slowly, always hand by hand): two settings differ when their
    front keys or back keys differ, or (``rows_b_as_a``) their rows."""
    from verifier.houseway.interpret import HAND_TYPES, hand_type
    hands = differ = 0
    first, types = None, [0] * len(HAND_TYPES)
    for cards in combinations(sorted(deck), 7):
        _f, _b, fa, ba, ra = _set_hand(list(cards), wheel_second, house_way_a)
        _f, _b, fb, bb, rb = _set_hand(list(cards), wheel_second, house_way_b)
        hands += 1
        if (fa, ba) != (fb, bb) or (rows_b_as_a is not None and ra != rows_b_as_a[rb]):
            differ += 1
            types[HAND_TYPES.index(hand_type(cards))] += 1
            first = first or list(cards)
    return (hands, differ, first) + ((types,) if by_type else ())


def tier_hands(deck: Iterable[int], wheel_second: bool, house_way: int, read: int,
               tier_of: Sequence[int], threads: int | None) -> tuple[bytes, bytes]:
    """Every hand of ``deck`` with a tier (the compiled core's ``tier_hands``, slowly): its
    code (``read`` 0: seven-card mask, 1: (back key >> 16) << 8 | front key, 2: best-for-bet
    mask) indexes ``tier_of``. (card bitmasks as uint64 bytes, tiers as int8 bytes)."""
    masks, tiers = bytearray(), bytearray()
    for cards in combinations(sorted(deck), 7):
        if read == 0:
            code = seven_card_mask(list(cards), int(wheel_second))
        elif read == 1:
            _f, _b, fk, bk, _row = _set_hand(list(cards), wheel_second, house_way)
            code = ((bk >> 16) & 0xFF) << 8 | fk
        else:
            code = best_for_bet(cards, wheel_second, house_way)
        if 0 <= code < len(tier_of) and tier_of[code] >= 0:
            masks += sum(1 << c for c in cards).to_bytes(8, "little")
            tiers += int(tier_of[code]).to_bytes(1, "little", signed=True)
    return bytes(masks), bytes(tiers)


def shared_card_sums(masks: Sequence[int], n: int, threads: int | None) -> list[int]:
    """[sum over the k-card sets T of N(T)^2, k = 1..6], N(T) the hands of ``masks``
    holding T (the compiled core's ``shared_card_sums``, by a dictionary of card sets)."""
    sums = []
    for k in range(1, 7):
        held: dict[int, int] = {}
        for m in masks:
            cards = [c for c in range(n) if int(m) >> c & 1]
            if len(cards) != 7:
                raise ValueError(f"a hand of other than seven cards below {n}")
            for t in combinations(cards, k):
                key = sum(1 << c for c in t)
                held[key] = held.get(key, 0) + 1
        sums.append(sum(v * v for v in held.values()))
    return sums
