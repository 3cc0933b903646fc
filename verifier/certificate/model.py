"""The certificate as a typed read model: what every reader outside ``certificate/`` (the
par sheet, the workbench, the audit, the command line) reads, instead of string paths into
the JSON dict.

``Certificate.of(cert)`` builds it from a loaded and checked certificate dict (``load``,
``verify_or_raise``); ``read(path)`` does all three. The dict stays inside this package:
the model keeps it as ``raw`` only to hand it back to this package's functions (odds,
formulas, check, signing), and no module outside ``certificate/`` reads into it
(tests/test_architecture_typing.py holds that).

A bet's section is generic: ``cert.bets[name]`` is a ``BetSection`` (its figures, its pay
table, its own counts) for every bet the rule set offers that the certificate holds
figures for, whichever module derives it; no bet is named here.

Each section's results are typed too (verifier/certificate/results.py and
results_tables.py), built here once: ``cert.base_game.figures``, ``cert.bets[name].figures``,
``cert.house_way_tables.power_ratings``, ``cert.strategy_figures``, ``cert.progressives``.
A reader reads their attributes; a section's JSON ``results`` is what ``run --json``
prints, never read by key outside this package.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from verifier.certificate.format import (HASH_FIELD, RESULT_HASH_FIELD, SIGNATURE_FIELD,
                                         CertificateError)
from verifier.certificate.results import (BaseGameFigures, BetFigures, Omitted,
                                          PlayerBankFigures, bet_figures)
from verifier.certificate.results_tables import PowerRatings, ProgressiveFigures, StrategyFigures

#: the section that holds the rule set's own bets (pay tables and figures by bet name)
CUSTOM_SECTION = "custom_bets"

JSON = Mapping[str, Any]
_EMPTY: JSON = MappingProxyType({})


@dataclass(frozen=True)
class Reading:
    """One reading of the rules the certificate was run under (``rules`` in the JSON)."""
    name: str
    value: str
    text: str
    topic: str | None = None            # a reduced deck's reading has none


@dataclass(frozen=True)
class Tool:
    """The program and the run that wrote the certificate."""
    name: str
    version: str
    engine: str
    created: str
    threads: int | None = None
    seconds: float | None = None
    host: str = ""


@dataclass(frozen=True)
class Deck:
    size: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Counts:
    """The enumeration's integer counts."""
    key_histogram: Sequence[Sequence[int]]      # rows [back key, front key, hands]
    house_way_rows: Mapping[int, int]           # row number -> hands
    best_five: Mapping[str, int]
    fouls: int
    outlaw9_sets: Mapping[str, Any]             # bonus reading -> the sets' counts
    best_for_bet_sets: Sequence[Any] | None = None


@dataclass(frozen=True)
class Section:
    """One section: its results (re-derived by ``check``) and the inputs it keeps (its pay
    table, its own counts, a settlement, a definition)."""
    name: str
    results: JSON
    inputs: JSON = field(default_factory=lambda: _EMPTY)

    @property
    def counts(self) -> JSON:
        return self.inputs.get("counts") or _EMPTY

    @property
    def settlement(self) -> JSON:
        return self.inputs.get("settlement") or _EMPTY


@dataclass(frozen=True)
class HouseWayRow:
    row: int
    name: str
    hands: int


@dataclass(frozen=True)
class HouseWayTables:
    """The ``house_way`` section: the hands each row decides, the two-card fronts and
    five-card backs it makes, and its power ratings (docs/POWER_RATINGS.md)."""
    name: str
    rows: tuple[HouseWayRow, ...]
    front_hands: Mapping[str, int]
    back_hands: Mapping[str, int]
    power_ratings: PowerRatings


@dataclass(frozen=True)
class BaseGame:
    """The ``base_game`` section: the player-against-banker outcomes (``win``, ``push``,
    ``loss``, ``total``, the copies) over every ordered pair of hands, the settlement they
    are figured under, and the figures (``player_bank`` among them in a commission game)."""
    outcomes: Mapping[str, int]
    settlement: JSON
    results: JSON
    figures: BaseGameFigures

    @property
    def player_bank(self) -> PlayerBankFigures | None:
        return self.figures.player_bank


@dataclass(frozen=True)
class RuleSet:
    """The ``rule_set`` section's results: the game the certificate is of."""
    name: str
    description: str
    house_way: str
    wheel: str
    settlement: JSON
    bets: tuple[str, ...]


@dataclass(frozen=True)
class BetSection:
    """One bet the rule set offers, as the certificate keeps it: ``results`` are the bet's
    figures (for a rule set's custom bet, its entry of the custom bets' section),
    ``paytable`` its table as a dict (None when it has none of its own), ``custom`` True
    for a bet the rule set defines, ``omitted`` why the certificate has no figures for it."""
    name: str
    results: JSON
    paytable: JSON | None = None
    counts: JSON = field(default_factory=lambda: _EMPTY)
    custom: bool = False
    figures: BetFigures | None = None       # None: the section holds no figures

    @property
    def omitted(self) -> str | None:
        return self.figures.reason if isinstance(self.figures, Omitted) else None


@dataclass(frozen=True)
class Signature:
    key_fingerprint: str
    algorithm: str = ""


@dataclass(frozen=True)
class Certificate:
    """A checked certificate, typed (see the module's docstring)."""
    format: str
    format_version: int
    tool: Tool
    deck: Deck
    readings: Mapping[str, Reading]
    total_hands: int
    counts: Counts
    paytables: Mapping[str, JSON]
    sections: Mapping[str, Section]
    rule_set: RuleSet
    bets: Mapping[str, BetSection]
    house_way_tables: HouseWayTables
    base_game: BaseGame | None
    sha256: str
    result_sha256: str
    signature: Signature | None = None
    strategy_figures: StrategyFigures | None = None
    progressives: Mapping[str, ProgressiveFigures] = field(default_factory=lambda: _EMPTY)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # ------------------------------------------------------------------ readings
    def reading(self, name: str) -> str:
        """The value of one reading (``wheel``, ``bonus_reading``, ``house_way``, ...)."""
        return self.readings[name].value

    @property
    def bonus_reading(self) -> str:
        return self.reading("bonus_reading")

    @property
    def joker(self) -> str:
        """The joker's reading: "wild" when the certificate carries the wild joker's
        reading (``joker_wild``), else "bug"."""
        return "wild" if "joker_wild" in self.readings else "bug"

    @property
    def house_way(self) -> str:
        return self.reading("house_way")

    @property
    def deck_reading(self) -> str:
        return self.reading("deck")

    # ------------------------------------------------------------------ sections
    def has(self, section: str) -> bool:
        return section in self.sections

    def section(self, name: str) -> Section:
        """A section by name, or a one-line error naming what the certificate lacks."""
        try:
            return self.sections[name]
        except KeyError:
            raise CertificateError(f"this certificate has no {name} section") from None

    @property
    def strategy(self) -> Section | None:
        return self.sections.get("strategy")

    @property
    def custom_paytables(self) -> Mapping[str, JSON]:
        """The rule set's own bets' pay tables, by bet name."""
        return {n: b.paytable for n, b in self.bets.items() if b.custom and b.paytable}

    @property
    def progressive_tables(self) -> dict[str, Any]:
        """The progressive tables the certificate holds ({name: Progressive})."""
        from verifier.game.progressive import from_dict
        if not self.has("progressives"):
            return {}
        return {name: from_dict(t, f"sections.progressives.tables.{name}")
                for name, t in self.sections["progressives"].inputs["tables"].items()}

    # ------------------------------------------------------------------ building
    @classmethod
    def of(cls, cert: "Certificate | JSON") -> "Certificate":
        """The model of a loaded and checked certificate dict; a one-line
        CertificateError when its shape is not a certificate's (never a KeyError)."""
        if isinstance(cert, Certificate):
            return cert
        try:
            return _model(cert)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CertificateError(f"not a certificate this tool can read ({exc!r} missing "
                                   "or malformed): check it (paigow-verify check)") from None


def read(path: str | os.PathLike, name: str | None = None) -> Certificate:
    """A certificate file loaded, fully checked (one-line error when it fails) and typed;
    a shipped certificate whose text has its pinned digest (``shipped.is_pinned``) is the
    one checked when it was made, and is not derived again."""
    from verifier.certificate.format import parse, read_certificate_text
    from verifier.certificate.shipped import is_pinned
    text = read_certificate_text(path)
    cert = parse(text, path)
    if not is_pinned(path, text):
        _verify(cert, path, name)
    return Certificate.of(cert)


def check_text(text: str, path: str | os.PathLike, name: str | None = None) -> None:
    """``read``'s check alone, of a file's text already read (``path`` names it): its
    one-line error, or None (what crosses back from another process: the check run while
    ``report --format pdf`` lays out its page from the same text)."""
    from verifier.certificate.format import parse
    _verify(parse(text, path), path, name)


def read_unchecked(text: str, path: str | os.PathLike) -> Certificate:
    """A certificate's text (read once: ``format.read_certificate_text``) parsed and typed
    but not checked: for work that ``check_text`` of the same text gates before anything
    is shown (one-line error when it cannot be parsed or typed)."""
    from verifier.certificate.format import parse
    return Certificate.of(parse(text, path))


def _verify(cert: dict, path: str | os.PathLike, name: str | None) -> None:
    """The full check's one-line error, the certificate named ``name`` (default its path)."""
    from verifier.certificate.check import verify_or_raise
    verify_or_raise(cert, str(name if name is not None else path))


def stated_rule_set(cert: JSON) -> str | None:
    """The rule set a certificate dict says it is of, even before it is checked (None when
    it has no readable ``rule_set`` section)."""
    sections = cert.get("sections") if isinstance(cert, Mapping) else None
    section = sections.get("rule_set") if isinstance(sections, Mapping) else None
    results = section.get("results") if isinstance(section, Mapping) else None
    if not isinstance(results, Mapping):
        return None
    name = results.get("name")
    return name if isinstance(name, str) else None


def _model(cert: JSON) -> Certificate:
    tool = cert.get("tool") or {}
    sections = {name: Section(name, s["results"], MappingProxyType(
                    {k: v for k, v in s.items() if k != "results"}))
                for name, s in cert["sections"].items()}
    rs = sections["rule_set"].results
    rule_set = RuleSet(str(rs["name"]), str(rs["description"]), str(rs["house_way"]),
                       str(rs["wheel"]), rs["settlement"], tuple(rs["bets"]))
    counts = cert["counts"]
    signature = cert.get(SIGNATURE_FIELD)
    return Certificate(
        format=str(cert["format"]), format_version=int(cert["format_version"]),
        tool=Tool(str(tool.get("name", "paigow-verifier")), str(tool.get("version", "?")),
                  str(tool.get("engine", "?")), str(tool.get("created", "")),
                  tool.get("threads"), tool.get("seconds"), str(tool.get("host", ""))),
        deck=Deck(int(cert["deck"]["size"]), tuple(cert["deck"]["cards"])),
        readings=MappingProxyType({
            name: Reading(name, str(r["value"]), str(r["text"]), r.get("topic"))
            for name, r in cert["rules"].items()}),
        total_hands=int(cert["total_hands"]),
        counts=Counts(counts["key_histogram"]["rows"],
                      MappingProxyType({int(r): int(n)
                                        for r, n in counts["house_way_rows"].items()}),
                      MappingProxyType(dict(counts["best_five"])), int(counts["fouls"]),
                      counts["outlaw9_sets"], counts.get("best_for_bet_sets")),
        paytables=MappingProxyType(dict(cert.get("paytables") or {})),
        sections=MappingProxyType(sections), rule_set=rule_set,
        bets=MappingProxyType(_bets(cert, sections, rule_set.bets)),
        house_way_tables=_house_way(sections["house_way"]),
        base_game=_base_game(sections.get("base_game")),
        sha256=str(cert.get(HASH_FIELD, "")), result_sha256=str(cert.get(RESULT_HASH_FIELD, "")),
        signature=(Signature(str(signature["key_fingerprint"]),
                             str(signature.get("algorithm", "")))
                   if isinstance(signature, Mapping) else None),
        strategy_figures=(StrategyFigures.of(sections["strategy"].results)
                          if "strategy" in sections else None),
        progressives=MappingProxyType(
            {name: ProgressiveFigures.of(f) for name, f in
             (sections["progressives"].results if "progressives" in sections else {}).items()}),
        raw=cert if isinstance(cert, dict) else dict(cert))


def _house_way(section: Section) -> HouseWayTables:
    r = section.results
    return HouseWayTables(str(r["house_way"]),
                          tuple(HouseWayRow(int(x["row"]), str(x["name"]), int(x["hands"]))
                                for x in r["rows"]),
                          MappingProxyType({k: int(n) for k, n in r["front_hands"].items()}),
                          MappingProxyType({k: int(n) for k, n in r["back_hands"].items()}),
                          PowerRatings.of(r["power_ratings"]))


def _base_game(section: Section | None) -> BaseGame | None:
    if section is None:
        return None
    return BaseGame(MappingProxyType({k: int(n) for k, n in section.results["counts"].items()}),
                    section.settlement, section.results, BaseGameFigures.of(section.results))


def _bets(cert: JSON, sections: Mapping[str, Section], offered: Sequence[str]
          ) -> dict[str, BetSection]:
    """Each offered bet the certificate holds figures for (its own section, or its entry
    of the custom bets' section), then any other custom bet that section holds."""
    custom = sections.get(CUSTOM_SECTION)
    custom_results = custom.results if custom else _EMPTY
    custom_tables = custom.inputs.get("paytables", {}) if custom else {}
    out = {}
    for name in dict.fromkeys([*offered, *custom_tables, *custom_results]):
        if name in custom_results or name in custom_tables:
            results = custom_results.get(name) or _EMPTY
            out[name] = BetSection(name, results, custom_tables.get(name), custom=True,
                                   figures=_figures(results))
        elif name in sections:
            s = sections[name]
            out[name] = BetSection(name, s.results,
                                   s.inputs.get("paytable") or cert["paytables"].get(name),
                                   s.counts, figures=_figures(s.results))
    return out


def _figures(results: JSON) -> BetFigures | None:
    return bet_figures(results) if results else None
