"""Every bet the verifier knows, and how each one's lines are read (docs/PAYTABLES.md).

The one registry of bets: the seeds' bets (``BETS``) and the ways a custom pay table
(``bet = "custom"``) may read its lines (``READS``). Pay-table files, rule sets,
certificates, ``compare``/``solve``/``formula``, the par sheet and the simulator look
bets up here; nothing else lists them.

A bet's lines are read one of these ways (``reads``):

- ``seven-card``: categories of the seven cards (the Outlaw 9 vocabulary and the pai gow
  top cards ``jack_high`` .. ``ace_high``, ``two_pair``, ``one_pair``). A hand qualifies
  for every class some five of its cards make, and for the seven-card categories it
  shows; it is paid its highest line only.
- ``outlaw9``: the same categories, read under the certificate's bonus reading
  (``seven-card``, or ``house-way``: on the hands as the house way sets them).
- ``house-way``: the hands as the house way sets them: the back hand's class (``flush``),
  the class with a pair in front (``flush_plus_pair``), and the front hand (``front_pair``,
  or its top card: ``front_nine_high``). Read from the certificate's key histogram.
- ``best-for-bet``: the player sets the seven cards for the highest pay the table
  offers: every setting that is not a foul gives its back class X and, with a pair in
  front, ``X_plus_pair``.
- ``versus-banker``: outcomes of the base game against the banker (``player_wins``,
  ``push``, ``push_with_pair_of_3s_or_better``, ``player_loses``).
- ``pai-gow``: the top card of a pai gow, read as Pai Gow Insurance reads it (its
  section's counts, or the closed form).

A bet with ``amounts`` pays dollars per *other* hand at the table that shows a line
(envy), not N to 1 on a wager of its own.
"""
from __future__ import annotations

from dataclasses import dataclass

from verifier.game.categories import (BEST_FOR_BET_LINES as _BEST_FOR_BET, CATEGORY_NAMES, OUTLAW9_LINES)
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
HOUSE_WAY_LINES = PAIR_LINES + ("front_pair",) + tuple(f"front_{t}_high" for t in FRONT_TOPS)
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


@dataclass(frozen=True)
class Reads:
    """One way of reading a bet's lines: its vocabulary and what an outcome is."""
    name: str
    lines: tuple
    unit: str                 # "hands" or "ordered (player, banker) pairs"
    text: str


READS = {r.name: r for r in (
    Reads("seven-card", tuple(CATEGORY_NAMES), "hands",
          "lines read on the seven cards; a hand is paid its highest line"),
    Reads("outlaw9", OUTLAW9_LINES, "hands",
          "Outlaw 9 categories under the certificate's bonus reading"),
    Reads("house-way", HOUSE_WAY_LINES, "hands",
          "lines read on the hands as the house way sets them (back class, a pair in "
          "front, the front's top card); a hand is paid its highest line"),
    Reads("best-for-bet", BEST_FOR_BET_LINES, "hands",
          "the player sets the seven cards for the highest pay the table offers"),
    Reads("versus-banker", VERSUS_BANKER_LINES, "ordered (player, banker) pairs",
          "outcomes of the base game against the banker, both hands set by the house way"),
    Reads("pai-gow", INSURANCE_LINES, "hands",
          "a pai gow by its top card, read as Pai Gow Insurance reads it"),
)}
#: the reads a custom pay table may name (``outlaw9`` and ``pai-gow`` belong to a seed's bet)
CUSTOM_READS = ("seven-card", "house-way", "best-for-bet", "versus-banker")


@dataclass(frozen=True)
class Bet:
    """A bet the verifier knows.

    ``lines``: the categories its pay table may name; ``reads``: how (``READS``);
    ``amounts``: it pays dollars per other hand (envy); ``section``: the certificate
    section that holds its pay table (``None``: the certificate's ``paytables``);
    ``file``: the shipped pay table (verifier/data) and whether it is ``filed``."""
    name: str
    title: str
    reads: str
    lines: tuple
    file: str
    filed: bool = False
    amounts: bool = False
    in_section: bool = False

    @property
    def unit(self):
        return READS[self.reads].unit


BETS = {b.name: b for b in (
    Bet("outlaw9", "Outlaw 9 High or Better", "outlaw9", OUTLAW9_LINES,
        "outlaw9_filed.toml", filed=True),
    Bet("wrangler_push", "Wrangler Push", "versus-banker",
        ("push", "push_with_pair_of_3s_or_better"), "wrangler_push_filed.toml", filed=True),
    Bet("pai_gow_insurance", "Pai Gow Insurance", "pai-gow", INSURANCE_LINES,
        "pai_gow_insurance_example.toml", in_section=True),
    Bet("emperors_treasure", "Emperor's Treasure", "seven-card", TREASURE_LINES,
        "emperors_treasure_example.toml", in_section=True),
    Bet("envy_bonus", "Envy Bonus", "seven-card", TREASURE_LINES,
        "envy_bonus_example.toml", amounts=True, in_section=True),
)}
CUSTOM = "custom"


def custom_bet(reads, amounts=False, title=None) -> Bet:
    """The bet of a custom pay table: any line of its ``reads`` vocabulary."""
    if reads not in CUSTOM_READS:
        raise VerifierError(f"unknown reads {reads!r}: a custom bet reads its lines one of "
                            f"these ways: {', '.join(CUSTOM_READS)}")
    if amounts and READS[reads].unit != "hands":
        raise VerifierError(f"an envy-type bet (amounts per other hand) reads hands, not "
                            f"{reads!r}")
    return Bet(CUSTOM, title or f"Custom bet ({reads})", reads, READS[reads].lines, "",
               amounts=amounts)


def bet(name) -> Bet:
    """A seed's bet by name, or a one-line error listing them."""
    try:
        return BETS[name]
    except (KeyError, TypeError):
        raise VerifierError(f"unknown bet {name!r}: choose from {', '.join(BETS)}, or "
                            f"{CUSTOM!r} with reads = one of {', '.join(CUSTOM_READS)}") from None


def section_bets():
    """The bets whose pay table and figures live in a certificate section of their own."""
    return [b.name for b in BETS.values() if b.in_section]


def house_way_lines(back_key, front_key):
    """The ``house-way`` lines of a hand the house way set to these keys: the back's
    class, with ``_plus_pair`` when the front is a pair, and the front's line."""
    cls = "royal_flush" if is_royal(back_key) else CLASS_NAMES[class_of(back_key)]
    if front_key >= FRONT_PAIR_BASE:
        lines = {cls, "front_pair"}
        if f"{cls}_plus_pair" in HOUSE_WAY_LINES:      # not a foul
            lines.add(f"{cls}_plus_pair")
        return frozenset(lines)
    top = front_key // 13                                # rank 1 (3) .. 12 (ace)
    return frozenset({cls, f"front_{FRONT_TOPS[12 - top]}_high"})
