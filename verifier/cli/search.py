"""``solve CERT --line A --line B --edge-range 1.5%..2.5%``: every practical pay table of a
bet within an edge range (verifier/odds/search.py), ranked, each confirmed exactly."""
from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING

from verifier.support.errors import VerifierError

if TYPE_CHECKING:
    from verifier.cli.settings import OddsSettings

DEFAULT_LIMIT = 20


def edge_range(text: str) -> tuple[Fraction, Fraction]:
    """``1.5%..2.5%`` -> (low, high), each as ``--edge`` reads it."""
    from verifier.support.edges import parse_edge
    low, sep, high = text.partition("..")
    if not sep:
        raise VerifierError(f"bad --edge-range {text!r}: write LOW..HIGH, e.g. 1.5%..2.5%")
    return parse_edge(low, "--edge-range"), parse_edge(high, "--edge-range")


def step_of(text: str) -> Fraction:
    """``--step``: the pays' grid, a positive number (0.5, 1)."""
    from verifier.game.paytables import parse_pay
    step = parse_pay(text, "--step")
    if not isinstance(step, Fraction) or step <= 0:
        raise VerifierError("--step: a number, e.g. 1 or 0.5")
    return step


def search_tables(settings: OddsSettings) -> int:
    from verifier.certificate.odds import odds_from_certificate
    from verifier.cli.formula import formula_from_args
    from verifier.game.paytables import line_title, pay_label, pay_text
    from verifier.odds.formula import canonical_line
    from verifier.odds.search import confirmed
    from verifier.odds.values import exact_value
    from verifier.support.edges import parse_edge
    assert settings.edge_range is not None
    low, high = edge_range(settings.edge_range)
    step = step_of(settings.step or "0.5")
    cert, formula = formula_from_args(settings)
    table = formula.table
    lines = [canonical_line(x, table) for x in settings.line or ()]
    if not lines or len(set(lines)) != len(lines):
        raise VerifierError("--edge-range searches the lines --line names, each once")
    target = parse_edge(settings.target, "--target") if settings.target else (low + high) / 2
    reading = settings.bonus_reading
    rank = settings.rank or "distance"
    searched, rows = confirmed(formula, lines, low, high, step, rank, target,
                               settings.limit or DEFAULT_LIMIT,
                               lambda t: odds_from_certificate(cert.raw, t, reading),
                               settings.progress, settings.keep_order)
    left_out = searched.left_out()
    if settings.json:
        print(json.dumps({"bet": table.bet, "lines": lines,
                          "line_names": [line_title(x) for x in lines],
                          "step": pay_text(step),
                          "edge_range": [exact_value(low), exact_value(high)],
                          "target": exact_value(target), "rank": rank,
                          "keep_order": settings.keep_order,
                          "found": len(searched.tables), "left_out": left_out, "tables": [
                              {"pays": {line: pay_text(p) for line, p in f.pays},
                               "house_edge": exact_value(o.house_edge),
                               "hit_frequency": exact_value(o.hit_frequency),
                               "standard_deviation": o.standard_deviation_decimal}
                              for f, o in rows]}, indent=1))
        return 0
    order = ", a better hand never paying less" if settings.keep_order else ""
    print(f"{table.kind.title} ({table.name}): {len(searched.tables):,} tables with "
          f"{', '.join(line_title(x) for x in lines)} on a grid of {pay_text(step)} (half to "
          f"twice today's pays{order}) have a house edge from {float(low):.4%} to "
          f"{float(high):.4%}" + _left_out_text(left_out) + f"; the first {len(rows)} by {rank}"
          + (f" to {float(target):.4%}" if rank == "distance" else "")
          + ", each confirmed from the certificate's counts:")
    head = "  ".join(f"{line_title(x)[:14]:>14}" for x in lines)
    print(f"{head}  {'house edge':>11}  {'hit freq.':>10}  {'SD':>8}")
    for f, o in rows:
        pays = "  ".join(f"{pay_label(p):>14}" for _, p in f.pays)
        print(f"{pays}  {float(o.house_edge):>11.4%}  {float(o.hit_frequency):>10.4%}  "
              f"{o.standard_deviation_decimal:>8.4f}")
    return 0


def _left_out_text(left_out: dict[str, int]) -> str:
    """`` (left out: 12 with a dead line, 3 with the figures of another)``, or nothing."""
    if not left_out:
        return ""
    return " (left out: " + ", ".join(f"{n:,} {why}" for why, n in left_out.items()) + ")"
