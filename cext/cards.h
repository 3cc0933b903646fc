/* Cards: card = rank * 4 + suit, ranks 0..12 = 2..A, suits c,d,h,s; the joker is 52. */
#ifndef PAIGOW_CARDS_H
#define PAIGOW_CARDS_H

#include "vocab.h"       /* JOKER, ACE: generated from verifier/game/cards.py */
#define RANK(c) ((c) >> 2)
#define SUIT(c) ((c) & 3)
/* rank with the joker counted as an ace (pairs, trips, two-card hands) */
#define RANK_A(c) ((c) == JOKER ? ACE : RANK(c))
#define IS_RED(c) (SUIT(c) == 1 || SUIT(c) == 2)

/* Sorts seven ints ascending (a hand's cards: the engine takes them sorted). */
static inline void sort7(int *a) {
    for (int i = 1; i < 7; i++) {
        int v = a[i], q = i;
        while (q > 0 && a[q - 1] > v) { a[q] = a[q - 1]; q--; }
        a[q] = v;
    }
}

#endif
