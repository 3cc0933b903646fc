"""Every bet the verifier knows, and how each one's lines are read (docs/PAYTABLES.md).

The one registry of bets (``BETS``, ``registry``): each named bet is one module of
``verifier/bets/`` (or of a package of its own, by the entry-point group
``paigow_verifier.bets``) declaring a ``Bet`` (its certificate section, par-sheet notes,
readings and ``TableSide``), found on first use (verifier/game/hooks.py: the hooks'
declared interface, checked as a bet registers); and the ways a
custom pay table (``bet = "custom"``) may read its lines (``READS``). Pay-table files,
rule sets, certificates, ``compare``/``solve``/``formula``, the par sheet and the table
iterate the registry; nothing else names a bet.

A bet's lines are read one of these ways (``reads``):

- ``seven-card``: categories of the seven cards (the Outlaw 9 vocabulary and the pai gow
  top cards ``jack_high`` .. ``ace_high``, ``two_pair``, ``one_pair``). A hand qualifies
  for every class some five of its cards make, and for the seven-card categories it
  shows; it is paid its highest line only.
- ``bonus-reading``: the same categories, read under the certificate's bonus reading
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
- ``seven-card-and-front``: the seven-card categories and the front hand as the house
  way sets it (``front_pair``, ``front_nine_high``, ...), counted together (the Dealer
  Bonus: a table on the dealer's seven cards and a "nine high in low hand" line).
- ``first-cards``: the first k cards dealt to the hand (``cards = k``, 1..7) read as a
  poker hand of their own (verifier/game/firstcards.py): Pai Gow Mania's three-card bet.

A custom bet reads the seat's hand, or (``hand = "banker"``) the banker's (Queen's
Dragon, Dealer Bonus): one random hand as a player's is, so its exact odds are those of
the same read on one hand; the table settles it on the banker's hand. A read names what
it takes (``Reads.cards``, ``Reads.banker``); ``check_read`` refuses the rest in one line.

A bet with ``amounts`` pays dollars per *other* hand at the table that shows a line
(envy), not N to 1 on a wager of its own.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from verifier.game.categories import (BEST_FOR_BET_LINES as _BEST_FOR_BET, CATEGORY_NAMES, OUTLAW9_LINES)
from verifier.game.firstcards import CARDS_RANGE, FIRST_CARDS_LINES
from verifier.game.hooks import Counts, Derive, Note, ParBet, ParTables, ReadOf, check_hooks, discover
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


@dataclass(frozen=True)
class TableSide:
    """How the table settles a named bet: the wager kind (its short name at the table, in
    round files and ``simulate``'s options: ``--KIND``), its short label, the table read
    that gives a hand's lines (``TABLE_READS``), whose hand it reads (the seat's or the
    banker's), and the lines in the read's order (a pay vector by line index). ``envy``: not a wager of its own but
    dollars per other hand on the bet that hosts envy (``Bet.hosts_envy``)."""
    kind: str
    short: str
    read: str = ""
    lines: tuple = ()
    banker: bool = False
    envy: bool = False
    house_only: bool = False       # played only where the house banks (not the fee game)
    #: where its wager settles among a seat's wagers (after the base; lowest first)
    order: int = 100
    title: str = ""                # its title at the table (default the bet's)
    #: the read as a function of the table's readings (``Rules``), when it depends on them
    read_of: ReadOf | None = None

    def read_for(self, rules: Any) -> str:
        return self.read_of(rules) if self.read_of else self.read


#: The reads the table (its Python round engine and the compiled kernel: cext/vocab.h
#: ``TS_R_*``, in this order) gives a wager (the last two: custom bets', table/custom.py).
TABLE_READS = ("base", "seven-card-mask", "house-way-mask", "push-pair", "pai-gow", "front",
               "first-cards", "seven-card-and-front")
TABLE_LINES = 40    # the most lines of a read (categories and a front: 35; C: TS_LINES)


@dataclass(frozen=True)
class Bet:
    """A bet the verifier knows: a named bet is one module of ``verifier/bets/`` that
    declares ``BET = Bet(...)`` (docs/ARCHITECTURE.md, "Where a new thing goes").

    ``lines``: the categories its pay table may name; ``reads``: how (``READS``);
    ``amounts``: it pays dollars per other hand (envy); ``in_section``: its pay table and
    figures live in a certificate section of its own (else in the certificate's
    ``paytables``); ``file``: the shipped pay table (verifier/data) and whether it is
    ``filed``. The hooks (verifier/game/hooks.py declares each), ``None`` when the
    generic behaviour applies: ``derive`` its certificate section, ``counts`` its
    qualifying sets from that section, ``note``, ``par_tables`` and ``par_bet`` its
    par-sheet note, tables and whole entry; ``loses_title``;
    - ``readings``: the readings (data/readings.toml) that apply to it, or
      ``reading_topic``: a whole topic of them;
    - ``table``: how the table settles it (``TableSide``), None: not at the table."""
    name: str
    title: str
    reads: str
    lines: tuple
    file: str
    filed: bool = False
    amounts: bool = False
    in_section: bool = False
    aliases: tuple = ()
    order: int = 100
    default: bool = False          # the bet a pay-table file names when it names none
    hosts_envy: bool = False       # an envy-type bet is paid on this one's wager
    derive: Derive[Any] | None = None
    counts: Counts[Any] | None = None
    note: Note[Any] | None = None
    loses_title: str = "No line (loses)"
    par_tables: ParTables[Any] | None = None
    par_bet: ParBet[Any] | None = None
    readings: tuple = ()
    reading_topic: str = ""
    table: TableSide | None = None

    @property
    def unit(self) -> str:
        return READS[self.reads].unit

    @property
    def needs_pairs(self) -> bool:
        """Its counts are the base game's player-against-banker pairs."""
        return self.reads == "versus-banker"


PLUGINS = "verifier.bets"     # the named bets, one module each, found by ``registry``
_REGISTRY: dict[str, Bet] = {}
_LOADED: list[bool] = []


def register(b: Bet) -> Bet:
    """Add a named bet, its hooks checked (a module of ``verifier/bets/``, or an entry
    point's, does it by declaring ``BET``)."""
    if not isinstance(b, Bet):
        raise VerifierError(f"{b!r} is not a bet (verifier.game.bets.Bet)")
    if b.name in _REGISTRY or b.name == CUSTOM:
        raise VerifierError(f"bet {b.name!r} is registered twice")
    check_hooks(b)
    _REGISTRY[b.name] = b
    return b


def registry() -> dict[str, Bet]:
    """{name: Bet} of every named bet, in their declared order: the modules of
    ``verifier/bets/`` and the entry points of ``paigow_verifier.bets`` each declare one
    ``BET``, found on first use (hooks.discover; scikit-learn's ``all_estimators`` way)."""
    if not _LOADED:
        _LOADED.append(True)
        found = discover(PLUGINS)
        for b in sorted(found, key=lambda b: (getattr(b, "order", 0), getattr(b, "name", ""))):
            register(b)     # type: ignore[arg-type]  # register refuses what is no Bet
    return _REGISTRY


class _Bets(Mapping):
    """``BETS``: the registry as a read-only mapping, loaded on first use."""

    def __getitem__(self, name: str) -> Bet:
        return registry()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(registry())

    def __len__(self) -> int:
        return len(registry())


BETS: Mapping = _Bets()
CUSTOM = "custom"


def default_bet() -> Bet:
    """The bet a pay-table file or a certificate's ``paytables`` names when none is named."""
    return next(b for b in BETS.values() if b.default)


def envy_host(offered: Iterable[str]) -> str | None:
    """The bet of ``offered`` (names) an envy-type bet is paid on, None when none is."""
    return next((n for n in offered if n in BETS and BETS[n].hosts_envy), None)


def read_terms_text(reads: str, cards: int = 0, hand: str = PLAYER,
                    precedence: str = "highest-pay") -> str:
    """A custom bet's read and terms as the par sheet states them: one sentence."""
    text = f"Custom bet, {READS[reads].text}"
    if cards:
        text += f" (the first {cards} card{'s' if cards > 1 else ''})"
    if hand == BANKER:
        text += (" of the banker's hand (the dealer's where the house banks): one random "
                 "hand, as a player's is, so its odds are those of the same read on one "
                 "hand")
    return text + (". Only the first line in the table's order that a hand shows pays"
                   if precedence == "table-order" else
                   ". A hand is paid its highest line") + "."


def custom_bet(reads: str, amounts: bool = False, title: str | None = None) -> Bet:
    """The bet of a custom pay table: any line of its ``reads`` vocabulary."""
    custom_read(reads)
    if amounts and READS[reads].unit != "hands":
        raise VerifierError(f"an envy-type bet (amounts per other hand) reads hands, not "
                            f"{reads!r}")
    return Bet(CUSTOM, title or f"Custom bet ({reads})", reads, READS[reads].lines, "",
               amounts=amounts)


def bet(name: str) -> Bet:
    """A named bet by name or alias, or a one-line error listing them."""
    if isinstance(name, str):
        if name in BETS:
            return BETS[name]
        for b in BETS.values():
            if name in b.aliases:
                return b
    raise VerifierError(f"unknown bet {name!r}: choose from {', '.join(BETS)}, or "
                        f"{CUSTOM!r} with reads = one of {', '.join(CUSTOM_READS)}")


def canonical(name: str) -> str:
    """A named bet's name for ``name`` or one of its aliases; any other name as given (a
    custom bet's)."""
    if isinstance(name, str) and name not in BETS:
        return next((b.name for b in BETS.values() if name in b.aliases), name)
    return name


def section_bets() -> list[str]:
    """The bets whose pay table and figures live in a certificate section of their own."""
    return [b.name for b in BETS.values() if b.in_section]


def derived_bets() -> list[str]:
    """The bets of the certificate's ``paytables`` that have a section derived from it."""
    return [b.name for b in BETS.values() if b.derive and not b.in_section]


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


#: the base game's wager kind at the table (the table sides follow it)
BASE = "base"


def table_sides() -> dict[str, TableSide]:
    """{wager kind: TableSide} of every named bet the table plays (verifier/bets/), in
    the settlement order of a seat's wagers (after the base; ``TableSide.order``)."""
    sides = sorted((b.table for b in BETS.values() if b.table), key=lambda t: t.order)
    return {t.kind: t for t in sides}


class _Titles(dict):
    """Wager titles; a custom bet (docs/TABLE.md) is titled by its rule-set name."""

    def __missing__(self, kind: str) -> str:
        titles = {b.table.kind: b.table.title or b.title for b in BETS.values() if b.table}
        return titles.get(kind, kind)


WAGER_TITLES = _Titles({BASE: "base game"})
