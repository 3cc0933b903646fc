"""Names for people: the one place where the program's keys become what a person reads.

A line, a category or a hand class (``full_house``), a pay symbol of a formula
(``p_full_house``) and a rule reading's id (``house_way_row_4_singles``) get their
display name here; money is dollars and cents; an interval too wide to mean anything
says so; the joker's ``*`` gets its legend. JSON keeps the keys and exact fractions:
these are for the terminal, the par sheet and the workbench."""
from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Iterable, Optional, Union

from verifier.game.linenames import LINE_TITLES, line_title

#: the prefix of a pay symbol in a bet's return formula (verifier/odds/formula.py)
SYMBOL_PREFIX = "p_"
#: the legend of the joker where a hand is printed with ``*`` for it
JOKER_LEGEND = "* = the joker"
#: an interval from fewer than two observations
TOO_FEW = "too few rounds"

#: keys that are not lines of a seed's table, with their names: hand classes (the Outlaw 9
#: categories of ``hand``), the counts of ``hand --versus-banker``
OTHER_NAMES = {
    "high_card": "High Card", "one_pair": "One Pair", "two_pair": "Two Pair",
    "total": "Banker hands", "win": "Player wins", "loss": "Player loses", "push": "Push",
    "copy_high": "Copy, high hand", "copy_low": "Copy, low hand",
    "copy_both": "Copy, both hands",
    "push_wrangler_2to1": "Wrangler Push pays 2 to 1",
    "push_wrangler_1to1": "Wrangler Push pays 1 to 1",
}
#: the readings' words a person reads differently
_WORDS = {"mikes": "Mike's Cardroom", "emperors": "Emperor's Challenge"}
#: a certificate's words in a reading's text (the certificate keeps the text as written)
#: and what a person reads for them
_PROSE = {"the base game's player_bank figures": "the figures of when a player banks"}


def display_name(key: str) -> str:
    """``"Full House"`` for ``full_house`` or the pay symbol ``p_full_house``; ``one_pair``:
    "One Pair"; a custom line as ``line_title`` titles it ("Flush plus pair"); other text
    unchanged."""
    if key in LINE_TITLES:
        return LINE_TITLES[key]
    if key in OTHER_NAMES:
        return OTHER_NAMES[key]
    from verifier.game.bets import BETS
    if key in BETS:
        return BETS[key].title          # a bet's key: its name
    if key.startswith(SYMBOL_PREFIX):
        return display_name(key[len(SYMBOL_PREFIX):])
    if not re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", key):
        return key
    return line_title(key)          # a custom bet's line: as its pay table titles it


def class_words(name: str, joker: str = "bug") -> str:
    """A five-card class's key in words in a table of classes: ``"full house"``; the top
    class, ``five_aces``, is "five of a kind" under the wild joker (any rank makes it)."""
    return "five of a kind" if name == "five_aces" and joker == "wild" else name.replace("_", " ")


def class_line_name(line: str, joker: str = "bug") -> str:
    """A line of the house-way or best-for-bet read for a person: its display name; under
    the wild joker the top class's lines (``five_aces``, ``five_aces_plus_pair``, which any
    five of a kind reaches there) by the class's name, "Five of a Kind"."""
    if joker == "wild" and line in ("five_aces", "five_aces_plus_pair"):
        line = line.replace("five_aces", "five_of_a_kind")
    return display_name(line)


def display_names(keys: Iterable[str], sep: str = ", ") -> str:
    """``"Four of a Kind, Flush"``: several keys' display names, in their order."""
    return sep.join(display_name(k) for k in keys)


def pays_at_least(line: str, other: str) -> str:
    """An order a bet's formula holds for, in words: "Full House pays at least Flush"."""
    return f"{display_name(line)} pays at least {display_name(other)}"


def condition_title(name: str) -> str:
    """A push condition on the banker's set hand (verifier/game/pushes.py) for a person:
    ``pai_gow_queen_high``: "a queen-high pai gow"; ``front_nine_high``: "a nine-high
    two-card hand"; ``flush_plus_pair``: "a Flush in its five-card hand and a pair in its
    two-card hand"; an unknown name as it is."""
    words = name.split("_")
    if name == "pai_gow":
        return "a pai gow (no pair, straight or flush)"
    if words[:2] == ["pai", "gow"] and words[-1] == "high" and len(words) == 4:
        return f"{_a(words[2])} {words[2]}-high pai gow"
    if name == "front_pair":
        return "a pair in its two-card hand"
    if words[0] == "front" and words[-1] == "high" and len(words) == 3:
        return f"{_a(words[1])} {words[1]}-high two-card hand"
    if name.endswith("_plus_pair"):
        return (f"{display_name(name[:-len('_plus_pair')])} in its five-card hand and a pair "
                "in its two-card hand")
    if re.fullmatch(r"[a-z]+(_[a-z]+)*", name):
        return f"{display_name(name)} in its five-card hand"
    return name


def _a(word: str) -> str:
    return "an" if word[:1] in "aeio" else "a"


def _word(word: str) -> str:
    """A word of a reading's id for a person: a house way's or a bet's name (a bet's key:
    its title, from the registry of bets), else the word."""
    if word in _WORDS:
        return _WORDS[word]
    from verifier.game.bets import BETS
    return BETS[word].title if word in BETS else word


def reading_title(name: str) -> str:
    """A rule reading's id for a person: ``house_way_row_4_singles``: "House way, row 4
    singles"; ``house_way mikes_rows_1_to_5`` (a house-way file's): the same way."""
    words = name.replace(" ", "_").split("_")
    if words[:2] == ["house", "way"] and len(words) > 2:
        return "House way, " + " ".join(_word(w) for w in words[2:])
    title = " ".join(_word(w) for w in words)
    return title[:1].upper() + title[1:]


#: a reading's value in the certificate, and what it says to a person
READING_STATUS = {"gap closed": "a point the filed rules leave open, closed by this reading",
                  "fixed": "as the filed rules state it"}


def keys_in_prose(text: str) -> str:
    """A certificate's text for a person: its keys in words ("the base game's player_bank
    figures": "the figures of when a player banks"; a line's key by its name)."""
    for key, words in _PROSE.items():
        text = text.replace(key, words)
    text = re.sub(r"the readings house_way_([a-z0-9]+)_\*",
                  lambda m: f"the house way readings of {_word(m[1])}", text)
    return re.sub(r"(?<![\w`/.-])[a-z0-9]+(?:_[a-z0-9]+)+(?![\w`/])",
                  lambda m: LINE_TITLES.get(m.group(0), m.group(0)), text)


def reading_sentence(name: str, value: str) -> str:
    """A rule reading in a sentence: ``house_way_row_4_singles`` with ``gap closed``:
    "House way, row 4 singles: a point the filed rules leave open, closed by this
    reading"; an option's value is named as it is (``bonus_reading``: "Bonus reading:
    seven-card")."""
    return f"{reading_title(name)}: {READING_STATUS.get(value, value)}"


def money(amount: Union[int, Fraction, str]) -> str:
    """Dollars and cents: ``$237.50`` (not ``$475/2``), ``$1,000`` when whole, ``-$5``;
    an amount that is not a whole number of cents: the rounded cents, then the exact
    amount (``$0.33 (exactly $1/3)``)."""
    x = Fraction(amount)
    sign, x = ("-" if x < 0 else ""), abs(x)
    if x.denominator == 1:
        return f"{sign}${x.numerator:,}"
    cents = x * 100
    if cents.denominator == 1:
        return f"{sign}${cents.numerator // 100:,}.{cents.numerator % 100:02d}"
    return f"{sign}${float(x):,.2f} (exactly {sign}${x})"


def dollars(value: float) -> str:
    """A rounded amount for a line of figures: ``$1,234.57``, ``-$432,939.19`` (the sign
    before the dollar sign, as a person writes it)."""
    return ("-" if value < 0 else "") + f"${abs(value):,.2f}"


def pays_for_people(pays: str, meters: Iterable[str]) -> str:
    """A progressive tier's pays as its table writes them (``100% of five_aces``) with each
    meter by its display name: ``100% of the 5 Aces meter``."""
    for key in sorted(meters, key=len, reverse=True):
        pays = re.sub(rf"% of {re.escape(key)}\b", f"% of the {display_name(key)} meter", pays)
    return pays


def percent(rate: Union[int, Fraction, str]) -> str:
    """A rate as a person writes it: ``1/20``: "5%", ``1/40``: "2.5%"; one with no short
    decimal: rounded to 4 places, then exact ("33.3333% (exactly 1/3)")."""
    x = Fraction(rate) * 100
    for places in range(5):
        if (x * 10 ** places).denominator == 1:
            return f"{float(x):.{places}f}%"
    return f"{float(x):.4f}% (exactly {Fraction(rate)})"


def interval(value: Optional[float], low: Optional[float], high: Optional[float],
             places: int = 5) -> str:
    """``+0.01234 [-0.00100, +0.02568]``; an interval with an infinite or unknown end (a
    seat that banked once): ``+0.01234 (too few rounds)``."""
    if value is None:
        return "-"
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return f"{value:+.{places}f} ({TOO_FEW})"
    return f"{value:+.{places}f} [{low:+.{places}f}, {high:+.{places}f}]"
