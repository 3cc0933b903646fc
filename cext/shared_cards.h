/* Two hands of one set sharing cards (issue 37, verifier/odds/progressive_seats.py): for a
 * set S of 7-card hands (card bitmasks) and a size k, the sum over the k-card sets T of
 * N(T)^2, N(T) = the hands of S holding T. Each T is counted in an array indexed by its
 * colex rank (sum over its cards c_0 < .. < c_{k-1} of C(c_i, i + 1)), C(n, k) counters
 * for cards 0..n-1. The ordered disjoint pairs of S are then sum over k of (-1)^k times
 * these (inclusion-exclusion over the cards two hands share). */
#ifndef PAIGOW_SHARED_CARDS_H
#define PAIGOW_SHARED_CARDS_H

#include <stdint.h>
#include <stdlib.h>

static uint64_t sc_binom(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return r;
}

/* *out = sum over k-card sets T of N(T)^2 (1 <= k <= 6); returns 0, or -1 when the
 * counters cannot be allocated, -2 when a hand is not seven cards below n, -3 on an
 * overflow of the sum (it cannot: the sum is at most 35 |S|^2). */
static int shared_card_sum(const uint64_t *masks, size_t count, int n, int k, uint64_t *out) {
    uint64_t size = sc_binom(n, k), binom[64][8];
    for (int c = 0; c < 64; c++)
        for (int i = 0; i < 8; i++) binom[c][i] = sc_binom(c, i);
    uint32_t *counter = (uint32_t *)calloc(size ? size : 1, sizeof(uint32_t));
    if (!counter) return -1;
    int subsets[128], nsub = 0;
    for (int s = 0; s < 128; s++)
        if (__builtin_popcount(s) == k) subsets[nsub++] = s;
    for (size_t h = 0; h < count; h++) {
        uint64_t m = masks[h];
        int cards[7], nc = 0;
        if (__builtin_popcountll(m) != 7 || (n < 64 && m >> n)) { free(counter); return -2; }
        while (m) { cards[nc++] = __builtin_ctzll(m); m &= m - 1; }   /* lowest first */
        for (int j = 0; j < nsub; j++) {
            uint64_t rank = 0;
            for (int i = 0, t = 0; i < 7; i++)
                if (subsets[j] >> i & 1) rank += binom[cards[i]][++t];
            counter[rank]++;
        }
    }
    uint64_t sum = 0;
    for (uint64_t r = 0; r < size; r++) {
        uint64_t v = counter[r];
        if (__builtin_add_overflow(sum, v * v, &sum)) { free(counter); return -3; }
    }
    free(counter);
    *out = sum;
    return 0;
}

#endif
