"""The engine's arguments, resolved once per command: an ``EngineSpec`` is made from the
rules in force (``engine_spec``) and handed to every job of the command (the
enumeration, the pairwise count, a hand's settings, the strategy job, a round's hands,
the house-way check), which reads its deck, wheel, house way and threads from it
instead of working them out from the rules again.

The house way is resolved here and only here: compiled in (``BUILT_IN``: Mike's
Cardroom and Emperor's Challenge by name), a shipped file (``SHIPPED``) or a user's file
(``FILE``, which must set every hand of the deck before a job sets hands by it); a
file is loaded once and its program numbered once (verifier.engine.registry)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from verifier.engine import faults, registry
from verifier.engine.threads import thread_count
from verifier.houseway.fileformat import HouseWay
from verifier.rules.readings import Rules

#: where a house way comes from: compiled into the engine, a shipped file, a user's file
BUILT_IN, SHIPPED, FILE = "built-in", "shipped", "file"
SOURCES = (BUILT_IN, SHIPPED, FILE)


@dataclass(frozen=True)
class EngineSpec:
    """What every job of one command computes under: the rules, the house way resolved
    (``source``, its loaded ``file`` unless compiled in, its engine ``number``, its
    ``rows`` and whether it sets a hand by the order of its suits), the threads asked
    for (None: the thread policy's) and the deck (None: the 53-card deck)."""
    rules: Rules
    source: str
    #: the house way's engine number in this process (0 and 1 compiled in, a file's
    #: program 2 and up); ``number`` is it registered with the engine in use
    file_number: int
    rows: int
    order_dependent: bool
    file: Optional[HouseWay] = field(default=None, compare=False, repr=False)
    threads: Optional[int] = None
    deck: Optional[tuple] = None
    #: the house way's name when a loaded file replaces the rules' (``with_file``)
    label: Optional[str] = None

    def __post_init__(self):
        if self.source not in SOURCES:
            raise ValueError(f"unknown house-way source {self.source!r}")

    def __reduce__(self):
        # a spec goes to another process (a worker of ``simulate``) as what it was made
        # from, and is resolved there: engine numbers are the process's own
        if self.label is not None:
            raise TypeError("a spec with a house way in place of the rules' stays in its "
                            "process")
        return engine_spec, (self.rules, self.threads, self.deck)

    @property
    def wheel_second(self) -> int:
        """What the engine's functions take as ``wheel_second``: A-2-3-4-5 ranks
        second-highest (``wheel = second``), a bool, under the bug; the evaluation (its
        bits, ``evaluation``) under the wild joker."""
        rules = self.rules
        return rules.wheel_second if rules.joker == "bug" else rules.evaluation

    @property
    def house_way(self) -> str:
        """The house way as the rules name it (a name or a file's path)."""
        return self.rules.house_way

    @property
    def name(self) -> str:
        """The house way in messages: the rules' name or path, or the replacing file's name."""
        return self.label or self.rules.house_way

    @property
    def built_in(self) -> bool:
        return self.source == BUILT_IN

    @property
    def number(self) -> int:
        """The house way's engine number, registered with the engine in use."""
        return registry.registered(self.file_number)

    @property
    def evaluation(self) -> int:
        """The engine's evaluation (``Rules.evaluation``: the wheel's bit and the wild
        joker's), which the engine's functions take as ``wheel_second``."""
        return self.rules.evaluation

    def arguments(self) -> tuple[int, int]:
        """``(wheel_second, house_way)``: what the engine's functions take (the first the
        evaluation: ``wheel_second`` itself for the bug)."""
        return self.evaluation, self.number

    def checked(self, suit_symmetric: bool = False) -> tuple[int, int]:
        """``arguments()`` for a job that sets many hands: a user's file that leaves a hand
        of the 53-card deck to no row, or sets one as a foul, is one line here (once per
        program and process). ``suit_symmetric``: the job counts by the suits' symmetry,
        so a house way that sets a hand by the order of its suits is one line."""
        if suit_symmetric:
            self.refuse_order_dependent()
        if self.source == FILE:
            faults.refuse_faults(self.name, self.evaluation, self.number,
                                 visit=self.order_dependent)
        return self.arguments()

    def cards(self, deck: Optional[Sequence[int]] = None) -> list:
        """The deck sorted: ``deck`` when given, else the spec's, else the 53-card deck."""
        from verifier.game.cards import full_deck
        deck = deck if deck is not None else self.deck
        return sorted(deck) if deck is not None else full_deck()

    def thread_count(self, threads: Optional[int] = None, cores_at_most: bool = False) -> int:
        """``threads`` when given, else the spec's, by the thread policy."""
        return thread_count(threads if threads is not None else self.threads, cores_at_most)

    def refuse_order_dependent(self) -> None:
        """One line for a house way whose readings set a hand by the order of its suits."""
        if not self.order_dependent or self.file is None:
            return
        from verifier.houseway.fields import ORDER_DEPENDENT, OrderDependentError
        which = ", ".join(f"{k} = {v!r}" for k, v in self.file.readings.items()
                          if (k, v) in ORDER_DEPENDENT)
        raise OrderDependentError(
            f"house way {self.name} reads {which}, which sets a hand by the order of "
            "its suits; this count goes by the suits' symmetry and cannot use it "
            "(house-ways ratings, run and hand can)")

    def with_file(self, house_way: HouseWay) -> "EngineSpec":
        """The spec with a loaded house way (a file under other readings or variants:
        ``house-ways ratings --reading``, ``house-ways fit``) in place of the rules'."""
        return _file_spec(self.rules, FILE, house_way, self.threads, self.deck,
                          house_way.name)


def _file_spec(rules: Rules, source: str, house_way: HouseWay, threads: Optional[int],
               deck: Optional[tuple], label: Optional[str] = None) -> EngineSpec:
    """The spec of a loaded house way: its program numbered with the engine, its rows and
    its order dependence (``engine_spec``'s file branch and ``with_file``)."""
    return EngineSpec(rules, source, registry.house_way_file_number(house_way),
                      len(house_way.rows), house_way.order_dependent, house_way,
                      threads, deck, label)


#: the specs made, by (rules, threads, deck): a command's layers each ask for the spec of
#: the same rules (a certificate's check asks three times) and get the one made first;
#: a file house way's spec is made again when its file changed (another ``HouseWay``),
#: and any spec for rules that are equal but another object (the spec's are its own)
_SPECS: dict = {}
_MAX_SPECS = 64


def engine_spec(rules: Optional[Rules] = None, threads: Optional[int] = None,
                deck: Optional[Sequence[int]] = None) -> EngineSpec:
    """The ``EngineSpec`` of the rules (default ``Rules()``): its house way resolved,
    a file loaded once and its program numbered once; the same rules give the same spec."""
    from verifier.houseway.builtin import BUILT_IN_IDS
    from verifier.houseway.fileformat import HOUSE_WAY_DIR
    rules = rules or Rules.of()
    deck = tuple(sorted(deck)) if deck is not None else None
    house_way = None if rules.house_way in BUILT_IN_IDS else rules.house_way_file()
    key = (rules, threads, deck)
    made = _SPECS.get(key)
    if made is not None and made.rules is rules and made.file is house_way:
        return made
    if house_way is None:
        spec = EngineSpec(rules, BUILT_IN, BUILT_IN_IDS[rules.house_way],
                          registry.BUILT_IN_ROWS, False, None, threads, deck)
    else:
        source = SHIPPED if Path(house_way.path).parent == HOUSE_WAY_DIR else FILE
        spec = _file_spec(rules, source, house_way, threads, deck)
    if len(_SPECS) >= _MAX_SPECS:
        _SPECS.pop(next(iter(_SPECS)))
    _SPECS[key] = spec
    return spec


def as_spec(rules_or_spec: "Rules | EngineSpec | None" = None, threads: Optional[int] = None,
            deck: Optional[Sequence[int]] = None) -> EngineSpec:
    """A job's spec: the one it was given, or one made from the rules it was given (the
    Python API's calls; a command makes its spec once and hands it to every job)."""
    if isinstance(rules_or_spec, EngineSpec):
        return rules_or_spec
    return engine_spec(rules_or_spec, threads, deck)
