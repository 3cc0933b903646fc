/* What the strategy job's player hands of one unit share (issue 40; strategy_job.h runs
 * them): the orbits of the subsets of the unit's six cards and the keys of its |S| = 6
 * term, found once per unit, not once per hand; the |S| = 6, 7 terms of a hand that
 * makes no flush by its ranks, shared by every hand of those ranks (issue 50); and the
 * scan of a sparse list into a hand's cells. */
#ifndef PAIGOW_STRATEGY_UNIT_H
#define PAIGOW_STRATEGY_UNIT_H

#include "strategy_select.h"

/* What the hands of one unit (six cards, then each larger seventh) share: the orbit of
 * each subset of the six (mask < 64 over the hand's first six positions), and the keys
 * of the six plus each other card (the |S| = 6 term of the six). */
typedef struct {
    int32_t r[64];
    uint32_t sm[64][4];            /* each subset's rank masks by suit */
    uint8_t place[64][4];          /* and its suits' places (sj_suit_places: sj_ext) */
    int nkey6;
    uint32_t key6[ST_MAXN];
} sj_unit_t;

/* Any subset's orbit representative (-1: none); through u when it lies in the six. */
static inline int32_t sj_rep_of(const sj_t *J, const sj_unit_t *u, int mask, const int *sc,
                                int k) {
    return u && mask < 64 ? u->r[mask] : sj_lookup(J, sj_signature(J, sc, k));
}

/* The direct keys of six sorted deck positions s plus any other card q, into out:
 * pw_key_pos's sums, the six's parts before and after q's place found once (the seven
 * sorted: the six below q at their places, q at place j, the rest one place on). */
static int sj_keys6(const pw_ctx_t *x, const int *s, uint32_t *out) {
    uint32_t pre[7], post[7], sb = 0;
    uint64_t bb = 0;
    pre[0] = 0;
    post[6] = 0;
    for (int i = 0; i < 6; i++) {
        pre[i + 1] = pre[i] + x->mterm[i][s[i]];
        post[5 - i] = post[6 - i] + x->mterm[6 - i][s[5 - i]];
        sb += x->sbit[s[i]];
        bb |= x->bbit[s[i]];
    }
    int m = 0;
    for (int q = 0, j = 0; q < x->n; q++) {
        if (j < 6 && s[j] == q) { j++; continue; }      /* j: the six below q */
        out[m++] = pw_key_of(x, pre[j] + x->mterm[j][q] + post[j], sb + x->sbit[q],
                             bb | x->bbit[q]);
    }
    return m;
}

/* The unit of six sorted deck positions s: u's orbits and keys; -1 if an orbit is missing. */
static int sj_unit(const sj_t *J, const int *s, sj_unit_t *u) {
    const pw_ctx_t *x = &J->x;
    for (int mask = 0; mask < 64; mask++) {
        const int low = __builtin_ctz((unsigned)mask | 64), c = low < 6 ? x->deck[s[low]] : 0;
        const int prev = mask & (mask - 1);
        if (mask && J->ext)         /* the set less its lowest card, and that card's place */
            u->r[mask] = mask == 63 ? 0 : J->ext[(size_t)u->r[prev] * 53 +
                         (size_t)(c == JOKER ? 52 : u->place[prev][SUIT(c)] * 13 + RANK(c))];
        else {
            int sc[6], k = 0;
            for (int i = 0; i < 6; i++) if (mask >> i & 1) sc[k++] = x->deck[s[i]];
            u->r[mask] = mask == 63 ? 0 : sj_lookup(J, sj_signature(J, sc, k));
        }
        if (u->r[mask] < 0) return -1;
        if (!mask) memset(u->sm[0], 0, sizeof u->sm[0]);
        else {
            memcpy(u->sm[mask], u->sm[prev], sizeof u->sm[0]);
            if (c != JOKER) u->sm[mask][SUIT(c)] |= 1u << RANK(c);
        }
        sj_suit_places(u->sm[mask], u->place[mask]);
    }
    u->nkey6 = sj_keys6(x, s, u->key6);
    return 0;
}

/* The |S| = 6, 7 terms of a hand P (deck positions p, sorted) that makes no flush:
 * the banker hands holding six of its cards, P - p[j] + q for each j and each q not in
 * P, plus six times P itself (the six subsets' sj_keys6 and the hand's own -1, summed),
 * each keyed as if no flush were possible (the memo's key of its ranks, mkey), added by
 * cell into grid. A key is pw_key_of: mkey unless the hand makes a flush, so this is
 * the terms of every hand of P's ranks up to the flushes (sj_flush67), and the same for
 * every hand of those ranks (the cards of a rank not in P are as many). */
static void sj_rank67(const pw_ctx_t *x, const int *p, const uint8_t *cellb,
                      const uint8_t *cellf, int gw, int64_t *grid) {
    uint32_t m7 = 0;
    for (int i = 0; i < 7; i++) m7 += x->mterm[i][p[i]];
    const uint32_t k7 = x->mkey[m7];
    grid[cellb[k7 / PW_NF] * gw + cellf[k7 % PW_NF]] += 6;
    for (int j = 0; j < 7; j++) {
        int s[6];
        for (int i = 0, n = 0; i < 7; i++) if (i != j) s[n++] = p[i];
        uint32_t pre[7], post[7];
        pre[0] = 0;
        post[6] = 0;
        for (int i = 0; i < 6; i++) {
            pre[i + 1] = pre[i] + x->mterm[i][s[i]];
            post[5 - i] = post[6 - i] + x->mterm[6 - i][s[5 - i]];
        }
        for (int q = 0, at = 0, h = 0; q < x->n; q++) {   /* at: the six below q */
            if (h < 7 && p[h] == q) { h++; if (at < 6 && s[at] == q) at++; continue; }
            const uint32_t k = x->mkey[pre[at] + x->mterm[at][q] + post[at]];
            grid[cellb[k / PW_NF] * gw + cellf[k % PW_NF]] += 1;
        }
    }
}

/* What sj_rank67 left out for the hand P (positions p, no flush; suit word s7): each
 * P - p[j] + q (q not in P) that makes a flush counted at its key, not its ranks' key.
 * Such a hand has a suit one short of a flush in P (a suit byte of s7 at 4, the joker
 * counted in every suit); 0 when there is none (most hands), else 1 with the
 * differences added by cell into grid (cellb, cellf: P's axes). */
static int sj_flush67(const pw_ctx_t *x, const int *p, uint32_t s7, const uint8_t *cellb,
                      const uint8_t *cellf, int gw, int64_t *grid) {
    if (!((s7 + 0x7C7C7C7Cu) & 0x80808080u)) return 0;
    int any = 0;
    for (int q = 0, h = 0; q < x->n; q++) {
        if (h < 7 && p[h] == q) { h++; continue; }
        if (!((s7 + x->sbit[q] + PW_FLUSH_ADD) & 0x80808080u)) continue;
        for (int j = 0; j < 7; j++) {
            const uint32_t sw = s7 - x->sbit[p[j]] + x->sbit[q];
            if (!((sw + PW_FLUSH_ADD) & 0x80808080u)) continue;
            int t[7], n = 0, put = 0;               /* P - p[j] + q, sorted */
            for (int i = 0; i < 7; i++) {
                if (i == j) continue;
                if (!put && q < p[i]) { t[n++] = q; put = 1; }
                t[n++] = p[i];
            }
            if (!put) t[n++] = q;
            uint32_t m = 0;
            uint64_t bb = 0;
            for (int i = 0; i < 7; i++) { m += x->mterm[i][t[i]]; bb |= x->bbit[t[i]]; }
            const uint32_t k = pw_key_of(x, m, sw, bb), r = x->mkey[m];
            grid[cellb[k / PW_NF] * gw + cellf[k % PW_NF]] += 1;
            grid[cellb[r / PW_NF] * gw + cellf[r % PW_NF]] -= 1;
            any = 1;
        }
    }
    return any;
}

/* A sparse list en[0..len) (by back index) added, times sg, into the cells: each entry
 * into the row of the back cuts ub[0..mb) (ascending) below its back, found by walking the
 * cuts along with the list (which runs by back), and the column of its front's cell
 * (cellf); into four grids in turn, so that no entry waits on the last one's cell. */
static void sj_sparse_add(const sj_entry_t *en, int len, int sg, const int *ub, int mb,
                          const uint8_t *cellf, int gw, int32_t (*sp4)[ST_CELLS]) {
    int i = 0, off = 0;                 /* the cuts at or below the entry's back; its row */
    int next = mb ? ub[0] : INT32_MAX;    /* the back where the row changes next */
#define SJ_SP_ADD(g, t) do {                                            \
        const int b_ = en[t].b;                                         \
        while (b_ >= next) { off += gw; next = ++i < mb ? ub[i] : INT32_MAX; } \
        sp4[g][off + cellf[en[t].f]] += sg * en[t].n;                   \
    } while (0)
    int t = 0;
    for (; t + 4 <= len; t += 4) {
        SJ_SP_ADD(0, t); SJ_SP_ADD(1, t + 1); SJ_SP_ADD(2, t + 2); SJ_SP_ADD(3, t + 3);
    }
    for (; t < len; t++) SJ_SP_ADD(0, t);
#undef SJ_SP_ADD
}

#endif
