# cython: language_level=3
"""verifier._strategy: every setting of one player hand against every banker hand set by
the house way (cext/strategy.h). Front end: verifier/strategy.py."""
from libc.stdint cimport int64_t

from core_api cimport *

cdef extern from "strategy.h" nogil:
    ctypedef struct st_hand_t:
        int n
        int front[21][2]
        int back_key[21]
        int front_key[21]
        int foul[21]
        int dominated[21]
        int house
        int64_t total
        int64_t win[21]
        int64_t loss[21]
    void st_settings(const engine_t *e, const int *c, st_hand_t *h)
    void st_count_direct(const engine_t *e, const int *deck, int n, const int *player,
                         int nthreads, st_hand_t *h)

include "engine_owner.pxi"


def strategy_counts(cards, deck, bint wheel_second=False, int house_way=0, int threads=1):
    """(settings, house) for seven ``cards`` of the ``deck`` (card ints): each distinct
    setting a dict (front, back: its cards; back_key, front_key; foul, dominated; total, win,
    loss against every banker hand of the rest of the deck); ``house`` the index of the
    house way's setting (None when no row of the house way sets the hand)."""
    cdef int d[53]
    cdef int p[7]
    cdef st_hand_t h
    deck = check_deck(deck, 14)
    cards = check_player_hand(cards, deck)
    cdef int n = len(deck)
    copy_ints(d, deck)
    copy_ints(p, cards)
    cdef engine_t *e = engine_for(wheel_second, house_way).ptr
    with nogil:
        st_settings(e, p, &h)
        st_count_direct(e, d, n, p, threads, &h)
    settings = []
    for s in range(h.n):
        front = [h.front[s][0], h.front[s][1]]
        settings.append({"front": front, "back": [c for c in cards if c not in front],
                         "back_key": h.back_key[s],
                         "front_key": h.front_key[s], "foul": bool(h.foul[s]),
                         "dominated": bool(h.dominated[s]), "total": int(h.total),
                         "win": int(h.win[s]), "loss": int(h.loss[s])})
    return settings, (h.house if h.house >= 0 else None)
