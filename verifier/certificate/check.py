"""Checking a certificate: both hashes, every count's sums, the readings, the pay tables,
and every section's results re-derived from the counts (``check``); re-running the
enumeration and the pairwise count (``recompute``)."""
from __future__ import annotations

import itertools
import math
import time
from typing import TYPE_CHECKING, Any

from verifier.support.version import __version__
from verifier.game.cards import parse_card
from verifier.game.categories import BEST_FOR_BET_LINES, CATEGORY_NAMES
from verifier.support.errors import VerifierError
from verifier.game.bets import default_bet
from verifier.game.paytables import FILED_FILES, Paytable, PaytableError
from verifier.game.ranking import CLASS_NAMES, is_back_key, is_foul, is_front_key
from verifier.rules.readings import BONUS_READING_CHOICES
from verifier.certificate.build import normal_counts, seven_card_front_rows
from verifier.certificate.format import (JOINT_READ, JOINT_READ_COUNTS, HASH_FIELD, RESULT_HASH_FIELD, SIGNATURE_FIELD, CertificateError, Mismatch, _normalise, _short, content_hash, deck_of, diff, is_sha256, result_hash, rule_readings, rules_of)
from verifier.certificate.sections import SECTIONS, rule_set_of

if TYPE_CHECKING:
    from verifier.support.progress import Progress


def _is_count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _count_rows(rows: Any, width: int) -> bool:
    """Whether ``rows`` is a list of lists of ``width`` counts (at C speed: a key
    histogram has some 150,000 rows)."""
    if not isinstance(rows, list) or set(map(type, rows)) - {list} \
            or set(map(len, rows)) - {width}:
        return False
    cells = list(itertools.chain.from_iterable(rows))
    return not set(map(type, cells)) - {int} and min(cells, default=0) >= 0


def _check_sets(entries: Any, where: str, field: str, names: Any, what: str,
                total: int) -> list[Mismatch]:
    """A list of {field: [names...], "hands": n}: each set of ``names`` in their order,
    no set twice, the hands adding up to ``total``."""
    out = []
    seen = set()
    added = 0
    for i, entry in enumerate(entries):
        got, hands = entry.get(field), entry.get("hands")
        if not isinstance(got, list) or any(c not in names for c in got) \
                or got != [c for c in names if c in got]:
            out.append(Mismatch(f"{where}[{i}].{field}", f"{_short(got)} is not a set of {what}"))
            continue
        if tuple(got) in seen:
            out.append(Mismatch(f"{where}[{i}]", "the same set twice"))
        seen.add(tuple(got))
        if not _is_count(hands):
            out.append(Mismatch(f"{where}[{i}].hands", f"{hands!r} is not a count"))
            continue
        added += hands
    if added != total:
        out.append(Mismatch(where, f"adds up to {added:,}, not the {total:,} hands"))
    return out


def _check_counts(cert: dict[str, Any], total: int) -> list[Mismatch]:
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
        out += _check_sets(entries, f"counts.outlaw9_sets.{reading}", "categories",
                           CATEGORY_NAMES, "category names in pay-table order", total)
    out += _check_sets(counts["best_for_bet_sets"], "counts.best_for_bet_sets", "lines",
                       BEST_FOR_BET_LINES, "best-for-bet lines in order", total)
    hist = counts["key_histogram"]
    hrows = hist["rows"]
    if hist.get("columns") != ["back_key", "front_key", "hands"]:
        out.append(Mismatch("counts.key_histogram.columns", "not back_key, front_key, hands"))
    elif not _count_rows(hrows, 3):
        out.append(Mismatch("counts.key_histogram.rows", "a row is not [back, front, hands]"))
    else:
        if sum(r[2] for r in hrows) != total:
            out.append(Mismatch("counts.key_histogram", f"adds up to {sum(r[2] for r in hrows):,}, "
                                                        f"not the {total:,} hands"))
        if len({(r[0], r[1]) for r in hrows}) != len(hrows):
            out.append(Mismatch("counts.key_histogram", "a (back, front) pair is listed twice"))
        # each distinct key judged once
        backs = {k for k in {r[0] for r in hrows} if not is_back_key(k)}
        fronts = {k for k in {r[1] for r in hrows} if not is_front_key(k)}
        bad = next((r for r in hrows if r[0] in backs or r[1] in fronts), None)
        if bad is not None:
            out.append(Mismatch("counts.key_histogram", f"row {bad[:2]} is not a (five-card, "
                                                        "two-card) pair of hand keys"))
            return out
        fouls = sum(r[2] for r in hrows if is_foul(r[1], r[0]))
        if fouls != counts["fouls"]:
            out.append(Mismatch("counts.fouls", f"is {counts['fouls']!r}, the key histogram "
                                                f"has {fouls:,} fouled hands"))
    return out


def _row_count(cert: dict[str, Any]) -> int:
    """Rows of the certificate's house way (11 built in; a file's rows), 11 if unreadable."""
    from verifier.engine import engine_spec
    try:
        return engine_spec(rules_of(cert)).rows
    except (VerifierError, KeyError, TypeError, ValueError):
        return 11


def _check_rules(cert: dict[str, Any]) -> list[Mismatch]:
    out = []
    try:
        rules = rules_of(cert)
    except (ValueError, KeyError, TypeError) as exc:
        return [Mismatch("rules", f"not a valid set of readings ({exc})")]
    try:        # the readings of who banks: the rule set's (the sections name a bad one)
        bank = rule_set_of(cert).bank_kind
    except (VerifierError, KeyError, TypeError, ValueError):
        bank = "house"
    expected = rule_readings(rules, deck_of(cert), bank)
    out.extend(diff(expected, cert["rules"], "rules"))
    return out


def _check_deck(cert: dict[str, Any]) -> list[Mismatch]:
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


def _check_paytables(cert: dict[str, Any]) -> list[Mismatch]:
    out = []
    tables = cert["paytables"]
    for bet in tables:
        if bet not in FILED_FILES:
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
    primary = default_bet().name            # the certificate's default bet (verifier/bets/)
    if primary not in tables:
        out.append(Mismatch(f"paytables.{primary}", "missing"))
    return out


def _check_sections(cert: dict[str, Any]) -> list[Mismatch]:
    out = []
    for required in (default_bet().name, "rule_set", "house_way"):
        if required not in cert["sections"]:
            out.append(Mismatch(f"sections.{required}", "missing: every certificate carries it "
                                "(the rule set names the game its figures are for)"))
    for name, section in cert["sections"].items():
        if not isinstance(section, dict):
            out.append(Mismatch(f"sections.{name}", "not an object"))
            continue
        kind = SECTIONS.get(name)
        allowed = {"results"} | set(kind.inputs if kind else ())
        out += [Mismatch(f"sections.{name}.{k}", "unexpected field: not part of this section")
                for k in sorted(set(section) - allowed)]
        if kind is None:
            out.append(Mismatch(f"sections.{name}", "no checker for this section in "
                                                    f"paigow-verifier {__version__}"))
            continue
        try:
            expected = _normalise(kind.derive(cert))
        except (VerifierError, KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            out.append(Mismatch(f"sections.{name}", f"cannot be re-derived ({exc})"))
            continue
        out.extend(diff(expected, section.get("results"), f"sections.{name}.results"))
    return out


#: the fields of ``counts`` (counts_of)
COUNT_FIELDS = ("best_five", "royal_flushes", "house_way_rows", "fouls", "outlaw9_sets",
                "best_for_bet_sets", "key_histogram")
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
        except (KeyError, TypeError, ValueError, AttributeError, IndexError,
                VerifierError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            out.append(Mismatch(name, f"malformed ({detail})"))
    return out


def recompute(cert: dict, threads: int | None = None, progress: "Progress | None" = None,
              chunks: int | None = 0, seed: int | None = None) -> tuple[list[Mismatch], list[str]]:
    """Re-run everything the certificate vouches for with its rules and deck: the
    enumeration (every count), when it has a ``base_game`` section the exact
    player-against-banker count, and when its ``strategy`` section keeps its chunks,
    ``chunks`` of them (None: every one) drawn with ``seed`` (default: from the
    certificate's result hash), each compared with its SHA-256. Returns (mismatches,
    what was recomputed)."""
    from verifier.engine import engine_spec, enumerate_hands
    try:
        rules, deck = rules_of(cert), deck_of(cert)
        bad_deck = _check_deck(cert)
    except (ValueError, KeyError, TypeError) as exc:
        return [Mismatch("rules", f"cannot re-run: {exc}")], []
    if bad_deck:
        return [Mismatch("deck", f"cannot re-run on this deck: {bad_deck[0].message}")], []
    spec = engine_spec(rules, threads, deck)         # the certificate's, once
    result = enumerate_hands(spec, progress=progress)
    done = [f"the enumeration of all {result.total_hands:,} hands ({result.seconds:.1f} s, "
            f"{result.engine} engine)"]
    out = []
    if result.total_hands != cert.get("total_hands"):
        out.append(Mismatch("total_hands", f"is {cert.get('total_hands')!r}, recomputed "
                                           f"{result.total_hands}"))
    for m in diff(normal_counts(result), cert.get("counts"), "counts"):
        out.append(Mismatch(m.field, m.message.replace("re-derived", "recomputed")))
    section = (cert.get("sections") or {}).get("base_game")
    if isinstance(section, dict):
        start = time.perf_counter()
        from verifier.game.settlement import SettlementRule
        try:        # its push conditions on the banker's hand, counted the same way
            rule = SettlementRule.of(section.get("settlement") or {"kind": "commission",
                                                                   "commission": "0"})
            rule.push_terms()
        except (KeyError, TypeError, ValueError, VerifierError) as exc:
            return out + [Mismatch("sections.base_game.settlement",
                                   f"cannot re-run: {exc}")], done
        from verifier.strategy.faceup import base_game_counts
        counts = base_game_counts(spec, rule, progress=progress, fresh=True)
        how = "Face Up's best response" if rule.dealer_exposed else \
            "the player-against-banker count"
        done.append(f"{how} over all {counts['total']:,} ordered pairs "
                    f"({time.perf_counter() - start:.1f} s)")
        for m in diff(_normalise(counts), section.get("counts"), "sections.base_game.counts"):
            out.append(Mismatch(m.field, m.message.replace("re-derived", "recomputed")))
    joint = ((cert.get("sections") or {}).get("custom_bets") or {}).get(JOINT_READ_COUNTS)
    if joint is not None:
        done.append(f"the {JOINT_READ} counts")
        for m in diff(seven_card_front_rows(result), joint,
                      f"sections.custom_bets.{JOINT_READ_COUNTS}"):
            out.append(Mismatch(m.field, m.message.replace("re-derived", "recomputed")))
    strategy = (cert.get("sections") or {}).get("strategy")
    if isinstance(strategy, dict) and chunks != 0:
        more, what = recompute_chunks(cert, strategy, chunks, seed, threads, progress)
        out += more
        done += what
    return out, done


def recompute_chunks(cert: dict, section: dict, n: int | None, seed: int | None,
                     threads: int | None, progress: Progress | None
                     ) -> tuple[list[Mismatch], list[str]]:
    """The strategy job's chunks, a seeded sample of ``n`` (None: all), run again and
    compared with the SHA-256 the certificate keeps of each."""
    from verifier.strategy.chunks import chunk_sample, recompute_chunks
    from verifier.strategy.optimal import raw_to_json
    from verifier.strategy.spec import spec_for
    from verifier.certificate.sections import check_chunk_records
    doc = section.get("chunks")
    where = "sections.strategy.chunks"
    if not isinstance(doc, dict) or not isinstance(doc.get("list"), list):
        return [Mismatch(where, "missing: the certificate keeps no chunks of the strategy job "
                                "to run again (strategy --recompute --out writes them)")], []
    try:
        check_chunk_records(doc)        # every field, before any is used
    except ValueError as exc:
        return [Mismatch(where, f"not run again: {exc}")], []
    if seed is None and not is_sha256(cert.get(RESULT_HASH_FIELD)):
        return [Mismatch(where, f"not run again: the draw's seed is the {RESULT_HASH_FIELD}, "
                                "which is not a SHA-256 (give --seed)")], []
    spec = spec_for(rule_set_of(cert), deck=deck_of(cert), chunk_size=doc["chunk_size"],
                    threads=threads)
    if spec.backend != doc["backend"]:
        return [Mismatch(where, f"kept by the {doc['backend']} job; this build runs the "
                                f"{spec.backend} job, whose chunks are other units")], []
    if seed is None:
        seed = int(cert[RESULT_HASH_FIELD][:16], 16)
    records = chunk_sample(doc["list"], n, seed)
    start = time.perf_counter()
    out = []
    try:
        for rec, now in recompute_chunks(spec, doc["units"], records, progress):
            field = f"{where} units {rec['lo']}-{rec['hi']}"
            if now["raw_sha256"] != rec["raw_sha256"]:
                out.append(Mismatch(field, f"recomputed sums have SHA-256 "
                                           f"{now['raw_sha256'][:16]}..., the certificate "
                                           f"keeps {rec['raw_sha256'][:16]}..."))
            out += [Mismatch(m.field, m.message.replace("re-derived", "recomputed"))
                    for m in diff(_normalise(raw_to_json(now["sums"])), rec["sums"], field)]
    except ValueError as exc:
        return [Mismatch(where, str(exc))], []
    drawn = "" if len(records) == len(doc["list"]) else f", drawn with seed {seed}"
    return out, [f"{len(records)} of the strategy job's {len(doc['list'])} chunks "
                 f"({time.perf_counter() - start:.1f} s{drawn})"]


def verify_or_raise(cert: dict, path: str = "certificate") -> None:
    """For commands that read figures from a certificate: refuse one that fails ``check``
    (every figure re-derived from the counts), not only its hash."""
    problems = check(cert)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CertificateError(f"{path} fails its check: {problems[0]}{more}; "
                               "run paigow-verify check for the details")
