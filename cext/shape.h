/* The rank shape of seven cards: pairs, trips and quads counted with the joker as an ace
 * (what the house ways read). */
#ifndef PAIGOW_SHAPE_H
#define PAIGOW_SHAPE_H

#include <string.h>
#include "cards.h"

typedef struct {
    int cnt[13];
    int quad, trip_hi, trip_lo, npairs, pairs[3], nsingles, singles[7]; /* descending */
} shape_t;

static inline void shape_of(const int *c, shape_t *sh) {
    memset(sh, 0, sizeof *sh);
    sh->quad = sh->trip_hi = sh->trip_lo = -1;
    for (int i = 0; i < 7; i++) sh->cnt[RANK_A(c[i])]++;
    for (int r = 12; r >= 0; r--) {
        int n = sh->cnt[r];
        if (n >= 4) sh->quad = r;
        else if (n == 3) { if (sh->trip_hi < 0) sh->trip_hi = r; else sh->trip_lo = r; }
        else if (n == 2) sh->pairs[sh->npairs++] = r;
        else if (n == 1) sh->singles[sh->nsingles++] = r;
    }
}

#endif
