"""Auditing a submitted par sheet (``paigow-verify audit``): every figure a filing claims,
judged against the exact one of a checked certificate (docs/AUDIT.md).

``claims.read(path)`` reads the submission (CSV, TOML, or an xlsx workbook through
``sheets``), ``judge.audit(sub, cert, cert_path)`` judges each claim (the rounding rules:
``numbers``), ``render`` writes the report (text, JSON, Markdown, HTML, PDF)."""
from verifier.support.errors import VerifierError


def certificate_path(sub, rules=None):
    """The shipped certificate of the game the claims (or ``--rules``) name."""
    from verifier.certificate.shipped import shipped_certificate_path
    from verifier.audit.judge import claimed_rule_set
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
