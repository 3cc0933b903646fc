"""The enumeration job: every seven-card hand of the deck, set by the house way and
classified, reduced to integer counts.

The heavy lifting is ``enumerate_counts`` of the engine in use (compiled core, or the
pure-Python twin for small decks); this module names the counts and times the run.
"""
from __future__ import annotations

import time
from typing import Any, Sequence, TYPE_CHECKING
from dataclasses import dataclass, field
from functools import cached_property

from verifier.engine import backend
from verifier.engine.faults import refuse_faults as refuse
from verifier.engine.spec import EngineSpec, as_spec
from verifier.game.categories import BEST_FOR_BET_LINES, mask_to_names
from verifier.support.interrupts import interruptible, stoppable
from verifier.support.progress import Progress, stage
from verifier.game.ranking import CLASS_NAMES
from verifier.houseway.tables import hand_tables
from verifier.rules.readings import Rules, BONUS_READING_CHOICES

if TYPE_CHECKING:
    from verifier.houseway import HouseWay


@dataclass
class EnumerationResult:
    rules: Rules
    deck: list
    total_hands: int
    best_five: dict            # class name -> hands (royal flushes inside straight_flush)
    royal_flushes: int         # hands whose best five cards are a royal flush
    house_way_rows: dict       # row -> hands: 1..11 built in, a file's rows by place
    outlaw9_masks: dict        # bonus reading -> {category mask: hands}
    #: the key histogram's rows [back key, front key, hands], sorted (the engine's
    #: ``hist_rows``: a certificate's rows are these lists)
    key_rows: list = field(repr=False)
    best_for_bet_masks: dict = field(default_factory=dict)  # {line mask: hands}
    fouls: int = 0
    #: the key histogram's rows as a certificate's hashes write them, sorted (the
    #: engine's ``hist_text``; None: made from ``key_rows`` when needed)
    key_rows_text: bytes | None = field(default=None, repr=False)
    #: the rows' ``houseway.tables.key_sums``, made by the engine with the rows
    key_sums: tuple | None = field(default=None, repr=False)
    seconds: float = 0.0
    engine: str = field(default_factory=backend.current)
    threads: int = 1

    @cached_property
    def key_histogram(self) -> dict:
        """The key histogram, {(back key, front key): hands}, made from ``key_rows``."""
        return {(bk, fk): n for bk, fk, n in self.key_rows}

    def outlaw9_sets(self, reading: str | None = None) -> list[dict[str, Any]]:
        """[{"categories": [...], "hands": n}] for a bonus reading (default: the rules')."""
        masks = self.outlaw9_masks[reading or self.rules.bonus_reading]
        return [{"categories": mask_to_names(m), "hands": n} for m, n in sorted(masks.items())]

    def best_for_bet_sets(self) -> list[dict[str, Any]]:
        """[{"lines": [...], "hands": n}]: the lines a player can reach by setting the hand
        (verifier/game/categories.py BEST_FOR_BET_LINES), hands per set of lines."""
        return [{"lines": mask_to_names(m, BEST_FOR_BET_LINES), "hands": n}
                for m, n in sorted(self.best_for_bet_masks.items())]

    def to_json_dict(self, tables: dict | None = None) -> dict[str, Any]:
        """The counts for JSON; ``tables``: the house way's ``hand_tables`` of this
        enumeration when made already (a certificate's ``house_way`` section), else made
        here from the key histogram."""
        return {
            "total_hands": self.total_hands,
            "rules": self.rules.as_dict(),
            "deck_size": len(self.deck),
            "best_five": self.best_five,
            "royal_flushes": self.royal_flushes,
            "house_way_rows": {str(k): v for k, v in self.house_way_rows.items()},
            **(tables or hand_tables(self.key_rows, self.key_sums)),
            "outlaw9_sets": self.outlaw9_sets(),
            "best_for_bet_sets": self.best_for_bet_sets(),
            "fouls": self.fouls,
            "seconds": round(self.seconds, 3),
            "engine": self.engine,
            "threads": self.threads,
        }


def enumerate_hands(rules: "Rules | EngineSpec | None" = None, threads: "int | None" = None,
                    progress: "Progress | None" = None, deck: "Sequence[int] | None" = None,
                    refuse_faults: bool = True, house_way: "HouseWay | None" = None) -> EnumerationResult:
    """Run the whole job and return an ``EnumerationResult``.

    ``rules``: the command's ``EngineSpec`` (or the rules to make one of; default
    ``Rules()``); ``threads`` and ``deck`` when given replace the spec's.
    ``deck``: a reduced deck (list of card ints) for tests; default the 53-card deck.
    ``progress``: where to report how far it has got (``support/progress.py``), or None.
    ``refuse_faults``: a house way that sets a foul or leaves a hand to no row is a
    one-line ``HouseWayError`` naming a hand (the built-ins do neither).
    ``house_way``: a loaded ``HouseWay`` to set the hands by instead of the rules' (a
    file under other readings: ``house-ways ratings --reading``, ``house-ways fit``).
    A house way whose readings set a hand by the order of its suits is run by visiting
    every hand (about ten times the time) instead of counting suit assignments.
    """
    spec = as_spec(rules, threads, deck)
    if house_way is not None:
        spec = spec.with_file(house_way)
    deck = spec.cards(deck)
    nthreads = spec.thread_count(threads)
    start = time.perf_counter()
    # the enumeration is itself the check of a house-way file on this deck
    wheel_second, number = spec.arguments()
    with stage(progress, "hands", "enumerate") as report:
        # in a thread of its own: work given to ``alongside`` runs in the main thread meanwhile
        polled, stop = stoppable(report)
        raw = interruptible(backend.module("_core").enumerate_counts, deck, wheel_second,
                            number, nthreads, polled, False, spec.order_dependent,
                            on_stop=stop)
    if refuse_faults:
        refuse(spec.name, wheel_second, number, deck, raw, nthreads)
    seconds = time.perf_counter() - start
    return EnumerationResult(
        rules=spec.rules,
        deck=deck,
        total_hands=raw["total"],
        best_five={CLASS_NAMES[c]: n for c, n in enumerate(raw["best_five"])},
        royal_flushes=raw["royal"],
        house_way_rows={row: raw["rows"][row] for row in range(1, spec.rows + 1)},
        outlaw9_masks={BONUS_READING_CHOICES[0]: dict(raw["sets_seven"]),
                       BONUS_READING_CHOICES[1]: dict(raw["sets_house"])},
        key_rows=raw["hist_rows"],
        best_for_bet_masks=dict(raw["sets_best_for_bet"]),
        fouls=raw["fouls"],
        key_rows_text=raw["hist_text"],
        key_sums=raw["hist_sums"],
        seconds=seconds,
        threads=nthreads,
    )
