"""The table of certificate sections: for each section, the function that derives its
results from the certificate's counts and inputs (``build`` writes them, ``check``
re-derives and compares them) and the inputs it keeps beside its results. A section not
in this table fails ``check``. The one place that joins certificates to the bets' odds:
exact.py, emperors.py, basegame.py and houseway/ know nothing of certificates.
"""
from __future__ import annotations
import math
from collections.abc import MutableMapping
from typing import Any, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from verifier.support.errors import VerifierError
from verifier.odds.values import exact_value
from verifier.houseway.tables import key_sums, section_results as house_way_results
from verifier.game.paytables import Paytable, pay_text
from verifier.game.bets import BETS, section_bets
from verifier.game.hooks import Derive
from verifier.rules.definitions import from_definition
from verifier.rules.rulesets import RuleSet, is_custom_name, shipped_differences
from verifier.certificate.format import JOINT_READ_COUNTS, deck_of, is_sha256, rules_of
from verifier.certificate.source import SectionSource


@dataclass(frozen=True)
class Section:
    derive: Callable[[dict], object]    # function(cert) -> JSON-ready results
    inputs: tuple = ()              # the fields kept beside ``results``


def _house_way_results(cert: dict[str, Any]) -> dict[str, Any]:
    """The house way's own tables (verifier.houseway.tables) and its power ratings
    (docs/POWER_RATINGS.md), all from the certificate's key histogram."""
    from verifier.odds.ratings import as_json, power_ratings
    rows = cert["counts"]["key_histogram"]["rows"]
    sums = key_sums(rows)          # one pass over the rows for both
    out = house_way_results(cert["rules"]["house_way"]["value"], rows,
                            cert["counts"]["house_way_rows"], rules_of(cert).way, sums)
    out["power_ratings"] = as_json(power_ratings(rows, rules_of(cert).evaluation, sums))
    return out


def rule_set_of(cert: Mapping[str, Any]) -> RuleSet:
    """The certificate's rule set, from its ``rule_set`` section's definition."""
    return from_definition(cert["sections"]["rule_set"]["definition"],
                           "sections.rule_set.definition")


def _rule_set_results(cert: dict[str, Any]) -> dict[str, Any]:
    rs = rule_set_of(cert)
    changed = shipped_differences(rs)
    if changed:
        raise ValueError(f"it names the shipped rule set {rs.name}, but its "
                         f"{', '.join(changed)} is not the shipped one's: these are the "
                         "figures of another game under that name")
    if rs.rules != rules_of(cert):
        raise ValueError(f"the rule set's readings {rs.rules.as_dict()} are not the "
                         f"certificate's {rules_of(cert).as_dict()}")
    missing = [b for b in rs.bet_names() if b in section_bets() and b not in cert["sections"]]
    missing += [b for b in rs.bet_names() if is_custom_name(b) and b not in
                cert["sections"].get("custom_bets", {}).get("paytables", {})]
    missing += [p for p, _ in rs.progressives if p not in
                cert["sections"].get("progressives", {}).get("tables", {})]
    if missing:
        raise ValueError(f"the rule set offers {', '.join(missing)} but the certificate has "
                         "no section for it")
    return {"name": rs.name, "description": rs.description, "house_way": rs.house_way,
            "wheel": rs.wheel, **({"joker": rs.joker} if rs.joker != "bug" else {}),
            "settlement": rs.settlement, "bets": rs.bet_names()}


def _base_game_results(cert: dict[str, Any]) -> dict[str, Any]:
    from verifier.odds.basegame import settle
    section = cert["sections"]["base_game"]
    counts = section["counts"]
    n = cert["deck"]["size"]
    if counts["total"] != math.comb(n, 7) * math.comb(n - 7, 7):
        raise ValueError(f"base game total {counts['total']} is not C({n},7) C({n - 7},7)")
    rs = rule_set_of(cert)
    rule_set = rs.to_dict()["settlement"]
    if section["settlement"] != rule_set:
        raise ValueError(f"its settlement {section['settlement']} is not the rule set's "
                         f"{rule_set}")
    # a commission game: the banker's side too, co-banking at the rule set's share
    return settle(counts, section["settlement"], rs.bank, banker_side=True)


def _strategy_results(cert: dict[str, Any]) -> dict[str, Any]:
    """The player's optimal strategy (verifier/strategy/optimal.py) from the job's raw sums, which
    must agree with the rest of the certificate: one player hand per seven cards of the
    deck, C(n - 7, 7) banker hands each, the house way's wins and losses the base game's
    exact counts, the hands per type the counts' best five-card classes and the hands per
    row the house way's rows."""
    from verifier.engine import engine_spec
    from verifier.strategy.optimal import check_raw, figures, raw_from_json
    from verifier.game.ranking import CLASS_NAMES
    raw = raw_from_json(cert["sections"]["strategy"]["raw"])
    n = cert["deck"]["size"]
    if raw["player_hands"] != math.comb(n, 7) or raw["banker_hands"] != math.comb(n - 7, 7):
        raise ValueError(f"{raw['player_hands']} player hands of {raw['banker_hands']} banker "
                         f"hands each: not C({n},7) of C({n - 7},7)")
    base = cert["sections"].get("base_game")
    if base is None:
        raise ValueError("no base_game section to hold the house way's column against")
    counts = base["counts"]
    mine = dict(raw["house_way"], total=raw["player_hands"] * raw["banker_hands"])
    for k in ("win", "loss", "total"):
        if mine[k] != int(counts[k]):
            raise ValueError(f"the house way's {k} {mine[k]} is not the base game's {counts[k]}")
    check_raw(raw, deck_of(cert))
    types = {CLASS_NAMES[t]: h for t, h, _n, _c in raw["by_type"] if 0 <= t < len(CLASS_NAMES)}
    if types != {k: v for k, v in cert["counts"]["best_five"].items() if v}:
        raise ValueError("the hands by type are not the counts' best five-card classes")
    rows = {str(r): h for r, h, _n, _c in raw["by_row"]}
    nrows = engine_spec(rules_of(cert)).rows
    if rows != {r: v for r, v in cert["counts"]["house_way_rows"].items() if v} or \
            not set(rows) <= {str(r) for r in range(1, nrows + 1)}:
        raise ValueError("the hands by row are not the counts' house-way rows")
    chunks = cert["sections"]["strategy"].get("chunks")
    if chunks is not None:
        check_chunks(chunks, raw)
    return figures(raw, rule_set_of(cert))


def check_chunks(doc: Any, raw: Mapping[str, Any]) -> None:
    """The strategy section's chunk records hold together: their ranges tile the job's
    units in chunks of its size, each has a SHA-256 (``check_chunk_records``), and their
    sums add up to the section's totals (``ValueError`` naming what does not). Whether
    each chunk's SHA-256 is that of its job is for ``check --recompute --chunks`` (it runs
    them again)."""
    from verifier.strategy.optimal import merge_all, raw_from_json
    check_chunk_records(doc)
    total = merge_all([raw_from_json(dict(rec["sums"], patterns=[])) for rec in doc["list"]])
    for k, v in total.items():
        if k != "patterns" and v != raw[k]:
            raise ValueError(f"chunks: their {k} do not add up to the section's")


def check_chunk_records(doc: Any) -> None:
    """The chunk records' fields, each of its type: the backend, the chunk size and the
    unit count, and records whose ranges tile the units in chunks of that size, each with
    a SHA-256 and its sums (``ValueError`` naming the first that is not); checked before
    any is used (``check``, ``check --recompute --chunks``)."""
    if not isinstance(doc, dict) or sorted(doc) != ["backend", "chunk_size", "list", "units"]:
        raise ValueError("chunks: not the fields backend, chunk_size, units, list")
    size, units, records = doc["chunk_size"], doc["units"], doc["list"]
    if not (type(size) is int and size >= 1 and type(units) is int and units >= 1
            and isinstance(records, list) and isinstance(doc["backend"], str)):
        raise ValueError("chunks: chunk_size and units must be whole numbers, list a list")
    for i, rec in enumerate(records):
        lo = i * size
        where = f"chunks.list[{i}]"
        if not isinstance(rec, dict) or sorted(rec) != ["hi", "lo", "raw_sha256", "sums"]:
            raise ValueError(f"{where}: not the fields lo, hi, raw_sha256, sums")
        if (rec["lo"], rec["hi"]) != (lo, min(lo + size, units)) or lo >= units \
                or not all(type(rec[k]) is int for k in ("lo", "hi")):
            raise ValueError(f"{where}: units {str(rec['lo'])[:20]}-{str(rec['hi'])[:20]}, "
                             f"not the job's chunk {lo}-{min(lo + size, units)}")
        if not (isinstance(rec["raw_sha256"], str)
                and is_sha256(rec["raw_sha256"])):
            raise ValueError(f"{where}.raw_sha256: not a SHA-256")
        if not isinstance(rec["sums"], dict):
            raise ValueError(f"{where}.sums: not a table of the chunk's sums")
    if len(records) * size < units:
        raise ValueError(f"chunks: {len(records)} chunks of {size} do not cover "
                         f"{units:,} units")


def custom_table(cert: Mapping[str, Any], name: str) -> Paytable:
    """The pay table of the rule set's custom bet ``name`` (its certificate section)."""
    tables = cert.get("sections", {}).get("custom_bets", {}).get("paytables", {})
    if name not in tables:
        raise VerifierError(f"this certificate has no custom bet {name!r}")
    return Paytable.from_dict(tables[name], f"sections.custom_bets.paytables.{name}")


def _custom_results(cert: dict[str, Any]) -> dict[str, Any]:
    """Each custom bet's figures from the counts: a wager's odds, or an envy-type bet's
    dollars per other hand (and by table size, one to six other hands)."""
    from verifier.odds import emperors
    from verifier.certificate.odds import odds_from_certificate, qualifying_sets
    out = {}
    for name in cert["sections"]["custom_bets"]["paytables"]:
        table = custom_table(cert, name)
        if table.envy:
            one, per_line = emperors.envy_per_other_hand(qualifying_sets(cert, table), table)
            out[name] = {"reads": table.reads, "envy_per_other_hand": exact_value(one),
                         "lines": [{"category": c, "amount": pay_text(p), "hands": per_line[c]}
                                   for c, p in table.pays],
                         "by_table_size": [{"other_players": n,
                                            "envy_per_hand": exact_value(n * one)}
                                           for n in range(1, emperors.MAX_OTHER_PLAYERS + 1)]}
        else:
            try:
                odds = odds_from_certificate(cert, table)
            except VerifierError as exc:    # e.g. versus-banker on a run without pairs
                out[name] = {"reads": table.reads, "omitted": str(exc)}
                continue
            out[name] = dict(odds.to_dict(), reads=table.reads)
            out[name].pop("standard_deviation", None)
    return out


def _progressive_results(cert: dict[str, Any]) -> dict[str, Any]:
    """Each progressive table's figures from the counts, its meters at their reset
    (docs/PROGRESSIVES.md: ``ProgressiveOdds.figures``)."""
    from verifier.certificate.odds import progressive_odds
    from verifier.game.progressive import from_dict as progressive_of
    tables = cert["sections"]["progressives"]["tables"]
    return {name: progressive_odds(cert, progressive_of(
        table, f"sections.progressives.tables.{name}")).figures()
        for name, table in tables.items()}


def register_section(name: str, derive: Callable[[dict], Any], inputs: Iterable[str] = ()
                     ) -> None:
    """Add a section kind of one's own (docs/CERTIFICATE.md): ``derive(cert) -> results``
    (JSON-ready); ``build`` fills it in when asked and ``check`` re-derives and compares
    it. ``inputs``: the fields it keeps beside ``results`` (any other fails check)."""
    SECTIONS[name] = Section(derive, tuple(inputs))


def _from_source(derive: Derive[SectionSource]) -> Callable[[dict], Any]:
    """A bet's ``derive`` hook as a section's: given the certificate's counts and inputs
    typed (``SectionSource``), not its dict."""
    return lambda cert: derive(SectionSource(cert))


class _Sections(MutableMapping):
    """``SECTIONS``: the game's section kinds (and those ``register_section`` adds), then one
    per named bet with a section, from the registry of bets (verifier/bets/): a bet's
    pay table is kept beside its results when the section holds it (``in_section``), else
    it is the certificate's ``paytables`` entry."""

    def __init__(self, own: Mapping[str, Section]) -> None:
        self.own = dict(own)

    def _bets(self) -> dict[str, Section]:
        return {n: Section(_from_source(b.derive), ("paytable",) if b.in_section else ())
                for n, b in BETS.items() if b.derive and n not in self.own}

    def __getitem__(self, name: str) -> Section:
        if name in self.own:
            return self.own[name]
        return self._bets()[name]

    def __setitem__(self, name: str, value: Section) -> None:
        self.own[name] = value

    def __delitem__(self, name: str) -> None:
        del self.own[name]

    def __iter__(self) -> Iterator[str]:
        return iter([*self.own, *self._bets()])

    def __len__(self) -> int:
        return len(self.own) + len(self._bets())


#: every section a certificate may have
SECTIONS = _Sections({
    "rule_set": Section(_rule_set_results, ("definition",)),
    "house_way": Section(_house_way_results),
    "base_game": Section(_base_game_results, ("counts", "settlement")),
    "custom_bets": Section(_custom_results, ("paytables", JOINT_READ_COUNTS)),
    "strategy": Section(_strategy_results, ("raw", "chunks")),
    "progressives": Section(_progressive_results, ("tables",)),
})
