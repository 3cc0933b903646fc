/* The 21 ways to set seven cards (positions 0..6 of a sorted hand): a two-card front
 * and the five-card back of the other positions, in lexicographic order of the front. */
#ifndef PAIGOW_SPLITS_H
#define PAIGOW_SPLITS_H

#define NUM_SPLITS 21

static int SPLIT_FRONT[NUM_SPLITS][2];
static int SPLIT_BACK[NUM_SPLITS][5];

static inline void splits_init(void) {
    int s = 0;
    for (int i = 0; i < 7; i++)
        for (int j = i + 1; j < 7; j++, s++) {
            SPLIT_FRONT[s][0] = i; SPLIT_FRONT[s][1] = j;
            for (int p = 0, b = 0; p < 7; p++)
                if (p != i && p != j) SPLIT_BACK[s][b++] = p;
        }
}

/* The split whose front is positions i < j (numbered i by i, then j, as above). */
static inline int split_of(int i, int j) { return i * (13 - i) / 2 + (j - i - 1); }

#endif
