"""How a bet's lines are read (docs/PAYTABLES.md; the reads themselves are listed in
verifier/game/bets.py's doc): each read's vocabulary of lines (``Reads``, ``READS``), what
a custom pay table may name and take (``custom_read``, ``check_read``), and the lines a
hand shows under the house way's reads (``house_way_lines``, ``front_line``,
``seven_card_and_front_lines``). The registry of bets (game/bets.py) reads these; so
does every layer that reads a line."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from verifier.game.categories import (BEST_FOR_BET_LINES as _BEST_FOR_BET, CATEGORY_NAMES, OUTLAW9_LINES)
from verifier.game.firstcards import CARDS_RANGE, FIRST_CARDS_LINES
from verifier.support.errors import VerifierError
from verifier.game.ranking import CLASS_NAMES, FRONT_PAIR_BASE, class_of, is_royal

#: the five-card classes, high to low, as lines of a bet (a royal flush apart)
CLASS_LINES = ("five_aces", "royal_flush", "straight_flush", "four_of_a_kind", "full_house",
               "flush", "straight", "three_of_a_kind", "two_pair", "one_pair", "high_card")
#: the front hand's top card when it is not a pair (3-2 is the lowest front)
FRONT_TOPS = ("ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six",
              "five", "four", "three")
#: each class, and the class with a pair in front (a high-card back with a pair in front
#: is a foul)
PAIR_LINES = tuple(line for cls in CLASS_LINES for line in (f"{cls}_plus_pair", cls)
                   if line != "high_card_plus_pair")
#: the front hand as the house way sets it: a pair, or the top card of a non-pair
FRONT_LINES = ("front_pair",) + tuple(f"front_{t}_high" for t in FRONT_TOPS)
HOUSE_WAY_LINES = PAIR_LINES + FRONT_LINES
#: the engine counts these (verifier/game/categories.py, cext/engine.h: bit i = line i)
BEST_FOR_BET_LINES = tuple(_BEST_FOR_BET)
VERSUS_BANKER_LINES = ("player_wins", "push", "push_with_pair_of_3s_or_better", "player_loses")
INSURANCE_LINES = ("nine_high", "ten_high", "jack_high", "queen_high", "king_high", "ace_high")
#: Emperor's Treasure and the Envy Bonus (seed 004): Outlaw 9 categories on the seven cards.
TREASURE_LINES = (
    "seven_card_straight_flush", "royal_flush_and_royal_match",
    "seven_card_straight_flush_with_joker", "five_aces", "royal_flush", "straight_flush",
    "four_of_a_kind", "full_house", "flush", "three_of_a_kind", "straight",
)

#: the readings (data/readings.toml) of the seven-card categories, for the bets that read
#: them besides Outlaw 9
CATEGORY_READINGS = ("outlaw9_highest_line", "outlaw9_categories",
                     "outlaw9_royal_match_natural", "outlaw9_joker_five_one_class",
                     "outlaw9_one_colour_pairs")

BONUS_READING = "bonus-reading"     # the seven-card categories under the bonus reading


@dataclass(frozen=True)
class Reads:
    """One way of reading a bet's lines: its vocabulary and what an outcome is."""
    name: str
    lines: tuple
    unit: str                 # "hands" or "ordered (player, banker) pairs"
    text: str
    #: the numbers of first cards it may take (``cards = k``), () when it takes none
    cards: range | tuple = ()
    #: it may read the banker's hand (``hand = "banker"``): a read of one hand alone
    banker: bool = False


READS = {r.name: r for r in (
    Reads("seven-card", tuple(CATEGORY_NAMES), "hands",
          "lines read on the seven cards", banker=True),
    Reads(BONUS_READING, OUTLAW9_LINES, "hands",
          "Outlaw 9 categories under the certificate's bonus reading"),
    Reads("house-way", HOUSE_WAY_LINES, "hands",
          "lines read on the hands as the house way sets them (back class, a pair in "
          "front, the front's top card)", banker=True),
    Reads("best-for-bet", BEST_FOR_BET_LINES, "hands",
          "the player sets the seven cards for the highest pay the table offers"),
    Reads("versus-banker", VERSUS_BANKER_LINES, "ordered (player, banker) pairs",
          "outcomes of the base game against the banker, both hands set by the house way"),
    Reads("pai-gow", INSURANCE_LINES, "hands",
          "a pai gow by its top card, read as Pai Gow Insurance reads it"),
    Reads("seven-card-and-front", tuple(CATEGORY_NAMES) + FRONT_LINES, "hands",
          "lines read on the seven cards and on the front hand as the house way sets it, "
          "counted together", banker=True),
    Reads("first-cards", FIRST_CARDS_LINES, "combinations of the first cards",
          "lines read on the first cards dealt to the hand, as a poker hand of their own",
          cards=CARDS_RANGE, banker=True),
)}
#: the reads a custom pay table may name (``bonus-reading`` and ``pai-gow`` belong to a
#: named bet)
CUSTOM_READS = ("seven-card", "house-way", "best-for-bet", "versus-banker",
                "seven-card-and-front", "first-cards")
#: whose hand a custom bet reads: the seat's (the default) or the banker's
PLAYER, BANKER = "player", "banker"
HANDS = (PLAYER, BANKER)


def custom_read(reads: object) -> Reads:
    """The read a custom pay table names, or a one-line ``VerifierError``."""
    if not isinstance(reads, str) or reads not in CUSTOM_READS:
        raise VerifierError(f"unknown reads {reads!r}: a custom bet reads its lines one of "
                            f"these ways: {', '.join(CUSTOM_READS)}")
    return READS[reads]


def check_read(reads: str, cards: object = 0, hand: object = PLAYER) -> None:
    """A custom bet's read and what it takes, or one line: ``cards`` (the first k; 0 none)
    only for a read that takes them, in its range; ``hand = "banker"`` for one hand's."""
    read = custom_read(reads)
    if isinstance(cards, bool) or not isinstance(cards, int):
        shown = repr(cards) if isinstance(cards, (str, bool)) else str(cards)[:20]
        raise VerifierError(f"cards {shown} is not a whole number of cards")
    if read.cards:
        if cards not in read.cards:
            raise VerifierError(f"reads {reads!r} takes cards = k, the first k cards dealt, "
                                f"k from {read.cards[0]} to {read.cards[-1]}; got "
                                f"{cards if cards else 'none'}")
    elif cards:
        raise VerifierError(f"cards belongs to reads 'first-cards', not to {reads!r}")
    if hand not in HANDS:
        raise VerifierError(f"hand {hand!r} is neither {' nor '.join(map(repr, HANDS))}")
    if hand == BANKER and not read.banker:
        raise VerifierError(f"reads {reads!r} cannot read the banker's hand (hand = "
                            f"\"banker\" goes with "
                            f"{', '.join(r for r in CUSTOM_READS if READS[r].banker)})")


def front_line(front_key: int) -> str:
    """The line of a front hand's key: ``front_pair``, or its top card's."""
    if front_key >= FRONT_PAIR_BASE:
        return "front_pair"
    return f"front_{FRONT_TOPS[12 - front_key // 13]}_high"    # rank 1 (3) .. 12 (ace)


def house_way_lines(back_key: int, front_key: int) -> frozenset[str]:
    """The ``house-way`` lines of a hand the house way set to these keys: the back's
    class, with ``_plus_pair`` when the front is a pair, and the front's line."""
    cls = "royal_flush" if is_royal(back_key) else CLASS_NAMES[class_of(back_key)]
    lines = {cls, front_line(front_key)}
    if front_key >= FRONT_PAIR_BASE and f"{cls}_plus_pair" in HOUSE_WAY_LINES:  # no foul
        lines.add(f"{cls}_plus_pair")
    return frozenset(lines)


def seven_card_and_front_lines(mask: int, front_key: int) -> frozenset[str]:
    """The ``seven-card-and-front`` lines of a hand: its seven-card categories (a mask,
    bit i = ``CATEGORY_NAMES[i]``) and its set front's line."""
    return frozenset([name for bit, name in enumerate(CATEGORY_NAMES) if mask >> bit & 1]
                     + [front_line(front_key)])


#: the reads that read the joker the bug's way only (an ace, or completing a straight or
#: flush), in words and with the reading that says so: under the wild joker a bet reading
#: them is refused in one line rather than priced on the wrong joker
BUG_ONLY_READS = {
    "pai-gow": "the joker as an ace and nothing else (reading Insurance joker)",
    "first-cards": "the joker as an ace or completing a straight or flush (the first-cards "
                   "read)",
}
#: the reads whose top-class lines keep the bug's name (five aces) while under the wild
#: joker any five of a kind reaches them (docs/RULES_READINGS.md, ``classes_wild``)
TOP_CLASS_LINES = {"best-for-bet": ("five_aces", "five_aces_plus_pair"),
                   "house-way": ("five_aces", "five_aces_plus_pair")}


def refuse_under_wild(reads: str, bet: str, joker: str, lines: Iterable[str] = ()) -> None:
    """One line (``VerifierError``) when the bet ``bet`` (its title) reads ``reads`` under
    the wild joker and the read knows only the bug's joker (``BUG_ONLY_READS``), or names
    among ``lines`` (its pay table's) a top-class line named for five aces that any five
    of a kind reaches there (``TOP_CLASS_LINES``)."""
    if joker != "wild":
        return
    if reads in BUG_ONLY_READS:
        raise VerifierError(f"the {bet} reads {BUG_ONLY_READS[reads]}: under the wild joker "
                            "(reading Joker wild) it is not priced; drop the bet or use a "
                            "rule set whose joker is the bug's")
    named = [line for line in TOP_CLASS_LINES.get(reads, ()) if line in set(lines)]
    if named:
        words = named[0].replace("_", " ")
        raise VerifierError(f"the {bet} (reads {reads}) pays {words}: under "
                            "the wild joker (reading Classes wild) that line is any five of "
                            "a kind, not five aces; it is not priced under that name")
