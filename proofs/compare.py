"""Closed forms against the enumeration (and against published values).

``run_all(result)`` -> list of ``Row``; ``format_table(rows)`` -> text;
``all_agree(rows)`` -> bool. A row agrees when the closed form equals the
enumeration's number (where the enumeration reports one) and the published value
(where there is one).
"""
from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING, Iterable

from verifier.proofs.registry import ENTRIES, Entry

if TYPE_CHECKING:
    from verifier.engine import EnumerationResult

Row = namedtuple("Row", "name closed_form enumeration agree published")


def run_all(result: EnumerationResult | None, entries: Iterable[Entry] | None = None) -> list[Row]:
    rows = []
    for entry in ENTRIES if entries is None else entries:
        closed = int(entry.derive())
        enum = entry.extract(result) if result is not None else None
        enum = None if enum is None else int(enum)
        ok = (enum is None or enum == closed) and \
             (entry.published is None or entry.published == closed)
        rows.append(Row(entry.name, closed, enum, ok, entry.published))
    return rows


def all_agree(rows: Iterable[Row]) -> bool:
    return all(row.agree for row in rows)


def format_table(rows: list[Row]) -> str:
    def num(x):
        return "-" if x is None else f"{x:,}"
    head = ("derivation", "closed form", "enumeration", "published", "agree")
    body = [(r.name, num(r.closed_form), num(r.enumeration), num(r.published),
             "yes" if r.agree else "NO") for r in rows]
    widths = [max(len(str(line[i])) for line in [head] + body) for i in range(5)]
    out = []
    for i, line in enumerate([head] + body):
        cells = [line[0].ljust(widths[0])] + [line[j].rjust(widths[j]) for j in (1, 2, 3)] \
            + [line[4].ljust(widths[4])]
        out.append("  ".join(cells).rstrip())
        if i == 0:
            out.append("  ".join("-" * w for w in widths))
    bad = sum(1 for r in rows if not r.agree)
    out.append("")
    out.append(f"{len(rows)} derivations, " +
               ("all agree" if not bad else f"{bad} DISAGREE"))
    return "\n".join(out)
