/* Unit costs behind docs/STRATEGY.md's estimate of the full job (not part of the build):
 *   cc -O3 -march=native benchmarks/strategy_units.c -o /tmp/units && /tmp/units
 * random reads in 1.06 GB of |S| = 3 prefix tables (27 per table visit), and one
 * |S| = 4 sparse-list entry mapped through a per-hand cell map into the grid. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static uint64_t rng=88172645463325252ull;
static inline uint64_t xs(void){rng^=rng<<13;rng^=rng>>7;rng^=rng<<17;return rng;}
int main(void){
    size_t n = (size_t)1924 * 1500 * 92;          /* |S| = 3 prefix tables, uint32 */
    uint32_t *t = malloc(n * 4);
    for (size_t i = 0; i < n; i++) t[i] = (uint32_t)i;
    /* groups of 27 reads in one ~550 KB table (one (P, S) pair), table chosen at random */
    size_t per = 1500 * 92, groups = 2000000; uint64_t sum = 0;
    double t0 = now();
    for (size_t g = 0; g < groups; g++) {
        size_t base = (xs() % 1924) * per;
        for (int q = 0; q < 27; q++) sum += t[base + xs() % per];
    }
    double t1 = now();
    printf("prefix-table reads: %.1f ns per read (27 per table visit, 1.06 GB of tables)\n",
           (t1 - t0) / (groups * 27.0) * 1e9);
    /* sparse scan: 673 entries (back index, front key) -> cell -> grid, |S| = 4 */
    int m = 673, reps = 200000; uint32_t *e = malloc(m * 4); uint16_t *c = malloc(m * 2);
    uint8_t bcell[7463], fcell[182]; int64_t grid[256] = {0};
    for (int i = 0; i < m; i++) { e[i] = (uint32_t)((xs() % 7463) << 8 | (xs() % 182)); c[i] = 1 + xs() % 50; }
    for (int i = 0; i < 7463; i++) bcell[i] = (uint8_t)(i * 10 / 7463);
    for (int i = 0; i < 182; i++) fcell[i] = (uint8_t)(i * 10 / 182);
    t0 = now();
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < m; i++) grid[bcell[e[i] >> 8] * 16 + fcell[e[i] & 255]] += c[i];
        e[r % m] ^= 1;   /* keep the loop honest */
    }
    t1 = now();
    printf("sparse scan: %.2f ns per entry\n", (t1 - t0) / ((double)reps * m) * 1e9);
    printf("%llu %lld\n", (unsigned long long)sum, (long long)grid[0]);
    return 0;
}
