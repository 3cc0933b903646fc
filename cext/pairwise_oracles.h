/* The pairwise counts' cross-checks: one player hand against every banker hand (by
 * inclusion-exclusion, and directly), every ordered pair one by one (small decks), and
 * random deals. Each tallies a pairing by tally.h's pp_tally. */
#ifndef PAIGOW_PAIRWISE_ORACLES_H
#define PAIGOW_PAIRWISE_ORACLES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "cards.h"
#include "tally.h"
#include "pairwise_keys.h"
#include "pairwise_walk.h"

/* ---------- one player hand ---------- */

/* Counts of one player key (back index pb, front pf) against a dense histogram of
 * banker keys, added (times factor) to r; zeroes h. */
static void pw_player_vs_hist(const pw_ctx_t *x, int pb, int pf, uint32_t *h, int64_t factor,
                              int64_t *r) {
    int64_t c[PP_N] = {0};
    for (int b = 0; b < x->nback; b++) {
        uint32_t *row = h + (size_t)b * x->nf;
        for (int f = 0; f < x->nf; f++) {
            int64_t v = row[f];
            if (!v) continue;
            row[f] = 0;
            pp_tally(c, pb, pf, b, f, x->lowf, v);
        }
    }
    for (int i = 0; i < PP_N; i++) r[i] += factor * c[i];
}

/* Inclusion-exclusion for one player hand p (7 sorted positions): banker hands disjoint
 * from p = sum over S subset of p of (-1)^|S| (hands containing S). */
static int pw_player_ie(const pw_ctx_t *x, const int *p, int64_t *r) {
    memset(r, 0, sizeof(int64_t) * PP_N);
    uint32_t *h = (uint32_t *)calloc((size_t)x->nkeys, sizeof(uint32_t));
    if (!h) return -1;
    uint32_t key = pw_key_pos(x, p);
    int pb = (int)(key / (uint32_t)x->nf), pf = (int)(key % (uint32_t)x->nf);
    for (int mask = 0; mask < 128; mask++) {
        int s[7], k = 0;
        for (int i = 0; i < 7; i++) if (mask >> i & 1) s[k++] = p[i];
        pw_sup_t u;
        int len = 0;
        pw_superset_setup(x, s, k, &u);
        pw_visit(x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, 0, h, NULL, &len);
        pw_player_vs_hist(x, pb, pf, h, (k & 1) ? -1 : 1, r);
    }
    free(h);
    return 0;
}

/* Direct: every banker hand from the deck without the player's cards, keys straight
 * from the engine (no table). Raw engine keys are compared. */
static void pw_player_direct(const engine_t *e, const int *deck, int n, const int *player,
                             int nthreads, int64_t *r) {
    int rest[PW_MAXN], nr = 0;
    for (int i = 0; i < n; i++) {
        int in = 0;
        for (int j = 0; j < 7; j++) if (player[j] == deck[i]) in = 1;
        if (!in) rest[nr++] = deck[i];
    }
    int pbk, pfk;
    engine_hand_keys(e, player, &pbk, &pfk);
    const int low = FRONT_PAIR_BASE + 1;
    int64_t tot[PP_N] = {0};
    #pragma omp parallel num_threads(nthreads)
    {
        int64_t c[PP_N] = {0};
        #pragma omp for schedule(dynamic, 1)
        for (int a0 = nr - 1; a0 >= 6; a0--) {
            int b[7];
            b[6] = rest[a0];
            for (int a1 = 5; a1 < a0; a1++) { b[5] = rest[a1];
            for (int a2 = 4; a2 < a1; a2++) { b[4] = rest[a2];
            for (int a3 = 3; a3 < a2; a3++) { b[3] = rest[a3];
            for (int a4 = 2; a4 < a3; a4++) { b[2] = rest[a4];
            for (int a5 = 1; a5 < a4; a5++) { b[1] = rest[a5];
            for (int a6 = 0; a6 < a5; a6++) { b[0] = rest[a6];
                int bk, fk;
                engine_hand_keys(e, b, &bk, &fk);
                pp_tally(c, pbk, pfk, bk, fk, low, 1);
            }}}}}}
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
}

/* ---------- brute force over every ordered pair (small decks) ---------- */

static int pw_brute(const pw_ctx_t *x, int64_t *r) {
    memset(r, 0, sizeof(int64_t) * PP_N);
    int n = x->n;
    int64_t tot[PP_N] = {0};
    #pragma omp parallel num_threads(x->nthreads)
    {
        int64_t c[PP_N] = {0};
        #pragma omp for schedule(dynamic, 64)
        for (int64_t ip = 0; ip < (int64_t)x->nhands; ip++) {
            /* unrank ip: positions of the player hand */
            int rest[PW_MAXN], nr = 0, in[PW_MAXN] = {0};
            uint32_t v = (uint32_t)ip;
            for (int i = 6, hi = n - 1; i >= 0; i--) {
                while (x->binom[hi][i + 1] > v) hi--;
                v -= x->binom[hi][i + 1]; in[hi] = 1; hi--;
            }
            int pp[7], np = 0;
            for (int i = 0; i < n; i++) {
                if (!in[i]) rest[nr++] = i;
                else pp[np++] = i;
            }
            uint32_t key = pw_key_pos(x, pp);
            int pb = (int)(key / (uint32_t)x->nf), pf = (int)(key % (uint32_t)x->nf);
            int a[7];
            for (int i = 0; i < 7; i++) a[i] = i;
            if (nr < 7) continue;
            for (;;) {
                int q[7];
                for (int i = 0; i < 7; i++) q[i] = rest[a[i]];
                uint32_t kb = pw_key_pos(x, q);
                int b = (int)(kb / (uint32_t)x->nf), f = (int)(kb % (uint32_t)x->nf);
                pp_tally(c, pb, pf, b, f, x->lowf, 1);
                int i = 6;
                while (i >= 0 && a[i] == nr - 7 + i) i--;
                if (i < 0) break;
                a[i]++;
                for (int j = i + 1; j < 7; j++) a[j] = a[j - 1] + 1;
            }
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
    return 0;
}

/* ---------- Monte Carlo: random deals of two hands ---------- */

static inline uint64_t pw_splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* r: PP_TOTAL deals, PP_WIN, PP_LOSS, PP_PUSH2 (and copies) of the player. */
static void pw_monte_carlo(const engine_t *e, const int *deck, int n, int64_t deals,
                           uint64_t seed, int nthreads, int64_t *r) {
    int64_t tot[PP_N] = {0};
    const int low = FRONT_PAIR_BASE + 1;
    #pragma omp parallel num_threads(nthreads)
    {
        int tid = 0, nth = 1;
#ifdef _OPENMP
        tid = omp_get_thread_num(); nth = omp_get_num_threads();
#endif
        uint64_t st = seed * 0x100000001B3ull + (uint64_t)tid * 0x9E3779B97F4A7C15ull + 1;
        int d[PW_MAXN];
        memcpy(d, deck, sizeof(int) * n);
        int64_t c[PP_N] = {0};
        int64_t mine = deals / nth + (tid < deals % nth);
        for (int64_t it = 0; it < mine; it++) {
            for (int i = 0; i < 14; i++) {     /* partial Fisher-Yates */
                int j = i + (int)((pw_splitmix(&st) >> 32) * (uint64_t)(n - i) >> 32);
                int t = d[i]; d[i] = d[j]; d[j] = t;
            }
            int p[7], b[7];
            memcpy(p, d, sizeof p); memcpy(b, d + 7, sizeof b);
            sort7(p); sort7(b);
            int pbk, pfk, bk, fk;
            engine_hand_keys(e, p, &pbk, &pfk);
            engine_hand_keys(e, b, &bk, &fk);
            pp_tally(c, pbk, pfk, bk, fk, low, 1);
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
}

#endif
