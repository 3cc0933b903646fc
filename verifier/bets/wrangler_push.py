"""Wrangler Push (seed 001): wins when the base game pushes, at the higher line when
either two-card hand is a pair of 3s or better; read over every ordered pair of disjoint
player and banker hands, both set by the house way (the base game's counts)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from verifier.game.bets import Bet, TableSide

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.source import SectionSource

NAME = "wrangler_push"
LINES = ("push", "push_with_pair_of_3s_or_better")


def _derive(source: SectionSource) -> dict[str, Any]:
    from verifier.odds.exact import wrangler_odds
    counts = source.base_game_counts
    n = source.deck_size
    if counts.total != math.comb(n, 7) * math.comb(n - 7, 7):
        raise ValueError(f"pairwise total {counts.total} is not C({n},7) C({n - 7},7)")
    return wrangler_odds(dict(counts.by_name), source.paytable(NAME)).to_dict()


def _note(cert: Certificate, reading: str | None = None) -> str:
    return ("Over every ordered pair of disjoint player and banker hands, both set by the "
            "house way.")


BET = Bet(NAME, "Wrangler Push", "versus-banker", LINES, "wrangler_push_filed.toml",
          filed=True, order=20, derive=_derive, note=_note, readings=(NAME,),
          table=TableSide("wrangler", "WP", read="push-pair", lines=LINES, order=10))
