"""A submission's claims on a progressive (issue 37, docs/AUDIT.md "Progressives"): the
bet is a progressive table the certificate holds (its rule set's, by name) or a table file
beside the claims (``Bet, my_jackpot.toml``); ``Meter`` rows give the meter values the
claims are made at (a meter not given: at its reset). Judged as a bet's claims are
(verifier/audit/judge.py), on the exact figures of verifier/odds/progressive.py from the
certificate's counts:

- a tier's combinations, probability, odds, contribution (probability x its net result
  at the meters: paid / wager - 1; a hand no tier pays loses the wager);
- the return, house edge, return to player, hit frequency, variance and standard
  deviation at the meters;
- ``Break-even`` (a meter's value at which the return is 0, the other meters as given)
  and ``Long-run return`` (the meter model; where it is a pair of exact bounds, the claim
  is judged on both): not checked where there is none;
- ``Return at reset`` and ``Return at install`` (every meter at its reset; at its base,
  the rules' initial amount, else its reset), whatever meters the block gives.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from verifier.audit.claims import BetBlock, Cell, key
from verifier.audit.match import LOSES
from verifier.support.errors import VerifierError

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.game.progressive import Progressive

#: the figures only a progressive has
PROGRESSIVE_FIGURES = ("break_even", "long_run_return", "return_at_reset", "return_at_install")
#: the figures at no meter the block gives: the whole table's
_TABLE_FIGURES = PROGRESSIVE_FIGURES[1:]


def progressive_of(cert: Certificate, block: BetBlock, claims: str) -> Progressive | None:
    """The progressive table a block names, or None (another bet)."""
    from verifier.game.progressive import load
    text = block.name.text.strip()
    if text.lower().endswith(".toml"):
        try:
            return load(str(Path(claims).parent / text))
        except VerifierError as exc:
            raise VerifierError(f"{block.name.where}: {exc}") from None
    k = key(text)
    for name, table in cert.progressive_tables.items():
        if k in (key(name), key(table.name)):
            return table
    return None


def meters_of(table: Progressive, block: BetBlock) -> dict[str, Fraction]:
    """The meter values the block's claims are made at: its Meter rows (checked against
    the table: a meter it has, at least its reset, at most its cap), the rest at reset."""
    from verifier.game.progressive import ProgressiveError, amount
    given: dict[str, Fraction] = {}
    for name, value in block.meters:
        try:
            if name.text in given:
                raise ProgressiveError(f"meter {name.text} is given twice")
            given[name.text] = amount(value.text, f"meter {name.text}")
            table.meter_values(given)
        except ProgressiveError as exc:
            raise VerifierError(f"{value.where}: {exc}") from None
    return table.meter_values(given)


def exact_progressive(cert: Certificate, table: Progressive, block: BetBlock
                      ) -> tuple[tuple, Callable[[Cell], tuple[str, str]], dict]:
    """(the fields of judge.Exact, the tier a claimed line names as (key, title), the
    progressive's own figures {figure or "break_even:METER": (value or None, sign,
    reason)}), at the block's meters."""
    from verifier.certificate.odds import progressive_odds
    from verifier.game.paytables import PaytableError, line_name, line_title
    values = meters_of(table, block)
    odds = progressive_odds(cert.raw, table)
    w = table.wager
    lines: dict[str, Any] = {}
    for i, tier in enumerate(table.tiers):
        lines[tier.lines[0]] = (odds.counts[i], odds.probability(i),
                                table.paid(tier, values) / w - 1)
    loses = odds.total - sum(odds.counts)
    lines[LOSES] = (loses, Fraction(loses, odds.total), Fraction(-1))
    expected = odds.return_at(values)
    variance = sum((p * net * net for _, p, net in lines.values()), Fraction(0)) \
        - expected ** 2
    hit = sum((p for _, p, net in lines.values() if net > -1), Fraction(0))
    title = table.name
    kind = table.paytable.kind

    def tier_of(cell: Cell) -> tuple[str, str]:
        try:
            name = line_name(cell.text, kind)
        except PaytableError as exc:
            raise VerifierError(f"{cell.where}: {exc}") from None
        for tier in table.tiers:
            if name in tier.lines:
                return tier.lines[0], " / ".join(line_title(n) for n in tier.lines)
        raise VerifierError(f"{cell.where}: {cell.text!r} is no tier's line of the "
                            f"progressive {table.name}")

    bounds = odds.long_run_bounds()         # exact (low == high) or a bound pair
    extra: dict[str, tuple] = {"long_run_return": (
        None if bounds is None else bounds.low if bounds.form == "exact" else
        (bounds.low, bounds.high), 1, "" if bounds is not None else
        "a meter outside the meter model (docs/PROGRESSIVES.md): no long-run figure"),
        "return_at_reset": (odds.return_at_reset(), 1, ""),
        "return_at_install": (odds.return_at_install(), 1, "")}
    for name in table.meters:
        be = odds.break_even(name, values)
        extra[f"break_even:{name}"] = (be, -1, "" if be is not None else
                                       f"no hand is paid from meter {name}")
    return (title, odds.total, lines, expected, variance, hit), tier_of, extra


def progressive_figure(table: Progressive | None, block: BetBlock, index: int,
                       figure: str, extra: dict) -> tuple[Any, int, str, str]:
    """(exact value, or a (low, high) pair bounding it; sign; the meter's words for the
    finding's line; the reason it is not checked) of a progressive's own figure
    ``figure``, the block's ``index``-th."""
    if table is None:
        return None, 0, "", "a progressive's figure, and this bet has no meter"
    if figure in _TABLE_FIGURES:
        value, sign, reason = extra[figure]
        return value, sign, "", reason
    cell = block.figure_meters.get(index)
    if cell is None and len(table.meters) != 1:
        raise VerifierError(f"{block.figures[index][1].where}: which meter's break-even? "
                            f"(give its name before the value; meters: "
                            f"{', '.join(table.meters) or 'none'})")
    name = cell.text if cell is not None else next(iter(table.meters))
    if f"break_even:{name}" not in extra:
        raise VerifierError(f"{cell.where if cell else block.name.where}: the progressive "
                            f"{table.name} has no meter {name!r} (meters: "
                            f"{', '.join(table.meters) or 'none'})")
    value, sign, reason = extra[f"break_even:{name}"]
    return value, sign, f"meter {name}", reason
