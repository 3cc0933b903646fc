/* The job counted by whole cells (push conditions, Face Up: issue 36) in the plain job's
 * batches (issue 50; strategy_batch.h, docs/STRATEGY.md "Cells in groups"). What such a
 * hand needs of its banker hands' cells (st_settle: each candidate's wins and losses,
 * those against marked hands, Face Up's best response, the total) is each a count over
 * a union of its cells, so a signed sum of corners: with ind(i, j) the union's cells and
 * C(a, b) the hands of cells (<= a, <= b),
 *
 *     sum of ind(i, j) * cell(i, j) = sum over (a, b) of C(a, b) * D(a, b),
 *     D(a, b) = ind(a, b) - ind(a + 1, b) - ind(a, b + 1) + ind(a + 1, b + 1)
 *
 * (ind 0 outside the grid), nonzero only at the union's corners. The corners and their
 * coefficients depend only on a hand's axes, so they are worked out once a group
 * (sj_fplan), read once a group and orbit like the plain job's (sj_fread), and each hand's
 * counts are its corners times the coefficients (sj_fsettle): the same integers as
 * st_settle over the cells of sj_counts. A group whose corners do not fit goes hand by
 * hand (sj_hand). */
#ifndef PAIGOW_STRATEGY_CELLS_H
#define PAIGOW_STRATEGY_CELLS_H

#include <stddef.h>
#include "strategy_job.h"

/* A hand of a batch: its axes (the same for its group: step 2 reads the group's first
 * hand's), then what step 3 needs; its corners are the batch's (sj_corner). */
typedef struct {
    int16_t mb, mf, nc;
    uint16_t ub[ST_MAXCUT], db[ST_MAX];
    uint8_t cy[ST_MAXCUT + 1], df[ST_MAX], ib[ST_MAX], jf[ST_MAX];
    int p[7], w, cand[ST_MAX], grp, sub, rg;    /* rg: its range's sums (sj_run) */
    st_hand_t h;
} sj_bh_t;

/* H (cards c, weight w) set as T, a hand of the same ranks at the same places that makes
 * no flush, as st_settings, sj_axes and the group would set it: the same settings' keys,
 * house way, candidates, axes and group; the front cards H's at T's places. */
static void sj_bh_like(const pw_ctx_t *x, const sj_bh_t *T, sj_bh_t *H, const int *c, int w) {
    memcpy(&H->h, &T->h, offsetof(st_hand_t, total));      /* the counts: step 3's */
    H->h.fu_win = H->h.fu_loss = 0;
    for (int s = 0; s < H->h.n; s++)
        for (int k = 0; k < 2; k++) {
            int i = 0;
            while (x->deck[T->p[i]] != T->h.front[s][k]) i++;
            H->h.front[s][k] = c[i];
        }
    H->w = w; H->nc = T->nc; H->mb = T->mb; H->mf = T->mf; H->grp = T->grp;
    memcpy(H->cand, T->cand, sizeof(int) * (size_t)T->nc);
    memcpy(H->db, T->db, sizeof(uint16_t) * (size_t)T->nc);
    memcpy(H->df, T->df, (size_t)T->nc);
    memcpy(H->ib, T->ib, (size_t)T->nc);
    memcpy(H->jf, T->jf, (size_t)T->nc);
    memcpy(H->ub, T->ub, sizeof(uint16_t) * (size_t)T->mb);
    memcpy(H->cy, T->cy, (size_t)T->mf + 1);
}

/* The same axes: the same corners (ib follows from db and ub). */
static int sj_same_axes(const sj_bh_t *a, const sj_bh_t *c) {
    if (a->mb != c->mb || a->mf != c->mf || a->nc != c->nc) return 0;
    for (int i = 0; i < a->mb; i++) if (a->ub[i] != c->ub[i]) return 0;
    for (int j = 0; j <= a->mf; j++) if (a->cy[j] != c->cy[j]) return 0;
    for (int q = 0; q < a->nc; q++) if (a->db[q] != c->db[q] || a->df[q] != c->df[q]) return 0;
    return 1;
}

/* The cell of each back (cellb) of the hand H's axes, as sj_axes makes it. */
static void sj_fill_cellb(const sj_t *J, const sj_bh_t *H, uint8_t *cellb) {
    int lo = 0;
    for (int i = 0; i <= H->mb; i++) {
        const int hi = i < H->mb ? H->ub[i] : J->x.nback + 1;
        memset(cellb + lo, i, (size_t)(hi - lo));
        lo = hi;
    }
}


#define SJ_FW 3                     /* a hand's corners counted by cells: 3 x 64 at most */
#define SJ_FSLOT (64 * SJ_FW)
#define SJ_FCOEF 192                /* coefficients a group, on average, at most */

/* A count's coefficient: corner at (its slot; while planned, i * (mf + 1) + j), the
 * count out (candidate q's win, loss, marked win, marked loss at 4q .. 4q + 3; then
 * Face Up's win, loss and the total), times co. */
typedef struct { uint16_t at; uint8_t out; int8_t co; } sj_coef_t;

/* A batch's groups' plans: group g's corners slot[g SJ_FSLOT ..] (i << 8 | j, by i
 * then j), its coefficients coef[lo[g] .. lo[g] + cnt[g]). */
typedef struct {
    uint16_t *slot;
    sj_coef_t *coef;
    int32_t *lo, *cnt;
    int n, cap;
} sj_plans_t;

static void sj_plans_free(sj_plans_t *P) {
    free(P->slot); free(P->coef); free(P->lo); free(P->cnt);
    memset(P, 0, sizeof *P);
}

static int sj_plans_init(sj_plans_t *P, int cap) {
    memset(P, 0, sizeof *P);
    P->cap = cap * SJ_FCOEF;
    P->slot = (uint16_t *)malloc(sizeof(uint16_t) * SJ_FSLOT * (size_t)cap);
    P->coef = (sj_coef_t *)malloc(sizeof(sj_coef_t) * (size_t)P->cap);
    P->lo = (int32_t *)malloc(sizeof(int32_t) * (size_t)cap);
    P->cnt = (int32_t *)malloc(sizeof(int32_t) * (size_t)cap);
    if (P->slot && P->coef && P->lo && P->cnt) return 0;
    sj_plans_free(P);
    return -1;
}

/* Whether cell (i, j) of H's grid is in count o (mk: the cell is marked; best: the best
 * outcome of the legal candidates there). */
static inline int sj_fin(const sj_t *J, const sj_bh_t *H, int o, int i, int j, int mk, int best) {
    const int nc = H->nc;
    if (o >= 4 * nc)
        return o == 4 * nc ? best > 0 && !mk : o == 4 * nc + 1 ? best < 0 && !(mk && J->push_all) : 1;
    const int q = o >> 2, r = base_outcome(H->ib[q] + 1, H->jf[q] + 1, i, j);
    switch (o & 3) {
    case 0: return r > 0;
    case 1: return r < 0;
    case 2: return r > 0 && mk;
    default: return r < 0 && mk;
    }
}

/* Group g's plan from its first hand H: its corners' count, or -1 when they or its
 * coefficients do not fit (the group then goes hand by hand). */
static int sj_fplan(const sj_t *J, const sj_bh_t *H, sj_plans_t *P, int g) {
    const pw_ctx_t *x = &J->x;
    const int nb = H->mb + 1, nf = H->mf + 1, W = nf + 1, nout = 4 * H->nc + 3, c0 = P->n;
    int8_t mk[ST_CELLS], best[ST_CELLS], ind[(ST_MAXCUT + 2) * (ST_MAXCUT + 2)];
    int16_t at[ST_CELLS];
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nf; j++) {
            /* a cell's marks: those of its first back and front (none change within) */
            const int b0 = i ? H->ub[i - 1] : 0, f0 = j ? H->cy[j - 1] : 0, c = i * nf + j;
            int bo = -2;
            for (int q = 0; q < H->nc; q++) {
                const int r = base_outcome(H->ib[q] + 1, H->jf[q] + 1, i, j);
                if (!H->h.foul[H->cand[q]] && r > bo) bo = r;
            }
            mk[c] = (int8_t)(J->marked && (x->cback[b0] & x->cfront[f0]));
            best[c] = (int8_t)bo;
            at[c] = -1;
        }
    memset(ind, 0, sizeof ind);
    for (int o = 0; o < nout; o++) {
        for (int i = 0; i < nb; i++)
            for (int j = 0; j < nf; j++)
                ind[i * W + j] = (int8_t)sj_fin(J, H, o, i, j, mk[i * nf + j], best[i * nf + j]);
        for (int a = 0; a < nb; a++)
            for (int b = 0; b < nf; b++) {
                const int d = ind[a * W + b] - ind[(a + 1) * W + b] - ind[a * W + b + 1] +
                              ind[(a + 1) * W + b + 1];
                if (!d) continue;
                if (P->n == P->cap) { P->n = c0; return -1; }
                P->coef[P->n++] = (sj_coef_t){(uint16_t)(a * nf + b), (uint8_t)o, (int8_t)d};
                at[a * nf + b] = 0;
            }
    }
    int ns = 0;
    for (int c = 0; c < nb * nf; c++) {
        if (at[c] < 0) continue;
        if (ns == SJ_FSLOT) { P->n = c0; return -1; }
        P->slot[(size_t)g * SJ_FSLOT + ns] = (uint16_t)((c / nf) << 8 | (c % nf));
        at[c] = (int16_t)ns++;
    }
    for (int t = c0; t < P->n; t++) P->coef[t].at = (uint16_t)at[P->coef[t].at];
    P->lo[g] = c0;
    P->cnt[g] = P->n - c0;
    return ns;
}

/* The cells grid[(mb + 1) x (mf + 1)] of H's axes summed into corners, in place. */
static void sj_grid_cum(int64_t *grid, const sj_bh_t *H) {
    const int mb = H->mb, mf = H->mf, gw = mf + 1;
    for (int j = 1; j <= mf; j++) grid[j] += grid[j - 1];
    for (int i = 1; i <= mb; i++) {     /* a row's running sum plus the row above's corners */
        int64_t *cur = grid + (size_t)i * gw, run = 0;
        const int64_t *up = cur - gw;
        for (int j = 0; j <= mf; j++) {
            run += cur[j];
            cur[j] = run + up[j];
        }
    }
}

/* Minus the hands of the |S| = 5 list r by the cells of H's axes (cellf: the cell of
 * each front) into g. */
static void sj_list_cells(const sj_t *J, int32_t r, const sj_bh_t *H, const uint8_t *cellf,
                          int64_t *g) {
    const int mb = H->mb, gw = H->mf + 1, ncell = (mb + 1) * gw;
    int32_t sp4[4][ST_CELLS];
    int ub[ST_MAXCUT] = {0};
    for (int t = 0; t < 4; t++) memset(sp4[t], 0, sizeof(int32_t) * (size_t)ncell);
    for (int i = 0; i < mb; i++) ub[i] = H->ub[i];
    sj_sparse_add(J->sp[r], J->splen[r], -1, ub, mb, cellf, gw, sp4);
    for (int c = 0; c < ncell; c++) g[c] = (int64_t)sp4[0][c] + sp4[1][c] + sp4[2][c] + sp4[3][c];
}

/* The cells grid of H's axes as the corners slot[0..ns) into out (in place: the grid). */
static void sj_fpick(int64_t *grid, const sj_bh_t *H, const uint16_t *slot, int ns,
                     uint32_t *out) {
    sj_grid_cum(grid, H);
    for (int s = 0; s < ns; s++) out[s] = (uint32_t)grid[(slot[s] >> 8) * (H->mf + 1) + (slot[s] & 255)];
}

/* Step 2 of a job counted by cells, for one orbit and group: the corners slot[0..ns) of
 * the axes of the group's hand H from the table of orbit r (|S| = k), times (-1)^k,
 * into v; SJ_UNBUILT when the job did not build that table (sj_need). */
static int sj_fread(const sj_t *J, int32_t r, int k, const sj_bh_t *H, const uint8_t *cellf,
                    const uint16_t *slot, int ns, uint32_t *v) {
    if (k <= 3 ? !J->pt[r] : !J->sp[r]) return SJ_UNBUILT;
    const int mb = H->mb;
    const uint32_t sg = (k & 1) ? ~0u : 1;           /* -1 or 1 modulo 2^32 */
    if (k == 5) {            /* the list into the cells, then their sums at the corners */
        int64_t g[ST_CELLS];
        sj_list_cells(J, r, H, cellf, g);
        sj_fpick(g, H, slot, ns, v);
        return 0;
    }
    const sj_ptab_t *T = k <= 3 ? J->pt[r] : NULL;
    int blk = 0;
    for (int s = 0; s < ns;) {                /* a row of corners: one back cut i */
        const int i = slot[s] >> 8;
        if (k == 4) {                         /* the checkpoint rows (strategy_ck.h) */
            const int e = i < mb ? sj_ck_cut(J, r, &blk, H->ub[i]) : J->splen[r];
            for (; s < ns && slot[s] >> 8 == i; s++)
                v[s] = sg * (uint32_t)sj_ck_corner(J, r, e, H->cy[slot[s] & 255]);
            continue;
        }
        const int row = sj_pt_row(T, i < mb ? H->ub[i] : J->x.nback);   /* strategy_prefix.h */
        if (row == T->nd) {
            for (; s < ns && slot[s] >> 8 == i; s++) v[s] = sg * T->last[H->cy[slot[s] & 255]];
            continue;
        }
        const sj_pt_near_t c = sj_pt_near(T, row);
        for (; s < ns && slot[s] >> 8 == i; s++) {
            const int y = H->cy[slot[s] & 255];
            v[s] = sg * (y == PW_NF ? T->tot[row] : sj_pt_walk(T, &c, y));
        }
    }
    return 0;
}

/* Step 3 of a job counted by cells: H's counts (st_settle's) from its corners c. */
static void sj_fsettle(const sj_bh_t *H, const sj_plans_t *P, const uint32_t *c, st_hand_t *h) {
    int64_t out[4 * ST_MAX + 3] = {0};
    const sj_coef_t *e = P->coef + P->lo[H->grp];
    for (int t = 0, n = P->cnt[H->grp]; t < n; t++) out[e[t].out] += e[t].co * (int64_t)c[e[t].at];
    for (int q = 0; q < H->nc; q++) {
        const int s = H->cand[q];
        h->win[s] = out[4 * q]; h->loss[s] = out[4 * q + 1];
        h->pwin[s] = out[4 * q + 2]; h->ploss[s] = out[4 * q + 3];
    }
    h->fu_win = out[4 * H->nc];
    h->fu_loss = out[4 * H->nc + 1];
    h->total = out[4 * H->nc + 2];
}

#endif
