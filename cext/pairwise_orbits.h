/* The pairwise counts (pairwise.h): one card set S per orbit of the deck's suit
 * symmetry group, with its orbit size. */
#ifndef PAIGOW_PAIRWISE_ORBITS_H
#define PAIGOW_PAIRWISE_ORBITS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "pairwise_keys.h"

/* ---------- orbit representatives ---------- */

/* Is the sorted set s (k positions) the lexicographically least of its orbit?
 * Returns 0 if not, else the orbit size. */
static int pw_orbit(const pw_ctx_t *x, const int *s, int k) {
    int stab = 0;
    for (int g = 0; g < x->ngroup; g++) {
        int img[8];
        for (int i = 0; i < k; i++) {          /* insertion sort of the image */
            int v = x->group[g][s[i]], q = i;
            while (q > 0 && img[q - 1] > v) { img[q] = img[q - 1]; q--; }
            img[q] = v;
        }
        int cmp = 0;
        for (int i = 0; i < k && !cmp; i++) cmp = (img[i] > s[i]) - (img[i] < s[i]);
        if (cmp < 0) return 0;
        if (cmp == 0) stab++;
    }
    return x->ngroup / stab;
}

typedef struct {
    int count, cap;
    uint8_t *pos;     /* count * 7 */
    uint8_t *weight;
} pw_reps_t;

static int pw_reps_push(pw_reps_t *r, const int *s, int k, int weight) {
    if (r->count == r->cap) {
        int cap = r->cap ? r->cap * 2 : 1024;
        uint8_t *p = (uint8_t *)realloc(r->pos, (size_t)cap * 7);
        if (!p) return -1;
        r->pos = p;
        uint8_t *wt = (uint8_t *)realloc(r->weight, (size_t)cap);
        if (!wt) return -1;
        r->weight = wt;
        r->cap = cap;
    }
    for (int i = 0; i < k; i++) r->pos[(size_t)r->count * 7 + i] = (uint8_t)s[i];
    r->weight[r->count++] = (uint8_t)weight;
    return 0;
}

/* Level k+1 from level k: canonical sets stay canonical when their largest element
 * is removed, so every canonical (k+1)-set is a canonical k-set s plus a larger card c.
 * The images of s are sorted once per s (img[g], first[g]: where it first exceeds s,
 * k if g maps s onto itself); then s + c is least against g unless g(c) < c (g fixes
 * s) or g(c) < s[first[g]] (else): a card above s[first[g]] leaves the image larger,
 * and only g(c) == s[first[g]] needs the rest compared. The same test as pw_orbit. */
static int pw_reps_next(const pw_ctx_t *x, const pw_reps_t *prev, int k, pw_reps_t *next) {
    memset(next, 0, sizeof *next);
    int s[8], img[24][8], first[24];
    for (int i = 0; i < prev->count; i++) {
        for (int q = 0; q < k; q++) s[q] = prev->pos[(size_t)i * 7 + q];
        for (int g = 0; g < x->ngroup; g++) {
            int *m = img[g], f = 0;
            for (int q = 0; q < k; q++) {          /* insertion sort of the image */
                int v = x->group[g][s[q]], r = q;
                while (r > 0 && m[r - 1] > v) { m[r] = m[r - 1]; r--; }
                m[r] = v;
            }
            while (f < k && m[f] == s[f]) f++;
            first[g] = f;
        }
        for (int c = k ? s[k - 1] + 1 : 0; c < x->n; c++) {
            s[k] = c;
            int stab = 0, least = 1;
            for (int g = 0; g < x->ngroup && least; g++) {
                int d = x->group[g][c], f = first[g];
                if (f == k) {                      /* g fixes s */
                    if (d < c) least = 0;
                    else stab += d == c;
                } else if (d < s[f]) {
                    least = 0;
                } else if (d == s[f]) {            /* image: img[..f), d, img[f..k) */
                    int cmp = 0;
                    for (int q = f + 1; q <= k && !cmp; q++) {
                        int u = img[g][q - 1], v = s[q];
                        cmp = (u > v) - (u < v);
                    }
                    if (cmp < 0) least = 0;
                    else stab += cmp == 0;
                }
            }
            if (least && pw_reps_push(next, s, k + 1, x->ngroup / stab)) return -1;
        }
    }
    return 0;
}

static void pw_reps_free(pw_reps_t *r) { free(r->pos); free(r->weight); memset(r, 0, sizeof *r); }

/* pw_reps_next with the previous level cut into pieces shared among nt threads as they
 * come free (the first representatives have the most larger cards to try: halves by
 * count kept one thread waiting), the pieces joined in order (the same list). */
static int pw_reps_next_threads(const pw_ctx_t *x, const pw_reps_t *prev, int k,
                                pw_reps_t *next, int nt) {
    int np = prev->count < 16 * nt ? (prev->count ? prev->count : 1) : 16 * nt;
    pw_reps_t *part = (pw_reps_t *)calloc((size_t)np, sizeof(pw_reps_t));
    int fail = 0;
    if (!part) return -1;
    #pragma omp parallel for schedule(dynamic, 1) num_threads(nt) reduction(|:fail)
    for (int c = 0; c < np; c++) {
        pw_reps_t slice = *prev;                /* this piece of prev */
        int lo = (int)((int64_t)prev->count * c / np);
        int hi = (int)((int64_t)prev->count * (c + 1) / np);
        slice.pos = prev->pos + (size_t)lo * 7;
        slice.weight = prev->weight + lo;
        slice.count = hi - lo;
        fail |= pw_reps_next(x, &slice, k, &part[c]);
    }
    memset(next, 0, sizeof *next);
    size_t total = 0;
    for (int t = 0; t < np; t++) total += (size_t)part[t].count;
    if (!fail && total) {
        next->pos = (uint8_t *)malloc(total * 7);
        next->weight = (uint8_t *)malloc(total);
        fail = !next->pos || !next->weight;
        next->cap = next->pos && next->weight ? (int)total : 0;
    }
    for (int t = 0; t < np && !fail; t++) {
        memcpy(next->pos + (size_t)next->count * 7, part[t].pos, (size_t)part[t].count * 7);
        memcpy(next->weight + next->count, part[t].weight, (size_t)part[t].count);
        next->count += part[t].count;
    }
    for (int t = 0; t < np; t++) pw_reps_free(&part[t]);
    free(part);
    return fail ? -1 : 0;
}

#endif
