"""The filing's metadata file (TOML, docs/FILING.md): the cover (manufacturer, lab, game,
submission ID, revision, date, preparer, jurisdiction), the attestation, the signature
block and the revision history. Read and checked here: a field missing, of the wrong
type or a date that is no date is one line naming the file and the field."""
from __future__ import annotations

import datetime
import os
from dataclasses import dataclass

from verifier.support.errors import VerifierError

#: the cover's fields, each a non-empty string (the date apart), in the cover's order
COVER = (("manufacturer", "Manufacturer"), ("lab", "Independent test laboratory"),
         ("game", "Game"), ("submission_id", "Submission ID"), ("revision", "Revision"),
         ("date", "Date"), ("preparer", "Prepared by"))
SIGNATURE = ("name", "title")
REVISION = ("revision", "date", "change")
OPTIONAL = ("jurisdiction", "attestation")
ATTESTATION = ("I attest that the figures in this document were computed exactly, by "
               "enumerating every hand of the deck, from the certificate whose hashes it "
               "ends with, and that the rules of play it states are the rules of the game "
               "submitted.")


@dataclass(frozen=True)
class Revision:
    revision: str
    date: datetime.date
    change: str


@dataclass(frozen=True)
class Meta:
    manufacturer: str
    lab: str
    game: str
    submission_id: str
    revision: str
    date: datetime.date
    preparer: str
    signer_name: str
    signer_title: str
    revisions: tuple[Revision, ...]
    attestation: str = ATTESTATION
    jurisdiction: str | None = None

    def cover_rows(self) -> list[tuple[str, str]]:
        return [(title, str(getattr(self, key))) for key, title in COVER]

    def revision_rows(self) -> list[tuple[str, str, str]]:
        """The revisions as the par sheet's revision-history rows: (revision, ISO date,
        change), oldest first."""
        return [(r.revision, r.date.isoformat(), r.change) for r in self.revisions]


def read(path: str | os.PathLike) -> Meta:
    """The metadata file at ``path``, checked (one-line errors)."""
    from verifier.support.files import parse_toml, read_text
    from verifier.support.toml import tomllib
    text = read_text(path, "filing metadata file")
    try:
        data = parse_toml(text, path, "filing metadata file")
    except tomllib.TOMLDecodeError as exc:
        raise VerifierError(f"{path}: not a filing metadata file: {exc}") from None
    return of(data, str(path))


def of(data: dict, where: str = "metadata") -> Meta:
    """The metadata of a parsed file (``where`` names it in an error)."""
    known = {k for k, _ in COVER} | set(OPTIONAL) | {"signature", "revisions"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise VerifierError(f"{where}: unknown field {unknown[0]!r} (fields: "
                            f"{', '.join(sorted(known))})")
    cover = {key: _text(data, key, where) for key, _ in COVER if key != "date"}
    date = _date(data, "date", where)
    sig = data.get("signature")
    if not isinstance(sig, dict):
        raise VerifierError(f"{where}: missing field 'signature' (a table with "
                            f"{' and '.join(SIGNATURE)})")
    signer = {k: _text(sig, k, f"{where}, signature") for k in SIGNATURE}
    revisions = data.get("revisions")
    if not isinstance(revisions, list) or not revisions:
        raise VerifierError(f"{where}: missing field 'revisions' (a list of "
                            f"[[revisions]] with {', '.join(REVISION)})")
    history = []
    for n, row in enumerate(revisions, 1):
        at = f"{where}, revisions #{n}"
        if not isinstance(row, dict) or set(row) - set(REVISION):
            raise VerifierError(f"{at}: a table of {', '.join(REVISION)}")
        history.append(Revision(_text(row, "revision", at), _date(row, "date", at),
                                _text(row, "change", at)))
    extra = {k: _text(data, k, where) for k in OPTIONAL if k in data}
    return Meta(**cover, date=date, signer_name=signer["name"], signer_title=signer["title"],
                revisions=tuple(history), **extra)


def _text(data, key, where):
    if key not in data:
        raise VerifierError(f"{where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise VerifierError(f"{where}: field {key!r} must be a non-empty string")
    if len(value) > 2000:
        raise VerifierError(f"{where}: field {key!r} is longer than 2,000 characters")
    return value.strip()


def _date(data, key, where):
    """A TOML date (2026-11-27) or a string of one."""
    if key not in data:
        raise VerifierError(f"{where}: missing field {key!r}")
    value = data[key]
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise VerifierError(f"{where}: field {key!r} is not a date (YYYY-MM-DD): "
                        f"{str(value)[:40]!r}")
