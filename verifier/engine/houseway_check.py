"""The check of a house way over every hand (``house-ways check``, the workbench's house
ways page): every hand of the deck set by the house way's file, in the engine in use;
the hands no row covers, the hands set as a foul (each with the first such hand), and
the hands of every row."""
from __future__ import annotations

from verifier.engine import backend
from typing import Any, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.support.progress import Progress


def check_house_way(name_or_path: str, wheel: str = "lowest", threads: int | None = None,
                    progress: Progress | None = None, deck: Sequence[int] | None = None) -> dict[str, Any]:
    """The check's figures as a dict: ``house_way`` (the HouseWay), ``total_hands``,
    ``deck_size``, ``wheel``, ``uncovered``, ``fouls``, ``first_uncovered`` and
    ``first_foul`` (card text or None), ``idle`` (rows that never fire, 1-based) and
    ``rows`` ([(number, row, hands)])."""
    from verifier.game.cards import cards_str
    from verifier.engine.enumeration import enumerate_hands
    from verifier.engine.spec import engine_spec
    from verifier.houseway import load, shipped_path
    from verifier.rules.readings import Rules
    hw = load(name_or_path)
    # a built-in by name is checked through its file, the route a user's copy takes
    path = str(shipped_path(hw.name)) if hw.built_in else str(name_or_path)
    spec = engine_spec(Rules.of(wheel=wheel, house_way=path), threads, deck)
    result = enumerate_hands(spec, progress=progress, refuse_faults=False)
    wheel_second, number = spec.arguments()          # this is the check

    def first(foul):
        hand = backend.module("_core").find_hand(result.deck, wheel_second, number, foul,
                                                 result.threads)
        return cards_str(hand) if hand else None
    uncovered = result.total_hands - sum(result.house_way_rows.values())
    return {"house_way": hw, "total_hands": result.total_hands,
            "deck_size": len(result.deck), "wheel": wheel, "uncovered": uncovered,
            "fouls": result.fouls,
            "first_uncovered": first(False) if uncovered else None,
            "first_foul": first(True) if result.fouls else None,
            "idle": [i for i, n in result.house_way_rows.items() if n == 0],
            "rows": [(i, row, result.house_way_rows[i]) for i, row in enumerate(hw.rows, 1)]}
