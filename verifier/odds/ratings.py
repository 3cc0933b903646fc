"""Power ratings: how often the dealer, setting every hand by a house way, makes each
two-card and each five-card hand, and what that is worth to a hand of the player's
(docs/POWER_RATINGS.md).

The tables are those of the published "Pai Gow Poker Power Ratings" (the Trump Plaza
appendix of the best-known pai gow analysis site): for each hand, its count out of every
hand of the deck (154,143,080 for the 53-card deck), its probability, and

- the **player power rating**: the probability that the dealer's hand is strictly lower
  (the player wins that hand; a tie, a copy, loses), and
- the **banker power rating**: the probability that it is lower or equal (the banker
  wins copies).

Both are cumulative sums of the table's own probabilities, row by row from the lowest, as
the page computes them (its 4,2 player rating is the probability of 3,2; its banker rating
adds its own row). A row of the two-card table is one two-card hand (its two ranks, the
joker an ace), so there the ratings are exact for every hand in the row. A row of the
five-card table is a class and its first rank (pair of 7s, flush to the queen, straight to
the 9); the ratings of a row treat the row as one hand, as the page does.

Everything here is computed from the enumeration's counts, the histogram of (five-card
key, two-card key) pairs (docs/ENGINE.md): integers in, ``Fraction``s out.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
import os
from typing import Any, Collection

from verifier.support.errors import VerifierError
from verifier.game.cards import RANK_CHARS
from verifier.game.ranking import EVAL_JOKER_WILD, EVAL_WHEEL_SECOND
from verifier.houseway.tables import key_sums
from verifier.game.ranking import CLASS_BITS, CLASS_NAMES, FRONT_PAIR_BASE, ROYAL_ORDINAL, straight_top_rank

#: the five-card classes (verifier.game.ranking.CLASS_NAMES order)
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, \
    FIVE_ACES = range(10)


def two_card_name(front_key: int) -> str:
    """A two-card hand as the page writes it, high rank first: ``"5,2"``, ``"A,A"``."""
    if front_key >= FRONT_PAIR_BASE:
        r = RANK_CHARS[front_key - FRONT_PAIR_BASE]
        return f"{r},{r}"
    hi, lo = divmod(front_key, 13)
    return f"{RANK_CHARS[hi]},{RANK_CHARS[lo]}"


def two_card_key(name: str) -> int:
    """The two-card key of a name ``"5,2"`` (or ``"52"``, ``"10,2"``); ValueError if it
    is not a two-card hand."""
    text = name.strip().upper().replace("10", "T").replace(",", "").replace(" ", "")
    if len(text) != 2 or any(c not in RANK_CHARS for c in text):
        raise ValueError(f"not a two-card hand: {name!r}")
    hi, lo = sorted((RANK_CHARS.index(c) for c in text), reverse=True)
    return FRONT_PAIR_BASE + hi if hi == lo else hi * 13 + lo


def five_card_row(back_key: int) -> tuple:
    """The row of the five-card table a five-card key falls in: (class, first rank
    nibble). Rows are intervals of the key order, so sorting rows sorts hands."""
    return back_key >> CLASS_BITS, (back_key >> 16) & 15


def five_card_name(row: tuple, wheel_second: int) -> str:
    """The name of a five-card row: "9 high", "pair of 7s", "straight, 9 high".
    ``wheel_second``: the wheel's reading, or an engine's evaluation (its wild bit: the
    top class is five of a kind, by rank; else five aces)."""
    cls, nib = row
    wild = bool(int(wheel_second) & EVAL_JOKER_WILD)
    wheel_second = bool(int(wheel_second) & EVAL_WHEEL_SECOND)
    r = RANK_CHARS[nib] if nib < len(RANK_CHARS) else "?"
    if cls in (STRAIGHT, STRAIGHT_FLUSH):
        if cls == STRAIGHT_FLUSH and nib == ROYAL_ORDINAL:
            return "royal flush"
        top = straight_top_rank(nib, wheel_second)
        word = "straight" if cls == STRAIGHT else "straight flush"
        return f"{word}, A-2-3-4-5" if top == 3 else f"{word}, {RANK_CHARS[top]} high"
    return {HIGH_CARD: f"{r} high", ONE_PAIR: f"pair of {r}s",
            TWO_PAIR: f"two pair, {r}s up", TRIPS: f"three {r}s",
            FLUSH: f"flush, {r} high", FULL_HOUSE: f"full house, {r}s full",
            QUADS: f"four {r}s",
            FIVE_ACES: f"five {r}s" if wild and nib != 12 else "five aces"}[cls]


def _rated(counts: dict, total: int, name) -> list:
    """Rows from the lowest, with probability and both ratings (cumulative sums)."""
    rows, below = [], 0
    for key in sorted(counts):
        n = counts[key]
        rows.append({"hand": name(key), "hands": n, "probability": Fraction(n, total),
                     "player_pr": Fraction(below, total),
                     "banker_pr": Fraction(below + n, total)})
        below += n
    return rows


def power_ratings(histogram: Any, wheel_second: int, sums: tuple | None = None) -> dict:
    """The two tables from the histogram, {(five-card key, two-card key): hands} or an
    iterable of (five-card key, two-card key, hands):
    ``{"total", "two_card": [row], "five_card": [row]}``, each row ``{"hand", "hands",
    "probability", "player_pr", "banker_pr"}`` (Fractions), from the lowest hand. Every
    two-card hand has a row (3,2 to A,K, then 2,2 to A,A), with 0 if the house way never
    plays it; the five-card table has the rows the house way plays. ``sums``: the
    histogram's ``key_sums`` (verifier/houseway/tables.py), when made."""
    fronts = {k: 0 for k in range(FRONT_PAIR_BASE + 13)
              if k >= FRONT_PAIR_BASE or k // 13 > k % 13}
    if sums is None:
        rows = ((bk, fk, n) for (bk, fk), n in histogram.items()) \
            if hasattr(histogram, "items") else histogram
        sums = key_sums(rows)
    by_front, by_row = sums        # summed by int key first; rows: class and first rank
    for k, n in by_front.items():
        fronts[int(k)] += int(n)
    backs = {(int(r) >> 4, int(r) & 15): int(n) for r, n in by_row.items()}
    total = sum(fronts.values())
    if total <= 0:
        raise ValueError("power ratings need at least one hand")
    return {"total": total,
            "two_card": _rated(fronts, total, two_card_name),
            "five_card": _rated(backs, total,
                                lambda row: five_card_name(row, wheel_second))}


def as_json(ratings: dict) -> dict:
    """The tables with exact fractions as strings beside decimals."""
    def row(r):
        out = {"hand": r["hand"], "hands": r["hands"]}
        for k in ("probability", "player_pr", "banker_pr"):
            out[k] = {"exact": str(r[k]), "decimal": float(r[k])}
        return out
    return {"total": ratings["total"],
            "two_card": [row(r) for r in ratings["two_card"]],
            "five_card": [row(r) for r in ratings["five_card"]]}


#: every hand of the 53-card deck, and every ordered pair of disjoint hands
FULL_DECK_HANDS = math.comb(53, 7)
FULL_DECK_PAIRS = math.comb(53, 7) * math.comb(46, 7)
#: what a target may hold (docs/POWER_RATINGS.md): the dealer's two-card hands, the
#: five-card rows of the power ratings, the five-card hands by class, the hands of each
#: row of the house way (by its label), the base game's win, push and loss
TARGET_TABLES = ("two_card", "five_card", "back_hand", "rows", "base_game")
BASE_GAME_NAMES = ("win", "push", "loss")


class TargetError(VerifierError):
    """A target table that cannot be read (one line naming the file and the line)."""


@dataclass(frozen=True)
class Target:
    """A published table to hold a house way against: {name: figure} of one table. A
    figure is a count of hands, except in a ``base_game`` table: a count of pairs, an
    exact fraction, or a decimal as printed (``Printed``)."""
    path: str
    source: str
    table: str
    total: int
    rows: dict
    house_way: str = ""             # the house way the file says the table is of


@dataclass(frozen=True)
class Printed:
    """A published decimal, "28.61%" or "0.2861": an exact value holds it when it
    rounds to these digits (a value exactly halfway holds either way)."""
    text: str
    value: Fraction
    half_unit: Fraction

    def __str__(self):
        return self.text


def five_card_names(wheel_second: int) -> dict:
    """{name: row} of every row the five-card table can have."""
    rows = [(cls, nib) for cls in range(FIVE_ACES + 1)
            for nib in range(10 if cls in (STRAIGHT, STRAIGHT_FLUSH) else 13)]
    return {five_card_name(r, wheel_second): r for r in rows}


def _row_lines(text):
    """The line (from 1) of each row of ``rows = [...]``, one row a line."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if re.match(r"\s*rows\s*=", line)), None)
    if start is None:
        return []
    return [i + 1 for i in range(start + 1, len(lines))
            if re.match(r"\s*\[", lines[i])]


def _base_game_figure(value, where):
    """A base-game figure: a count of pairs (int), an exact fraction "a/b", or a
    decimal as printed ("28.61%", "0.2861")."""
    if type(value) is int:
        if value < 0:
            raise TargetError(f"{where}: count {value!r} is negative")
        return value
    if not isinstance(value, str):
        raise TargetError(f"{where}: {value!r}: write a count of pairs, an exact fraction "
                          "\"a/b\" or a decimal as printed, in quotes (\"28.61%\")")
    text = value.strip()
    if re.fullmatch(r"\d+/\d+", text):
        exact = Fraction(text) if int(text.split("/")[1]) else None
        if exact is None or exact > 1:
            raise TargetError(f"{where}: {text} is not a probability")
        return exact
    m = re.fullmatch(r"(\d+)(?:\.(\d*))?(%?)", text)
    if not m:
        raise TargetError(f"{where}: {value!r} is not a count, a fraction or a decimal")
    digits = len(m.group(2) or "")
    scale = 100 if m.group(3) else 1
    number = Fraction(m.group(1) + "." + (m.group(2) or "0")) / scale
    if number > 1:
        raise TargetError(f"{where}: {text} is not a probability")
    return Printed(text, number, Fraction(1, 2 * 10 ** digits * scale))


def holds(mine: Fraction | int, figure: Any) -> bool:
    """Whether an exact figure of this verifier's equals a target's."""
    if isinstance(figure, Printed):
        return abs(Fraction(mine) - figure.value) <= figure.half_unit
    return mine == figure


def load_target(path: str | os.PathLike, wheel_second: bool = True,
                row_labels: Collection | None = None) -> Target:
    """A target table (docs/POWER_RATINGS.md): TOML with ``table`` (TARGET_TABLES),
    ``total``, ``source`` and ``rows``, each row ``[name, figure, ...]`` (further items,
    such as the printed decimals, are kept out of the comparison). ``row_labels``: the
    house way's row labels, for a ``rows`` table. The file is checked as a whole, the
    fields the comparison does not use too (``house_way``, the house way it is of, is
    kept for the caller to name). Every problem is one line naming the file and, for a
    row, its line."""
    from verifier.support.files import parse_toml, read_text
    from verifier.support.toml import tomllib
    text = read_text(path, "target table", TargetError)
    try:
        data = parse_toml(text, path, "target table", TargetError)
    except tomllib.TOMLDecodeError as exc:
        raise TargetError(f"{path}: not valid TOML: {exc}") from None
    _check_fields(data, path)
    table = data.get("table", "two_card")
    if table not in TARGET_TABLES:
        raise TargetError(f"{path}: table = {table!r}: choose from "
                          f"{', '.join(TARGET_TABLES)}")
    whole = FULL_DECK_PAIRS if table == "base_game" else FULL_DECK_HANDS
    total = data.get("total", whole)
    if type(total) is not int or total != whole:
        raise TargetError(f"{path}: total = {total!r}: a table of the 53-card deck counts "
                          f"out of {whole:,}"
                          + (" ordered pairs of hands" if table == "base_game" else ""))
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows:
        raise TargetError(f"{path}: no rows: rows = [[\"5,2\", 183192], ...]")
    lines = _row_lines(text)
    names = {"five_card": lambda: five_card_names(wheel_second),
             "back_hand": lambda: {c: c for c in CLASS_NAMES},
             "base_game": lambda: {n: n for n in BASE_GAME_NAMES},
             "rows": lambda: {str(label): str(label) for label in (row_labels or ())},
             }.get(table, dict)()
    out = {}
    for i, row in enumerate(rows):
        where = f"{path}: line {lines[i]}" if i < len(lines) else f"{path}: row {i + 1}"
        if not isinstance(row, list) or len(row) < 2 or \
                not isinstance(row[0], (int, str)) or isinstance(row[0], bool):
            raise TargetError(f"{where}: a row is [hand, count, ...]")
        hand, count = row[0], row[1]
        for item in row[2:]:
            _check_printed(item, where)
        if table == "two_card":
            try:
                hand = two_card_name(two_card_key(str(hand)))
            except ValueError:
                raise TargetError(f"{where}: unknown two-card hand {row[0]!r} (write "
                                  "\"5,2\", \"A,A\")") from None
        else:
            key = str(hand).strip().replace(" ", "_") if table == "back_hand" else str(hand)
            if key not in names:
                known = ("as house-ways ratings names them: \"pair of 7s\", "
                         "\"flush, Q high\"" if table == "five_card" else
                         "the house way's row labels: " + ", ".join(sorted(names, key=int))
                         if table == "rows" else ", ".join(names))
                raise TargetError(f"{where}: unknown {table.replace('_', '-')} row "
                                  f"{row[0]!r} ({known})")
            hand = key
        if table == "base_game":
            count = _base_game_figure(count, where)
        elif type(count) is not int or count < 0:
            raise TargetError(f"{where}: count {count!r} is not a whole number of hands")
        if hand in out:
            raise TargetError(f"{where}: {hand} is listed twice")
        out[hand] = count
    _check_total(out, table, total, names, path)
    if table == "base_game":        # counts of pairs held as the fractions they are
        out = {k: Fraction(v, total) if type(v) is int else v for k, v in out.items()}
    return Target(str(path), str(data.get("source", "")), table, total, out,
                  data.get("house_way", "").strip())


TARGET_KEYS = ("source", "house_way", "table", "total", "rows")
_PRINTED = re.compile(r"\s*([+-]?(\d{1,30}(\.\d{0,30})?|\.\d{1,30})%?|\d{1,30}/\d{1,30})?\s*")


def _check_fields(data, path):
    """The keys a target may have, each of its type."""
    unknown = sorted(set(data) - set(TARGET_KEYS))
    if unknown:
        raise TargetError(f"{path}: unknown key {unknown[0]!r} (a target has "
                          f"{', '.join(TARGET_KEYS)})")
    for name in ("source", "house_way", "table"):
        if name in data and not isinstance(data[name], str):
            raise TargetError(f"{path}: {name} = {str(data[name])[:40]!r} is not text")


def _check_printed(item, where):
    """A row's further item (a figure as printed, kept out of the comparison): text of a
    decimal, a percentage or a fraction (or "" where the page is cut off), or a finite
    number."""
    if isinstance(item, bool) or not (
            isinstance(item, int) or isinstance(item, float) and math.isfinite(item)
            or isinstance(item, str) and _PRINTED.fullmatch(item)):
        raise TargetError(f"{where}: {str(item)[:40]!r} is not a figure as printed (a "
                          "decimal, a percentage or a fraction; \"\" where it is cut off)")


def _check_total(out, table, total, names, path):
    """Counts that cannot be a whole table: more than the total, or a complete table
    (every name it can have) that does not add up to it; exact base-game fractions
    that do not add up to 1."""
    counts = [v for v in out.values() if type(v) is int]
    complete = len(out) == {"two_card": 91}.get(table, len(names or ()) or -1)
    if table == "base_game":
        exact = [v for v in out.values() if isinstance(v, Fraction)]
        if len(exact) == 3 and sum(exact) != 1:
            raise TargetError(f"{path}: the exact fractions add up to {sum(exact)}, not 1")
        complete = complete and len(counts) == 3
    listed = sum(counts)
    if listed > total or (complete and listed != total):
        raise TargetError(f"{path}: the rows add up to {listed:,}, "
                          f"{'more than' if listed > total else 'not'} {total:,}")


def held_against(figures: dict, target: Target) -> list:
    """[(name, mine, target's)] for every row of the target, in its order: ``figures``
    is {name: this verifier's figure} of the target's table."""
    return [(name, figures.get(name, 0), n) for name, n in target.rows.items()]


__all__ = ["power_ratings", "as_json", "two_card_name", "two_card_key",
           "five_card_row", "five_card_name", "five_card_names", "load_target",
           "held_against", "holds", "Printed", "Target", "TargetError", "FULL_DECK_HANDS",
           "FULL_DECK_PAIRS", "TARGET_TABLES"]
