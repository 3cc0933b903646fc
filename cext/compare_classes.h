/* Two house ways compared over a deck of whole ranks (the full deck among them) by the
 * enumeration's classes (enumerate.h): a hand with no flush possible by its memo entry,
 * one with a flush possible by each_flush_class's classes, each class weighted by its
 * hands. Two settings of a hand differ when their front keys or their back keys differ
 * (or, with a row map, their rows): what a class's hands share (enumerate.h), the play
 * of the hand, not which of two cards of one rank goes in front.
 *
 * A house way that sets a hand by the order of its suits (a file's highest_front =
 * card-by-card) breaks the classes: the caller visits every hand for it instead. */
#ifndef PAIGOW_COMPARE_CLASSES_H
#define PAIGOW_COMPARE_CLASSES_H

#include "enumerate.h"

typedef struct {
    const engine_t *ea, *eb;
    const int *rowmap;             /* NULL: keys only; else row r of eb is rowmap[r] of ea */
    uint64_t hands, differ, by_type[HW_NHAND_TYPES];
    int example[7], has_example;   /* the first class set differently: its hand */
} class_compare_t;

/* The house way sets a hand by the order of its suits. */
static inline int engine_order_dependent(const engine_t *e) {
    return e->house_way == HOUSE_WAY_PROGRAM && e->nrows > 0
           && e->program[HW_HIGHEST_FRONT] == HW_CARD_BY_CARD;
}

/* Two settings of one hand (front key, back key, row by each) differ. */
static inline int settings_differ(const int *rowmap, int fa, int ba, int ra,
                                  int fb, int bb, int rb) {
    return fa != fb || ba != bb || (rowmap != NULL && ra != rowmap[rb]);
}

static inline void class_compare_add(class_compare_t *x, const int *c, int differ,
                                     uint64_t n) {
    x->hands += n;
    if (!differ) return;
    shape_t sh;
    shape_of(c, &sh);
    x->differ += n;
    x->by_type[hw_hand_type(&sh)] += n;
    if (!x->has_example) {
        memcpy(x->example, c, sizeof x->example);
        x->has_example = 1;
    }
}

/* Seven sorted cards set by both house ways (classify7's sets, without the categories
 * the comparison does not read): the 21 splits' keys are computed once when the two
 * engines read five and two cards alike (the same wheel and joker bits), else each its
 * own. */
static inline void set_by_both(const engine_t *ea, const engine_t *eb, const int *c,
                               hand_set_t *p, hand_set_t *q) {
    int bk[NUM_SPLITS], fk[NUM_SPLITS];
    shape_t sh;
    split_keys(ea, c, bk, fk);
    house_way_set(ea, c, bk, fk, &sh, p);
    if (eb->wheel_second != ea->wheel_second || eb->joker_wild != ea->joker_wild)
        split_keys(eb, c, bk, fk);
    house_way_set(eb, c, bk, fk, &sh, q);
}

static void compare_flush_class(const int *c, uint32_t hands, void *ctx) {
    class_compare_t *x = (class_compare_t *)ctx;
    hand_set_t p, q;
    set_by_both(x->ea, x->eb, c, &p, &q);
    class_compare_add(x, c, settings_differ(x->rowmap, p.front_key, p.back_key, p.row,
                                            q.front_key, q.back_key, q.row), hands);
}

/* Part `part` (0 .. FULL_DECK_PARTS - 1) of the comparison, added to x: the flush-
 * possible hands of the flush-suit rank sets = part (mod FULL_DECK_PARTS), and in part
 * 0 the hands with no flush possible (through both engines' memos). */
static inline void compare_classes_part(class_compare_t *x, int part, int rank_mask,
                                        int has_joker) {
    int c[7];
    for (int idx = 0; part == 0 && idx < MEMO_SIZE; idx++) {
        suit_counts_t n;
        if (!no_flush_class(idx, rank_mask, has_joker, c, &n) || n.total == n.flush)
            continue;
        const memo_t *a = &x->ea->memo[idx], *b = &x->eb->memo[idx];
        class_compare_add(x, c, settings_differ(x->rowmap, a->front_key, a->back_key, a->row,
                                                b->front_key, b->back_key, b->row),
                          n.total - n.flush);
    }
    for (int m = part; m < 8192; m += FULL_DECK_PARTS)
        if (!(m & ~rank_mask) && popcount13(m) >= 4)
            each_flush_class(m, rank_mask, has_joker, compare_flush_class, x);
}

#endif
