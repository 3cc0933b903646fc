/* Checkpoint rows for the |S| = 4 sparse lists (issue 40; strategy_tables.h): the plain
 * job (no push marks, no Face Up) needs of each list only about 28 corners a hand (its
 * candidates', the last row's and the last column's), not the whole grid of cells. A
 * list of len entries (by back index) keeps, after every SJ_CK-th entry and after the
 * last, the row of its hands so far by front: row m (1..R, R = ceil(len / SJ_CK)),
 * column y the hands of entries [0, min(m SJ_CK, len)) with a front below y (y = PW_NF:
 * all); and, before the rows, the back of each block's first entry (R of them). A
 * corner, the hands of entries [0, e) with front below y, is then the nearer row, before
 * or after e, plus or minus at most SJ_CK / 2 entries; the cut e at a back is found
 * through the blocks' first backs and a binary search of one block. The rows are 16-bit: a list
 * holds the hands containing four cards, C(n - 4, 3) <= 18,424. */
#ifndef PAIGOW_STRATEGY_CK_H
#define PAIGOW_STRATEGY_CK_H

#include "strategy_build.h"

#define SJ_CK 32                   /* entries between checkpoint rows */

/* The rows of list r into J->ck[r]; -1 if out of memory or a count above 16 bits. */
static int sj_ck_build(sj_t *J, int r) {
    const sj_entry_t *en = J->sp[r];
    const int len = J->splen[r], nrow = (len + SJ_CK - 1) / SJ_CK;
    uint16_t *ck = (uint16_t *)malloc(sizeof(uint16_t) * (SJ_NF + 1) * (size_t)(nrow ? nrow : 1));
    if (!ck) return -1;
    for (int m = 0; m < nrow; m++) ck[m] = en[m * SJ_CK].b;     /* the blocks' first backs */
    uint32_t cnt[PW_NF] = {0};
    for (int m = 1; m <= nrow; m++) {
        const int hi = m * SJ_CK < len ? m * SJ_CK : len;
        for (int t = (m - 1) * SJ_CK; t < hi; t++) cnt[en[t].f] += en[t].n;
        uint16_t *row = ck + nrow + (size_t)(m - 1) * SJ_NF;
        uint32_t acc = 0;
        for (int y = 0; y < SJ_NF; y++) {
            if (acc > 65535) { free(ck); return -1; }
            row[y] = (uint16_t)acc;                          /* fronts below y */
            if (y < PW_NF) acc += cnt[y];
        }
    }
    J->ck[r] = ck;
    return 0;
}

/* The rows of every built |S| = 4 list (after sj_build). On failure the job is freed. */
static int sj_ck_build_all(sj_t *J) {
    const int lo = J->start[4], hi = lo + J->nlevel[4];
    int fail = 0;
    uint64_t bytes = 0;
    #pragma omp parallel for num_threads(J->x.nthreads) schedule(dynamic, 64) reduction(|:fail) reduction(+:bytes)
    for (int r = lo; r < hi; r++) {
        if (!J->sp[r]) continue;
        fail |= sj_ck_build(J, r);
        bytes += 2ull * (SJ_NF + 1) * (uint64_t)((J->splen[r] + SJ_CK - 1) / SJ_CK);
    }
    J->table_bytes += bytes;
    if (fail) { sj_free(J); return -1; }
    return 0;
}

/* The hands of entries [0, e) of list r with a front below y (y = PW_NF: any front):
 * the nearer row, before e or after it, plus or minus the entries between. */
static inline int32_t sj_ck_corner(const sj_t *J, int r, int e, int y) {
    const sj_entry_t *en = J->sp[r];
    const int len = J->splen[r], nrow = (len + SJ_CK - 1) / SJ_CK;
    const uint16_t *rows = J->ck[r] + nrow;         /* row m at rows + (m - 1) SJ_NF */
    if (e == len) return nrow ? rows[(size_t)(nrow - 1) * SJ_NF + y] : 0;
    const int m = e / SJ_CK;                        /* e < len: row m + 1 exists */
    if (e - m * SJ_CK > SJ_CK / 2) {
        const int hi = (m + 1) * SJ_CK < len ? (m + 1) * SJ_CK : len;
        int32_t v = rows[(size_t)m * SJ_NF + y];
        for (int t = e; t < hi; t++) v -= en[t].f < y ? en[t].n : 0;
        return v;
    }
    int32_t v = m ? rows[(size_t)(m - 1) * SJ_NF + y] : 0;
    for (int t = m * SJ_CK; t < e; t++) v += en[t].f < y ? en[t].n : 0;
    return v;
}

/* The first entry of list r with back >= b; *blk the last block whose first back is
 * below b, searched from *blk on (cuts asked in ascending order of b; start at 0). */
static inline int sj_ck_cut(const sj_t *J, int r, int *blk, int b) {
    const sj_entry_t *en = J->sp[r];
    const int len = J->splen[r], nrow = (len + SJ_CK - 1) / SJ_CK;
    const uint16_t *first = J->ck[r];
    int q = *blk;
    if (!nrow || first[q] >= b) return 0;     /* only at q = 0: every entry's back >= b */
    while (q + 1 < nrow && first[q + 1] < b) q++;
    *blk = q;
    const int hi = (q + 1) * SJ_CK < len ? (q + 1) * SJ_CK : len;
    const sj_entry_t *at = en + q * SJ_CK;         /* en[q SJ_CK].b < b: a binary search */
    for (int left = hi - q * SJ_CK; left > 1;) {
        const int half = left >> 1;
        at = at[half].b < b ? at + half : at;
        left -= half;
    }
    return (int)(at - en) + 1;
}

#endif
