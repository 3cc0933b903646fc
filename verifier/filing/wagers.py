"""The filing's pay tables: each wager's lines with the payout odds, the true odds "X to
1" ((1 - p) / p, exact) and the house advantage, from the par sheet's model; and a
variation: the lines whose pays differ from the approved table's, with the edge before
and after."""
from __future__ import annotations

import os
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from verifier.certificate.model import Certificate
from verifier.report.sheet import ParSheet
from verifier.support.errors import VerifierError


def true_odds(p: Fraction) -> Fraction | None:
    """The true odds against an outcome of probability ``p``, "X to 1": X = (1 - p) / p;
    None for an outcome that never happens."""
    return None if p == 0 else (1 - p) / p


def odds_to_one(x: Fraction | None) -> str:
    """``X to 1`` rounded for display (exact beside it in the document)."""
    if x is None:
        return "never"
    return f"{float(x):,.0f} to 1" if x >= 1000 else f"{float(x):,.2f} to 1"


@dataclass(frozen=True)
class WagerLine:
    title: str
    pay: str                    # the payout odds as the pay table states them
    combinations: int
    probability: Fraction
    true_odds: Fraction | None


@dataclass(frozen=True)
class Wager:
    key: str
    title: str
    paytable: str
    unit: str
    total: int
    lines: tuple[WagerLine, ...]
    house_edge: Fraction | None     # None for an amount (the envy), not a wager of its own


def wagers(sheet: ParSheet) -> list[Wager]:
    """Every bet of the sheet and its base game, each line with its true odds."""
    out = []
    for bet in sheet.bets + ([sheet.base_game] if sheet.base_game else []):
        lines = tuple(WagerLine(line.title, line.pay, line.combinations, line.probability,
                                true_odds(line.probability)) for line in bet.lines)
        out.append(Wager(bet.key, bet.title, bet.paytable, bet.unit, bet.total, lines,
                         bet.house_edge if bet.kind == "wager" else None))
    return out


@dataclass(frozen=True)
class Change:
    bet: str                    # the bet's title
    line: str                   # the line's title
    before: str                 # the approved pay ("4 to 1"; "not paid")
    after: str


@dataclass(frozen=True)
class Variation:
    approved: str               # what the approved table is, in words
    changes: tuple[Change, ...]
    #: (bet title, edge before, edge after) of each bet whose pays changed
    edges: tuple[tuple[str, Fraction, Fraction], ...]
    #: each progressive's parameters before and after (verifier/filing/progressives.py)
    progressives: tuple = ()


def same_game(cert: Certificate, path: str | os.PathLike) -> None:
    """Refuse, before any work, an approved table of another game: a certificate of
    another rule set (as it states it), a pay table of a bet the rule set does not offer,
    a file that is neither."""
    from verifier.game.paytables import load as load_table
    name = Path(path).name
    if str(path).endswith(".json"):
        from verifier.certificate import load
        from verifier.certificate.model import stated_rule_set
        found = stated_rule_set(load(path))
        if found != cert.rule_set.name:
            raise VerifierError(f"--variation-of {name}: a certificate of rule set {found}, "
                                f"another game than {cert.rule_set.name}")
    elif str(path).endswith(".toml"):
        from verifier.filing.progressives import is_progressive_file
        if is_progressive_file(path):
            if not cert.progressive_tables:
                raise VerifierError(f"--variation-of {name}: a progressive table, and rule "
                                    f"set {cert.rule_set.name} offers no progressive")
            return
        table = load_table(path)
        if table.bet not in cert.rule_set.bets:
            raise VerifierError(f"--variation-of {name}: a pay table of {table.bet}, a bet "
                                f"rule set {cert.rule_set.name} does not offer (another game)")
    else:
        raise VerifierError(f"--variation-of {name}: a certificate (.json) or a pay table "
                            f"(.toml)")


def variation(cert: Certificate, sheet: ParSheet, path: str | os.PathLike) -> Variation:
    """This certificate's pay tables against the approved ones ``path`` holds: a
    certificate of the same rule set (checked), or one bet's pay-table file."""
    from verifier.game.paytables import load as load_table
    from verifier.report.model import build
    from verifier.filing.progressives import is_progressive_file, variations
    same_game(cert, path)
    name = Path(path).name
    if is_progressive_file(path):
        return Variation(f"the approved progressive table of the {name} file", (), (),
                         tuple(variations(cert, path)))
    if str(path).endswith(".json"):
        from verifier import certificate
        approved = certificate.read(path)
        for field in ("house_way", "wheel", "settlement"):
            if getattr(approved.rule_set, field) != getattr(cert.rule_set, field):
                raise VerifierError(f"--variation-of {name}: its {field.replace('_', ' ')} "
                                    f"is not this certificate's (another game)")
        before = tables_of(approved)
        old_sheet = build(approved, formulas=False)
        what = f"the approved certificate {name} (certificate SHA-256 {approved.sha256[:16]}...)"
    else:
        table = load_table(path)
        before = {table.bet: table}
        old_sheet = build(cert, formulas=False, designed={table.bet: table})
        what = f"the approved pay table {table.name!r} of the {name} file"
    after = tables_of(cert)
    titles = {b.key: b.title for b in sheet.bets}
    old_edges = {b.key: b.house_edge for b in old_sheet.bets}
    new_edges = {b.key: b.house_edge for b in sheet.bets}
    changes, edges = [], []
    for bet, old in before.items():
        new = after.get(bet)
        if new is None:
            raise VerifierError(f"--variation-of {name}: its bet {bet} is not offered here")
        diff = _changed_lines(old.pay, new.pay)
        changes += [Change(titles.get(bet, bet), line, a, b) for line, a, b in diff]
        if diff:
            edges.append((titles.get(bet, bet), old_edges[bet], new_edges[bet]))
    progressive = tuple(variations(cert, path)) if str(path).endswith(".json") else ()
    return Variation(what, tuple(changes), tuple(edges), progressive)


def tables_of(cert: Certificate) -> dict:
    """{bet: Paytable} of every bet of the certificate's rule set that has a pay table."""
    from verifier.certificate.formula import default_table
    out = {}
    for bet in cert.rule_set.bets:
        try:
            out[bet] = default_table(cert.raw, bet)
        except (VerifierError, KeyError):
            continue                # a bet without a table of its own
    return out


def _changed_lines(old: dict, new: dict) -> list[tuple[str, str, str]]:
    """(line title, pay before, pay after) of each line whose pay differs."""
    from verifier.game.paytables import line_title
    from verifier.game.pays import pay_label

    def shown(pays, line):
        return pay_label(pays[line]) if line in pays else "not paid"
    lines = list(new) + [line for line in old if line not in new]
    return [(line_title(line), shown(old, line), shown(new, line)) for line in lines
            if shown(old, line) != shown(new, line)]
