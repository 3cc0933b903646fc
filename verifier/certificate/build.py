"""Building a certificate: the counts of an enumeration, the rule readings, the pay
tables, and each section's results derived from them (verifier/certificate/sections.py)."""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from verifier.support.version import __version__
from verifier.game.cards import card_str
from verifier.support.errors import VerifierError
from verifier.game.paytables import FILED_FILES, filed
from verifier.game.ranking import CLASS_NAMES
from verifier.rules.readings import BONUS_READING_CHOICES
from verifier.rules.definitions import definition_of
from verifier.certificate.format import (FORMAT, FORMAT_VERSION, JOINT_READ, JOINT_READ_COUNTS, SIGNATURE_FIELD, _normalise, host, rule_readings, RowsJson, pretty_rows,
                                         rows_json, seal)
from verifier.certificate.sections import SECTIONS, rule_set_of
from verifier.houseway.tables import known_sums
from verifier.game.bets import BETS, CUSTOM, default_bet, derived_bets, section_bets

if TYPE_CHECKING:
    from verifier.engine import EngineSpec, EnumerationResult
    from verifier.game.paytables import Paytable
    from verifier.rules.readings import Rules
    from verifier.rules.rulesets import RuleSet
    from verifier.support.progress import Progress


def counts_of(result: EnumerationResult) -> dict[str, Any]:
    """All integer counts of an EnumerationResult, in the certificate's form; the key
    histogram's rows are the enumeration's own lists (sorted by the engine), not copies."""
    hist = result.key_rows
    return {
        "best_five": {name: int(result.best_five[name]) for name in CLASS_NAMES},
        "royal_flushes": int(result.royal_flushes),
        "house_way_rows": {str(row): int(n) for row, n in sorted(result.house_way_rows.items())},
        "fouls": int(result.fouls),
        "outlaw9_sets": {reading: result.outlaw9_sets(reading) for reading in BONUS_READING_CHOICES},
        "best_for_bet_sets": result.best_for_bet_sets(),
        "key_histogram": {"columns": ["back_key", "front_key", "hands"], "rows": hist},
    }


def normal_counts(result: EnumerationResult) -> dict[str, Any]:
    """``counts_of`` as a reader of its JSON sees them (``_normalise``); the key
    histogram's rows (99 % of the values) are lists of plain ints already: they skip the
    JSON round trip."""
    counts = counts_of(result)
    rows = counts["key_histogram"].pop("rows")
    counts = _normalise(counts)
    counts["key_histogram"]["rows"] = rows
    return counts


@dataclass
class Draft:
    """A certificate built up to its sections that wait for later inputs (``finish``):
    the counts, the pay tables, every section's inputs, the results of the sections
    before the first waiting one, and its key histogram's JSON for the hashes."""
    cert: dict[str, Any]
    waiting: tuple[str, ...]    # the sections ``finish`` derives, in order
    rows: RowsJson


def draft(result: EnumerationResult, paytables: dict | None = None,
          sections: Sequence[str] | None = None, section_inputs: dict | None = None,
          bank: str = "house", waits_for: Sequence[str] = ()) -> Draft:
    """``build`` up to the first section of ``waits_for`` (sections whose inputs come
    later, e.g. ``base_game``'s counts: an empty place for them until ``finish``)."""
    sections = sections or (default_bet().name,)
    tables = {bet: filed(bet) for bet in FILED_FILES}
    tables.update(paytables or {})
    cert: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "tool": {
            "name": "paigow-verifier",
            "version": __version__,
            "engine": result.engine,
            "threads": result.threads,
            "seconds": round(result.seconds, 3),
            "created": None,                    # set by ``finish``
            "host": host(),
        },
        "rules": rule_readings(result.rules, result.deck, bank),
        "deck": {"size": len(result.deck), "cards": [card_str(c) for c in result.deck]},
        "total_hands": int(result.total_hands),
        "counts": {},                           # normal_counts, below
        "paytables": {bet: tables[bet].to_dict() for bet in sorted(tables)},
        "sections": {},
    }
    cert = _normalise(cert)
    cert["counts"] = normal_counts(result)
    inputs = _normalise(section_inputs or {})
    for name in sections:
        cert["sections"][name] = dict(inputs.get(name, {}))
    first = min((sections.index(n) for n in waits_for if n in sections), default=len(sections))
    rows = cert["counts"]["key_histogram"]["rows"]    # counts_of's: the engine's, sorted
    with known_sums(rows, result.key_sums):           # the engine's sums of these rows
        for name in sections[:first]:
            cert["sections"][name]["results"] = _normalise(SECTIONS[name].derive(cert))
    prepared = rows_json(cert) if result.key_rows_text is None else \
        RowsJson(rows, result.key_rows_text)
    return Draft(cert, tuple(sections[first:]), prepared)


def finish(d: Draft, later_inputs: dict | None = None) -> dict:
    """The certificate of a ``draft``: ``later_inputs`` ({section: {field: value}}) put
    in, the waiting sections derived, the time of creation set, sealed."""
    cert = d.cert
    for name, fields in _normalise(later_inputs or {}).items():
        cert["sections"][name].update(fields)
    for name in d.waiting:
        cert["sections"][name]["results"] = _normalise(SECTIONS[name].derive(cert))
    cert["tool"]["created"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return seal(cert, d.rows)


def build(result: EnumerationResult, paytables: dict | None = None,
          sections: Sequence[str] | None = None,
          section_inputs: dict | None = None, bank: str = "house") -> dict:
    """The certificate of an EnumerationResult under the given pay tables.

    ``paytables``: {bet: Paytable}; bets not given use the filed table.
    ``section_inputs``: {section: {field: value}}, fields a section keeps beside its
    results (its pay table, its own counts), stored before any section is derived.
    ``bank``: who banks in the rule set (``RuleSet.bank_kind``), for its readings.
    ``sections``: default, the registry's default bet's alone.
    """
    return finish(draft(result, paytables, sections, section_inputs, bank))


def seven_card_front_rows(result: EnumerationResult) -> list[list[int]]:
    """[[seven-card category mask, front key, hands], ...] of an enumeration's rules and
    deck (``engine.seven_card_fronts``), sorted: the ``seven-card-and-front`` counts."""
    from verifier.engine import seven_card_fronts
    return [[m, f, n] for (m, f), n in sorted(seven_card_fronts(result.rules,
                                                                result.deck).items())]


def certificate_for(result: EnumerationResult, ruleset: RuleSet,
                    paytables: dict[str, Paytable] | None = None,
                    base_game: dict[str, Any] | None = None) -> dict[str, Any]:
    """The certificate of an enumeration under a rule set: the Outlaw 9 section (always,
    the format requires it), ``rule_set``, one section per Emperor's Challenge bet the
    rule set offers, and ``base_game`` when pairwise counts are given
    (``{"counts": {...}, "settlement": {...}}``)."""
    return finish(certificate_draft(result, ruleset, paytables, base_game is not None),
                  None if base_game is None else {"base_game": base_game})


def certificate_draft(result: EnumerationResult, ruleset: RuleSet,
                      paytables: dict[str, Paytable] | None = None,
                      pairs: bool = False, ahead: bool = False) -> Draft:
    """``certificate_for``'s ``draft``: with a place for the ``base_game`` section when
    ``pairs`` (its counts given to ``finish``), the sections that read it waiting;
    ``ahead``: its key histogram's text in the file made now, in its ``rows``
    (``format.pretty_rows``, for ``format.write``)."""
    tables = ruleset.paytables()
    tables.update(paytables or {})
    custom = {b: t for b, t in tables.items() if t.bet == CUSTOM}
    plain = {b: t for b, t in tables.items() if b not in section_bets() and b not in custom}
    inputs = {"rule_set": {"definition": definition_of(ruleset)}}
    sections = [default_bet().name, "rule_set", "house_way"]
    for bet in section_bets():
        if bet in tables:
            inputs[bet] = {"paytable": tables[bet].to_dict()}
            sections.append(bet)
    if custom:
        mine: dict[str, Any] = {"paytables": {b: t.to_dict() for b, t in sorted(custom.items())}}
        if any(t.reads == JOINT_READ for t in custom.values()):
            mine[JOINT_READ_COUNTS] = seven_card_front_rows(result)
        inputs["custom_bets"] = mine
    if pairs:
        sections.append("base_game")
        # the bets whose section derives from the base game's counts
        sections += [b for b in derived_bets() if BETS[b].needs_pairs
                     and b in ruleset.bet_names()]
    if custom:
        sections.append("custom_bets")         # after base_game: a bet may read its counts
    if ruleset.progressives:
        inputs["progressives"] = {"tables": {n: t.to_dict() for n, t in
                                             sorted(ruleset.progressive_tables().items())}}
        sections.append("progressives")
    out = draft(result, plain, sections=tuple(sections), section_inputs=inputs,
                bank=ruleset.bank_kind, waits_for=("base_game",))
    return replace(out, rows=pretty_rows(out.rows)) if ahead else out


def attach(cert: dict[str, Any], raw: dict[str, Any], ruleset: RuleSet | None = None,
           chunks: dict[str, Any] | None = None) -> dict[str, Any]:
    """A copy of ``cert`` (as ``run`` built it, with its ``base_game`` section) with the
    ``strategy`` section of the optimal-strategy job's raw sums (verifier/strategy/optimal.py:
    the patterns where the house way is always optimal dropped, counts beyond 2**53 - 1
    as digit strings), its figures derived, re-sealed. A signature is dropped: it covers
    the old hash (sign the new file again). ``ruleset``: when given, it must be the
    certificate's own. ``chunks``: the job's chunk records (``strategy.chunks.chunks_section``),
    kept so that ``check --recompute --chunks N`` can run a sample of them again."""
    from verifier.support.errors import VerifierError
    from verifier.strategy.optimal import prune_patterns, raw_to_json
    out = {k: v for k, v in cert.items() if k != SIGNATURE_FIELD}
    if ruleset is not None and rule_set_of(cert).to_dict() != ruleset.to_dict():
        raise VerifierError(f"rule set {ruleset.name} is not the certificate's "
                            f"({rule_set_of(cert).name})")
    out["sections"] = dict(cert["sections"])
    out["sections"]["strategy"] = {"raw": _normalise(raw_to_json(prune_patterns(raw)))}
    if chunks is not None:
        out["sections"]["strategy"]["chunks"] = _normalise(chunks)
    out["sections"]["strategy"]["results"] = _normalise(SECTIONS["strategy"].derive(out))
    return seal(out)


def pairwise_figures(deck: Sequence[int] | None = None, rules: Rules | EngineSpec | None = None,
                     settlement: Any = None, threads: int | None = None,
                     progress: Progress | None = None,
                     bank: Any = None) -> tuple[dict[str, Any] | None, str]:
    """(figures or None, note): runs ``pairwise_counts`` when it is available. ``rules``:
    the command's ``EngineSpec`` (or the rules)."""
    from verifier.game.settlement import SettlementRule
    from verifier.houseway.fields import OrderDependentError
    try:
        from verifier.strategy.faceup import base_game_counts
    except ImportError as exc:
        return None, f"pairwise engine not available ({exc})"
    try:
        counts = base_game_counts(rules, settlement, deck, threads, progress)
    except (KeyError, NotImplementedError, ImportError) as exc:
        return None, f"pairwise engine cannot run these rules ({type(exc).__name__}: {exc})"
    except OrderDependentError as exc:        # a setting by the order of the suits
        return None, f"the base game is not counted: {exc}"
    from verifier.odds.basegame import settle
    figures = settle(counts, settlement, bank, banker_side=True)
    if settlement is not None and SettlementRule.of(settlement).dealer_exposed:
        return figures, "Face Up's best response (the strategy job)"
    return figures, f"pairwise counts ({counts.get('method', '?')})"


def attach_strategy(cert: dict[str, Any], raw: dict[str, Any], ruleset: RuleSet,
                    chunks: dict[str, Any] | None = None) -> dict[str, Any]:
    """The certificate with the strategy section of the raw sums, re-sealed; sums that do
    not agree with the certificate's counts are one line."""
    try:
        return attach(cert, raw, ruleset, chunks)
    except ValueError as exc:       # sums that do not agree with the certificate's counts
        if isinstance(exc, VerifierError):
            raise
        raise VerifierError(f"the strategy section cannot go into the certificate: {exc}") \
            from None


class Certified(NamedTuple):
    """``rule_set_certificate``'s enumeration and certificate."""
    result: EnumerationResult
    cert: dict[str, Any]
    note: str | None                    # how the base game was counted, or why not
    base_game: dict[str, Any] | None    # its section's inputs, when counted
    rows: RowsJson                      # the key histogram's text, for ``format.write``


def rule_set_certificate(ruleset: RuleSet, tables: dict[str, Paytable] | None = None,
                         deck: Sequence[int] | None = None, threads: int | None = None,
                         progress: Progress | None = None, base_game: bool | None = None,
                         spec: EngineSpec | None = None, ahead: bool = True,
                         result: EnumerationResult | None = None) -> Certified:
    """The enumeration of ``deck`` (default the full deck) under the rule set and its
    certificate (``run --out``), the base game counted pairwise when ``base_game``
    (default: on the full deck). ``spec``: the command's ``EngineSpec`` of the rule set
    (default: made here from its rules, deck and threads). ``ahead``: the file's text of
    the key histogram made while the base game is counted (for a certificate written
    after; ``run`` without ``--out`` writes none). ``result``: the enumeration of
    ``spec``, when made already (``run``: counted before this module is imported)."""
    from verifier.engine import engine_spec, enumerate_hands
    from verifier.support.interrupts import alongside
    spec = spec or engine_spec(ruleset.rules, threads, deck)
    if result is None:
        result = enumerate_hands(spec, progress=progress)
    counts, note, early = None, None, None
    if base_game is None:   # default: on for the full deck (a few seconds more)
        base_game = spec.deck is None
    if base_game:
        # the certificate's parts that do not wait for the count are built meanwhile
        with alongside(lambda: certificate_draft(result, ruleset, tables, pairs=True,
                                                 ahead=ahead)) as job:
            figures, note = pairwise_figures(deck=result.deck, rules=spec,
                                             settlement=ruleset.settlement, threads=threads,
                                             progress=progress, bank=ruleset.bank)
        if figures is not None:
            counts = {"counts": figures["counts"], "settlement": ruleset.settlement}
            early = job.value
    if early is None:
        early = certificate_draft(result, ruleset, tables, pairs=False)
    cert = finish(early, None if counts is None else {"base_game": counts})
    return Certified(result, cert, note, counts, early.rows)
