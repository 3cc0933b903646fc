"""The shipped certificates (proofs/certificates/, installed as verifier/proofs/
certificates/), found by a table of names: never by a path built from user text."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.support.sourcetree import proofs_directory

if TYPE_CHECKING:
    from verifier.rules.rulesets import RuleSet

DIRECTORY = Path(proofs_directory()) / "certificates"

#: (rule set, house way or None for the rule set's own) -> the shipped file's name
SHIPPED = {
    ("outlaw9-mikes", None): "outlaw9-mikes.json",
    ("casino-standard", None): "casino-standard.json",
    ("casino-standard", "emperors"): "casino-standard+emperors.json",
    ("emperors-challenge", None): "emperors-challenge.json",
}

#: the SHA-256 of each shipped file as it was made and checked (``sha256sum`` format,
#: beside the files; tests/test_shipped_certificates.py holds it to the files and checks
#: each in full): a command that reads figures from a shipped file whose text has its
#: pinned digest reads it without re-deriving every figure (a second or two a command);
#: any other file, and a shipped one changed by a byte, is checked in full
SUMS = "SHA256SUMS"


def pinned_digests(directory: Path | None = None) -> dict[str, str]:
    """The shipped files' names and their pinned SHA-256 (hex), from ``SUMS`` (in
    ``directory``, by default the shipped certificates')."""
    sums = (DIRECTORY if directory is None else directory) / SUMS
    if not sums.is_file():
        return {}
    out = {}
    for line in sums.read_text(encoding="ascii").splitlines():
        digest, _, name = line.partition("  ")
        out[name.strip()] = digest.strip()
    return out


def is_pinned(path: str | os.PathLike, text: str) -> bool:
    """Whether ``path`` is a shipped certificate and ``text``, the text read from it, has
    the digest pinned for it: the very bytes checked when it was made."""
    where = Path(path).resolve()
    if where.parent != DIRECTORY.resolve() or where.name not in SHIPPED.values():
        return False
    digest = pinned_digests().get(where.name)
    return digest is not None and hashlib.sha256(text.encode("utf-8")).hexdigest() == digest


def shipped_certificate_path(name: str, house_way: str | None = None) -> Path | None:
    """The shipped certificate of rule set ``name`` (for ``house_way`` when the rule set
    ships one for that other house way), or None when none is shipped."""
    for key in ((name, house_way), (name, None)):
        if key in SHIPPED:
            path = DIRECTORY / SHIPPED[key]
            if path.is_file():
                return path
    return None


def shipped_figures(ruleset: RuleSet) -> tuple[dict[str, Any] | None, Path | None]:
    """(figures, path) of the shipped certificate's strategy section when it is of the
    same rules (rule set, house way, wheel, settlement); else (None, None)."""
    from verifier.certificate.format import CertificateError, load
    path = shipped_certificate_path(ruleset.name, ruleset.rules.house_way)
    if path is None:
        return None, None
    try:
        cert = load(path)
    except CertificateError:
        return None, None
    sections = cert.get("sections") or {}
    section = sections.get("strategy")
    results = section.get("results") if isinstance(section, dict) else None
    rule_set = (sections.get("rule_set") or {}).get("results") or {}
    rules = cert.get("rules") or {}
    same = (rule_set.get("name") == ruleset.name
            and rule_set.get("settlement") == ruleset.settlement
            and (rules.get("house_way") or {}).get("value") == ruleset.rules.house_way
            and (rules.get("wheel") or {}).get("value") == ruleset.rules.wheel
            and cert.get("total_hands") == 154143080)
    if not same or not isinstance(results, dict) or not {"house_way", "optimal"} <= set(results):
        return None, None
    return results, path
