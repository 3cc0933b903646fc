/* The base game's outcome, and its tally over pairings of a player and a banker hand:
 * the one place in C that decides it (the pairwise counts, the strategy and the table);
 * verifier/game/outcome.py is its Python twin. */
#ifndef PAIGOW_TALLY_H
#define PAIGOW_TALLY_H

#include <stdint.h>

/* The base game's outcome for the player, from the two hands' keys (back: five cards,
 * front: two): 1 both hands strictly higher, 0 one each, -1 otherwise (a copy goes to
 * the banker). */
static inline int base_outcome(int p_back, int p_front, int b_back, int b_front) {
    int high = p_back > b_back, low = p_front > b_front;
    return high && low ? 1 : (high || low ? 0 : -1);
}

/* A tally: pairings, the player's wins and losses, copies (equal backs, fronts, both),
 * and the pushes where either front is at least `low` (a pair of 3s: the Wrangler's
 * 2-to-1 pushes). */
enum { PP_TOTAL, PP_WIN, PP_LOSS, PP_CH, PP_CL, PP_CB, PP_PUSH2, PP_N };

/* Counts v pairings of a player hand (back pb, front pf) with a banker hand (b, f) into
 * the tally c. Keys on any one monotone scale (raw engine keys, or dense indices with
 * `low` on the same scale). */
static inline void pp_tally(int64_t *c, int pb, int pf, int b, int f, int low, int64_t v) {
    c[PP_TOTAL] += v;
    int o = base_outcome(pb, pf, b, f);
    if (o > 0) c[PP_WIN] += v;
    else if (o < 0) c[PP_LOSS] += v;
    else if (pf >= low || f >= low) c[PP_PUSH2] += v;
    if (b == pb) c[PP_CH] += v;
    if (f == pf) c[PP_CL] += v;
    if (b == pb && f == pf) c[PP_CB] += v;
}

#endif
