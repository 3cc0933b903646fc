/* CPython's random.Random, the part random.shuffle uses: its Mersenne Twister
 * (Modules/_randommodule.c, genrand_uint32), getrandbits(k) for k <= 32 (the word's top k
 * bits), _randbelow (getrandbits of n's bit length, drawn again while >= n) and shuffle
 * (Lib/random.py: i from the last index down to 1, swapped with randbelow(i + 1)). The
 * same words, draws and swaps, so the same decks as random.Random with the same state:
 * the filing's worked examples deal from such shuffles (verifier/filing/examples.py). */
#ifndef PAIGOW_CPYTHON_RANDOM_H
#define PAIGOW_CPYTHON_RANDOM_H

#include <stdint.h>

#define CPY_MT_N 624
#define CPY_MT_M 397

typedef struct {
    uint32_t mt[CPY_MT_N];
    int index;                  /* random.getstate()[1][624] */
} cpy_random_t;

static inline uint32_t cpy_genrand_uint32(cpy_random_t *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = r->mt;
    if (r->index >= CPY_MT_N) {
        int kk;
        for (kk = 0; kk < CPY_MT_N - CPY_MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + CPY_MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < CPY_MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (CPY_MT_M - CPY_MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[CPY_MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[CPY_MT_N - 1] = mt[CPY_MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random._randbelow(n), 2 <= n < 2**31 */
static inline int cpy_randbelow(cpy_random_t *r, uint32_t n) {
    int k = 32 - __builtin_clz(n);          /* n.bit_length() */
    uint32_t v = cpy_genrand_uint32(r) >> (32 - k);
    while (v >= n)
        v = cpy_genrand_uint32(r) >> (32 - k);
    return (int)v;
}

/* random.Random.shuffle(x) of len(x) = n */
static inline void cpy_shuffle(cpy_random_t *r, int *x, int n) {
    for (int i = n - 1; i >= 1; i--) {
        int j = cpy_randbelow(r, (uint32_t)i + 1), t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

#endif
