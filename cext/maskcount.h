/* Hands counted by mask (category masks, best-for-bet masks): a small open-addressing
 * hash table, since only some hundreds of the 2^22 masks ever occur. */
#ifndef PAIGOW_MASKCOUNT_H
#define PAIGOW_MASKCOUNT_H

#include <stdint.h>
#include <stdlib.h>

#define MC_EMPTY 0xFFFFFFFFu
#define MC_INITIAL 1024          /* slots; a power of two, doubled at half full */

typedef struct {
    uint32_t *mask;              /* MC_EMPTY: a free slot */
    uint64_t *count;
    uint32_t cap, used;
    int failed;                  /* a growth found no memory: the counts are incomplete */
} maskcount_t;

static inline int mc_init(maskcount_t *t, uint32_t cap) {
    t->mask = (uint32_t *)malloc(sizeof(uint32_t) * cap);
    t->count = (uint64_t *)calloc(cap, sizeof(uint64_t));
    t->cap = cap; t->used = 0; t->failed = 0;
    if (!t->mask || !t->count) {
        free(t->mask); free(t->count);
        t->mask = NULL; t->count = NULL; t->cap = 0;
        return -1;
    }
    for (uint32_t i = 0; i < cap; i++) t->mask[i] = MC_EMPTY;
    return 0;
}

static inline void mc_free(maskcount_t *t) {
    free(t->mask); free(t->count);
    t->mask = NULL; t->count = NULL; t->cap = t->used = 0;
}

static inline uint32_t mc_slot(const maskcount_t *t, uint32_t mask) {
    uint32_t i = (mask * 0x9E3779B1u) & (t->cap - 1);
    while (t->mask[i] != MC_EMPTY && t->mask[i] != mask) i = (i + 1) & (t->cap - 1);
    return i;
}

static inline void mc_add(maskcount_t *t, uint32_t mask, uint64_t n);

static inline void mc_grow(maskcount_t *t) {
    maskcount_t bigger;
    if (mc_init(&bigger, t->cap * 2) < 0) { t->failed = 1; return; }
    for (uint32_t i = 0; i < t->cap; i++)
        if (t->mask[i] != MC_EMPTY) mc_add(&bigger, t->mask[i], t->count[i]);
    bigger.failed = t->failed;
    mc_free(t);
    *t = bigger;
}

/* Adds n hands to a mask's count. */
static inline void mc_add(maskcount_t *t, uint32_t mask, uint64_t n) {
    uint32_t i = mc_slot(t, mask);
    if (t->mask[i] == MC_EMPTY) {
        if (t->failed) return;
        if (2 * (t->used + 1) > t->cap) {
            mc_grow(t);
            if (t->failed) return;
            i = mc_slot(t, mask);
        }
        t->mask[i] = mask;
        t->used++;
    }
    t->count[i] += n;
}

/* Adds every count of src into dst. */
static inline void mc_merge(maskcount_t *dst, const maskcount_t *src) {
    dst->failed |= src->failed;
    for (uint32_t i = 0; i < src->cap; i++)
        if (src->mask[i] != MC_EMPTY) mc_add(dst, src->mask[i], src->count[i]);
}

#endif
