"""Exact odds from integer counts: rationals throughout, floats only for display.

The Outlaw 9 bet is settled on the *set* of categories a hand qualifies for (a mask,
bit i = line i of the filed table, see verifier/game/categories.py): the hand is paid its
highest-paying line only, so any pay table, in any order of pays, is exact from the
per-set counts. A line not in the pay table loses; a ``push`` line returns the bet.

Conventions (docs/CERTIFICATE.md):
- net result of one unit bet: ``N to 1`` -> +N, push -> 0, loses (pay 0 or no line) -> -1;
- ``return`` is the expected net result per unit bet (negative favours the house),
  ``house_edge = -return``, ``return_to_player = 1 + return``;
- ``hit_frequency`` is the probability the bet wins something (net > 0);
- ``variance`` and ``standard_deviation`` are those of the net result of one unit bet.

Python API: ``outlaw9_odds(result_or_counts, paytable)``, ``odds_of_sets(sets, paytable)``;
solving for a pay: verifier/odds/formula.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Collection, Mapping, Sequence

from verifier.game.bets import BONUS_READING, VERSUS_BANKER_LINES
from verifier.game.categories import CATEGORY_NAMES, names_to_mask
from verifier.support.errors import VerifierError
from verifier.odds.values import exact_value, sqrt_decimal, sqrt_exact, sqrt_str, sqrt_value
from verifier.game.paytables import (Paytable, filed, line_title, net_of, normalize_line_name, pay_text)


# ---------------------------------------------------------------------------------------
# counts per set of categories


def mask_counts(source: Any, reading: str | None = None) -> dict[int, int]:
    """Per-set counts ``{mask: hands}`` from an EnumerationResult, a ``{mask: n}`` dict,
    or a list of ``{"categories": [...], "hands": n}`` (the JSON/certificate form)."""
    if hasattr(source, "outlaw9_masks"):
        reading = reading or source.rules.bonus_reading
        return {int(m): int(n) for m, n in source.outlaw9_masks[reading].items()}
    out = {}
    items: Any
    if isinstance(source, dict):
        items = source.items()
    elif isinstance(source, (list, tuple)):
        items = []
        for entry in source:
            if not isinstance(entry, dict) or "categories" not in entry or "hands" not in entry:
                raise VerifierError("category sets: each entry needs categories and hands")
            items.append((names_to_mask(entry["categories"]), entry["hands"]))
    else:
        raise VerifierError(f"cannot read category counts from {type(source).__name__}")
    for mask, hands in items:
        if isinstance(mask, str):
            mask = int(mask)
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise VerifierError(f"category sets: hands {hands!r} is not a count")
        if not isinstance(mask, int) or not 0 <= mask < 1 << len(CATEGORY_NAMES):
            raise VerifierError(f"category sets: bad category mask {mask!r}")
        if mask in out:
            raise VerifierError(f"category sets: the set {mask} is given twice")
        out[mask] = hands
    return out


def _total_of(source, counts, total):
    if total is not None:
        return int(total)
    if hasattr(source, "total_hands"):
        return int(source.total_hands)
    return sum(counts.values())


def paid_line(lines: Collection[str], paytable: Paytable) -> tuple[str | None, Fraction]:
    """The line an outcome qualifying for ``lines`` (a set of line names, or an Outlaw 9
    category mask) is paid on: ``(category or None, net)`` under the table's precedence
    (``pays.paid_line``: the highest pay, ties the first in the table, or the first in the
    table; a line paying 0 loses)."""
    if isinstance(lines, int):
        lines = {name for bit, name in enumerate(CATEGORY_NAMES) if lines >> bit & 1}
    return paytable.paid_line(lines)


@dataclass(frozen=True)
class QualifyingSets:
    """What a certificate counts for a bet: ``sets`` ((frozenset of lines, outcomes),
    ...); outcomes in no set qualify for nothing. ``total``: all outcomes. ``unit``:
    what an outcome is, for display. Any pay table over ``lines`` is exact from it: an
    outcome is paid its highest line."""
    bet: str
    lines: tuple
    sets: tuple
    total: int
    unit: str
    note: str = ""


def category_sets(source: Any, reading: str | None = None
                  ) -> tuple[tuple[frozenset[str], int], ...]:
    """((frozenset of category names, hands), ...) of Outlaw 9 category counts (any form
    ``mask_counts`` reads)."""
    return tuple((frozenset(name for bit, name in enumerate(CATEGORY_NAMES) if mask >> bit & 1),
                  hands) for mask, hands in sorted(mask_counts(source, reading).items()))


def versus_banker_sets(counts: Mapping) -> QualifyingSets:
    """The base game's outcomes as sets of versus-banker lines, from the pairwise counts
    (``total``, ``win``, ``loss``, ``push``, ``push_wrangler_2to1``: pushes where either
    two-card hand is a pair of 3s or better). A push with such a pair qualifies for both
    push lines."""
    try:
        total, win, loss, pushes, paired = (int(counts[k]) for k in (
            "total", "win", "loss", "push", "push_wrangler_2to1"))
    except (KeyError, TypeError, ValueError):
        raise VerifierError("versus-banker odds need the pairwise counts total, win, loss, "
                            "push and push_wrangler_2to1") from None
    if not 0 <= paired <= pushes or win + loss + pushes != total or total <= 0:
        raise VerifierError(f"pairwise counts do not fit: win {win} + loss {loss} + push "
                            f"{pushes} != total {total}, or pushes with a pair {paired} > "
                            "pushes")
    sets = ((frozenset({"player_wins"}), win), (frozenset({"player_loses"}), loss),
            (frozenset({"push"}), pushes - paired),
            (frozenset({"push", "push_with_pair_of_3s_or_better"}), paired))
    return QualifyingSets("versus-banker", VERSUS_BANKER_LINES, sets, total,
                          "ordered (player, banker) pairs")


def odds_of_sets(sets: QualifyingSets, paytable: Paytable, reading: str | None = None
                 ) -> BetOdds:
    """The odds of ``paytable`` on what a certificate counts: each outcome paid the line
    its precedence gives (``paid_line``)."""
    counted = sum(n for _, n in sets.sets)
    if counted > sets.total:
        raise VerifierError(f"the counts add up to {counted:,}, more than the "
                            f"{sets.total:,} {sets.unit}")
    per_line = {c: 0 for c, _ in paytable.pays}
    for lines, n in sets.sets:
        category, _ = paid_line(lines, paytable)
        if category is not None:
            per_line[category] += n
    odds = odds_of_lines(paytable, per_line, sets.total, reading)
    odds.sets = sets
    return odds


def line_groups(sets: QualifyingSets, order: Sequence[str]) -> dict[tuple[int, ...], int]:
    """The lines an outcome shows together, as their places in ``order`` (a table's lines,
    in its order) -> outcomes, from what a certificate counts: the sets a table's lines
    see (outcomes that show none of them are under ``()``)."""
    groups: dict[tuple[int, ...], int] = {}
    for shown, n in sets.sets:
        if n:
            key = tuple(i for i, c in enumerate(order) if c in shown)
            groups[key] = groups.get(key, 0) + n
    return groups


# ---------------------------------------------------------------------------------------
# the odds of one pay table


@dataclass
class LineOdds:
    category: str | None   # None for the "loses" row
    pay: object            # Fraction, PUSH, or None for the "loses" row
    hands: int
    probability: Fraction
    net: Fraction
    contribution: Fraction  # probability * net

    @property
    def title(self) -> str:
        return line_title(self.category) if self.category else "No line (loses)"

    def to_dict(self) -> dict:
        return {
            "category": self.category,
            "pay": None if self.pay is None else pay_text(self.pay),
            "hands": self.hands,
            "probability": exact_value(self.probability),
            "contribution": exact_value(self.contribution),
        }


class ReturnFigures:
    """What follows from a bet's expected net result per unit (``expected``)."""
    expected: Fraction          # the class that mixes it in sets it

    @property
    def house_edge(self) -> Fraction:
        return -self.expected

    @property
    def return_to_player(self) -> Fraction:
        return 1 + self.expected


@dataclass
class BetOdds(ReturnFigures):
    """The exact odds of one bet under one pay table (Outlaw 9 or Wrangler Push)."""
    paytable: Paytable
    total_hands: int             # hands (Outlaw 9) or ordered (player, banker) pairs
    reading: str | None          # Outlaw 9 bonus reading; None for the Wrangler Push
    lines: list                  # LineOdds per pay-table line, in the table's order
    loses: LineOdds              # hands that qualify for no line of the table
    expected: Fraction = field(init=False)
    variance: Fraction = field(init=False)
    hit_frequency: Fraction = field(init=False)
    #: what the certificate counts, when the odds were paid from it (``odds_of_sets``)
    sets: QualifyingSets | None = field(default=None, compare=False)

    def __post_init__(self):
        rows = self.lines + [self.loses]
        self.expected = sum((r.contribution for r in rows), Fraction(0))
        second = sum((r.probability * r.net * r.net for r in rows), Fraction(0))
        self.variance = second - self.expected ** 2
        self.hit_frequency = sum((r.probability for r in rows if r.net > 0), Fraction(0))

    @property
    def standard_deviation(self) -> Any:
        """Exact (SymPy) square root of the variance."""
        return sqrt_exact(self.variance)

    @property
    def standard_deviation_text(self) -> str:
        """``str(standard_deviation)``, without SymPy when it can (``sqrt_str``)."""
        return sqrt_str(self.variance)

    @property
    def standard_deviation_decimal(self) -> float:
        return sqrt_decimal(self.variance)

    def line(self, category: str) -> LineOdds | None:
        category = normalize_line_name(category)
        for row in self.lines:
            if row.category == category:
                return row
        return None

    def to_dict(self) -> dict:
        """JSON form: exact "p/q" strings with decimals beside them."""
        return {
            "bet": self.paytable.bet,
            "bonus_reading": self.reading,
            "paytable": self.paytable.name,
            "total_hands": self.total_hands,
            "lines": [row.to_dict() for row in self.lines],
            "loses": self.loses.to_dict(),
            "return": exact_value(self.expected),
            "house_edge": exact_value(self.house_edge),
            "return_to_player": exact_value(self.return_to_player),
            "hit_frequency": exact_value(self.hit_frequency),
            "variance": exact_value(self.variance),
            "standard_deviation": sqrt_value(self.variance),
        }



def odds_of_lines(paytable: Any, per_line: Mapping[str, int], total: int,
                  reading: str | None = None) -> BetOdds:
    """The odds of any bet from the number of hands (or pairs) paid on each line of its
    pay table, out of ``total``: every other hand loses the unit bet. The one place where
    counts meet pays: every bet's odds are built here."""
    paid = sum(per_line.get(c, 0) for c, _ in paytable.pays)
    if total <= 0:
        raise VerifierError("no hands: the total number of hands must be positive")
    if paid > total:
        raise VerifierError(f"the line counts add up to {paid:,}, more than the {total:,} hands")
    rows = []
    for category, pay in paytable.pays:
        hands = per_line.get(category, 0)
        p = Fraction(hands, total)
        net = net_of(pay)
        rows.append(LineOdds(category, pay, hands, p, net, p * net))
    p = Fraction(total - paid, total)
    return BetOdds(paytable, total, reading, rows,
                   LineOdds(None, None, total - paid, p, Fraction(-1), -p))


def outlaw9_odds(source: Any, paytable: Paytable | None = None, reading: str | None = None,
                 total: int | None = None) -> BetOdds:
    """Exact odds of the Outlaw 9 bet under ``paytable`` (default: as filed).

    ``source``: an EnumerationResult (its rules' bonus reading unless ``reading``), a
    ``{mask: hands}`` dict, or the certificate's list of ``{"categories", "hands"}``.
    ``total``: the number of hands (default: the result's total, else the sum of the
    counts); hands in no listed set qualify for nothing and lose.
    """
    paytable = paytable or filed()
    if paytable.kind.reads not in (BONUS_READING, "seven-card"):
        raise VerifierError(f"pay table {paytable.name!r} is for {paytable.kind.title}, whose "
                            "lines are not read on the Outlaw 9 categories")
    counts = mask_counts(source, reading)
    if reading is None:
        reading = source.rules.bonus_reading if hasattr(source, "rules") else "seven-card"
    total = _total_of(source, counts, total)
    if total <= 0:
        raise VerifierError("no hands: the total number of hands must be positive")
    sets = QualifyingSets(paytable.bet, tuple(CATEGORY_NAMES), category_sets(counts), total,
                          "hands", f"bonus reading {reading}")
    return odds_of_sets(sets, paytable, reading)


# ---------------------------------------------------------------------------------------
# the Wrangler Push, from the exact player-against-banker counts


def wrangler_odds(counts: dict, paytable: Paytable) -> BetOdds:
    """Exact odds of the Wrangler Push (or any versus-banker table) from the pairwise
    counts (``versus_banker_sets``): a push with a pair of 3s or better qualifies for both
    push lines and is paid the higher; every outcome no line pays loses."""
    return odds_of_sets(versus_banker_sets(counts), paytable)


# ---------------------------------------------------------------------------------------
# solving for a pay


def practical_grid(x: Fraction | int | str) -> tuple[Fraction, Fraction]:
    """The practical pays nearest ``x`` on either side: halves below 10, whole numbers
    from 10 on. Returns ``(below, above)``; both equal ``x`` when it is on the grid."""
    x = Fraction(x)
    if x < 10:
        return Fraction(math.floor(2 * x), 2), Fraction(math.ceil(2 * x), 2)
    return Fraction(math.floor(x)), Fraction(math.ceil(x))
