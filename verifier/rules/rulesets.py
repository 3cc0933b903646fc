"""Rule sets: named bundles of the readings, the settlement and the bets (docs/RULESETS.md).

A rule set names the deck (52 cards + joker) and the joker's reading (``joker``: "bug",
the default, or "wild"), the wheel rank, the house way, the bonus reading, the commission or fee schedule, and the bonus bets it offers with their default
pay tables. Shipped ones live in ``verifier/data/rulesets/NAME.toml``; ``--rules FILE``
reads a user file of the same form, which may name a shipped rule set to start from
(``base = "casino-standard"``, default ``outlaw9-mikes``) and overrides the rest. Its
house way must be one the verifier implements.
"""
from __future__ import annotations
import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.support.toml import tomllib
from verifier.game.bets import BETS, canonical, envy_host
from verifier.support.errors import VerifierError
from verifier.support.files import parse_toml, read_text
from verifier.game.paytables import DATA_DIR
from verifier.rules.readings import Rules, BANK_HOUSE, BANK_ROTATION, WHEEL_CHOICES, BONUS_READING_CHOICES
from verifier.game.ranking import JOKER_READINGS
from verifier.game.betreads import refuse_under_wild
from verifier.rules.terms import RuleSetError, check_bank, check_house_way, check_settlement

if TYPE_CHECKING:
    from verifier.game.paytables import Paytable
    from verifier.game.progressive import Progressive

RULESET_DIR = DATA_DIR / "rulesets"
DEFAULT_RULESET = "outlaw9-mikes"
SHIPPED = ("outlaw9-mikes", "casino-standard", "emperors-challenge")
#: bets a rule set may offer: the named bets (verifier/bets/, each under its name), and
#: custom bets under a name of the rule set's own (a pay table file with bet = "custom")
CUSTOM_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def is_custom_name(bet: object) -> bool:
    """A name a rule set gives one of its custom bets (any snake name not a seed bet's)."""
    return (isinstance(bet, str) and canonical(bet) not in BETS
            and bool(CUSTOM_NAME.fullmatch(bet)))
_KEYS = {"name", "description", "seeds", "house_way", "house_ways", "wheel", "bonus_reading",
         "deck", "joker", "settlement", "bets", "base", "bank", "progressives"}
DECK_TEXT = "53 cards (52 + joker)"


@dataclass(frozen=True)
class RuleSet:
    name: str
    description: str
    seeds: tuple
    house_way: str
    house_ways: tuple
    wheel: str
    bonus_reading: str
    settlement: dict = field(hash=False, compare=False)
    bets: tuple = ()                  # ((bet, pay table file), ...)
    source: str = ""
    deck: str = DECK_TEXT
    #: who may bank and on what terms (``terms.check_bank``); None: the rule set's own banker
    #: only (the house in a casino game, the player-dealer in the California game)
    bank: dict | None = field(default=None, hash=False, compare=False)
    #: ((name, progressive table file), ...): docs/PROGRESSIVES.md
    progressives: tuple = ()
    #: the joker's reading (docs/RULESETS.md): "bug" (the default) or "wild"
    joker: str = "bug"

    @property
    def players_bank(self) -> bool:
        """True when players take the bank in turn with the dealer (seeds 002, 004)."""
        return (self.bank or {}).get("banker") == "rotation"

    @property
    def bank_kind(self) -> str:
        """Who banks, as the readings tag it: "rotation" when players bank in turn, else
        "house" (the readings of readings.toml tagged with the other kind do not apply)."""
        return BANK_ROTATION if self.players_bank else BANK_HOUSE

    @cached_property
    def rules(self) -> Rules:
        """The rule set's ``Rules`` (its house way's file loaded), made once per rule set."""
        return Rules.of(wheel=self.wheel, bonus_reading=self.bonus_reading,
                        house_way=self.house_way, joker=self.joker)

    def bet_names(self) -> list[str]:
        return [b for b, _ in self.bets]

    def with_overrides(self, wheel: str | None = None, bonus_reading: str | None = None,
                       house_way: str | None = None) -> RuleSet:
        """A copy with command-line readings applied. The command line's house way
        overrides the rule set's, for any rule set (a shipped house way by name, or a
        house-way file); one the rule set does not offer is added to its ``house_ways``,
        so the certificate says the game was changed."""
        changes: dict[str, Any] = {k: v for k, v in (("wheel", wheel),
                                                     ("bonus_reading", bonus_reading))
                                   if v is not None}
        if house_way is not None and house_way != self.house_way:
            if house_way not in self.house_ways:
                Rules.of(wheel=wheel or self.wheel,      # a house way that exists, or one line
                         bonus_reading=bonus_reading or self.bonus_reading, house_way=house_way,
                         joker=self.joker)
                changes["house_ways"] = self.house_ways + (house_way,)
            changes["house_way"] = house_way
        return replace(self, **changes) if changes else self

    def paytable_path(self, bet: str) -> Path:
        for b, f in self.bets:
            if b == bet:
                # a user file's bets were made absolute by load(), against its own folder
                return Path(f) if Path(f).is_absolute() else DATA_DIR / f
        raise RuleSetError(f"rule set {self.name} has no {bet} bet")

    def paytables(self) -> dict[str, Paytable]:
        """{bet: pay table} of every bet the rule set offers (its default tables)."""
        from verifier.game import paytables
        out = {}
        for bet in self.bet_names():
            path = self.paytable_path(bet)
            table = paytables.load(path)
            if table.bet != ("custom" if is_custom_name(bet) else bet):
                raise RuleSetError(f"rule set {self.name}: {path} is a {table.bet} pay table, "
                                   f"not {bet}" + (" (a custom bet's file says bet = "
                                                   "\"custom\")" if is_custom_name(bet) else ""))
            title = f"custom bet {bet}" if is_custom_name(bet) else table.kind.title
            refuse_under_wild(table.kind.reads, f"{title} of rule set {self.name}", self.joker,
                              [line for line, _ in table.pays])
            out[bet] = table
        return out

    def progressive_tables(self) -> dict[str, Progressive]:
        """{name: progressive table} of the rule set's progressives (their files)."""
        from verifier.game.progressive import load as load_progressive
        out = {n: load_progressive(str(Path(f) if Path(f).is_absolute() else DATA_DIR / f))
               for n, f in self.progressives}
        for n, t in out.items():
            refuse_under_wild(t.reads, f"progressive {n} of rule set {self.name}", self.joker,
                              [line for tier in t.tiers for line in tier.lines])
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "seeds": list(self.seeds), "deck": self.deck,
                **({"joker": self.joker} if self.joker != "bug" else {}),
                "house_way": self.house_way, "house_ways": list(self.house_ways),
                "wheel": self.wheel, "bonus_reading": self.bonus_reading,
                "settlement": {k: _json_ready(v) for k, v in self.settlement.items()},
                "bets": {b: Path(f).name for b, f in self.bets},
                **({"bank": dict(self.bank)} if self.bank else {}),
                **({"progressives": {n: f if not Path(f).is_absolute() else Path(f).name
                                     for n, f in self.progressives}}
                   if self.progressives else {})}


def _json_ready(v):
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, (list, tuple)):
        return [_json_ready(x) for x in v]
    return v


def from_dict(data: dict[str, Any], where: str = "rule set", source: str = "") -> RuleSet:
    """A RuleSet from a parsed TOML/JSON mapping (every field given or inherited)."""
    unknown = set(data) - _KEYS
    if unknown:
        raise RuleSetError(f"{where}: unknown key(s) {', '.join(sorted(map(repr, unknown)))}")

    def get(key, choices=None):
        if key not in data:
            raise RuleSetError(f"{where}: missing {key}")
        value = data[key]
        if choices is not None and value not in choices:
            raise RuleSetError(f"{where}: unknown {key} {value!r}: choose from "
                               f"{', '.join(choices)}")
        return value

    for key in ("house_ways", "seeds"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise RuleSetError(f"{where}: {key} must be a list of strings")
    if not isinstance(data.get("description", ""), str):
        raise RuleSetError(f"{where}: description must be a string")
    house_way = get("house_way")
    house_ways = tuple(data.get("house_ways") or (house_way,))
    for hw in (house_way, *house_ways):
        check_house_way(hw, where)
    if house_way not in house_ways:
        raise RuleSetError(f"{where}: house_way {house_way!r} is not in house_ways")
    deck = data.get("deck", DECK_TEXT)
    if deck != DECK_TEXT:
        raise RuleSetError(f"{where}: deck {deck!r}: only {DECK_TEXT!r} is supported")
    bets = data.get("bets") or {}
    if not isinstance(bets, dict):
        raise RuleSetError(f"{where}: [bets] must map a bet to its pay table file")
    bets = {canonical(b): f for b, f in bets.items()}     # a bet's alias is its name
    for bet, f in bets.items():
        if bet not in BETS and not is_custom_name(bet):
            raise RuleSetError(f"{where}: unknown bet {bet!r}: choose from "
                               f"{', '.join(BETS)}, or name a custom bet in snake case "
                               "(its file says bet = \"custom\")")
        if not isinstance(f, str):
            raise RuleSetError(f"{where}: bet {bet}: the pay table must be a file name")
    hosts = [n for n, b in BETS.items() if b.hosts_envy]
    for bet in bets:
        if bet in BETS and BETS[bet].amounts and envy_host(bets) is None:
            raise RuleSetError(f"{where}: the {BETS[bet].title.lower()} needs the "
                               f"{' or '.join(hosts)} bet")
    name = get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleSetError(f"{where}: name must be a non-empty string")
    if "/" in name or "\\" in name or name.startswith(".") or len(name) > 100:
        raise RuleSetError(f"{where}: name {name[:40]!r}: a name, not a path (no '/', '\\' "
                           "or leading '.', at most 100 characters)")
    settlement = check_settlement(get("settlement"), where)
    progressives = data.get("progressives") or {}
    if not isinstance(progressives, dict) or not all(
            isinstance(f, str) and CUSTOM_NAME.fullmatch(n) for n, f in progressives.items()):
        raise RuleSetError(f"{where}: [progressives] must map a snake-case name to its "
                           "progressive table file")
    return RuleSet(name=name, description=str(data.get("description", "")),
                   seeds=tuple(str(s) for s in data.get("seeds", ())),
                   house_way=house_way, house_ways=house_ways,
                   wheel=get("wheel", WHEEL_CHOICES),
                   bonus_reading=get("bonus_reading", BONUS_READING_CHOICES),
                   settlement=settlement,
                   bets=tuple((b, f) for b, f in bets.items()), source=source, deck=deck,
                   bank=check_bank(data.get("bank"), settlement, where),
                   progressives=tuple(progressives.items()),
                   joker=get("joker", JOKER_READINGS) if "joker" in data else "bug")


def _read_toml(path):
    text = read_text(path, "rule set", RuleSetError)
    try:
        return parse_toml(text, path, "rule set", RuleSetError, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(f"{path}: not valid TOML: {exc}") from None


def load(name_or_path: str | None = None) -> RuleSet:
    """A shipped rule set by name, or a rule set TOML file (which may start from a
    shipped one with ``base = NAME``)."""
    name_or_path = name_or_path or DEFAULT_RULESET
    shipped = RULESET_DIR / f"{name_or_path}.toml"
    if "/" not in str(name_or_path) and not str(name_or_path).endswith(".toml"):
        if not shipped.exists():
            raise RuleSetError(f"unknown rule set {name_or_path!r}: choose from "
                               f"{', '.join(names())}, or give a .toml file")
        return _shipped(str(shipped))
    data = _read_toml(name_or_path)
    base_name = data.pop("base", DEFAULT_RULESET)
    if base_name not in names():
        raise RuleSetError(f"{name_or_path}: base {base_name!r} is not a shipped rule set "
                           f"({', '.join(names())})")
    base = _read_toml(RULESET_DIR / f"{base_name}.toml")
    merged = dict(base)
    for key, value in data.items():
        if key == "bank" and isinstance(value, dict) and isinstance(base.get("bank"), dict):
            merged[key] = {**base["bank"], **value}
        elif key == "settlement" and isinstance(value, dict) and \
                isinstance(value.get("kind"), (str, type(None))) and value.get("kind") in (
                None, base["settlement"].get("kind")):
            merged[key] = {**base["settlement"], **value}
        else:
            merged[key] = value
    if "house_way" in data and "house_ways" not in data:
        merged["house_ways"] = [data["house_way"]]
    if "name" not in data:
        merged["name"] = Path(name_or_path).stem
    if "description" not in data:
        merged["description"] = _derived_description(base_name, base, data)
    where = str(name_or_path)
    if isinstance(data.get("bets"), dict):
        merged["bets"] = _files_beside(data["bets"], Path(name_or_path).resolve().parent,
                                       where)
    if isinstance(data.get("progressives"), dict):
        merged["progressives"] = _files_beside(
            data["progressives"], Path(name_or_path).resolve().parent, where, "progressive",
            "progressive table", lambda n: isinstance(n, str) and bool(CUSTOM_NAME.fullmatch(n)))
    ruleset = from_dict(merged, where, where)
    changed = shipped_differences(ruleset)
    if changed:
        raise RuleSetError(f"{where}: name {ruleset.name!r} is a shipped rule set's, and this "
                           f"file changes its {', '.join(changed)}: give it a name of its own")
    try:
        ruleset.paytables()         # every bet's table read now, not after an enumeration
        ruleset.progressive_tables()
    except VerifierError as exc:
        raise RuleSetError(f"{where}: {exc}") from None
    return ruleset


def _files_beside(table, folder, where, what="bet", kind="pay table", named=None):
    """A rule-set file's ``[bets]`` (or ``[progressives]``: ``what``, ``kind``) with each
    file's path made absolute against the file's own folder (not the working directory);
    a missing file is an error naming the path as the file writes it. ``named``: the
    names the table may use (default a bet's)."""
    named = named or (lambda n: canonical(n) in BETS or is_custom_name(n))
    out = {}
    for name, f in table.items():
        if not named(name) or not isinstance(f, str):
            return table            # from_dict names the problem
        path = folder / f
        if not path.is_file():
            raise RuleSetError(f"{where}: {what} {name}: {kind} file not found: {f} "
                               f"(looked for it beside the rule set file)")
        out[name] = str(path)
    return out


def _derived_description(base_name, base, data):
    """What a rule-set file without a ``description`` is: its base, and what it changes."""
    changed = []
    for key, value in data.items():
        if key in ("name", "seeds", "description"):
            continue
        if key == "settlement" and isinstance(value, dict):
            changed += [f"settlement {k} = {_json_ready(v)}" for k, v in value.items()
                        if base.get("settlement", {}).get(k) != v]
        elif key == "bets" and isinstance(value, dict):
            changed.append("bets " + (", ".join(f"{b} ({Path(str(f)).name})"
                                                for b, f in value.items()) or "none"))
        elif base.get(key) != value:
            changed.append(f"{key} = {_json_ready(value)}")
    text = f"{base_name} rule set"
    return f"{text}, changed: {'; '.join(changed)}" if changed else text


#: what decides a rule set's game beyond the readings (wheel, bonus reading and house way,
#: which the command line may change and every certificate states)
GAME_FIELDS = ("deck", "joker", "settlement", "bets", "bank", "progressives")


def game_differences(ruleset: RuleSet, other: RuleSet) -> list[str]:
    """The fields of ``GAME_FIELDS`` in which two rule sets differ ([]: the same game)."""
    mine, theirs = ruleset.to_dict(), other.to_dict()
    return [k for k in GAME_FIELDS if mine.get(k) != theirs.get(k)]


def shipped_differences(ruleset: RuleSet) -> list[str]:
    """The fields in which a rule set that takes a shipped rule set's name is not that
    rule set ([] for another name): a name is the game's, so a file (or a certificate)
    that changes the game under a shipped name is refused (``load``, ``check``)."""
    if ruleset.name not in names():
        return []
    return game_differences(ruleset, load(ruleset.name))


@lru_cache(maxsize=None)
def _shipped(path: str) -> RuleSet:
    """A shipped rule set, read and built once per process (the command's own, the fee
    schedule's and the reference a changed one is held against are one object)."""
    return from_dict(_read_toml(path), path, path)


def names() -> list[str]:
    """Shipped rule set names (the default first)."""
    found = sorted(p.stem for p in RULESET_DIR.glob("*.toml"))
    return [n for n in SHIPPED if n in found] + [n for n in found if n not in SHIPPED]


# ---------------------------------------------------------------------------------------
# certificate sections
