"""Auditing a submitted par sheet (``paigow-verify audit``): every figure a filing claims,
judged against the exact one of a checked certificate (docs/AUDIT.md).

``read(path)`` reads the submission (CSV, TOML, or an xlsx workbook through
``sheets``), ``match`` finds the game and each block's bet and pay table, ``judge.audit(sub,
cert, cert_path)`` judges each claim (the rounding rules:
``numbers``), ``render`` writes the report (text, JSON, Markdown, HTML, PDF)."""
from __future__ import annotations

from pathlib import Path
import os

from verifier.support.errors import VerifierError
from verifier.audit import claims, claimtoml, sheets


def certificate_path(sub: claims.Submission, rules: str | None = None) -> Path:
    """The shipped certificate of the game the claims (or ``--rules``) name."""
    from verifier.certificate.shipped import shipped_certificate_path
    from verifier.audit.match import claimed_rule_set
    name = claimed_rule_set(sub)
    if rules:
        from verifier.rules.rulesets import load
        wanted = load(rules).name
        if name and name != wanted:
            raise VerifierError(f"{sub.game['rule_set'].where}: the claims are of rule set "
                                f"{name}, not {wanted} (--rules)")
        name = wanted
    if name is None:
        raise VerifierError(f"{sub.path}: the claims name no rule set: add a Rule set row, or "
                            "pass --rules NAME or --cert CERT.json")
    house_way = sub.game.get("house_way")
    path = shipped_certificate_path(name, house_way.text.strip().lower() if house_way else None)
    if path is None:
        raise VerifierError(f"no shipped certificate of rule set {name}: pass --cert CERT.json "
                            "(paigow-verify run --out CERT.json)")
    return path


def read(path: str | os.PathLike) -> claims.Submission:
    """The claims of a submitted par sheet: ``.csv``, ``.toml`` or ``.xlsx``."""
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        sub = claims.read_csv(path)
    elif suffix == ".toml":
        sub = claimtoml.read_toml(path)
    elif suffix in (".xlsx", ".xlsm", ".xltm", ".xltx"):
        sub = sheets.read_workbook(path)
    else:
        raise VerifierError(f"{path}: a claims file is .csv, .xlsx or .toml (docs/AUDIT.md)")
    claims.check_numbers(sub)
    if len(sub.bets) > claims.MAX_BETS:
        extra = sub.bets[claims.MAX_BETS].name.where
        raise VerifierError(f"{extra}: more than {claims.MAX_BETS} bets in one par sheet")
    if not sub.bets:
        raise VerifierError(f"{path}: no bet: a par sheet names at least one bet (or the "
                            "base game) and its claims (docs/AUDIT.md)")
    if not any(block.figures or any(row.cells.get(c) for row in block.rows
                                    for c in block.columns) for block in sub.bets):
        raise VerifierError(f"{path}: no claim to judge: no line table's figure and no "
                            "bet's figure (docs/AUDIT.md)")
    return sub
