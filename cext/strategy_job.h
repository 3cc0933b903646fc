/* The optimal-strategy job per player hand (issue 15, docs/STRATEGY.md): every legal
 * setting of a hand priced against every banker hand of the rest of the deck by the
 * tables of strategy_tables.h (the method is written there; all, or those of some
 * units: strategy_select.h), and the sums verifier/strategy/optimal.py describes: a
 * hand counted by whole cells (sj_counts: one hand's every setting, and a job's hands
 * one by one), the parts the job's batches share (strategy_batch.h; strategy_run.h runs
 * a range of units of work). */
#ifndef PAIGOW_STRATEGY_JOB_H
#define PAIGOW_STRATEGY_JOB_H

#include "strategy_unit.h"

/* ---------- one player hand ---------- */

typedef struct {
    int64_t hands, classes, house_win, house_loss, best_win, best_loss, not_optimal, cost;
    int64_t fu_win, fu_loss;                   /* Face Up: the best response, settled */
    int64_t bad;                               /* hands whose banker total is wrong */
    int64_t by_type[SJ_NTYPES][3], by_row[ROW_SLOTS][3];
    int64_t *pat;                              /* [MEMO_SIZE][3] */
    int64_t *pat_best;                         /* [MEMO_SIZE]: the example's cost */
    uint64_t *pat_ex;                          /* [MEMO_SIZE]: the example, 7 x 6 bits:
                                                  the costliest hand, ties the least */
    uint16_t *pat_bf;                          /* [MEMO_SIZE]: its best setting's front */
    int32_t *touched;                          /* [MEMO_SIZE]: the patterns met, in the
                                                  order met (ntouched of them) */
    int ntouched;
    uint8_t *cellb;                            /* [nback + 1] */
} sj_acc_t;

static void sj_acc_free(sj_acc_t *a) {
    free(a->pat); free(a->pat_best); free(a->pat_ex); free(a->pat_bf); free(a->cellb);
    free(a->touched);
    a->pat = NULL; a->pat_best = NULL; a->pat_ex = NULL; a->pat_bf = NULL; a->cellb = NULL;
    a->touched = NULL;
}

/* Empty sums again (an initialised a, kept from one run to the next: its pages are not
 * faulted in again for every chunk); only the patterns met are cleared. */
static void sj_acc_reset(sj_acc_t *a) {
    for (int i = 0; i < a->ntouched; i++) {
        const int32_t m = a->touched[i];
        a->pat[3 * m] = a->pat[3 * m + 1] = a->pat[3 * m + 2] = 0;
        a->pat_best[m] = 0; a->pat_ex[m] = 0; a->pat_bf[m] = 0;
    }
    a->ntouched = 0;
    a->hands = a->classes = a->house_win = a->house_loss = a->best_win = a->best_loss = 0;
    a->not_optimal = a->cost = a->fu_win = a->fu_loss = a->bad = 0;
    memset(a->by_type, 0, sizeof a->by_type);
    memset(a->by_row, 0, sizeof a->by_row);
}

static int sj_acc_init(const sj_t *J, sj_acc_t *a) {
    memset(a, 0, sizeof *a);
    a->pat = (int64_t *)calloc((size_t)MEMO_SIZE * 3, sizeof(int64_t));
    a->pat_best = (int64_t *)calloc(MEMO_SIZE, sizeof(int64_t));
    a->pat_ex = (uint64_t *)calloc(MEMO_SIZE, sizeof(uint64_t));
    a->pat_bf = (uint16_t *)calloc(MEMO_SIZE, sizeof(uint16_t));
    a->cellb = (uint8_t *)calloc((size_t)J->x.nback + 1, 1);
    a->touched = (int32_t *)malloc(sizeof(int32_t) * MEMO_SIZE);
    if (!a->pat || !a->pat_best || !a->pat_ex || !a->pat_bf || !a->cellb || !a->touched) {
        sj_acc_free(a);
        return -1;
    }
    return 0;
}

/* Adds src into dst (both initialised). */
static void sj_acc_add(sj_acc_t *dst, const sj_acc_t *src) {
    dst->hands += src->hands; dst->classes += src->classes;
    dst->house_win += src->house_win; dst->house_loss += src->house_loss;
    dst->best_win += src->best_win; dst->best_loss += src->best_loss;
    dst->not_optimal += src->not_optimal; dst->cost += src->cost; dst->bad += src->bad;
    dst->fu_win += src->fu_win; dst->fu_loss += src->fu_loss;
    for (int t = 0; t < SJ_NTYPES; t++) for (int q = 0; q < 3; q++) dst->by_type[t][q] += src->by_type[t][q];
    for (int t = 0; t < ROW_SLOTS; t++) for (int q = 0; q < 3; q++) dst->by_row[t][q] += src->by_row[t][q];
    for (int i = 0; i < src->ntouched; i++) {          /* the patterns src met */
        const int32_t m = src->touched[i];
        if (!dst->pat[3 * m]) dst->touched[dst->ntouched++] = m;
        for (int q = 0; q < 3; q++) dst->pat[3 * m + q] += src->pat[3 * m + q];
        if (!dst->pat_ex[m] || src->pat_best[m] > dst->pat_best[m] ||
            (src->pat_best[m] == dst->pat_best[m] && src->pat_ex[m] < dst->pat_ex[m])) {
            dst->pat_best[m] = src->pat_best[m];
            dst->pat_ex[m] = src->pat_ex[m];
            dst->pat_bf[m] = src->pat_bf[m];
        }
    }
}

/* Ascending distinct values of v[0..n) and w[0..m) into u; their count. */
static int sj_cuts(int *u, const int *v, int n, const int *w, int m) {
    int k = 0;
    for (int q = 0; q < n + m; q++) {
        int x = q < n ? v[q] : w[q - n], i = k, dup = 0;
        for (int t = 0; t < k; t++) dup |= u[t] == x;
        if (dup) continue;
        while (i > 0 && u[i - 1] > x) { u[i] = u[i - 1]; i--; }
        u[i] = x;
        k++;
    }
    return k;
}

/* A hand's axes (st_cells_t) for the candidate settings cand[0..nc) (indices into h's
 * settings): their dense back and front indices (db, df), the cuts (theirs and where the
 * push marks change: ub[0..mb), uf[0..mf)), each candidate's cell (ib, jf by setting),
 * the cell of each back (cellb[b] = #{ub <= b}) and front (cellf), and the corners:
 * row i reads the back indices below cx[i] (all for i = mb), column j the fronts below
 * cy[j] (all for j = mf). */
typedef struct {
    int mb, mf, gw;
    int db[ST_MAX], df[ST_MAX], ub[ST_MAXCUT], uf[ST_MAXCUT];
    int cx[ST_MAXCUT + 1], cy[ST_MAXCUT + 1];
    uint8_t cellf[PW_NF];
} sj_axes_t;

static void sj_axes(const sj_t *J, const st_hand_t *h, const int *cand, int nc,
                    uint8_t *cellb, sj_axes_t *A, int *ib, int *jf) {
    const int nback = J->x.nback;
    for (int q = 0; q < nc; q++) {
        int s = cand[q];
        A->db[q] = back_index(J->x.e, h->back_key[s]);
        A->df[q] = FRONT_DENSE[h->front_key[s]];
    }
    const int mb = sj_cuts(A->ub, A->db, nc, J->mcb, J->nmb);
    const int mf = sj_cuts(A->uf, A->df, nc, J->mcf, J->nmf);
    for (int q = 0; q < nc; q++) {
        int s = cand[q];
        for (ib[s] = 0; A->ub[ib[s]] != A->db[q]; ib[s]++) {}
        for (jf[s] = 0; A->uf[jf[s]] != A->df[q]; jf[s]++) {}
    }
    int lo = 0;
    for (int i = 0; i <= mb; i++) {
        int hi = i < mb ? A->ub[i] : nback + 1;
        memset(cellb + lo, i, (size_t)(hi - lo));
        lo = hi;
    }
    lo = 0;
    for (int j = 0; j <= mf; j++) {
        int hi = j < mf ? A->uf[j] : PW_NF;
        memset(A->cellf + lo, j, (size_t)(hi - lo));
        lo = hi;
    }
    for (int i = 0; i <= mb; i++) A->cx[i] = i < mb ? A->ub[i] : nback;
    for (int j = 0; j <= mf; j++) A->cy[j] = j < mf ? A->uf[j] : PW_NF;
    A->mb = mb;
    A->mf = mf;
    A->gw = mf + 1;
}

/* The term of the card set of mask over the hand's deck positions p (s: its positions,
 * r: the orbit of its k cards) counted by cells: a sparse list (k = 4, 5) scanned into sp4,
 * the hands of six cards plus any other (k = 6) and the hand itself (k = 7) into grid. */
static int sj_cell_term(const sj_t *J, const int *p, const sj_unit_t *u, int mask,
                        const int *s, int32_t r, int k, const sj_axes_t *A,
                        const uint8_t *cellb, int64_t *grid, int32_t (*sp4)[ST_CELLS]) {
    const pw_ctx_t *x = &J->x;
    const int gw = A->gw;
    if (k <= 5) {                         /* r: the orbit of the k cards */
        if (r < 0) return -1;
        if (!J->sp[r]) return SJ_UNBUILT;                           /* sj_need */
        sj_sparse_add(J->sp[r], J->splen[r], (k & 1) ? -1 : 1, A->ub, A->mb, A->cellf, gw, sp4);
    } else if (k == 6) {                                         /* S plus any other card */
        uint32_t own[ST_MAXN];
        const int shared = u && mask == 63;
        const uint32_t *keys = shared ? u->key6 : own;
        const int m = shared ? u->nkey6 : sj_keys6(x, s, own);
        for (int q = 0; q < m; q++)
            grid[cellb[keys[q] / PW_NF] * gw + A->cellf[keys[q] % PW_NF]] += 1;
    } else {
        uint32_t key = pw_key_pos(x, p);
        grid[cellb[key / PW_NF] * gw + A->cellf[key % PW_NF]] -= 1;
    }
    return 0;
}

/* The cells (st_cells_t) of the banker hands of one player hand (7 sorted deck
 * positions) for the candidate settings cand[0..nc): every cell, so that a cell is
 * marked or not as a whole (push conditions, Face Up); st_settle reads them. The plain
 * job reads only corners, in batches (strategy_batch.h). Returns 1 when the total is not
 * C(n - 7, 7). */
static int sj_counts(const sj_t *J, const int *p, st_hand_t *h, const int *cand, int nc,
                     uint8_t *cellb, st_cells_t *g, const sj_unit_t *u) {
    const pw_ctx_t *x = &J->x;
    sj_axes_t A;
    sj_axes(J, h, cand, nc, cellb, &A, g->ib, g->jf);
    const int mb = A.mb, mf = A.mf, gw = A.gw;
    g->nb = mb + 1;
    g->nf = gw;
    int64_t *cum = g->pn;                      /* the prefix tables' corners, then cells */
    int64_t *grid = g->n;                      /* the other levels' cells */
    memset(cum, 0, sizeof(int64_t) * (size_t)(mb + 1) * gw);
    memset(grid, 0, sizeof(int64_t) * (size_t)(mb + 1) * gw);
    /* the sparse lists' cells, in int32 (at most C(7,4) lists of at most C(n,3) hands) */
    int32_t sp4[4][ST_CELLS];
    const int ncell = (mb + 1) * gw;
    for (int t = 0; t < 4; t++) memset(sp4[t], 0, sizeof(int32_t) * (size_t)ncell);
    for (int mask = 0; mask < 128; mask++) {
        int s[7], sc[7], k = 0;
        for (int i = 0; i < 7; i++) if (mask >> i & 1) { s[k] = p[i]; sc[k] = x->deck[p[i]]; k++; }
        if (k > 3) {
            int32_t r = k <= 5 ? sj_rep_of(J, u, mask, sc, k) : 0;
            int rc = sj_cell_term(J, p, u, mask, s, r, k, &A, cellb, grid, sp4);
            if (rc) return rc;
            continue;
        }
        int32_t r = sj_rep_of(J, u, mask, sc, k);       /* F: every corner, prefix tables */
        if (r < 0) return -1;
        if (!J->pt[r]) return SJ_UNBUILT;                 /* sj_need */
        const sj_ptab_t *T = J->pt[r];
        const int64_t sign = (k & 1) ? -1 : 1;
        for (int i = 0; i <= mb; i++)       /* F from the prefix table (strategy_prefix.h) */
            sj_pt_row_add(T, sj_pt_row(T, A.cx[i]), A.cy, mf + 1, sign, cum + i * gw);
    }
    for (int c = 0; c < ncell; c++)
        grid[c] += (int64_t)sp4[0][c] + sp4[1][c] + sp4[2][c] + sp4[3][c];
    /* corners -> cells: cell (i, j) = C(i, j) - C(i-1, j) - C(i, j-1) + C(i-1, j-1) */
    for (int i = mb; i >= 0; i--)
        for (int j = mf; j >= 0; j--) {
            int64_t v = cum[i * gw + j];
            if (i) v -= cum[(i - 1) * gw + j];
            if (j) v -= cum[i * gw + j - 1];
            if (i && j) v += cum[(i - 1) * gw + j - 1];
            grid[i * gw + j] += v;
        }
    int64_t total = 0;
    for (int i = 0; i <= mb; i++)
        for (int j = 0; j <= mf; j++) {
            const int64_t m = grid[i * gw + j];
            total += m;
            /* a cell's marks: those of its first back and front (no mark changes within) */
            const int b0 = i ? A.ub[i - 1] : 0, f0 = j ? A.uf[j - 1] : 0;
            cum[i * gw + j] = J->marked && (x->cback[b0] & x->cfront[f0]) ? m : 0;
        }
    return total == J->nbankers ? 0 : 1;
}

/* The candidate settings of h (the legal ones not dominated, and the house way's). */
static int sj_candidates(const st_hand_t *h, int *cand) {
    int nc = 0;
    for (int s = 0; s < h->n; s++)
        if (s == h->house || (!h->foul[s] && !h->dominated[s])) cand[nc++] = s;
    return nc;
}

/* One counted player hand (deck positions p, weight w; h's counts of the candidate
 * settings cand[0..nc) settled) into the sums: the best setting, and what the house
 * way gives up. */
static void sj_tally(const sj_t *J, const int *p, int w, st_hand_t *h, const int *cand,
                     int nc, sj_acc_t *a) {
    int c[7];
    for (int i = 0; i < 7; i++) c[i] = J->x.deck[p[i]];
    if (J->marked)                        /* the settled counts rank the settings */
        for (int q = 0; q < nc; q++) {
            int s = cand[q];
            h->win[s] -= h->pwin[s];
            if (J->push_all) h->loss[s] -= h->ploss[s];
        }
    const int64_t cw = J->cd - J->cn, cl = J->cd;
    int64_t vh = cw * h->win[h->house] - cl * h->loss[h->house], vmax = INT64_MIN;
    for (int q = 0; q < nc; q++) {
        int s = cand[q];
        if (h->foul[s]) continue;
        int64_t v = cw * h->win[s] - cl * h->loss[s];
        if (v > vmax) vmax = v;
    }
    int best = h->house;
    if (vh != vmax || h->foul[h->house])
        for (int q = 0; q < nc; q++) {
            int s = cand[q];
            if (!h->foul[s] && !h->dominated[s] && cw * h->win[s] - cl * h->loss[s] == vmax) { best = s; break; }
        }
    const int64_t d = vmax - vh, W = w;
    const int64_t nopt = d > 0 ? W : 0;
    a->hands += W; a->classes += 1;
    a->fu_win += W * h->fu_win; a->fu_loss += W * h->fu_loss;
    a->house_win += W * h->win[h->house]; a->house_loss += W * h->loss[h->house];
    a->best_win += W * h->win[best]; a->best_loss += W * h->loss[best];
    a->not_optimal += nopt; a->cost += W * d;
    int type = KEY_CLASS(h->best_key), row = h->row;
    a->by_type[type][0] += W; a->by_type[type][1] += nopt; a->by_type[type][2] += W * d;
    a->by_row[row][0] += W; a->by_row[row][1] += nopt; a->by_row[row][2] += W * d;
    int joker = c[6] == JOKER, nr = joker ? 6 : 7;
    uint32_t m = joker ? MEMO_JOKER_OFFSET : 0;
    for (int i = 0; i < nr; i++) m += (uint32_t)MSET_TERM[i + 1][RANK(c[i])];
    const int first = a->pat[3 * m] == 0;       /* every pattern met gets an example */
    if (first) a->touched[a->ntouched++] = (int32_t)m;
    a->pat[3 * m] += W; a->pat[3 * m + 1] += nopt; a->pat[3 * m + 2] += W * d;
    uint64_t ex = 0;                          /* first card highest: order = lex order */
    for (int i = 0; i < 7; i++) ex |= (uint64_t)c[i] << (6 * (6 - i));
    if (first || d > a->pat_best[m] || (d == a->pat_best[m] && ex < a->pat_ex[m])) {
        a->pat_best[m] = d;
        a->pat_ex[m] = ex;
        a->pat_bf[m] = (uint16_t)(h->front[best][0] << 6 | h->front[best][1]);
    }
}

/* One player hand, weight w, into the sums, counted by whole cells (sj_run's batch -1,
 * and a hand whose group's corners do not fit its batch: strategy_batch.h). */
static int sj_hand(const sj_t *J, const int *p, int w, const sj_unit_t *u, sj_acc_t *a) {
    int c[7];
    for (int i = 0; i < 7; i++) c[i] = J->x.deck[p[i]];
    st_hand_t h;
    st_settings(J->x.e, c, &h);
    if (h.house < 0) { a->bad += w; return 0; }
    int cand[ST_MAX];
    const int nc = sj_candidates(&h, cand);
    st_cells_t g;
    int rc = sj_counts(J, p, &h, cand, nc, a->cellb, &g, u);
    if (rc < 0) return rc;
    if (rc) a->bad += w;
    st_settle(&g, cand, nc, J->push_all, &h);
    sj_tally(J, p, w, &h, cand, nc, a);
    return 0;
}

/* Every setting of one player hand (7 sorted card ints of the deck) by the job's method:
 * h's settings with win, loss, pwin, ploss, total and Face Up's counts (a test against
 * the direct count). */
static int sj_one_hand(const sj_t *J, const int *cards, st_hand_t *h) {
    const pw_ctx_t *x = &J->x;
    int p[7];
    for (int i = 0; i < 7; i++) {
        p[i] = -1;
        for (int q = 0; q < x->n; q++) if (x->deck[q] == cards[i]) p[i] = q;
        if (p[i] < 0) return -1;
    }
    st_settings(x->e, cards, h);
    int cand[ST_MAX];
    for (int s = 0; s < h->n; s++) cand[s] = s;
    uint8_t *cellb = (uint8_t *)calloc((size_t)x->nback + 1, 1);
    st_cells_t *g = (st_cells_t *)malloc(sizeof(st_cells_t));
    int rc = cellb && g ? sj_counts(J, p, h, cand, h->n, cellb, g, NULL) : -1;
    if (rc >= 0) st_settle(g, cand, h->n, J->push_all, h);
    free(cellb);
    free(g);
    return rc;
}

#endif
