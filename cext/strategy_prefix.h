/* The optimal-strategy job's prefix tables (|S| <= 3; strategy_tables.h says what they
 * are for): F_S(x, y), the hands containing the card set S with a dense back index below
 * x and a front below y (y = PW_NF: any front), kept compactly (issue 40). Rows are the
 * distinct back indices of S's hands (a bit per back index, and the rows below each
 * word of 64 bits, give the rows below any back index); of the prefix rows 0..nd, one row every 2^sh (a checkpoint) is kept, as 16-bit
 * offsets from its group's first checkpoint (groups of at most 65,535 hands, that first
 * one kept in 32 bits); the (front, hands) entries of each row lie between; each row's
 * total (the last column) and the last row (every back) are kept whole. A value is then
 * the nearer checkpoint's (its base plus its offset) plus or minus the entries of at
 * most 2^(sh - 1) rows with a front below y: with sh = 3 on the full deck's |S| = 3
 * tables, about 80 KB an orbit in place of 300 KB, for about 6 entries a read. sh = 0
 * keeps every row (no entries read). */
#ifndef PAIGOW_STRATEGY_PREFIX_H
#define PAIGOW_STRATEGY_PREFIX_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pairwise_keys.h"

#define SJ_NF (PW_NF + 1)          /* columns of a prefix row: 91 fronts, then all */
#define SJ_PT_NMAX ((1u << 25) - 1) /* an entry's hands: 25 bits (more: several entries) */

/* One table, in one block (the arrays follow the header). */
typedef struct {
    int nd, sh;                    /* rows (distinct backs), checkpoint spacing 2^sh */
    const uint32_t *base;          /* [groups][SJ_NF]: each group's first checkpoint */
    const uint32_t *tot;           /* [nd + 1]: hands in the rows below r */
    const uint32_t *rs;            /* [nd + 1]: the first entry of row r */
    const uint32_t *en;            /* entries: hands << 7 | front, by row */
    const uint32_t *last;          /* [SJ_NF]: row nd, every back */
    const uint16_t *off;           /* [checkpoints][SJ_NF]: offsets from the group's base */
    const uint64_t *bm;            /* [nback / 64 + 1]: bit b, back index b has hands */
    const uint16_t *bc;            /* [nback / 64 + 1]: the rows below bit 0 of word w */
    const uint16_t *cg;            /* [checkpoints]: the group of each */
} sj_ptab_t;

/* The bits set in x (inline: the build targets no CPU with a popcount instruction, and
 * __builtin_popcountll is then a call). */
static inline int sj_bits(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The cards in each subset mask of a hand's seven (sj_bits of 0..127, looked up: the
 * strategy job's step 1, strategy_batch.h, asks it for every subset of every hand). */
static const uint8_t SJ_BITS7[128] = {
#define SJ_B2(n) n, n + 1, n + 1, n + 2
#define SJ_B4(n) SJ_B2(n), SJ_B2(n + 1), SJ_B2(n + 1), SJ_B2(n + 2)
#define SJ_B6(n) SJ_B4(n), SJ_B4(n + 1), SJ_B4(n + 1), SJ_B4(n + 2)
    SJ_B6(0), SJ_B6(1)
#undef SJ_B6
#undef SJ_B4
#undef SJ_B2
};

/* The rows below back index b (0..nback; nback: every row). */
static inline int sj_pt_row(const sj_ptab_t *T, int b) {
    return T->bc[b >> 6] + sj_bits(T->bm[b >> 6] & ((1ull << (b & 63)) - 1));
}

/* The checkpoint nearer to row r (r < nd; the last row counts as one): its values
 * (base[y] plus off[y], off NULL for the last row), and the entries [lo, hi) of the rows
 * between it and r, added (up: the checkpoint is before r) or taken away. */
typedef struct {
    const uint32_t *base;
    const uint16_t *off;
    uint32_t lo, hi;
    int up;
} sj_pt_near_t;

static inline sj_pt_near_t sj_pt_near(const sj_ptab_t *T, int r) {
    const int q = r >> T->sh, r0 = q << T->sh;
    int r1 = r0 + (1 << T->sh);
    if (r1 > T->nd) r1 = T->nd;
    sj_pt_near_t c;
    c.up = r - r0 <= r1 - r;
    if (!c.up && r1 == T->nd) { c.base = T->last; c.off = NULL; }
    else {
        const int cq = c.up ? q : q + 1;
        c.base = T->base + (size_t)T->cg[cq] * SJ_NF;
        c.off = T->off + (size_t)cq * SJ_NF;
    }
    c.lo = T->rs[c.up ? r0 : r];
    c.hi = T->rs[c.up ? r : r1];
    return c;
}

/* The value at front y (y < PW_NF) of the row the checkpoint c was chosen for. */
static inline uint32_t sj_pt_walk(const sj_ptab_t *T, const sj_pt_near_t *c, int y) {
    uint32_t v = c->base[y] + (c->off ? c->off[y] : 0), d = 0;
    for (uint32_t e = c->lo; e < c->hi; e++) {
        const uint32_t x = T->en[e];
        d += (x & 127) < (uint32_t)y ? x >> 7 : 0;
    }
    return c->up ? v + d : v - d;
}

/* F at row r (the rows below it: sj_pt_row for the backs below b), front y: from the
 * nearer of the checkpoints around r (or the last row), adding or taking away the
 * entries of the rows between with a front below y. */
static inline uint32_t sj_pt_at(const sj_ptab_t *T, int r, int y) {
    if (y == PW_NF) return T->tot[r];
    if (r == T->nd) return T->last[y];
    const sj_pt_near_t c = sj_pt_near(T, r);
    return sj_pt_walk(T, &c, y);
}

/* sign times F at row r and each front ys[j] (j < n) added into out[j]: sj_pt_at's
 * values with the row's checkpoint chosen once (a whole cell's row of corners). */
static inline void sj_pt_row_add(const sj_ptab_t *T, int r, const int *ys, int n,
                                 int64_t sign, int64_t *out) {
    if (r == T->nd) {
        for (int j = 0; j < n; j++) out[j] += sign * (int64_t)T->last[ys[j]];
        return;
    }
    const sj_pt_near_t c = sj_pt_near(T, r);
    for (int j = 0; j < n; j++)
        out[j] += sign * (int64_t)(ys[j] == PW_NF ? T->tot[r] : sj_pt_walk(T, &c, ys[j]));
}

/* F below back index b (0..nback; nback: every back) and front y. */
static inline uint32_t sj_pt_get(const sj_ptab_t *T, int b, int y) {
    return sj_pt_at(T, sj_pt_row(T, b), y);
}

/* The table of the distinct keys keys[0..len) (back * PW_NF + front, ascending) with
 * hands hist[key], which are zeroed; checkpoints every 2^sh rows. NULL: out of memory.
 * *bytes gets its size. */
static sj_ptab_t *sj_pt_build(const uint32_t *keys, int len, uint32_t *hist, int nback,
                              int sh, uint64_t *bytes) {
    int nd = 0;
    size_t m = 0;
    for (int i = 0; i < len; i++) {
        if (i == 0 || keys[i] / PW_NF != keys[i - 1] / PW_NF) nd++;
        if (sh) m += (hist[keys[i]] + SJ_PT_NMAX - 1) / SJ_PT_NMAX;
    }
    const int ncp = (nd >> sh) + 1;
    uint32_t *cpt = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)ncp * SJ_NF);
    uint16_t *grp = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)ncp);
    if (!cpt || !grp) { free(cpt); free(grp); return NULL; }
    /* pass 1: the checkpoints (whole), to count the groups */
    uint32_t cur[SJ_NF], cnt[PW_NF];
    memset(cur, 0, sizeof cur);
    for (int i = 0, r = 0; r <= nd; r++) {
        if (!(r & ((1 << sh) - 1))) memcpy(cpt + (size_t)(r >> sh) * SJ_NF, cur, sizeof cur);
        if (r == nd) break;
        const uint32_t back = keys[i] / PW_NF;
        memset(cnt, 0, sizeof cnt);
        for (; i < len && keys[i] / PW_NF == back; i++) cnt[keys[i] % PW_NF] += hist[keys[i]];
        uint32_t acc = 0;
        for (int y = 0; y < SJ_NF; y++) {
            cur[y] += acc;                                  /* fronts below y */
            if (y < PW_NF) acc += cnt[y];
        }
    }
    int ng = 0;
    for (int q = 0, q0 = 0; q < ncp; q++) {
        if (q == 0 || cpt[(size_t)q * SJ_NF + PW_NF] - cpt[(size_t)q0 * SJ_NF + PW_NF] > 65535) {
            q0 = q;
            ng++;
        }
        grp[q] = (uint16_t)(ng - 1);
    }
    const size_t nw = (size_t)(nback >> 6) + 1,
                 n32 = (size_t)ng * SJ_NF + 2 * ((size_t)nd + 1) + m + SJ_NF,
                 n16 = (size_t)ncp * SJ_NF + nw + (size_t)ncp,
                 size = sizeof(sj_ptab_t) + 8 * nw + 4 * n32 + 2 * n16;
    char *blk = (char *)malloc(size);
    if (!blk) { free(cpt); free(grp); return NULL; }
    sj_ptab_t *T = (sj_ptab_t *)blk;
    uint64_t *bm = (uint64_t *)(blk + sizeof(sj_ptab_t));
    uint32_t *base = (uint32_t *)(bm + nw), *tot = base + (size_t)ng * SJ_NF,
             *rs = tot + nd + 1, *en = rs + nd + 1, *last = en + m;
    uint16_t *off = (uint16_t *)(last + SJ_NF), *bc = off + (size_t)ncp * SJ_NF,
             *cg = bc + nw;
    T->nd = nd; T->sh = sh;
    T->base = base; T->tot = tot; T->rs = rs; T->en = en; T->last = last;
    T->off = off; T->bm = bm; T->bc = bc; T->cg = cg;
    for (int q = 0, q0 = 0; q < ncp; q++) {
        if (q == 0 || grp[q] != grp[q - 1]) {
            q0 = q;
            memcpy(base + (size_t)grp[q] * SJ_NF, cpt + (size_t)q * SJ_NF, sizeof(uint32_t) * SJ_NF);
        }
        cg[q] = grp[q];
        for (int y = 0; y < SJ_NF; y++)
            off[(size_t)q * SJ_NF + y] =
                (uint16_t)(cpt[(size_t)q * SJ_NF + y] - cpt[(size_t)q0 * SJ_NF + y]);
    }
    free(cpt);
    free(grp);
    /* pass 2: the rows' totals, entries and map; the last row */
    memset(cur, 0, sizeof cur);
    size_t e = 0;
    memset(bm, 0, 8 * nw);
    for (int i = 0, r = 0; r <= nd; r++) {
        tot[r] = cur[PW_NF];
        rs[r] = (uint32_t)e;
        if (r == nd) break;
        const uint32_t back = keys[i] / PW_NF;
        bm[back >> 6] |= 1ull << (back & 63);
        memset(cnt, 0, sizeof cnt);
        for (; i < len && keys[i] / PW_NF == back; i++) {
            const uint32_t f = keys[i] % PW_NF;
            cnt[f] += hist[keys[i]];
            for (uint32_t left = sh ? hist[keys[i]] : 0; left; e++) {
                const uint32_t part = left < SJ_PT_NMAX ? left : SJ_PT_NMAX;
                en[e] = part << 7 | f;
                left -= part;
            }
            hist[keys[i]] = 0;
        }
        uint32_t acc = 0;
        for (int y = 0; y < SJ_NF; y++) {
            cur[y] += acc;
            if (y < PW_NF) acc += cnt[y];
        }
    }
    for (size_t w = 0, below = 0; w < nw; w++) {              /* rows below each word */
        bc[w] = (uint16_t)below;
        below += (size_t)sj_bits(bm[w]);
    }
    memcpy(last, cur, sizeof cur);
    *bytes = size;
    return T;
}

#endif
