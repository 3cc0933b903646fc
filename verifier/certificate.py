"""Certificates: every integer count of a run, the rule readings, the pay tables, the
exact results, and two SHA-256 hashes (format: docs/CERTIFICATE.md): ``result_sha256``
over the results and readings only (RFC 8785 canonical JSON, the same for every run of
the same rules, whatever the thread count, engine or machine) and ``sha256`` over the
whole content (run metadata included; what a signature covers).

- ``build(result, paytables)`` -> the certificate dict (hashes included);
- ``write(path, cert)`` writes it atomically (temp file in the same directory, then
  ``os.replace``: never a half file, also not on an error or Ctrl-C);
- ``load(path)`` reads one (one-line ``VerifierError`` on a missing or bad file);
- ``check(cert)`` -> list of ``Mismatch(field, message)``: re-derives every result from
  the counts, checks the sums and both hashes; ``recompute(cert)`` re-runs the enumeration
  and compares every count.

Sections: ``cert["sections"]`` maps a section name to ``{"results": ...}`` (and any
counts of its own). Each name has a checker in ``SECTION_CHECKERS`` that re-derives it;
a section with no checker fails ``check``. The player-vs-banker results (base game and
Wrangler Push) go in a ``"pairwise"`` section registered with ``register_section``.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import platform
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import __version__
from .cards import card_str, parse_card, RANK_CHARS, JOKER
from .categories import CATEGORY_NAMES
from .errors import VerifierError
from .files import atomic_write_text, parse_json, read_text
from .paytables import BET_CATEGORIES, Paytable, PaytableError, filed
from .ranking import CLASS_NAMES, is_foul
from .rules import BONUS_READING_CHOICES, Rules

if TYPE_CHECKING:
    from .enumeration import EnumerationResult

FORMAT = "paigow-verifier certificate"
FORMAT_VERSION = 1
HASH_FIELD = "sha256"
RESULT_HASH_FIELD = "result_sha256"  # over result_content(): no run metadata
SIGNATURE_FIELD = "signature"       # verifier/signing.py; outside the hash


class CertificateError(VerifierError):
    """A certificate file that cannot be read at all (missing, not JSON, not a certificate)."""


@dataclass
class Mismatch:
    field: str
    message: str

    def __str__(self):
        return f"{self.field}: {self.message}"


# ---------------------------------------------------------------------------------------
# canonical form and hash


def canonical_bytes(cert):
    """The bytes the hash is taken over: the certificate without its ``sha256`` and
    ``signature`` fields, as ``json.dumps(sort_keys=True, separators=(",", ":"))``
    (ASCII, UTF-8)."""
    body = {k: v for k, v in cert.items() if k not in (HASH_FIELD, SIGNATURE_FIELD)}
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")


def content_hash(cert):
    return hashlib.sha256(canonical_bytes(cert)).hexdigest()


#: Fields of ``tool`` that describe one run (time, machine) rather than the result; two
#: runs of the same rules give certificates equal in everything else (``same_result``).
RUN_FIELDS = ("engine", "threads", "seconds", "created", "host")


def result_content(cert):
    """What ``result_sha256`` covers: the certificate without its two hashes, its
    signature and the run-only ``tool`` fields (RUN_FIELDS)."""
    body = {k: v for k, v in cert.items()
            if k not in (HASH_FIELD, RESULT_HASH_FIELD, SIGNATURE_FIELD)}
    tool = cert.get("tool", {})
    body["tool"] = ({k: v for k, v in tool.items() if k not in RUN_FIELDS}
                    if isinstance(tool, dict) else tool)
    return body


def result_canonical_bytes(cert):
    """``result_content`` as RFC 8785 canonical JSON (``verifier.canonical``: the bytes of
    the ``rfc8785`` package, faster). Raises CertificateError when it has no canonical
    form (an integer beyond 2**53 - 1, a NaN)."""
    import rfc8785
    from .canonical import dumps
    try:
        return dumps(result_content(cert))
    except rfc8785.CanonicalizationError as exc:
        raise CertificateError(f"the results have no RFC 8785 canonical form: {exc}") from None


def result_hash(cert):
    return hashlib.sha256(result_canonical_bytes(cert)).hexdigest()


def same_result(cert_a, cert_b):
    """True when two certificates certify the same thing (equal but for run metadata)."""
    return result_content(cert_a) == result_content(cert_b)


def seal(cert):
    """Sets both hashes of ``cert`` (in place): ``result_sha256``, then ``sha256``, which
    covers it. Returns the certificate."""
    cert[RESULT_HASH_FIELD] = result_hash(cert)
    cert[HASH_FIELD] = content_hash(cert)
    return cert


def host():
    """The machine of a run, for the record (run metadata; no host name is kept)."""
    return (f"{platform.system() or 'unknown'} {platform.machine() or 'unknown'}, "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count() or 1} CPU(s)")


def _normalise(obj):
    """Round-trip through JSON, so the hash is taken over exactly what a reader sees."""
    return json.loads(json.dumps(obj))


# ---------------------------------------------------------------------------------------
# writing


def _pretty(obj, indent=0):
    """JSON with one line per list of scalars (count rows, category lists stay compact)."""
    pad = " " * indent
    inner = " " * (indent + 1)
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{inner}{json.dumps(str(k))}: {_pretty(v, indent + 1)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if all(not isinstance(x, (dict, list)) for x in obj):
            return json.dumps(obj)
        if _int_rows(obj):      # the key histogram: 150,000 rows, one dumps for them all
            rows = json.dumps(obj)[2:-2].split("], [")
            return "[\n" + ",\n".join(f"{inner}[{row}]" for row in rows) + "\n" + pad + "]"
        items = [f"{inner}{_pretty(v, indent + 1)}" for v in obj]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(obj)


def _int_rows(obj):
    """True when ``obj`` is a list of non-empty lists of plain ints (checked in C)."""
    return (set(map(type, obj)) == {list} and all(map(len, obj))
            and set(map(type, itertools.chain.from_iterable(obj))) == {int})


def dumps(cert):
    return _pretty(cert) + "\n"


def write(path: str | os.PathLike, cert: dict) -> None:
    atomic_write_text(path, dumps(cert))


# ---------------------------------------------------------------------------------------
# building


def deck_reading(deck):
    """The deck reading: the full deck, or a reduced one (tests)."""
    if len(deck) == 53:
        return None
    ranks = sorted({c >> 2 for c in deck if c != JOKER})
    joker = "plus the joker" if JOKER in deck else "no joker"
    return {"value": f"reduced: {len(deck)} cards",
            "text": f"reduced deck for testing: ranks {' '.join(RANK_CHARS[r] for r in ranks)}, "
                    f"{joker}; C({len(deck)},7) = {math.comb(len(deck), 7):,} hands"}


def rule_readings(rules, deck):
    readings = rules.readings()
    reduced = deck_reading(deck)
    if reduced:
        readings["deck"] = reduced
    return readings


def counts_of(result):
    """All integer counts of an EnumerationResult, in the certificate's form."""
    hist = sorted([int(bk), int(fk), int(n)] for (bk, fk), n in result.key_histogram.items())
    return {
        "best_five": {name: int(result.best_five[name]) for name in CLASS_NAMES},
        "royal_flushes": int(result.royal_flushes),
        "house_way_rows": {str(row): int(n) for row, n in sorted(result.house_way_rows.items())},
        "fouls": int(result.fouls),
        "outlaw9_sets": {reading: result.outlaw9_sets(reading) for reading in BONUS_READING_CHOICES},
        "key_histogram": {"columns": ["back_key", "front_key", "hands"], "rows": hist},
    }


def _outlaw9_results(cert):
    from .exact import outlaw9_odds
    table = Paytable.from_dict(cert["paytables"]["outlaw9"], "paytables.outlaw9")
    reading = cert["rules"]["bonus_reading"]["value"]
    sets = cert["counts"]["outlaw9_sets"][reading]
    return outlaw9_odds(sets, table, reading=reading, total=cert["total_hands"]).to_dict()


def _wrangler_results(cert):
    from .exact import wrangler_odds
    counts = cert["sections"]["base_game"]["counts"]
    n = cert["deck"]["size"]
    if int(counts["total"]) != math.comb(n, 7) * math.comb(n - 7, 7):
        raise ValueError(f"pairwise total {counts['total']} is not C({n},7) C({n - 7},7)")
    return wrangler_odds(counts, paytable_of(cert, "wrangler_push")).to_dict()


#: name -> function(cert) returning the section's results, re-derived from the counts.
SECTION_DERIVERS = {"outlaw9": _outlaw9_results, "wrangler_push": _wrangler_results}
#: what a section keeps beside its ``results`` (the inputs its deriver reads)
SECTION_INPUTS = {"outlaw9": (), "wrangler_push": ()}


def register_section(name, derive, inputs=()):
    """Add a section kind: ``derive(cert) -> results`` (JSON-ready). ``build`` fills it in
    when asked and ``check`` re-derives and compares it like the Outlaw 9 section.
    ``inputs``: the fields the section keeps beside ``results`` (any other fails check)."""
    SECTION_DERIVERS[name] = derive
    SECTION_INPUTS[name] = tuple(inputs)


def build(result, paytables: dict | None = None, sections=("outlaw9",),
          section_inputs: dict | None = None) -> dict:
    """The certificate of an EnumerationResult under the given pay tables.

    ``paytables``: {bet: Paytable}; bets not given use the filed table.
    ``section_inputs``: {section: {field: value}}, fields a section keeps beside its
    results (its pay table, its own counts), stored before any section is derived.
    """
    tables = {bet: filed(bet) for bet in BET_CATEGORIES}
    tables.update(paytables or {})
    cert = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "tool": {
            "name": "paigow-verifier",
            "version": __version__,
            "engine": result.engine,
            "threads": result.threads,
            "seconds": round(result.seconds, 3),
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "host": host(),
        },
        "rules": rule_readings(result.rules, result.deck),
        "deck": {"size": len(result.deck), "cards": [card_str(c) for c in result.deck]},
        "total_hands": int(result.total_hands),
        "counts": counts_of(result),
        "paytables": {bet: tables[bet].to_dict() for bet in sorted(tables)},
        "sections": {},
    }
    # the key histogram's rows (99 % of the values) are lists of plain ints already
    # (counts_of): they skip the JSON round trip
    histogram = cert["counts"]["key_histogram"]
    rows, histogram["rows"] = histogram["rows"], []
    cert = _normalise(cert)
    cert["counts"]["key_histogram"]["rows"] = rows
    inputs = _normalise(section_inputs or {})
    for name in sections:
        cert["sections"][name] = dict(inputs.get(name, {}))
    for name in sections:
        cert["sections"][name]["results"] = _normalise(SECTION_DERIVERS[name](cert))
    return seal(cert)


# ---------------------------------------------------------------------------------------
# reading


def load(path: str | os.PathLike) -> dict:
    """Read a certificate; a missing, unreadable or non-JSON file is a one-line error."""
    text = read_text(path, "certificate", CertificateError)
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


def rules_of(cert):
    r = cert["rules"]
    return Rules(wheel=r["wheel"]["value"], bonus_reading=r["bonus_reading"]["value"],
                 house_way=r["house_way"]["value"])


def deck_of(cert):
    return sorted(parse_card(c) for c in cert["deck"]["cards"])


def paytable_of(cert, bet="outlaw9"):
    return Paytable.from_dict(cert["paytables"][bet], f"paytables.{bet}")


def outlaw9_sets_of(cert, reading=None):
    reading = reading or cert["rules"]["bonus_reading"]["value"]
    return cert["counts"]["outlaw9_sets"][reading]


# ---------------------------------------------------------------------------------------
# checking


def diff(expected, found, path):
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
        for i, (a, b) in enumerate(zip(expected, found)):
            out.extend(diff(a, b, f"{path}[{i}]"))
        return out
    if type(expected) is not type(found) or expected != found:
        return [Mismatch(path, f"is {_short(found)}, re-derived {_short(expected)}")]
    return []


def _short(value):
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_count(x):
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _check_counts(cert, total):
    out = []
    counts = cert["counts"]
    best = counts["best_five"]
    if set(best) != set(CLASS_NAMES):
        out.append(Mismatch("counts.best_five", "the classes are not " + ", ".join(CLASS_NAMES)))
    for name, n in best.items():
        if not _is_count(n):
            out.append(Mismatch(f"counts.best_five.{name}", f"{n!r} is not a count"))
    if all(_is_count(n) for n in best.values()) and sum(best.values()) != total:
        out.append(Mismatch("counts.best_five", f"adds up to {sum(best.values()):,}, "
                                                f"not the {total:,} hands"))
    royal = counts["royal_flushes"]
    if not _is_count(royal) or (_is_count(best.get("straight_flush"))
                                and royal > best["straight_flush"]):
        out.append(Mismatch("counts.royal_flushes", f"{royal!r} is not a count of at most "
                                                    "the straight flushes"))
    rows = counts["house_way_rows"]
    nrows = _row_count(cert)
    if set(rows) != {str(r) for r in range(1, nrows + 1)}:
        out.append(Mismatch("counts.house_way_rows", f"the rows are not 1..{nrows}"))
    elif not all(_is_count(n) for n in rows.values()):
        out.append(Mismatch("counts.house_way_rows", "a row is not a count"))
    elif sum(rows.values()) != total:
        out.append(Mismatch("counts.house_way_rows", f"adds up to {sum(rows.values()):,}, "
                                                     f"not the {total:,} hands"))
    sets = counts["outlaw9_sets"]
    if set(sets) != set(BONUS_READING_CHOICES):
        out.append(Mismatch("counts.outlaw9_sets", "needs one list per bonus reading: "
                                                   + ", ".join(BONUS_READING_CHOICES)))
    for reading, entries in sets.items():
        where = f"counts.outlaw9_sets.{reading}"
        seen = set()
        added = 0
        for i, entry in enumerate(entries):
            cats, hands = entry.get("categories"), entry.get("hands")
            if not isinstance(cats, list) or any(c not in CATEGORY_NAMES for c in cats) \
                    or cats != [c for c in CATEGORY_NAMES if c in cats]:
                out.append(Mismatch(f"{where}[{i}].categories", f"{_short(cats)} is not a set "
                                    "of category names in pay-table order"))
                continue
            if tuple(cats) in seen:
                out.append(Mismatch(f"{where}[{i}]", "the same set twice"))
            seen.add(tuple(cats))
            if not _is_count(hands):
                out.append(Mismatch(f"{where}[{i}].hands", f"{hands!r} is not a count"))
                continue
            added += hands
        if added != total:
            out.append(Mismatch(where, f"adds up to {added:,}, not the {total:,} hands"))
    hist = counts["key_histogram"]
    hrows = hist["rows"]
    if hist.get("columns") != ["back_key", "front_key", "hands"]:
        out.append(Mismatch("counts.key_histogram.columns", "not back_key, front_key, hands"))
    elif not all(isinstance(r, list) and len(r) == 3 and all(_is_count(x) for x in r)
                 for r in hrows):
        out.append(Mismatch("counts.key_histogram.rows", "a row is not [back, front, hands]"))
    else:
        if sum(r[2] for r in hrows) != total:
            out.append(Mismatch("counts.key_histogram", f"adds up to {sum(r[2] for r in hrows):,}, "
                                                        f"not the {total:,} hands"))
        if len({(r[0], r[1]) for r in hrows}) != len(hrows):
            out.append(Mismatch("counts.key_histogram", "a (back, front) pair is listed twice"))
        fouls = sum(r[2] for r in hrows if is_foul(r[1], r[0]))
        if fouls != counts["fouls"]:
            out.append(Mismatch("counts.fouls", f"is {counts['fouls']!r}, the key histogram "
                                                f"has {fouls:,} fouled hands"))
    return out


def _row_count(cert):
    """Rows of the certificate's house way (11 built in; a file's rows), 11 if unreadable."""
    from .houseway.compiled import row_count
    try:
        return row_count(cert["rules"]["house_way"]["value"])
    except (VerifierError, KeyError, TypeError):
        return 11


def _check_rules(cert):
    out = []
    try:
        rules = rules_of(cert)
    except (ValueError, KeyError, TypeError) as exc:
        return [Mismatch("rules", f"not a valid set of readings ({exc})")]
    expected = rule_readings(rules, deck_of(cert))
    out.extend(diff(expected, cert["rules"], "rules"))
    return out


def _check_deck(cert):
    deck = cert["deck"]
    cards = deck["cards"]
    try:
        parsed = [parse_card(c) for c in cards]
    except VerifierError as exc:
        return [Mismatch("deck.cards", str(exc))]
    out = []
    if len(set(parsed)) != len(parsed):
        out.append(Mismatch("deck.cards", "a card is listed twice"))
    if deck["size"] != len(cards):
        out.append(Mismatch("deck.size", f"is {deck['size']!r}, the deck lists {len(cards)} cards"))
    expected = math.comb(len(cards), 7)
    if cert["total_hands"] != expected:
        out.append(Mismatch("total_hands", f"is {cert['total_hands']!r}, not "
                                           f"C({len(cards)},7) = {expected:,}"))
    return out


def _check_paytables(cert):
    out = []
    tables = cert["paytables"]
    for bet in tables:
        if bet not in BET_CATEGORIES:
            out.append(Mismatch(f"paytables.{bet}", "unknown bet"))
            continue
        try:
            table = Paytable.from_dict(tables[bet], f"paytables.{bet}")
        except PaytableError as exc:
            out.append(Mismatch(f"paytables.{bet}", str(exc)))
            continue
        if table.bet != bet:
            out.append(Mismatch(f"paytables.{bet}.bet", f"is {table.bet!r}"))
        # pays must be written canonically, so the re-derived results name the same table
        out.extend(diff(table.to_dict(), tables[bet], f"paytables.{bet}"))
    if "outlaw9" not in tables:
        out.append(Mismatch("paytables.outlaw9", "missing"))
    return out


def _check_sections(cert):
    out = []
    for required in ("outlaw9", "rule_set", "house_way"):
        if required not in cert["sections"]:
            out.append(Mismatch(f"sections.{required}", "missing: every certificate carries it "
                                "(the rule set names the game its figures are for)"))
    for name, section in cert["sections"].items():
        if not isinstance(section, dict):
            out.append(Mismatch(f"sections.{name}", "not an object"))
            continue
        allowed = {"results"} | set(SECTION_INPUTS.get(name, ()))
        out += [Mismatch(f"sections.{name}.{k}", "unexpected field: not part of this section")
                for k in sorted(set(section) - allowed)]
        derive = SECTION_DERIVERS.get(name)
        if derive is None:
            out.append(Mismatch(f"sections.{name}", "no checker for this section in "
                                                    f"paigow-verifier {__version__}"))
            continue
        try:
            expected = _normalise(derive(cert))
        except (VerifierError, KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            out.append(Mismatch(f"sections.{name}", f"cannot be re-derived ({exc})"))
            continue
        out.extend(diff(expected, section.get("results"), f"sections.{name}.results"))
    return out


#: the fields of ``counts`` (counts_of)
COUNT_FIELDS = ("best_five", "royal_flushes", "house_way_rows", "fouls", "outlaw9_sets",
                "key_histogram")
REQUIRED = {"tool": dict, "rules": dict, "deck": dict, "total_hands": int, "counts": dict,
            "paytables": dict, "sections": dict, RESULT_HASH_FIELD: str, HASH_FIELD: str}


def check(cert: dict) -> list[Mismatch]:
    """Every mismatch in a loaded certificate (empty list: intact)."""
    out = []
    missing = [k for k, t in REQUIRED.items() if not isinstance(cert.get(k), t)]
    if missing:
        return [Mismatch(k, "missing or of the wrong type") for k in missing]
    out += [Mismatch(k, "unexpected field: not part of the certificate format")
            for k in sorted(set(cert) - set(REQUIRED)
                            - {"format", "format_version", SIGNATURE_FIELD})]
    out += [Mismatch(f"counts.{k}", "unexpected field: not a count this tool writes")
            for k in sorted(set(cert["counts"]) - set(COUNT_FIELDS))]
    if cert[HASH_FIELD] != content_hash(cert):
        out.append(Mismatch(HASH_FIELD, "does not match the content: the certificate was "
                                        "changed after it was written"))
    try:
        if cert[RESULT_HASH_FIELD] != result_hash(cert):
            out.append(Mismatch(RESULT_HASH_FIELD, "does not match the results and readings: "
                                "a count, reading or result was changed after it was written"))
    except CertificateError as exc:
        out.append(Mismatch(RESULT_HASH_FIELD, str(exc)))
    steps = (("deck", _check_deck), ("rules", _check_rules), ("paytables", _check_paytables),
             ("counts", lambda c: _check_counts(c, c["total_hands"])),
             ("sections", _check_sections))
    for name, step in steps:
        try:
            out.extend(step(cert))
        except (KeyError, TypeError, ValueError, AttributeError, VerifierError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            out.append(Mismatch(name, f"malformed ({detail})"))
    return out


def recompute(cert: dict, threads: int | None = None,
              progress: bool = False) -> tuple[list[Mismatch], list[str]]:
    """Re-run everything the certificate vouches for with its rules and deck: the
    enumeration (every count) and, when it has a ``base_game`` section, the exact
    player-against-banker count. Returns (mismatches, what was recomputed)."""
    from .enumeration import enumerate_hands
    try:
        rules, deck = rules_of(cert), deck_of(cert)
        bad_deck = _check_deck(cert)
    except (ValueError, KeyError, TypeError) as exc:
        return [Mismatch("rules", f"cannot re-run: {exc}")], []
    if bad_deck:
        return [Mismatch("deck", f"cannot re-run on this deck: {bad_deck[0].message}")], []
    result = enumerate_hands(rules, threads=threads, progress=progress, deck=deck)
    done = [f"the enumeration of all {result.total_hands:,} hands ({result.seconds:.1f} s, "
            f"{result.engine} engine)"]
    out = []
    if result.total_hands != cert.get("total_hands"):
        out.append(Mismatch("total_hands", f"is {cert.get('total_hands')!r}, recomputed "
                                           f"{result.total_hands}"))
    expected = _normalise(counts_of(result))
    for m in diff(expected, cert.get("counts"), "counts"):
        out.append(Mismatch(m.field, m.message.replace("re-derived", "recomputed")))
    section = (cert.get("sections") or {}).get("base_game")
    if isinstance(section, dict):
        from .pairwise import pairwise_counts
        start = time.perf_counter()
        counts = pairwise_counts(deck=deck, rules=rules, threads=threads, progress=progress)
        done.append(f"the player-against-banker count over all {counts['total']:,} ordered "
                    f"pairs ({time.perf_counter() - start:.1f} s)")
        for m in diff(_normalise(counts), section.get("counts"), "sections.base_game.counts"):
            out.append(Mismatch(m.field, m.message.replace("re-derived", "recomputed")))
    return out, done


def verify_or_raise(cert, path="certificate"):
    """For commands that read figures from a certificate: refuse one that fails ``check``
    (every figure re-derived from the counts), not only its hash."""
    problems = check(cert)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CertificateError(f"{path} fails its check: {problems[0]}{more}; "
                               "run paigow-verify check for the details")


# The rule-set sections (rule_set, base_game, pai_gow_insurance, emperors_treasure,
# envy_bonus) register here, so that every reader of certificates can check them.
from .rulesets import register_sections as _register_rule_set_sections  # noqa: E402

_register_rule_set_sections()

# The house way's own figures: fronts, backs and rows (verifier/houseway/tables.py).
from .houseway.tables import section_results as _house_way_results  # noqa: E402

register_section("house_way", _house_way_results)
