/* Colex index of a sorted rank multiset: the i-th smallest rank r_i (i = 1..k) adds
 * C(r_i + i - 1, i). Cards sorted ascending have non-decreasing ranks, so the nested
 * enumeration loops build the index one card at a time. Sizes: k=4: 1820, k=5: 6188,
 * k=6: 18564, k=7: 50388. */
#ifndef PAIGOW_MULTISET_H
#define PAIGOW_MULTISET_H

#define MSET4 1820
#define MSET5 6188
#define MSET6 18564
#define MSET7 50388

static int MSET_TERM[8][13]; /* MSET_TERM[i][r] = C(r + i - 1, i) */

static inline void multiset_init(void) {
    for (int i = 1; i < 8; i++)
        for (int r = 0; r < 13; r++) {
            long long n = r + i - 1, c = 1;
            if (n < i) { MSET_TERM[i][r] = 0; continue; }
            for (int j = 1; j <= i; j++) c = c * (n - i + j) / j;
            MSET_TERM[i][r] = (int)c;
        }
}

/* Index of k sorted ranks. */
static inline int multiset_index(const int *ranks, int k) {
    int idx = 0;
    for (int i = 0; i < k; i++) idx += MSET_TERM[i + 1][ranks[i]];
    return idx;
}

/* Inverse: fills ranks[0..k-1] (ascending) of index idx. */
static inline void multiset_unrank(int idx, int k, int *ranks) {
    int hi = 12 + k - 1;
    for (int i = k; i >= 1; i--) {
        /* largest s with C(s, i) <= idx, s = r + i - 1 */
        int s = hi;
        while (s >= i - 1) {
            int r = s - i + 1;
            if (r <= 12 && r >= 0 && MSET_TERM[i][r] <= idx) break;
            s--;
        }
        int r = s - i + 1;
        ranks[i - 1] = r;
        idx -= MSET_TERM[i][r];
        hi = s - 1;
    }
}

#endif
