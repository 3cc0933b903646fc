/* The table simulator's generator (cext/table_sim.h): xoshiro256**, seeded through
 * splitmix64 from (seed, block), an unbiased integer below n, and Fisher-Yates. */
#ifndef PAIGOW_TABLE_RNG_H
#define PAIGOW_TABLE_RNG_H

#include <stdint.h>

typedef struct { uint64_t s[4]; } ts_rng_t;

static inline uint64_t ts_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void ts_rng_seed(ts_rng_t *r, uint64_t seed, uint64_t block) {
    uint64_t x = seed;
    uint64_t a = ts_splitmix64(&x);
    x = a ^ (block * 0xD1B54A32D192ED03ull);
    (void)ts_splitmix64(&x);
    for (int i = 0; i < 4; i++) r->s[i] = ts_splitmix64(&x);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1;
}

static inline uint64_t ts_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t ts_next(ts_rng_t *r) {
    uint64_t *s = r->s;
    uint64_t out = ts_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ts_rotl(s[3], 45);
    return out;
}

/* Uniform integer in [0, n), n >= 1: Lemire's multiply with rejection (unbiased). */
static inline uint32_t ts_below(ts_rng_t *r, uint32_t n) {
    uint64_t x = ts_next(r) >> 32;
    uint64_t m = x * (uint64_t)n;
    uint32_t lo = (uint32_t)m;
    if (lo < n) {
        uint32_t thresh = (uint32_t)(-n) % n;
        while (lo < thresh) {
            x = ts_next(r) >> 32;
            m = x * (uint64_t)n;
            lo = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Fisher-Yates, in place. */
static inline void ts_shuffle(ts_rng_t *r, int *deck, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ts_below(r, (uint32_t)(i + 1));
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

#endif
