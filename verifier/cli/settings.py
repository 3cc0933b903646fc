"""The command line's settings, built once from the parsed arguments (as twine builds its
``Settings``): every option of every command is a typed field here (a command reads
``settings.paytable``, never the parser's namespace); from them, once per command however
many times it asks, the rule set with the readings the options apply over it, its
``Rules``, and the ``EngineSpec`` every engine job of the command is given; the thread
count; the progress bars (or none); the output file checked against the inputs.
Commands compute with these and print; nothing below ``cli/`` sees the arguments."""
from __future__ import annotations

import sys
import threading
from dataclasses import dataclass, field, fields
from functools import cached_property
from collections.abc import Iterator, Mapping
from typing import Any, Callable, Optional, TYPE_CHECKING, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from verifier.cli.progress import TqdmProgress
    from verifier.engine import EngineSpec
    from verifier.rules.readings import Rules
    from verifier.rules.rulesets import RuleSet

F = TypeVar("F")

#: option names whose dest is not the field's name (the field keeps the plain word for
#: what the command line builds from it: ``progress`` is the bar)
RENAMED = {"progress": "show_progress"}
#: the dest prefix of the table's wager options, one per named bet of the registry
#: (``simulate --wrangler 20``): they are the one field ``wagers``, {bet's kind: amount}
WAGER = "wager:"


@dataclass(frozen=True)
class Settings:
    """What every command has (its name, the rule set and its readings, the engine, the
    output), and the inputs several families of commands share. A command gets the
    settings of its family (``FAMILIES``), a subclass with its own options."""
    # the command
    command: Optional[str] = None
    func: Optional[Callable[..., Any]] = field(default=None, repr=False, compare=False)
    # the rule set and its readings (cli/options.py add_rule_options)
    rules: Optional[str] = None
    wheel: Optional[str] = None
    bonus_reading: Optional[str] = None
    house_way: Optional[str] = None
    # the engine and how long work shows
    threads: Optional[int] = None
    show_progress: Optional[bool] = None
    deck_ranks: Optional[str] = None
    # output
    out: Optional[str] = None
    json: bool = False
    paper: Optional[str] = None        # report, filing, audit: the PDF's page size
    # inputs several families read: a certificate (``cert``: the one to check against),
    # pay tables, the seed, a filing's metadata, a meter's path, a recomputation
    certificate: Optional[str] = None
    cert: Optional[str] = None
    paytable: Optional[list[str] | str] = None
    seed: Optional[int] = None
    meta: Optional[str] = None
    meter_path: Optional[str] = None
    recompute: bool = False
    # the operator figures' pace (run, report, filing: cli/options.py add_operator_options)
    hands_per_hour: int = 30
    average_wager: int = 25
    bankroll_rounds: int = 0

    @classmethod
    def from_args(cls, args: Any) -> "Settings":
        """The settings of a parsed command line (an ``argparse.Namespace``, or any
        object with the options as attributes), of its command's family; an option with
        no field is a programming error, never forwarded."""
        if isinstance(args, Settings):
            return args
        if cls is Settings:            # the family of the command (FAMILIES)
            cls = FAMILIES.get(getattr(args, "command", None) or "", Settings)
        cls = _made(cls)
        known = {f.name for f in fields(cls)}
        values = {RENAMED.get(k, k): v for k, v in vars(args).items()
                  if not k.startswith(WAGER)}
        wagers = {k[len(WAGER):]: v for k, v in vars(args).items() if k.startswith(WAGER)}
        if wagers:
            values["wagers"] = wagers
        unknown = sorted(set(values) - known)
        if unknown:
            raise TypeError(f"options with no Settings field: {', '.join(unknown)}")
        return cls(**values)

    @cached_property
    def ruleset(self) -> RuleSet:
        """The rule set ``--rules`` names (default outlaw9-mikes) with ``--wheel``,
        ``--bonus-reading`` and ``--house-way`` applied over it."""
        from verifier.rules.rulesets import load
        return load(self.rules).with_overrides(
            wheel=self.wheel, bonus_reading=self.bonus_reading, house_way=self.house_way)

    @property
    def readings(self) -> Rules:
        """The readings that change the engine's counts (``Rules``) of the rule set."""
        return self.ruleset.rules

    @cached_property
    def engine(self) -> EngineSpec:
        """The ``EngineSpec`` of the rule set, the deck and the threads: made once, and
        given to every engine job of the command."""
        from verifier.engine import engine_spec
        return engine_spec(self.readings, self.threads, self.deck)

    @cached_property
    def deck(self) -> Optional[list[int]]:
        """``--deck-ranks``: the reduced deck it names (tests, quick checks), else None."""
        return reduced_deck(self.deck_ranks) if self.deck_ranks else None

    @property
    def progress(self) -> TqdmProgress | None:
        """A tqdm bar on stderr for each stage of long work (``cli/progress.py``), or None:
        ``--progress`` / ``--no-progress``; by default, when stderr is a terminal."""
        chosen = self.show_progress
        if not (sys.stderr.isatty() if chosen is None else chosen):
            return None
        from verifier.cli.progress import TqdmProgress
        return TqdmProgress()

    def output(self, name: str = "out") -> Optional[str]:
        """The output file of option ``name`` (None when not given), checked before any
        work: writable, and not a file the command line names (a rule set, a pay table,
        a certificate, a key: every option's value, which is never overwritten)."""
        path = getattr(self, name)
        if path:
            from verifier.support.files import check_writable
            check_writable(path, inputs=self._named_files(exclude=name))
        return path

    def _named_files(self, exclude: str) -> list[str]:
        out = []
        for f in fields(self):
            if f.name in (exclude, "func", "command"):
                continue
            value = getattr(self, f.name)
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(v, str) and v:
                    out.append(v)
        return out


#: the families not made dataclasses yet: each is made when first used (``_made``), by one
#: thread (the workbench's server builds settings in its threads)
_UNMADE: set[type] = set()
_MAKING = threading.Lock()


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def _family(cls: type[F]) -> type[F]:
    """A family's class as written, made a frozen dataclass in place when first used (a
    command builds its own family's settings alone: making all twelve at import took a
    tenth of a command's start-up): by ``Settings.from_args``, ``FAMILIES`` or its first
    instance."""
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        _made(cls).__init__(self, *args, **kwargs)
    cls.__init__ = __init__             # type: ignore[method-assign]
    _UNMADE.add(cls)
    return cls


def _made(cls: type[F]) -> type[F]:
    """``cls`` a frozen dataclass (a ``_family`` made now, the first time)."""
    if cls in _UNMADE:
        with _MAKING:
            if cls in _UNMADE:
                del cls.__init__                # type: ignore[misc]
                dataclass(frozen=True)(cls)
                _UNMADE.discard(cls)
    return cls


@_family
class HandSettings(Settings):
    """hand: one hand."""
    cards: Optional[str] = None
    strategy: bool = False
    versus_banker: bool = False
    dealer: Optional[str] = None       # Face Up: the dealer's seven cards


@_family
class StrategySettings(Settings):
    """strategy: the optimal-strategy job."""
    backend: Optional[str] = None
    chunk_size: Optional[int] = None
    ray: Optional[str] = None
    work: Optional[str] = None


@_family
class RunSettings(Settings):
    """run: a certificate made."""
    base_game: Optional[bool] = None
    sign: Optional[str] = None


@_family
class OddsSettings(Settings):
    """check, compare, solve, report, formula: a certificate read, its bets' odds."""
    format: str = "markdown"
    latex: bool = False
    write: str = "exact"
    public_key: Optional[str] = None
    chunks: Optional[int] = None
    bet: Optional[str] = None
    line: Optional[list[str]] = None
    edge: Optional[str] = None
    edge_range: Optional[str] = None   # solve's table search
    step: Optional[str] = None
    rank: Optional[str] = None
    limit: Optional[int] = None
    keep_order: bool = False           # solve --edge-range: a better hand never pays less
    target: Optional[str] = None
    # solve the base game's settlement instead (cli/solvebase.py)
    solve_commission: bool = False
    push_family: Optional[str] = None


@_family
class FilingSettings(Settings):
    """filing: the filing pack."""
    jurisdiction: Optional[str] = None
    variation_of: Optional[str] = None
    force: bool = False


@_family
class AuditSettings(Settings):
    """audit: a submitted par sheet judged."""
    claims: Optional[str] = None
    reviewer: Optional[str] = None     # who reviewed it, and when
    date: Optional[str] = None


@_family
class SignSettings(Settings):
    """keygen, sign: keys and signatures."""
    key: Optional[str] = None
    private: Optional[str] = None
    public: Optional[str] = None


@_family
class ProveSettings(Settings):
    """prove: the proofs."""
    no_enumeration: bool = False


@_family
class RulesSettings(Settings):
    """rules: a rule set shown."""
    name: Optional[str] = None
    readings_markdown: bool = False


@_family
class HouseWaySettings(Settings):
    """house-ways: house ways listed, compared, fitted."""
    csv: bool = False
    words: list[str] = field(default_factory=list)
    reading: list[str] = field(default_factory=list)
    target: Optional[str] = None
    only: Optional[str] = None


@_family
class TableSettings(Settings):
    """settle, simulate, progressive: the table's rounds and its progressives."""
    round_file: Optional[str] = None
    rounds: Optional[int] = None
    seats: Optional[str] = None
    meter: list[str] = field(default_factory=list)   # progressive: NAME=AMOUNT
    two_seats: bool = False                          # progressive: the exact two-seat figures
    progressive: Optional[str] = None                # simulate: the progressive played
    progressive_seats: Optional[str] = None
    base: Optional[int] = None
    wagers: dict[str, Optional[int]] = field(default_factory=dict)
    custom: list[str] = field(default_factory=list)
    bank: Optional[int] = None
    bank_policy: Optional[str] = None
    co_bank: bool = False
    first_banker: Optional[int] = None
    rounds_per_bank: Optional[int] = None
    block_size: Optional[int] = None
    table_min: Optional[int] = None
    table_max: Optional[int] = None
    check_ledger: bool = False


@_family
class ServeSettings(Settings):
    """serve: the workbench."""
    certificates: list[str] = field(default_factory=list)
    host: Optional[str] = None
    port: Optional[int] = None
    open: bool = False


#: each command's settings (tests/test_settings.py holds that every command of
#: cli/app.py's COMMAND_MODULES has one, with a field for each of its options)
class _Families(Mapping[str, type[Settings]]):
    """{command: its family}, each family made a dataclass as it is looked up."""

    def __init__(self, families: dict[str, type[Settings]]) -> None:
        self._families = families

    def __getitem__(self, command: str) -> type[Settings]:
        return _made(self._families[command])

    def __iter__(self) -> Iterator[str]:
        return iter(self._families)

    def __len__(self) -> int:
        return len(self._families)


FAMILIES: Mapping[str, type[Settings]] = _Families({
    "hand": HandSettings, "strategy": StrategySettings, "run": RunSettings,
    **dict.fromkeys(("check", "compare", "solve", "report", "formula"), OddsSettings),
    "filing": FilingSettings, "audit": AuditSettings,
    **dict.fromkeys(("keygen", "sign"), SignSettings), "prove": ProveSettings,
    **dict.fromkeys(("settle", "simulate", "progressive"), TableSettings),
    "rules": RulesSettings, "house-ways": HouseWaySettings, "serve": ServeSettings,
})


def reduced_deck(ranks: str) -> list[int]:
    """``--deck-ranks 9TJQKA`` -> the reduced deck (four suits of each, plus the joker)."""
    from verifier.game.cards import RANK_CHARS, deck_of_ranks
    from verifier.support.errors import VerifierError
    text = ranks.upper().replace("10", "T")
    bad = sorted({c for c in text if c not in RANK_CHARS})
    if bad or len(set(text)) != len(text):
        raise VerifierError(f"bad --deck-ranks {ranks!r}: distinct rank characters from "
                            f"{RANK_CHARS}")
    deck = deck_of_ranks(text)
    if len(deck) < 7:
        raise VerifierError(f"--deck-ranks {ranks!r} gives {len(deck)} cards, fewer than 7")
    return deck
