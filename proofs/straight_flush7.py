"""Outlaw 9 lines "7-card straight flush" and "7-card straight flush with joker".

docs/RULES.md: seven cards of one suit in sequence, no joker (A-2-...-7 counts); and six
suited cards plus the joker making seven in sequence.

Place the ace at both ends: positions 1 (ace low), 2..13 (2..K), 14 (ace high). A
seven-card run is positions k..k+6 for k = 1..8, so 8 runs.
"""
from verifier.proofs._common import C

RUNS7 = 8          # A-7, 2-8, ..., 8-A
RUNS6 = 9          # A-6, 2-7, ..., 9-A


def without_joker() -> int:
    # 8 runs x 4 suits, the seven cards are fixed.
    return RUNS7 * 4                                    # 32


def with_joker() -> int:
    # Six suited cards that, with the joker as the missing card, make a 7-run:
    # the six ranks are a 6-subset of some 7-run (C(7,6) = 7 per run, 8 runs = 56),
    # but a 6-subset that is itself a 6-run k..k+5 lies in two 7-runs (joker at
    # either end) whenever both runs exist, k = 2..8: 7 sets counted twice.
    # A 6-subset cannot lie in A-7 and 8-A at once (they share only the ace).
    rank_sets = RUNS7 * C(7, 6) - (RUNS6 - 2)           # 56 - 7 = 49
    return 4 * rank_sets                                # 196
