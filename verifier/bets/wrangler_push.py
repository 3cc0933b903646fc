"""Wrangler Push (seed 001): wins when the base game pushes, at the higher line when
either two-card hand is a pair of 3s or better; read over every ordered pair of disjoint
player and banker hands, both set by the house way (the base game's counts)."""
import math

from verifier.game.bets import Bet, TableSide

NAME = "wrangler_push"
LINES = ("push", "push_with_pair_of_3s_or_better")


def _derive(cert):
    from verifier.certificate.format import paytable_of
    from verifier.odds.exact import wrangler_odds
    counts = cert["sections"]["base_game"]["counts"]
    n = cert["deck"]["size"]
    if int(counts["total"]) != math.comb(n, 7) * math.comb(n - 7, 7):
        raise ValueError(f"pairwise total {counts['total']} is not C({n},7) C({n - 7},7)")
    return wrangler_odds(counts, paytable_of(cert, NAME)).to_dict()


def _note(cert, reading=None):
    return ("Over every ordered pair of disjoint player and banker hands, both set by the "
            "house way.")


BET = Bet(NAME, "Wrangler Push", "versus-banker", LINES, "wrangler_push_filed.toml",
          filed=True, order=20, derive=_derive, note=_note, readings=(NAME,),
          table=TableSide("wrangler", "WP", read="push-pair", lines=LINES, order=10))
