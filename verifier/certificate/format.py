"""The certificate's format: its fields, its two hashes, reading and writing it, and the
accessors every reader uses (rules_of, deck_of, paytable_of, outlaw9_sets_of). Imports
nothing that computes results: the layers above (sections, build, check) depend on it.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import platform
import re
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from verifier.certificate.canonical import ints_in_range
from verifier.game.cards import parse_card, RANK_CHARS, JOKER
from verifier.support.errors import VerifierError
from verifier.support.files import atomic_write_text, parse_json, read_text
from verifier.game.bets import default_bet
from verifier.game.paytables import Paytable
from verifier.rules.readings import Rules

FORMAT = "paigow-verifier certificate"
FORMAT_VERSION = 1
HASH_FIELD = "sha256"
RESULT_HASH_FIELD = "result_sha256"  # over result_content(): no run metadata
SIGNATURE_FIELD = "signature"       # verifier/certificate/signing.py; outside the hash


class CertificateError(VerifierError):
    """A certificate file that cannot be read at all (missing, not JSON, not a certificate)."""


@dataclass
class Mismatch:
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


# ---------------------------------------------------------------------------------------
# canonical form and hash


def canonical_bytes(cert: Mapping[str, Any]) -> bytes:
    """The bytes the hash is taken over: the certificate without its ``sha256`` and
    ``signature`` fields, as ``json.dumps(sort_keys=True, separators=(",", ":"))``
    (ASCII, UTF-8)."""
    body = {k: v for k, v in cert.items() if k not in (HASH_FIELD, SIGNATURE_FIELD)}
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")


#: a SHA-256 as certificates write it (the schema's ``$defs/sha256`` pattern, held equal by
#: tests/test_certificate_schema.py)
SHA256_PATTERN = "[0-9a-f]{64}"


def is_sha256(text: object) -> bool:
    """True for 64 lower-case hex digits, as every hash in a certificate is written."""
    return isinstance(text, str) and re.fullmatch(SHA256_PATTERN, text) is not None


def content_hash(cert: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_bytes(cert)).hexdigest()


#: Fields of ``tool`` that describe one run (time, machine) rather than the result; two
#: runs of the same rules give certificates equal in everything else (``same_result``).
RUN_FIELDS = ("engine", "threads", "seconds", "created", "host")


def result_content(cert: Mapping[str, Any]) -> dict:
    """What ``result_sha256`` covers: the certificate without its two hashes, its
    signature and the run-only ``tool`` fields (RUN_FIELDS)."""
    body = {k: v for k, v in cert.items()
            if k not in (HASH_FIELD, RESULT_HASH_FIELD, SIGNATURE_FIELD)}
    tool = cert.get("tool", {})
    body["tool"] = ({k: v for k, v in tool.items() if k not in RUN_FIELDS}
                    if isinstance(tool, dict) else tool)
    return body


def result_canonical_bytes(cert: Mapping[str, Any]) -> bytes:
    """``result_content`` as RFC 8785 canonical JSON (``verifier.certificate.canonical``: the bytes of
    the ``rfc8785`` package, faster). Raises CertificateError when it has no canonical
    form (an integer beyond 2**53 - 1, a NaN)."""
    import rfc8785
    from verifier.certificate.canonical import dumps
    try:
        return dumps(result_content(cert))
    except rfc8785.CanonicalizationError as exc:
        raise CertificateError(f"the results have no RFC 8785 canonical form: {exc}") from None


def result_hash(cert: Mapping[str, Any]) -> str:
    return hashlib.sha256(result_canonical_bytes(cert)).hexdigest()


def same_result(cert_a: Mapping[str, Any], cert_b: Mapping[str, Any]) -> bool:
    """True when two certificates certify the same thing (equal but for run metadata)."""
    return result_content(cert_a) == result_content(cert_b)


def seal(cert: dict, rows: RowsJson | None = None) -> dict:
    """Sets both hashes of ``cert`` (in place): ``result_sha256``, then ``sha256``, which
    covers it. Returns the certificate.

    The same bytes as ``result_hash`` and ``content_hash``, faster: the key histogram's
    rows (most of the bytes) are written once for both, since a list of rows of ints in
    RFC 8785's range is the same text in both forms. ``rows``: their JSON written
    beforehand (``rows_json`` of this certificate's rows, e.g. while a count runs)."""
    body, rows_bytes = _rows_apart(cert, rows)
    text = result_canonical_bytes(body)
    if rows_bytes is not None and text.count(_ROWS_MARK_JSON) != 1:   # the mark in the data
        body, rows_bytes, text = dict(cert), None, result_canonical_bytes(cert)
    cert[RESULT_HASH_FIELD] = body[RESULT_HASH_FIELD] = hashlib.sha256(
        _rows_back(text, rows_bytes)).hexdigest()
    cert[HASH_FIELD] = hashlib.sha256(_rows_back(canonical_bytes(body), rows_bytes)).hexdigest()
    return cert


_DIGITS_AS_NINES = bytes.maketrans(b"012345678", b"999999999")
_ROWS_MARK = "\x01key_histogram.rows"   # a string no certificate holds (nor a count)
_ROWS_MARK_JSON = b'"\\u0001key_histogram.rows"'


@dataclass(frozen=True)
class RowsJson:
    """The key histogram's rows of a certificate and their JSON (``seal``), or None
    when they are not rows of ints in RFC 8785's range (the hashes then write them as
    they are)."""
    rows: Any
    text: bytes | None
    pretty: str | None = None   # ``dumps``'s text of the rows, when made ahead (pretty_rows)


def rows_json(cert: Mapping[str, Any]) -> RowsJson:
    """The JSON of ``cert``'s key histogram rows as ``seal`` writes it."""
    try:
        rows = cert["counts"]["key_histogram"]["rows"]
    except (KeyError, TypeError):
        return RowsJson(None, None)
    if type(rows) is not list or set(map(type, rows)) != {list}:
        return RowsJson(rows, None)
    try:
        text = json.dumps(rows, separators=(",", ":")).encode("ascii")
    except (TypeError, ValueError):
        return RowsJson(rows, None)
    # the text says at once that every value is a number with no point, one list a row,
    # none of 16 digits (2**53 has 16): only then is each value looked at
    nines = text.translate(_DIGITS_AS_NINES)
    if nines.translate(None, b"9,-[]") or nines.count(b"[") != len(rows) + 1 \
            or b"9" * 16 in nines:
        values = list(itertools.chain.from_iterable(rows))
        if set(map(type, values)) != {int} or not ints_in_range(values):
            return RowsJson(rows, None)
    return RowsJson(rows, text)


def _rows_apart(cert: Mapping[str, Any], prepared: Any = None) -> tuple[dict[str, Any], Any]:
    """(a shallow copy of ``cert`` with the key histogram's rows replaced by _ROWS_MARK,
    the rows' JSON as bytes), or (a shallow copy of ``cert``, None) when they are not
    rows of ints in RFC 8785's range. ``prepared``: ``rows_json`` of the same rows (the
    same list, unchanged since), else they are written now."""
    try:
        hist = cert["counts"]["key_histogram"]
        rows = hist["rows"]
    except (KeyError, TypeError):
        return dict(cert), None
    if prepared is None or prepared.rows is not rows:
        prepared = rows_json(cert)
    if prepared.text is None:
        return dict(cert), None
    counts = dict(cert["counts"], key_histogram=dict(hist, rows=_ROWS_MARK))
    return dict(cert, counts=counts), prepared.text


def _rows_back(text: Any, rows: Any) -> Any:
    """The JSON bytes ``text`` of a body from _rows_apart with its rows put back."""
    return text if rows is None else text.replace(_ROWS_MARK_JSON, rows, 1)


def host() -> str:
    """The machine of a run, for the record (run metadata; no host name is kept)."""
    return (f"{platform.system() or 'unknown'} {platform.machine() or 'unknown'}, "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count() or 1} CPU(s)")


def _normalise(obj: Any) -> Any:
    """Round-trip through JSON, so the hash is taken over exactly what a reader sees."""
    return json.loads(json.dumps(obj))


# ---------------------------------------------------------------------------------------
# writing


def _pretty(obj: Any, indent: int = 0, ahead: Any = None) -> str:
    """JSON with one line per list of scalars (count rows, category lists stay compact);
    ``ahead``: a ``pretty_rows``, whose text stands for its rows."""
    pad = " " * indent
    inner = " " * (indent + 1)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(str(k))}: {_pretty(v, indent + 1, ahead)}"
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if all(not isinstance(x, (dict, list)) for x in obj):
            return json.dumps(obj)
        if ahead is not None and obj is ahead.rows and indent == _ROWS_INDENT:
            return ahead.pretty
        if _int_rows(obj):      # the key histogram: 150,000 rows, one dumps for them all
            rows = json.dumps(obj)[2:-2].split("], [")
            return "[\n" + ",\n".join(f"{inner}[{row}]" for row in rows) + "\n" + pad + "]"
        items = [f"{inner}{_pretty(v, indent + 1, ahead)}" for v in obj]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(obj)


def pretty_rows(prepared: RowsJson) -> RowsJson:
    """``prepared`` with ``dumps``'s text of its rows (``pretty``), made now (e.g. while a
    count runs) from the compact text the hashes use: ``dumps(cert, prepared)`` then
    writes it for these very rows (the same list) instead of making it again."""
    rows = prepared.rows
    if prepared.text is None or type(rows) is not list or not rows or not _int_rows(rows):
        return prepared
    # ints only: the compact text with json.dumps's separators is json.dumps's text
    inner = " " * (_ROWS_INDENT + 1)
    text = prepared.text.decode("ascii").replace(",", ", ")[1:-1]
    text = ("[\n" + inner + text.replace("], [", "],\n" + inner + "[") + "\n"
            + " " * _ROWS_INDENT + "]")
    return replace(prepared, pretty=text)


_ROWS_INDENT = 3        # the rows' depth in a certificate: counts.key_histogram.rows


def _int_rows(obj: Any) -> bool:
    """True when ``obj`` is a list of non-empty lists of plain ints (checked in C)."""
    return (set(map(type, obj)) == {list} and all(map(len, obj))
            and set(map(type, itertools.chain.from_iterable(obj))) == {int})


def dumps(cert: Mapping[str, Any], ahead: RowsJson | None = None) -> str:
    """The certificate's file text; ``ahead``: a ``pretty_rows`` of its key histogram's
    rows (the text then taken, not made again)."""
    return _pretty(cert, 0, ahead if ahead is not None and ahead.pretty is not None
                   else None) + "\n"


def write(path: str | os.PathLike, cert: dict, ahead: RowsJson | None = None) -> None:
    atomic_write_text(path, dumps(cert, ahead))


# ---------------------------------------------------------------------------------------
# readings


def deck_reading(deck: Sequence[int]) -> dict | None:
    """The deck reading: the full deck, or a reduced one (tests)."""
    if len(deck) == 53:
        return None
    ranks = sorted({c >> 2 for c in deck if c != JOKER})
    joker = "plus the joker" if JOKER in deck else "no joker"
    return {"value": f"reduced: {len(deck)} cards",
            "text": f"reduced deck for testing: ranks {' '.join(RANK_CHARS[r] for r in ranks)}, "
                    f"{joker}; C({len(deck)},7) = {math.comb(len(deck), 7):,} hands"}


def rule_readings(rules: Rules, deck: Sequence[int], bank: str = "house") -> dict:
    """The readings a certificate carries: those of ``rules`` for a rule set whose
    ``bank`` is "house" or "rotation" (``RuleSet.bank_kind``), the deck's if reduced."""
    readings = rules.readings(bank)
    reduced = deck_reading(deck)
    if reduced:
        readings["deck"] = reduced
    return readings


# ---------------------------------------------------------------------------------------
# reading


def load(path: str | os.PathLike) -> dict:
    """Read a certificate; a missing, unreadable or non-JSON file is a one-line error."""
    return parse(read_certificate_text(path), path)


def read_certificate_text(path: str | os.PathLike) -> str:
    """A certificate file's text (``parse`` makes it a certificate): one-line errors."""
    return read_text(path, "certificate", CertificateError)


def parse(text: str, path: str | os.PathLike) -> dict:
    """A certificate file's text (``path`` names it in an error) as its JSON object, the
    format and its version checked; not JSON is a one-line error."""
    try:
        cert = parse_json(text, path, "certificate", CertificateError)
    except json.JSONDecodeError as exc:
        stripped = text.rstrip()
        if not stripped:
            what = "truncated JSON (the file is empty)"
        elif not stripped.startswith("{"):
            what = "not JSON"
        elif exc.pos >= len(stripped) - 1 or not stripped.endswith("}"):
            what = "truncated JSON (the file ends early)"
        else:
            what = "bad JSON"
        raise CertificateError(f"{path}: not a certificate: {what} at line {exc.lineno} "
                               f"column {exc.colno} ({exc.msg})") from None
    if not isinstance(cert, dict) or cert.get("format") != FORMAT:
        raise CertificateError(f"{path}: not a certificate (no \"format\": \"{FORMAT}\")")
    version = cert.get("format_version")
    if version != FORMAT_VERSION:
        raise CertificateError(f"{path}: certificate format version {version!r} is not "
                               f"supported (this tool reads version {FORMAT_VERSION})")
    return cert


def rules_of(cert: Mapping[str, Any]) -> Rules:
    r = cert["rules"]
    return Rules.of(wheel=r["wheel"]["value"], bonus_reading=r["bonus_reading"]["value"],
                    house_way=r["house_way"]["value"],
                    joker="wild" if "joker_wild" in r else "bug")   # its reading's id


#: the read whose counts the custom bets' section keeps itself (the enumeration counts the
#: seven-card categories and the set fronts each alone), and the field that keeps them
JOINT_READ = "seven-card-and-front"
JOINT_READ_COUNTS = "seven_card_fronts"


def deck_of(cert: Mapping[str, Any]) -> list[int]:
    return sorted(parse_card(c) for c in cert["deck"]["cards"])


def paytable_of(cert: Mapping[str, Any], bet: str | None = None) -> Paytable:
    """A bet's pay table in the certificate (default: the registry's default bet)."""
    bet = bet or default_bet().name
    return Paytable.from_dict(cert["paytables"][bet], f"paytables.{bet}")


def outlaw9_sets_of(cert: Mapping[str, Any], reading: str | None = None) -> Any:
    reading = reading or cert["rules"]["bonus_reading"]["value"]
    return cert["counts"]["outlaw9_sets"][reading]


# ---------------------------------------------------------------------------------------
# comparing


def diff(expected: Any, found: Any, path: str) -> list[Mismatch]:
    """Paths (``a.b[3].c``) where two JSON values differ; empty when equal."""
    out = []
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in list(expected) + [k for k in found if k not in expected]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in found:
                out.append(Mismatch(sub, "missing"))
            elif key not in expected:
                out.append(Mismatch(sub, "unexpected field"))
            else:
                out.extend(diff(expected[key], found[key], sub))
        return out
    if isinstance(expected, list) and isinstance(found, list):
        if len(expected) != len(found):
            return [Mismatch(path, f"has {len(found)} entries, expected {len(expected)}")]
        if expected == found and _int_rows(expected) and _int_rows(found):
            return []           # rows of plain ints, equal: the key histogram at C speed
        for i, (a, b) in enumerate(zip(expected, found)):
            out.extend(diff(a, b, f"{path}[{i}]"))
        return out
    if type(expected) is not type(found) or expected != found:
        return [Mismatch(path, f"is {_short(found)}, re-derived {_short(expected)}")]
    return []


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
