/* The player's settings of one hand against every banker hand set by the house way
 * (issue 15, groundwork): for each distinct way to set the player's seven cards, the
 * exact wins and losses against every banker hand of the rest of a deck.
 *
 * Settings: the 21 splits of engine.h (SPLIT_FRONT / SPLIT_BACK), merged when their
 * (back key, front key) are the same; a setting whose front outranks its back is a foul.
 * The outcome of a pair of set hands is tally.h's base_outcome, the one definition. */
#ifndef PAIGOW_STRATEGY_H
#define PAIGOW_STRATEGY_H

#include <stdint.h>
#include <string.h>
#include "engine.h"

#define ST_MAX NUM_SPLITS
#define ST_MAXN 53

typedef struct {
    int n;                        /* distinct settings */
    int front[ST_MAX][2];         /* the front cards of the first split giving each */
    int back_key[ST_MAX], front_key[ST_MAX];
    int foul[ST_MAX];             /* front outranks back: not a legal setting */
    int dominated[ST_MAX];        /* a legal setting's back and front both rank at least
                                     as high (and one higher): never better */
    int house;                    /* the house way's setting, or -1 (no row matched) */
    int row, best_key;            /* the house way's row; the best five-card key of the 7 */
    int64_t total, win[ST_MAX], loss[ST_MAX];
    /* against the banker hands that meet a push condition (st_count_direct's marks) */
    int64_t pwin[ST_MAX], ploss[ST_MAX];
    /* Face Up (issue 36): the player's best legal setting against each banker hand seen
     * set, settled (a push condition's hand pushes a win; a loss too under push_all) */
    int64_t fu_win, fu_loss;
} st_hand_t;

/* The banker hands of one player hand by cell (issue 36): an axis is cut at the
 * settings' back (front) keys, so that within a cell each setting's outcome is one; a
 * setting s wins the hands of cell (i, j) when i <= ib[s] and j <= jf[s] and loses them
 * when i > ib[s] and j > jf[s] (base_outcome: strictly higher in both to win, copies to
 * the banker). n: hands per cell; pn: those meeting a push condition. The direct count
 * and the strategy job both fill one, and st_settle reads it. */
#define ST_MAXMARK 24                  /* push-mark cuts per axis (the job's cells) */
#define ST_MAXCUT (ST_MAX + ST_MAXMARK)
#define ST_CELLS ((ST_MAXCUT + 1) * (ST_MAXCUT + 1))
typedef struct {
    int nb, nf;                        /* cells per axis */
    int ib[ST_MAX], jf[ST_MAX];
    int64_t n[ST_CELLS], pn[ST_CELLS]; /* [i * nf + j] */
} st_cells_t;

/* Each of the settings cand[0..nc)'s win, loss, pwin and ploss, the total, and Face Up's
 * fu_win and fu_loss (the best of the legal candidates per cell; push_all: a push
 * condition's hand pushes a loss too, else only a win), from the cells. */
static void st_settle(const st_cells_t *g, const int *cand, int nc, int push_all,
                      st_hand_t *h) {
    h->total = h->fu_win = h->fu_loss = 0;
    for (int s = 0; s < h->n; s++) h->win[s] = h->loss[s] = h->pwin[s] = h->ploss[s] = 0;
    for (int i = 0; i < g->nb; i++)
        for (int j = 0; j < g->nf; j++) {
            const int64_t m = g->n[i * g->nf + j], pm = g->pn[i * g->nf + j];
            if (!m) continue;
            h->total += m;
            int best = -2;
            for (int q = 0; q < nc; q++) {
                const int s = cand[q];
                /* in cell units the setting's keys are ib + 1 and jf + 1 (it beats the
                 * cells below them), the banker's are (i, j) */
                const int o = base_outcome(g->ib[s] + 1, g->jf[s] + 1, i, j);
                if (o > 0) { h->win[s] += m; h->pwin[s] += pm; }
                if (o < 0) { h->loss[s] += m; h->ploss[s] += pm; }
                if (!h->foul[s] && o > best) best = o;
            }
            if (best > 0) h->fu_win += m - pm;
            if (best < 0) h->fu_loss += push_all ? m - pm : m;
        }
}

/* The distinct settings of seven sorted cards, and which one the house way picks. */
static void st_settings(const engine_t *e, const int *c, st_hand_t *h) {
    memset(h, 0, sizeof *h);
    for (int s = 0; s < NUM_SPLITS; s++) {
        int back[5];
        for (int i = 0; i < 5; i++) back[i] = c[SPLIT_BACK[s][i]];
        int bk = eval5(e, back), fk = front_key_of(e, c[SPLIT_FRONT[s][0]], c[SPLIT_FRONT[s][1]]);
        int seen = 0;
        for (int t = 0; t < h->n && !seen; t++)
            seen = h->back_key[t] == bk && h->front_key[t] == fk;
        if (seen) continue;
        h->front[h->n][0] = c[SPLIT_FRONT[s][0]];
        h->front[h->n][1] = c[SPLIT_FRONT[s][1]];
        h->back_key[h->n] = bk;
        h->front_key[h->n] = fk;
        h->foul[h->n] = is_foul(fk, bk);
        h->n++;
    }
    for (int s = 0; s < h->n; s++)
        for (int t = 0; t < h->n; t++)
            if (t != s && !h->foul[t] && h->back_key[t] >= h->back_key[s] &&
                h->front_key[t] >= h->front_key[s])
                h->dominated[s] = 1;   /* t differs from s, so one key is higher */
    hand_info_t info;
    classify7(e, c, &info);
    h->house = -1;
    h->row = info.set.row;
    h->best_key = info.best_key;
    if (info.set.row != 0)
        for (int s = 0; s < h->n; s++)
            if (h->back_key[s] == info.set.back_key && h->front_key[s] == info.set.front_key)
                h->house = s;
}

/* The player's distinct back keys (or front keys), ascending, and the cell of a banker
 * key among them: how many of them are <= the key (0..n). Whether a player key beats the
 * banker's depends only on that cell, so the banker hands are counted by cell pair. */
typedef struct { int n, key[ST_MAX]; } st_cuts_t;

static void st_cuts(const int *keys, int n, st_cuts_t *c) {
    c->n = 0;
    for (int i = 0; i < n; i++) {
        int j = c->n, dup = 0;
        for (int t = 0; t < c->n; t++) dup |= c->key[t] == keys[i];
        if (dup) continue;
        while (j > 0 && c->key[j - 1] > keys[i]) { c->key[j] = c->key[j - 1]; j--; }
        c->key[j] = keys[i];
        c->n++;
    }
}

static inline int st_cell(const st_cuts_t *c, int key) {
    int r = 0;
    for (int i = 0; i < c->n; i++) r += c->key[i] <= key;
    return r;
}

/* Every banker hand of deck (n sorted cards) without the player's seven sorted cards,
 * set by the house way, against each of the player's settings: h->total, win, loss; and
 * pwin, ploss against the banker hands that meet a push condition: pback[back_index]
 * & pfront[front key] nonzero (SettlementRule.push_marks; pback NULL: none); and
 * Face Up's counts (st_settle; push_all: SettlementRule.pushes_losses). */
static void st_count_direct(const engine_t *e, const int *deck, int n, const int *player,
                            int nthreads, const uint8_t *pback, const uint8_t *pfront,
                            int push_all, st_hand_t *h) {
    int rest[ST_MAXN], nr = 0;
    for (int i = 0; i < n; i++) {
        int in = 0;
        for (int j = 0; j < 7; j++) in |= player[j] == deck[i];
        if (!in) rest[nr++] = deck[i];
    }
    st_cuts_t cb, cf;
    st_cuts(h->back_key, h->n, &cb);
    st_cuts(h->front_key, h->n, &cf);
    const int nfc = cf.n + 1, nc = (ST_MAX + 1) * (ST_MAX + 1);
    int64_t cells[2 * (ST_MAX + 1) * (ST_MAX + 1)] = {0};   /* all, then the marked */
    #pragma omp parallel num_threads(nthreads)
    {
        int64_t t_cells[2 * (ST_MAX + 1) * (ST_MAX + 1)] = {0};
        /* the highest card of the banker hand picks the slice of work */
        #pragma omp for schedule(dynamic, 1)
        for (int top = nr - 1; top >= 6; top--) {
            int b[7], idx[7];
            /* the other six: every 6-subset of rest[0..top-1], colex order */
            for (int i = 0; i < 6; i++) idx[i] = i;
            b[6] = rest[top];
            for (;;) {
                for (int i = 0; i < 6; i++) b[i] = rest[idx[i]];
                int bk, fk;
                engine_hand_keys(e, b, &bk, &fk);
                int cell = st_cell(&cb, bk) * nfc + st_cell(&cf, fk);
                t_cells[cell]++;
                if (pback && (pback[back_index(e, bk)] & pfront[fk])) t_cells[nc + cell]++;
                int i = 0;                 /* next 6-subset: bump the lowest movable */
                while (i < 6 && idx[i] + 1 == (i < 5 ? idx[i + 1] : top)) i++;
                if (i == 6) break;
                idx[i]++;
                for (int j = 0; j < i; j++) idx[j] = j;
            }
        }
        #pragma omp critical
        for (int i = 0; i < (cb.n + 1) * nfc; i++) {
            cells[i] += t_cells[i];
            cells[nc + i] += t_cells[nc + i];
        }
    }
    /* a player key cuts[t] beats a banker key of cell c (#cuts <= key) when c <= t */
    st_cells_t g;                      /* 34 kB: well within a thread's stack */
    g.nb = cb.n + 1;
    g.nf = nfc;
    for (int i = 0; i < g.nb * g.nf; i++) { g.n[i] = cells[i]; g.pn[i] = cells[nc + i]; }
    int cand[ST_MAX];
    for (int s = 0; s < h->n; s++) {
        cand[s] = s;
        for (g.ib[s] = 0; cb.key[g.ib[s]] != h->back_key[s]; g.ib[s]++) {}
        for (g.jf[s] = 0; cf.key[g.jf[s]] != h->front_key[s]; g.jf[s]++) {}
    }
    st_settle(&g, cand, h->n, push_all, h);
}

#endif
