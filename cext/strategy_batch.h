/* The strategy job in batches (issue 40, docs/STRATEGY.md "The batched sweep" and
 * "Groups"; a job with push conditions or Face Up too since issue 50, its corners and
 * counts those of strategy_cells.h, "Cells in groups"): a plain hand needs of each card set's
 * table only the corners its wins and losses read (each candidate's, the last row's, the
 * last column's), which depend only on its axes, and the tables of its subsets of at
 * most five cards are random places in about 0.4 GB. So a thread takes a block of units
 * and, for a batch of their hands:
 *   1. each hand: its settings, its axes (sj_axes), the terms counted by cells (the
 *      |S| = 6, 7 keys: sj_cell_term) summed into its corners; its group (the hands of
 *      the batch with the same axes: the same candidates' keys, so the same corners;
 *      the hands of one rank pattern without a flush, which the units' order,
 *      sj_unit_order, brings together) and subgroup (its unit's hands in its group);
 *      and a request (orbit, group, target) for each subset of at most five cards, the
 *      subsets of the unit's six cards once a subgroup, into the subgroup's corners;
 *   2. the requests put in order of orbit (a counting sort), each orbit's table read
 *      once for each group that asks it (a |S| <= 4 table at the group's corners, a
 *      |S| = 5 list scanned into the group's cells: sj_batch_read), the corners added
 *      into each target that asked;
 *   3. each hand's corners and its subgroup's, its wins and losses from them, then the
 *      sums (sj_tally).
 * Every hand gets the values of its own reads one at a time: the sums are the same
 * integers. strategy_run.h runs a range of units through them. */
#ifndef PAIGOW_STRATEGY_BATCH_H
#define PAIGOW_STRATEGY_BATCH_H

#include <stddef.h>
#include "strategy_cells.h"

#define SJ_BATCH 4096              /* hands whose tables are read together, at most */
/* a hand's corners (the plain job's axes have no push marks: mb, mf <= nc <= 21, so
 * mf + 1 + mb + nc <= 64): slot j row mb, column j, j <= mf; slot mf + 1 + i row i,
 * column mf, i < mb; slot mf + 1 + mb + q candidate q's. Counts below 2^32, summed
 * modulo 2^32: exact. */
#define SJ_NSLOT 64
typedef uint32_t sj_slots_t[SJ_NSLOT];
#define SJ_AHEAD 8                 /* requests between a target's prefetch and its adds */
#define SJ_HOT (int)(48 * sizeof(uint32_t))    /* what a target's adds mostly touch */

/* A request: orbit r (|S| = k), group g, and where its corners go, corner[t]: t a hand
 * (below the batch's cap) or cap plus a subgroup (the hands of one unit in one group,
 * which share the subsets of the unit's six cards). 8 bytes: r, g < 2^20, t < 2^21. */
typedef struct { uint64_t k : 3, t : 21, g : 20, r : 20; } sj_req_t;

typedef struct {
    sj_bh_t *hand;                 /* [cap] */
    sj_slots_t *corner;            /* [2 cap]: the hands' corners, then the subgroups' */
    sj_slots_t *val;               /* [cap]: the corners of one orbit, by group asking */
    sj_req_t *req, *sorted;        /* [cap * 120]: the subsets of at most five cards */
    int32_t *start;                /* [orbits of at most five cards + 1] */
    int32_t *first;                /* [cap]: each group's first hand */
    int32_t *slots;                /* [hmask + 1]: a hash of the groups (group + 1, or 0) */
    uint64_t *gkey;                /* [cap]: each group's hash */
    uint8_t *cellf;                /* [cap][PW_NF]: each group's cell of each front */
    int16_t *gns;                  /* [cap]: each group's corners (slots) */
    uint32_t *seen, *vid, run;     /* [cap]: the orbit run (1, 2, ... in a batch) that
                                      read a group's corners, and where (val) */
    sj_plans_t plans;              /* a job counted by cells: its groups' corners */
    /* the batch's rank patterns without a flush (sj_batch_add): by rank-multiset index m,
     * the first hand phand[m] when pstamp[m] is the epoch; by that hand, its ranks (prk,
     * 4 bits a card) and its |S| = 6, 7 terms' corners by ranks (at pcor + poff) */
    uint32_t *pstamp, epoch, *prk, *pcor;   /* [MEMO_SIZE], [cap], [cap x gns at most] */
    int32_t *phand, *poff;                  /* [MEMO_SIZE], [cap] */
    size_t npcor;
    int cap, nh, nreq, ng, nsub, unit0, hmask, w;   /* w: sj_slots_t a hand (SJ_FW) */
    int rg;                        /* the range of the units being added (sj_run) */
} sj_batch_t;

/* The corners of hand (or cap plus subgroup) t. */
static inline uint32_t *sj_corner(const sj_batch_t *b, size_t t) {
    return b->corner[t * (size_t)b->w];
}

static void sj_batch_free(sj_batch_t *b) {
    free(b->hand); free(b->corner); free(b->val); free(b->req); free(b->sorted);
    free(b->start); free(b->first); free(b->slots); free(b->gkey); free(b->cellf);
    free(b->gns); free(b->seen); free(b->vid);
    free(b->pstamp); free(b->prk); free(b->phand); free(b->poff); free(b->pcor);
    sj_plans_free(&b->plans);
    memset(b, 0, sizeof *b);
}

/* An empty batch (its hands, requests, groups and subgroups dropped). */
static void sj_batch_reset(sj_batch_t *b) {
    memset(b->seen, 0, sizeof(uint32_t) * (size_t)b->ng);    /* the stamps start again */
    b->run = 0;
    b->nh = b->nreq = b->ng = b->nsub = b->unit0 = 0;
    b->plans.n = 0;
    memset(b->slots, 0, sizeof(int32_t) * ((size_t)b->hmask + 1));
    if (!++b->epoch) memset(b->pstamp, 0, sizeof(uint32_t) * MEMO_SIZE), b->epoch = 1;
    b->npcor = 0;                               /* the patterns start again */
}

/* A batch of at most cap hands (at least a unit's: the deck's size). */
static int sj_batch_init(const sj_t *J, sj_batch_t *b, int cap) {
    memset(b, 0, sizeof *b);
    b->cap = cap < J->x.n ? J->x.n : cap;
    b->w = J->full ? SJ_FW : 1;
    if (b->cap >= 1 << 20 || J->start[5] + J->nlevel[5] >= 1 << 20) return -1;
    if (J->full && sj_plans_init(&b->plans, b->cap)) return -1;
    b->hand = (sj_bh_t *)malloc(sizeof(sj_bh_t) * (size_t)b->cap);
    b->corner = (sj_slots_t *)aligned_alloc(64, sizeof(sj_slots_t) * 2 * (size_t)b->cap * (size_t)b->w);
    b->val = (sj_slots_t *)malloc(sizeof(sj_slots_t) * (size_t)b->cap * (size_t)b->w);
    b->gns = (int16_t *)malloc(sizeof(int16_t) * (size_t)b->cap);
    b->seen = (uint32_t *)calloc((size_t)b->cap, sizeof(uint32_t));
    b->vid = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)b->cap);
    b->req = (sj_req_t *)malloc(sizeof(sj_req_t) * (size_t)b->cap * 120);
    b->sorted = (sj_req_t *)malloc(sizeof(sj_req_t) * (size_t)b->cap * 120);
    b->start = (int32_t *)malloc(sizeof(int32_t) * ((size_t)J->start[5] + J->nlevel[5] + 1));
    b->hmask = 1;
    while (b->hmask < 2 * b->cap) b->hmask <<= 1;
    b->hmask--;
    b->first = (int32_t *)malloc(sizeof(int32_t) * (size_t)b->cap);
    b->slots = (int32_t *)calloc((size_t)b->hmask + 1, sizeof(int32_t));
    b->gkey = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)b->cap);
    b->cellf = (uint8_t *)malloc((size_t)PW_NF * (size_t)b->cap);
    b->pstamp = (uint32_t *)calloc(MEMO_SIZE, sizeof(uint32_t));
    b->epoch = 1;
    b->phand = (int32_t *)malloc(sizeof(int32_t) * MEMO_SIZE);
    b->prk = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)b->cap);
    b->poff = (int32_t *)malloc(sizeof(int32_t) * (size_t)b->cap);
    b->pcor = (uint32_t *)malloc(sizeof(sj_slots_t) * (size_t)b->cap * (size_t)b->w);
    if (b->hand && b->corner && b->val && b->gns && b->seen && b->vid && b->req && b->sorted &&
        b->start && b->first && b->slots && b->gkey && b->cellf && b->pstamp && b->phand &&
        b->prk && b->poff && b->pcor) return 0;
    sj_batch_free(b);
    return -1;
}

/* The group of the batch's hand H (its axes set; cellf: the cell of each front): an
 * earlier hand's with the same axes, else a new one (a job counted by cells: its plan,
 * gns -1 when it goes hand by hand). */
static int sj_batch_group(const sj_t *J, sj_batch_t *b, sj_bh_t *H, const uint8_t *cellf) {
    uint64_t g = 1469598103934665603ull;               /* FNV-1a over the axes */
#define SJ_MIX(v) g = (g ^ (uint64_t)(v)) * 1099511628211ull
    SJ_MIX(H->mb); SJ_MIX(H->mf); SJ_MIX(H->nc);
    for (int i = 0; i < H->mb; i++) SJ_MIX(H->ub[i]);
    for (int j = 0; j <= H->mf; j++) SJ_MIX(H->cy[j]);
    for (int q = 0; q < H->nc; q++) SJ_MIX((uint32_t)H->db[q] << 8 | H->df[q]);
#undef SJ_MIX
    for (uint32_t at = (uint32_t)(g ^ g >> 29) & (uint32_t)b->hmask;; at = (at + 1) & (uint32_t)b->hmask) {
        const int32_t e = b->slots[at];
        if (!e) {
            b->slots[at] = b->ng + 1;
            b->gkey[b->ng] = g;
            b->first[b->ng] = (int32_t)(H - b->hand);
            b->gns[b->ng] = (int16_t)(J->full ? sj_fplan(J, H, &b->plans, b->ng)
                                              : H->mf + 1 + H->mb + H->nc);
            memcpy(b->cellf + (size_t)b->ng * PW_NF, cellf, PW_NF);
            return b->ng++;
        }
        if (b->gkey[e - 1] == g && sj_same_axes(&b->hand[b->first[e - 1]], H)) return e - 1;
    }
}

/* The cells grid[(mb + 1) x (mf + 1)] of the axes of H summed into corners (in place),
 * and the corners H reads into out (sj_slots_t). */
static void sj_grid_corners(int64_t *grid, const sj_bh_t *H, uint32_t *out) {
    const int mb = H->mb, mf = H->mf, gw = mf + 1;
    sj_grid_cum(grid, H);
    for (int j = 0; j <= mf; j++) out[j] = (uint32_t)grid[mb * gw + j];
    for (int i = 0; i < mb; i++) out[mf + 1 + i] = (uint32_t)grid[i * gw + mf];
    for (int q = 0; q < H->nc; q++) out[mf + 1 + mb + q] = (uint32_t)grid[H->ib[q] * gw + H->jf[q]];
}

/* The corners of the cells grid (summed in place) that the batch's group grp reads, into
 * out: the plain job's (sj_grid_corners) or a job counted by cells' (sj_fpick). */
static void sj_batch_corners(const sj_t *J, const sj_batch_t *b, int64_t *grid,
                             const sj_bh_t *H, int grp, uint32_t *out) {
    if (J->full)
        sj_fpick(grid, H, b->plans.slot + (size_t)grp * SJ_FSLOT, b->gns[grp], out);
    else
        sj_grid_corners(grid, H, out);
}

/* Step 1 for the hand of deck positions p, weight w: 1 when the house way sets no row
 * (the hand is bad), 2 when it is to be counted hand by hand (sj_hand: its group's
 * corners do not fit), else 0 or an error. A hand that makes no flush takes its
 * settings, axes and group from the batch's first hand of its ranks when there is one
 * (with no flush possible every key of a setting, and the house way's row and setting,
 * depend on the ranks alone: the engine's memo), its front cards those at the same
 * places; and its |S| = 6, 7 terms are its ranks' (sj_rank67, counted once a pattern
 * and batch) plus its flushes' differences (sj_flush67). */
static int sj_batch_add(const sj_t *J, const int *p, int w, const sj_unit_t *u,
                        sj_batch_t *b, uint8_t *cellb) {
    const pw_ctx_t *x = &J->x;
    sj_bh_t *H = &b->hand[b->nh];
    int c[7];
    uint32_t m7 = 0, s7 = 0, rk = 0;
    for (int i = 0; i < 7; i++) {
        c[i] = x->deck[p[i]]; H->p[i] = p[i];
        m7 += x->mterm[i][p[i]]; s7 += x->sbit[p[i]];
        rk = rk << 4 | (c[i] == JOKER ? 15u : (uint32_t)RANK(c[i]));
    }
    const int plain = !((s7 + PW_FLUSH_ADD) & 0x80808080u);     /* no flush possible */
    int tpl = -1;                              /* the batch's first hand of its ranks */
    if (plain && b->pstamp[m7] == b->epoch && b->prk[b->phand[m7]] == rk) tpl = b->phand[m7];
    sj_axes_t A;
    int grp;
    if (tpl >= 0) {
        sj_bh_like(x, &b->hand[tpl], H, c, w);
        grp = H->grp;
    } else {
        st_settings(x->e, c, &H->h);
        if (H->h.house < 0) return 1;
        const int nc = sj_candidates(&H->h, H->cand);
        int ib[ST_MAX], jf[ST_MAX];
        sj_axes(J, &H->h, H->cand, nc, cellb, &A, ib, jf);
        const int mb = A.mb, mf = A.mf;
        if (!J->full && mf + 1 + mb + nc > SJ_NSLOT) return -1;    /* no push marks */
        H->w = w; H->nc = (int16_t)nc; H->mb = (int16_t)mb; H->mf = (int16_t)mf;
        for (int q = 0; q < nc; q++) {
            H->db[q] = (uint16_t)A.db[q]; H->df[q] = (uint8_t)A.df[q];
            H->ib[q] = (uint8_t)ib[H->cand[q]]; H->jf[q] = (uint8_t)jf[H->cand[q]];
        }
        for (int i = 0; i < mb; i++) H->ub[i] = (uint16_t)A.ub[i];
        for (int j = 0; j <= mf; j++) H->cy[j] = (uint8_t)A.cy[j];
        grp = H->grp = sj_batch_group(J, b, H, A.cellf);
    }
    if (b->gns[grp] < 0) return 2;
    H->rg = b->rg;
    const int hand = b->nh, ns = b->gns[grp];
    const int mb = H->mb, mf = H->mf, gw = mf + 1, ncell = (mb + 1) * gw;
    const uint8_t *cellf = b->cellf + (size_t)grp * PW_NF;
    int64_t grid[ST_CELLS];
    if (plain && tpl < 0) {         /* a new pattern: its ranks' |S| = 6, 7 corners */
        memset(grid, 0, sizeof(int64_t) * (size_t)ncell);
        sj_rank67(x, p, cellb, cellf, gw, grid);
        b->pstamp[m7] = b->epoch;
        b->phand[m7] = hand;
        b->prk[hand] = rk;
        b->poff[hand] = (int32_t)b->npcor;
        sj_batch_corners(J, b, grid, H, grp, b->pcor + b->npcor);
        b->npcor += (size_t)ns;
        tpl = hand;
    }
    int fresh = 1;                /* the first hand of its unit in its group */
    for (int i = b->unit0; i < b->nh && fresh; i++)
        if (b->hand[i].grp == grp) { H->sub = b->hand[i].sub; fresh = 0; }
    if (fresh) {
        H->sub = b->nsub++;
        memset(sj_corner(b, (size_t)b->cap + H->sub), 0, sizeof(uint32_t) * (size_t)ns);
    }
    int32_t (*sp4)[ST_CELLS] = NULL;            /* the lists are read in step 2 */
    if (!plain) memset(grid, 0, sizeof(int64_t) * (size_t)ncell);
    /* the orbits of the subsets of at most five cards: the six's, the unit's; those with
     * the seventh card from the six's part's orbit and the seventh's place (sj_ext), or
     * on a deck not closed under the suit permutations by the hash, its slots fetched
     * for all of them first */
    int32_t rep[128];
    uint64_t sig[128];
    const int c7 = c[6], x7 = c7 == JOKER ? 52 : RANK(c7), suit7 = c7 == JOKER ? 0 : SUIT(c7);
    for (int mask = 64; mask < 128; mask++) {
        if (SJ_BITS7[mask] > 5) continue;
        const int t = mask & 63;
        if (J->ext) {
            rep[mask] = J->ext[(size_t)u->r[t] * 53 + (size_t)(x7 == 52 ? 52 : u->place[t][suit7] * 13 + x7)];
            continue;
        }
        int sc[7], k = 0;
        for (int i = 0; i < 7; i++) if (mask >> i & 1) sc[k++] = c[i];
        sig[mask] = sj_signature(J, sc, k);
        __builtin_prefetch(&J->hslot[sj_hash(sig[mask]) & J->hmask]);
    }
    for (int mask = 0; mask < 128; mask++) {
        const int k = SJ_BITS7[mask];
        if (k > 5 || mask < 64) rep[mask] = k > 5 ? 0 : u->r[mask];
        else if (!J->ext) rep[mask] = sj_lookup(J, sig[mask]);
    }
    int nreq = b->nreq;
    for (int mask = 0; mask < 128; mask++) {
        const int k = SJ_BITS7[mask];
        const int32_t r = rep[mask];
        if (k >= 6) {                            /* only these need the positions */
            if (plain) continue;                 /* the pattern's, below */
            int s[7], n = 0;
            for (int i = 0; i < 7; i++) if (mask >> i & 1) s[n++] = p[i];
            int rc = sj_cell_term(J, p, u, mask, s, r, k, &A, cellb, grid, sp4);
            if (rc) return rc;
            continue;
        }
        if (r < 0) return -1;
        if (mask < 64 && !fresh) continue;       /* the unit's six: its subgroup's */
        sj_req_t *e = &b->req[nreq++];           /* a table not built: step 2 says so */
        e->r = (uint32_t)r;
        e->g = (uint32_t)grp;
        e->t = (uint32_t)(mask < 64 ? b->cap + H->sub : hand);
        e->k = (uint32_t)k;
    }
    uint32_t *out = sj_corner(b, (size_t)hand);
    if (plain) {                    /* the pattern's corners, and the flushes' differences */
        memcpy(out, b->pcor + b->poff[tpl], sizeof(uint32_t) * (size_t)ns);
        if ((s7 + 0x7C7C7C7Cu) & 0x80808080u) {        /* a suit one short of a flush */
            if (tpl != hand) sj_fill_cellb(J, H, cellb);
            memset(grid, 0, sizeof(int64_t) * (size_t)ncell);
            if (sj_flush67(x, p, s7, cellb, cellf, gw, grid)) {
                uint32_t extra[SJ_FSLOT];
                sj_batch_corners(J, b, grid, H, grp, extra);
                for (int i = 0; i < ns; i++) out[i] += extra[i];
            }
        }
    } else
        sj_batch_corners(J, b, grid, H, grp, out);
    b->nreq = nreq;
    b->nh++;
    return 0;
}

/* Step 2 for one orbit and group: the corners that the axes of the group's hand H read
 * from the table of orbit r (|S| = k), times (-1)^k, into v (H's slot layout);
 * SJ_UNBUILT when the job did not build that table (sj_need). */
static int sj_batch_read(const sj_t *J, int32_t r, int k, const sj_bh_t *H,
                         const uint8_t *cellf, uint32_t *v) {
    if (k <= 3 ? !J->pt[r] : !J->sp[r]) return SJ_UNBUILT;
    const int mb = H->mb, mf = H->mf, nc = H->nc;
    const uint32_t sg = (k & 1) ? ~0u : 1;           /* -1 or 1 modulo 2^32 */
    uint32_t *row = v, *col = v + mf + 1, *cnr = col + mb;
    if (k == 5) {            /* the list into the cells, then their sums at the corners */
        int64_t g[ST_CELLS];
        sj_list_cells(J, r, H, cellf, g);
        sj_grid_corners(g, H, v);
        return 0;
    }
    if (k <= 3) {                 /* F from the prefix table (strategy_prefix.h) */
        const sj_ptab_t *T = J->pt[r];
        for (int j = 0; j <= mf; j++) row[j] = sg * T->last[H->cy[j]];
        for (int i = 0; i < mb; i++) col[i] = sg * T->tot[sj_pt_row(T, H->ub[i])];
        for (int q = 0; q < nc; q++) cnr[q] = sg * sj_pt_get(T, H->db[q], H->df[q]);
        return 0;
    }
    const int len = J->splen[r];                    /* |S| = 4: checkpoint rows */
    int ec[ST_MAXCUT], blk = 0;                     /* entries of back below ub[i] */
    for (int i = 0; i < mb; i++) ec[i] = sj_ck_cut(J, r, &blk, H->ub[i]);
    for (int j = 0; j <= mf; j++) row[j] = sg * (uint32_t)sj_ck_corner(J, r, len, H->cy[j]);
    for (int i = 0; i < mb; i++) col[i] = sg * (uint32_t)sj_ck_corner(J, r, ec[i], PW_NF);
    for (int q = 0; q < nc; q++) cnr[q] = sg * (uint32_t)sj_ck_corner(J, r, ec[H->ib[q]], H->df[q]);
    return 0;
}

/* Steps 2 and 3: the batch's requests by orbit, then its hands into the sums of their
 * ranges (acc[rg]); 0 or SJ_UNBUILT. */
static int sj_batch_run(const sj_t *J, sj_batch_t *b, sj_acc_t *acc) {
    const int nr = J->start[5] + J->nlevel[5];
    int32_t *st = b->start;
    memset(st, 0, sizeof(int32_t) * ((size_t)nr + 1));           /* by orbit */
    for (int q = 0; q < b->nreq; q++) st[b->req[q].r + 1]++;
    for (int r = 0; r < nr; r++) st[r + 1] += st[r];
    for (int q = 0; q < b->nreq; q++) b->sorted[st[b->req[q].r]++] = b->req[q];
    uint32_t nv = 0;
    for (int q = 0; q < b->nreq; q++) {
        if (q + SJ_AHEAD < b->nreq) {     /* a later request's target, fetched meanwhile */
            const char *h = (const char *)sj_corner(b, b->sorted[q + SJ_AHEAD].t);
            for (int l = 0; l < SJ_HOT; l += 64) __builtin_prefetch(h + l, 1);
        }
        const sj_req_t *e = &b->sorted[q];
        if (!q || e->r != e[-1].r) { b->run++; nv = 0; }          /* the next orbit */
        if (b->seen[e->g] != b->run) {             /* the group's corners, once an orbit */
            b->seen[e->g] = b->run;
            b->vid[e->g] = nv;
            const sj_bh_t *G = &b->hand[b->first[e->g]];
            const uint8_t *cf = b->cellf + (size_t)e->g * PW_NF;
            uint32_t *v = b->val[(size_t)(nv++) * (size_t)b->w];
            if (J->full ? sj_fread(J, (int32_t)e->r, (int)e->k, G, cf, b->plans.slot +
                                   (size_t)e->g * SJ_FSLOT, b->gns[e->g], v)
                        : sj_batch_read(J, (int32_t)e->r, (int)e->k, G, cf, v)) {
                sj_batch_reset(b);
                return SJ_UNBUILT;
            }
        }
        const uint32_t *v = b->val[(size_t)b->vid[e->g] * (size_t)b->w];
        uint32_t *slot = sj_corner(b, e->t);
        for (int i = 0, ns = b->gns[e->g]; i < ns; i++) slot[i] += v[i];
    }
    for (int i = 0; i < b->nh; i++) {
        sj_bh_t *H = &b->hand[i];
        sj_acc_t *a = &acc[H->rg];
        uint32_t *slot = sj_corner(b, (size_t)i);
        const uint32_t *sub = sj_corner(b, (size_t)b->cap + H->sub);
        for (int j = 0, ns = b->gns[H->grp]; j < ns; j++) slot[j] += sub[j];
        if (J->full) {
            sj_fsettle(H, &b->plans, slot, &H->h);
            if (H->h.total != J->nbankers) a->bad += H->w;
            sj_tally(J, H->p, H->w, &H->h, H->cand, H->nc, a);
            continue;
        }
        const uint32_t *row = slot, *col = slot + H->mf + 1, *cnr = col + H->mb;
        const int64_t total = row[H->mf];
        H->h.total = total;
        for (int q = 0; q < H->nc; q++) {
            const int s = H->cand[q];
            H->h.win[s] = cnr[q];                             /* below in both */
            H->h.loss[s] = total - (int64_t)col[H->ib[q]] - row[H->jf[q]] + cnr[q];
        }
        if (total != J->nbankers) a->bad += H->w;
        sj_tally(J, H->p, H->w, &H->h, H->cand, H->nc, a);
    }
    sj_batch_reset(b);
    return 0;
}

#endif
