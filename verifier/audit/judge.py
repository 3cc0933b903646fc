"""Every claim of a submission judged against the exact figure of a checked certificate.

The exact figures are the par sheet's: a bet's lines, return, variance and hit frequency
from ``certificate.odds_from_certificate`` on the pay table the submission gives (or the
certificate's own), the base game from the par sheet's model (``report.model.build``).
A claim holds when the exact value rounds to it as printed (verifier/audit/numbers.py);
a claim the certificate has no figure for is *not checked*, never passed."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping

from verifier.support.errors import VerifierError
from verifier.audit.claims import FIGURE_TITLES, Cell, Submission, Where, key
from verifier.audit.numbers import parse
from verifier.audit.match import (BASE_GAME, LOSES, TOTAL, bet_of, check_game, paytable_of,
                                   special_line, table_note)
from verifier.audit.progressive import (PROGRESSIVE_FIGURES, exact_progressive,
                                        progressive_figure, progressive_of)

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.game.paytables import Paytable

HOLDS, FAILS, NOT_CHECKED = "holds", "does not hold", "not checked"
_BASE_LINES = {key(w): name for name, words in {
    "player_wins": ("player wins", "player win", "win", "wins", "player wins (both hands)"),
    "push": ("push", "pushes", "tie", "ties", "push (one hand each)"),
}.items() for w in words}


@dataclass
class Exact:
    """A bet's exact figures: per line (hands, probability, net result), the total, the
    expected net result per unit, the variance and the hit frequency."""
    title: str
    total: int
    lines: dict
    expected: Fraction
    variance: Fraction
    hit_frequency: Fraction


@dataclass
class Finding:
    where: Where
    bet: str
    line: str                       # the line's title, "" for a figure of the bet
    figure: str
    claimed: str
    status: str
    exact: object = None            # Fraction (or the variance, for a standard deviation)
    exact_text: str = ""
    difference: str = ""
    errs: str = ""                  # "house" or "player": whom the claim shows better off
    reason: str = ""

    @property
    def what(self) -> str:
        return ", ".join(p for p in (self.bet, self.line, FIGURE_TITLES[self.figure]) if p)

    def to_dict(self) -> dict:
        exact = None
        if self.exact is not None:
            exact = (f"sqrt({self.exact})" if self.figure == "standard_deviation"
                     else str(self.exact))
        return {"where": self.where.to_dict(), "at": str(self.where), "bet": self.bet,
                "line": self.line or None, "figure": self.figure, "claimed": self.claimed,
                "status": self.status, "exact": exact, "exact_shown": self.exact_text or None,
                "difference": self.difference or None, "errs_for": self.errs or None,
                "reason": self.reason or None}


@dataclass
class Audit:
    claims: str
    certificate: str
    game: dict                      # what the certificate is of
    findings: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    claims_sha256: str = ""         # the submission as read
    certificate_sha256: str = ""    # the certificate's own hash
    tool: str = ""
    date: str = ""                  # the audit's date (ISO), and who reviewed it
    reviewer: str = ""

    def count(self, status: str) -> int:
        return sum(1 for f in self.findings if f.status == status)

    @property
    def exit_status(self) -> int:
        """1 when a claim does not hold, and when no claim could be judged: a verifier
        never passes what it did not check (issue 35)."""
        return 1 if self.count(FAILS) or not self.judged else 0

    @property
    def judged(self) -> int:
        """How many claims were checked (held or not)."""
        return len(self.findings) - self.count(NOT_CHECKED)

    @property
    def verdict(self) -> str:
        n, bad, unchecked = len(self.findings), self.count(FAILS), self.count(NOT_CHECKED)
        tail = f"; {unchecked} not checked" if unchecked else ""
        if bad:
            return (f"DOES NOT HOLD: {bad} of {n - unchecked} checked claims are wrong"
                    f"{tail}")
        if not self.judged:
            return f"NOTHING JUDGED: none of the {n} claims could be checked"
        return f"HOLDS: all {n - unchecked} checked claims hold{tail}"

    def to_dict(self) -> dict:
        return {"claims": self.claims, "claims_sha256": self.claims_sha256,
                "certificate": self.certificate,
                "certificate_sha256": self.certificate_sha256, "tool": self.tool,
                "date": self.date, "reviewer": self.reviewer or None, "game": self.game, "notes": self.notes,
                "claims_total": len(self.findings), "holds": self.count(HOLDS),
                "does_not_hold": self.count(FAILS), "not_checked": self.count(NOT_CHECKED),
                "verdict": self.verdict, "findings": [f.to_dict() for f in self.findings]}


def exact_of(cert: Certificate, bet: str, table: Paytable | None,
             reading: str | None) -> Exact | str:
    """The exact figures of a bet, or the reason the certificate has none (a string)."""
    if bet == BASE_GAME:
        if not cert.has("base_game"):
            return ("the certificate has no base_game section (run without "
                    "--no-base-game, on the full deck)")
        from verifier.report.model import build
        base = build(cert, formulas=False).base_game
        assert base is not None                 # the certificate has the section
        nets = [line.contribution / line.probability if line.probability else Fraction(0)
                for line in base.lines]
        names = ("player_wins", "push", LOSES)
        return Exact("Base game", base.total,
                     {n: (line.combinations, line.probability, net)
                      for n, line, net in zip(names, base.lines, nets)},
                     base.expected, base.variance, base.hit_frequency)
    from verifier.certificate.odds import odds_from_certificate
    assert table is not None                    # a bet's block has its pay table
    try:
        odds = odds_from_certificate(cert.raw, table, reading)
    except VerifierError as exc:
        return str(exc)
    lines = {r.category: (r.hands, r.probability, r.net) for r in odds.lines}
    lines[LOSES] = (odds.loses.hands, odds.loses.probability, odds.loses.net)
    return Exact(table.name, odds.total_hands, lines, odds.expected, odds.variance,
                 odds.hit_frequency)


def _sign(x):
    return (x > 0) - (x < 0)


def line_value(exact: Exact, line: str, column: str) -> tuple[Fraction | None, int]:
    """(exact value, +1 when a larger value shows the player better off, -1 the house, 0
    neither) of a line's column; None for odds of a line that never occurs."""
    if line == TOTAL:
        return {"combinations": (Fraction(exact.total), 0), "probability": (Fraction(1), 0),
                "odds": (Fraction(1), 0), "contribution": (exact.expected, 1)}[column]
    hands, p, net = exact.lines[line]
    if column == "combinations":
        return Fraction(hands), _sign(net)
    if column == "probability":
        return p, _sign(net)
    if column == "odds":
        return (1 / p if p else None), -_sign(net)
    return p * net, 1


def figure_value(exact: Exact, figure: str) -> tuple[Fraction, int]:
    return {"return": (exact.expected, 1), "house_edge": (-exact.expected, -1),
            "return_to_player": (1 + exact.expected, 1),
            "hit_frequency": (exact.hit_frequency, 1), "variance": (exact.variance, 0),
            "standard_deviation": (exact.variance, 0)}[figure]


def judge(finding: Finding, cell: Cell, value: Fraction | None, sign: int) -> Finding:
    """Fills ``finding`` from the claimed ``cell`` and the exact ``value``."""
    figure = finding.figure
    count = figure == "combinations"
    never = figure == "odds" and key(cell.text) == "never"
    if figure == "odds" and (value is None or never):
        finding.exact_text = "never" if value is None else f"1 in {float(value):,.4f}"
        finding.status = HOLDS if value is None and never else FAILS
        if not never:
            parse(cell.text, cell.where, odds=True)        # a bad number is bad input
        return finding
    assert value is not None                    # only the odds of a line never hit are None
    claimed = parse(cell.text, cell.where, count=count, odds=figure == "odds",
                    money=figure == "break_even")
    finding.exact = value
    places = claimed.places + 4
    scale = 100 if claimed.percent else 1
    unit = "%" if claimed.percent else ""
    if figure == "standard_deviation":
        from verifier.odds.values import sqrt_decimal
        root = sqrt_decimal(value)
        holds = claimed.holds_for_square(value)
        shown, diff = root * scale, float(claimed.value - Fraction(root)) * scale
    else:
        holds = claimed.holds(value)
        shown, diff = float(value * scale), float((claimed.value - value) * scale)
    if count:
        finding.exact_text = f"{int(value):,}"
        finding.difference = f"{int(claimed.value - value):+,}"
    else:
        prefix = "1 in " if figure == "odds" else ""
        finding.exact_text = f"{prefix}{shown:,.{places}f}{unit}"
        finding.difference = f"{diff:+.{places}f}{unit}"
    finding.status = HOLDS if holds else FAILS
    if not holds and sign:
        above = claimed.value > value
        finding.errs = "player" if above == (sign > 0) else "house"
    if not holds and figure == "return" and claimed.holds(1 + value):
        finding.reason = "it holds as the return to player (1 + return): name the row " \
                         "Return to player"
    return finding


def judge_bounded(finding: Finding, cell: Cell, bounds: tuple[Fraction, Fraction],
                  sign: int) -> Finding:
    """A claim on a figure known between two exact bounds: it holds (or does not) when it
    does at both, on the same side; else it is not checked."""
    low, high = bounds
    judge(finding, cell, high, sign)
    at_high = (finding.status, finding.errs)
    judge(finding, cell, low, sign)
    if (finding.status, finding.errs) != at_high:
        finding.status, finding.errs, finding.difference = NOT_CHECKED, "", ""
        finding.reason = "the exact figure lies between two bounds the claim falls between"
    finding.exact_text += " (bounds)"
    return finding


def audit(sub: Submission, cert: Certificate | Mapping,
          cert_path: str | os.PathLike) -> Audit:
    """The audit of submission ``sub`` (verifier.audit.claims) against a checked
    certificate: one Finding per claim, in the submission's order."""
    from verifier.certificate.model import Certificate
    from verifier.game.paytables import line_name, line_title
    cert = Certificate.of(cert)
    game = check_game(sub, cert, cert_path)
    from verifier.support.version import __version__
    result = Audit(sub.path, str(cert_path), game, claims_sha256=sub.sha256,
                   certificate_sha256=cert.sha256,
                   tool=f"paigow-verifier {__version__}")
    for block in sub.bets:
        progressive = progressive_of(cert, block, sub.path)
        extra: dict = {}
        if progressive is not None:
            bet, table = progressive.name, None
            fields, tier_of, extra = exact_progressive(cert, progressive, block)
            exact: Exact | str = Exact(*fields)
        else:
            if block.meters:
                raise VerifierError(f"{block.meters[0][0].where}: a Meter row, but "
                                    f"{block.name.text!r} is no progressive")
            bet = bet_of(cert, block)
            table = None if bet == BASE_GAME else paytable_of(cert, bet, block)
            exact = exact_of(cert, bet, table, game["bonus_reading"])
        note = table_note(cert, bet, table) if block.pays and not progressive else \
            (f"{bet}: the Pays column is not judged (a progressive's pays are its table's)"
             if block.pays else None)
        if note:
            result.notes.append(note)
        title = (exact.title if isinstance(exact, Exact) else
                 "Base game" if table is None else table.name)
        for row in block.rows:
            special = special_line(row.line.text)
            line: str | None
            if progressive is not None:
                line, shown_line = tier_of(row.line) if special is None else (special, "")
            elif bet == BASE_GAME:
                line = special or _BASE_LINES.get(key(row.line.text))
                if line is None:
                    raise VerifierError(f"{row.line.where}: {row.line.text!r} is not a line "
                                        "of the base game (Player wins, Push, Player loses, "
                                        "Total)")
            else:
                assert table is not None            # a bet's block: its pay table
                line = special or line_name(row.line.text, table.kind)
            if progressive is None or special:
                shown_line = {LOSES: "Player loses" if bet == BASE_GAME else "No line (loses)",
                              TOTAL: "Total", "player_wins": "Player wins"}.get(line) or \
                    line_title(line)
            for column in block.columns:
                cell = row.cells.get(column)
                if cell is None:
                    continue
                finding = Finding(cell.where, title, shown_line, column, cell.text, NOT_CHECKED)
                if isinstance(exact, str):
                    finding.reason = exact
                else:
                    judge(finding, cell, *line_value(exact, line, column))
                result.findings.append(finding)
        for i, (figure, cell) in enumerate(block.figures):
            finding = Finding(cell.where, title, "", figure, cell.text, NOT_CHECKED)
            if figure in PROGRESSIVE_FIGURES:
                value, sign, finding.line, reason = progressive_figure(
                    progressive, block, i, figure, extra)
                if value is None:
                    finding.reason = reason
                    parse(cell.text, cell.where, money=True)    # bad input all the same
                elif isinstance(value, tuple):
                    judge_bounded(finding, cell, value, sign)
                else:
                    judge(finding, cell, value, sign)
            elif isinstance(exact, str):
                finding.reason = exact
            else:
                judge(finding, cell, *figure_value(exact, figure))
            result.findings.append(finding)
    return result
