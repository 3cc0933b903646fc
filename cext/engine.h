/* The engine: five-card evaluation with the semi-wild joker (its tables: eval_tables.h),
 * the house way, the Outlaw 9 categories, and the memo of every rank multiset for hands
 * where no flush is possible.
 *
 * One engine_t holds the tables for one (wheel option, house way). All functions take
 * cards sorted ascending (the joker, 52, is then always last). */
#ifndef PAIGOW_ENGINE_H
#define PAIGOW_ENGINE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cards.h"
#include "keys.h"
#include "multiset.h"
#include "splits.h"
#include "shape.h"
#include "houseway.h"
#include "eval_tables.h"
#include "builtin_ways.h"
#include "tally.h"

#define MEMO_JOKER_OFFSET MSET7
#define MEMO_SIZE (MSET7 + MSET6)
/* FRONT_KEYS (every two-card key): vocab.h, from verifier/game/ranking.py */

/* HOUSE_WAY_MIKES, HOUSE_WAY_EMPERORS (compiled in) and HOUSE_WAY_PROGRAM (a house-way
 * file's program, houseway.h): vocab.h, from verifier/houseway/builtin.py */
/* slots of the per-row counts: row 0 (no row: a bug, or a file that leaves a hand
 * uncovered) and rows 1.. (the built-ins' 1-11, a program's row indices) */
#define ROW_SLOTS (HW_MAX_ROWS + 1)

/* categories read from all seven cards under either bonus reading */
#define SEVEN_CARD_ONLY_CATS ((1 << CAT_SEVEN_CARD_STRAIGHT_FLUSH) | (1 << CAT_SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER) | \
    (1 << CAT_NINE_HIGH) | (1 << CAT_TEN_HIGH) | (1 << CAT_ALL_ONE_COLOR) | \
    (1 << CAT_ALL_ONE_COLOR_WITH_JOKER) | (1 << CAT_THREE_PAIRS) | (1 << CAT_JACK_HIGH) | \
    (1 << CAT_QUEEN_HIGH) | (1 << CAT_KING_HIGH) | (1 << CAT_ACE_HIGH))

typedef struct {
    int front[2], back[5];
    int front_key, back_key, row;
} hand_set_t;

typedef struct {
    hand_set_t set;
    int best_key;          /* best five-card key of the seven cards */
    int cats_seven;        /* category mask, seven-card reading */
    int cats_house;        /* category mask, house-way reading */
    int best_for_bet;      /* best-for-bet line mask (BFB_*) */
    int foul;
} hand_info_t;

/* ---------- Outlaw 9 categories ---------- */

static inline int is_seven_in_sequence(int mask7) {
    for (int t = 6; t <= 12; t++) if (mask7 == (0x7F << (t - 6))) return 1;
    return mask7 == (0x103F);   /* A,2,3,4,5,6,7 */
}

static inline int category_of_class(int key, int wild) {
    switch (KEY_CLASS(key)) {
    case FIVE_ACES:      /* wild: five of a kind of any rank, five aces too when of aces */
        if (wild) return 1 << CAT_FIVE_OF_A_KIND | (((key >> 16) & 15) == ACE) << CAT_FIVE_ACES;
        return 1 << CAT_FIVE_ACES;
    case STRAIGHT_FLUSH:
        return (1 << CAT_STRAIGHT_FLUSH) | (IS_ROYAL(key) ? 1 << CAT_ROYAL_FLUSH : 0);
    case FOUR_OF_A_KIND: return 1 << CAT_FOUR_OF_A_KIND;
    case FULL_HOUSE: return 1 << CAT_FULL_HOUSE;
    case FLUSH: return 1 << CAT_FLUSH;
    case STRAIGHT: return 1 << CAT_STRAIGHT;
    case THREE_OF_A_KIND: return 1 << CAT_THREE_OF_A_KIND;
    case TWO_PAIR: return 1 << CAT_TWO_PAIR;
    case ONE_PAIR: return 1 << CAT_ONE_PAIR;
    default: return 0;
    }
}

static inline int natural_suited_kq(int a, int b) {
    return a != JOKER && b != JOKER && SUIT(a) == SUIT(b) && RANK(a) == 10 && RANK(b) == 11;
}

/* Categories that need all seven cards (same under both readings). */
static inline int seven_card_categories(const engine_t *e, const int *c, const shape_t *sh) {
    int joker = c[6] == JOKER, n = joker ? 6 : 7;
    int suit_cnt[4] = {0, 0, 0, 0}, suit_mask[4] = {0, 0, 0, 0}, red = 0, mask = 0;
    for (int i = 0; i < n; i++) {
        suit_cnt[SUIT(c[i])]++;
        suit_mask[SUIT(c[i])] |= 1 << RANK(c[i]);
        red += IS_RED(c[i]);
        mask |= 1 << RANK(c[i]);
    }
    int flush_possible = 0, cats = 0;
    for (int s = 0; s < 4; s++) {
        if (suit_cnt[s] >= 5 - joker) flush_possible = 1;
        if (!joker && suit_cnt[s] == 7 && is_seven_in_sequence(suit_mask[s]))
            cats |= 1 << CAT_SEVEN_CARD_STRAIGHT_FLUSH;
        if (joker && suit_cnt[s] == 6)
            for (int x = 0; x < 13; x++)
                if (!(suit_mask[s] >> x & 1) && is_seven_in_sequence(suit_mask[s] | 1 << x))
                    cats |= 1 << CAT_SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER;
    }
    int plain = !flush_possible && !e->straight_possible[joker][mask];
    /* a high-card hand ("pai gow"): no pair (the joker pairs with a natural ace, and with
     * any card when wild), no straight or flush possible; its top card, the joker playing
     * as an ace */
    if (plain && popcount13(mask) == n && !(joker && (e->joker_wild || mask >> ACE & 1))) {
        static const int8_t TOP_CAT[13] = TOP_CARD_CATEGORIES;
        int top = joker ? ACE : 31 - __builtin_clz((unsigned)mask);
        if (TOP_CAT[top] >= 0) cats |= 1 << TOP_CAT[top];
    }
    if (plain && (red == 0 || red == n))
        cats |= 1 << (joker ? CAT_ALL_ONE_COLOR_WITH_JOKER : CAT_ALL_ONE_COLOR);
    if (sh->npairs == 3 && sh->trip_hi < 0 && sh->quad < 0) cats |= 1 << CAT_THREE_PAIRS;
    return cats;
}

/* ---------- best-for-bet lines ---------- */

static inline int natural_pair_of_aces(int a, int b) {
    return a != JOKER && b != JOKER && RANK(a) == ACE && RANK(b) == ACE;
}

/* The lines one setting reaches (0 for a foul): the back's class, and with a pair in
 * front the class plus pair; a natural royal beside two natural aces also the jackpot. */
static inline int best_for_bet_lines(int back_key, int front_key, int f0, int f1,
                                     int natural_back) {
    static const int8_t LINE_OF_CLASS[10] = BFB_LINE_OF_CLASS;
    int cls = KEY_CLASS(back_key);
    /* only a back of one pair or less can be a foul (the front is at most a pair) */
    if (cls <= ONE_PAIR && front_on_back_scale(front_key) > back_key) return 0;
    int pair = front_key >= FRONT_PAIR_BASE;
    if (IS_ROYAL(back_key))
        return 1 << BFB_ROYAL_FLUSH | pair << BFB_ROYAL_FLUSH_PLUS_PAIR |
               (natural_back && natural_pair_of_aces(f0, f1)) << BFB_NATURAL_ROYAL_FLUSH_PLUS_NATURAL_PAIR_OF_ACES;
    int line = LINE_OF_CLASS[cls];
    return 1 << line | pair << (line - 1);   /* a pair over a high card is a foul */
}

/* ---------- one hand, fully ---------- */

/* The split of seven sorted cards the house way picks (and its row), given the keys of
 * their 21 splits; -1 when none matches. */
static inline int house_way_split(const engine_t *e, const int *c, const shape_t *sh,
                                  const int *bk, const int *fk, int *row) {
    if (e->house_way == HOUSE_WAY_PROGRAM) return hw_run(e->program, e->nrows, c, sh, bk, fk, row);
    plan_t plan = e->house_way == HOUSE_WAY_EMPERORS ? plan_emperors(c, sh) : plan_mikes(c, sh);
    int s = pick_split(&plan, bk, fk);
    if (s < 0 && plan.pick != PICK_PATTERN) {
        plan = plan_mikes_fallback(sh);
        s = pick_split(&plan, bk, fk);
    }
    *row = plan.row;
    return s;
}

/* The wild joker's house way (the reading house_way_joker_wild): the seven cards set with
 * the joker as wild_card, then the joker put in the place of a card of that rank (the
 * card itself or one of the same rank, which takes the card's place), the place whose
 * set is no foul and has the highest back, then front, by the wild keys of c's splits
 * (bk, fk); *sh gets the shape the house way read. */
static inline int house_way_split_wild(const engine_t *e, const int *c, shape_t *sh,
                                       const int *bk, const int *fk, int *row) {
    int sub = wild_card(e, c), c2[7], bk2[NUM_SPLITS], fk2[NUM_SPLITS], back[5];
    for (int i = 0; i < 6; i++) c2[i] = c[i];
    c2[6] = sub;
    sort7(c2);
    for (int s = 0; s < NUM_SPLITS; s++) {
        for (int i = 0; i < 5; i++) back[i] = c2[SPLIT_BACK[s][i]];
        bk2[s] = eval5(e, back);
        fk2[s] = front_key2(c2[SPLIT_FRONT[s][0]], c2[SPLIT_FRONT[s][1]]);
    }
    shape_of(c2, sh);
    int s2 = house_way_split(e, c2, sh, bk2, fk2, row);
    if (s2 < 0) return -1;
    int best = -1, best_ok = 0;
    for (int i = 0; i < 7; i++) {
        int q = c2[i];
        if (RANK(q) != RANK(sub)) continue;
        int f[2];
        for (int k = 0; k < 2; k++) {
            int card = c2[SPLIT_FRONT[s2][k]];
            f[k] = card == q ? JOKER : card == sub ? q : card;
        }
        if (f[0] > f[1]) { int t = f[0]; f[0] = f[1]; f[1] = t; }
        int s = 0;
        while (s < NUM_SPLITS && !(c[SPLIT_FRONT[s][0]] == f[0] && c[SPLIT_FRONT[s][1]] == f[1])) s++;
        int ok = !is_foul(fk[s], bk[s]);
        if (best < 0 || ok > best_ok || (ok == best_ok && (bk[s] > bk[best] ||
                                                           (bk[s] == bk[best] && fk[s] > fk[best])))) {
            best = s; best_ok = ok;
        }
    }
    return best;
}

/* The keys of the 21 splits of seven sorted cards: back (bk) and front (fk). */
static inline void split_keys(const engine_t *e, const int *c, int *bk, int *fk) {
    int back[5];
    for (int s = 0; s < NUM_SPLITS; s++) {
        for (int i = 0; i < 5; i++) back[i] = c[SPLIT_BACK[s][i]];
        bk[s] = eval5(e, back);
        fk[s] = front_key_of(e, c[SPLIT_FRONT[s][0]], c[SPLIT_FRONT[s][1]]);
    }
}

/* The house way's set of seven sorted cards (*hs), given the keys of their 21 splits;
 * *sh gets the shape the house way read. */
static inline void house_way_set(const engine_t *e, const int *c, const int *bk,
                                 const int *fk, shape_t *sh, hand_set_t *hs) {
    int s;
    if (e->joker_wild && c[6] == JOKER) {
        s = house_way_split_wild(e, c, sh, bk, fk, &hs->row);
    } else {
        shape_of(c, sh);
        s = house_way_split(e, c, sh, bk, fk, &hs->row);
    }
    if (s < 0) { s = 0; hs->row = 0; }   /* no split matched: a bug, reported as row 0 */
    hs->front[0] = c[SPLIT_FRONT[s][0]]; hs->front[1] = c[SPLIT_FRONT[s][1]];
    for (int i = 0; i < 5; i++) hs->back[i] = c[SPLIT_BACK[s][i]];
    hs->front_key = fk[s]; hs->back_key = bk[s];
}

static inline void classify7(const engine_t *e, const int *c, hand_info_t *out) {
    int bk[NUM_SPLITS], fk[NUM_SPLITS], back[5];
    int best_key = -1, cats5 = 0, bfb = 0, wild = e->joker_wild;
    for (int s = 0; s < NUM_SPLITS; s++) {
        for (int i = 0; i < 5; i++) back[i] = c[SPLIT_BACK[s][i]];
        bk[s] = eval5(e, back);
        int f0 = c[SPLIT_FRONT[s][0]], f1 = c[SPLIT_FRONT[s][1]];
        fk[s] = front_key_of(e, f0, f1);
        if (bk[s] > best_key) best_key = bk[s];
        cats5 |= category_of_class(bk[s], wild);
        if (IS_ROYAL(bk[s]) && natural_suited_kq(f0, f1)) cats5 |= 1 << CAT_ROYAL_FLUSH_AND_ROYAL_MATCH;
        bfb |= best_for_bet_lines(bk[s], fk[s], f0, f1, back[4] != JOKER);
    }
    out->best_for_bet = bfb;
    shape_t sh;
    hand_set_t *hs = &out->set;
    house_way_set(e, c, bk, fk, &sh, hs);
    out->best_key = best_key;
    out->foul = hs->row != 0 && is_foul(hs->front_key, hs->back_key);   /* row 0: no set */
    int seven = seven_card_categories(e, c, &sh);
    out->cats_seven = cats5 | seven;
    int house = category_of_class(hs->back_key, wild) | (seven & SEVEN_CARD_ONLY_CATS);
    if (IS_ROYAL(hs->back_key) && natural_suited_kq(hs->front[0], hs->front[1]))
        house |= 1 << CAT_ROYAL_FLUSH_AND_ROYAL_MATCH;
    out->cats_house = house;
}

/* ---------- distinct keys and the memo ---------- */

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void build_back_keys(engine_t *e) {
    int cap = MSET5 + MSET4 + 2 * 8192, n = 0;
    int *keys = (int *)malloc(sizeof(int) * cap);
    for (int i = 0; i < MSET5; i++) if (e->nf5[i] >= 0) keys[n++] = e->nf5[i];
    for (int i = 0; i < MSET4; i++) if (e->nfj[i] >= 0) keys[n++] = e->nfj[i];
    for (int m = 0; m < 8192; m++) {
        if (e->fl5[m] >= 0) keys[n++] = e->fl5[m];
        if (e->flj[m] >= 0) keys[n++] = e->flj[m];
    }
    qsort(keys, n, sizeof(int), cmp_int);
    int u = 0;
    for (int i = 0; i < n; i++) if (u == 0 || keys[i] != keys[u - 1]) keys[u++] = keys[i];
    e->back_keys = keys;
    e->nback = u;
}

static inline int back_index(const engine_t *e, int key) {
    int lo = 0, hi = e->nback - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (e->back_keys[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* One memo entry: a hand of these ranks with suits dealt round-robin (never four of a
 * suit), so no flush is possible and every key depends on the ranks alone. */
static void build_memo_entry(engine_t *e, memo_t *m, const int *ranks, int k) {
    int cnt[13] = {0}, cards[7];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < k; i++) if (++cnt[ranks[i]] > 4) return;
    for (int i = 0; i < k; i++) cards[i] = ranks[i] * 4 + (i & 3);
    if (k == 6) cards[6] = JOKER;
    qsort(cards, 7, sizeof(int), cmp_int);
    hand_info_t info;
    classify7(e, cards, &info);
    int mask = 0;
    for (int i = 0; i < k; i++) mask |= 1 << ranks[i];
    m->valid = 1;
    m->back_key = info.set.back_key;
    m->back_index = back_index(e, info.set.back_key);
    m->front_key = (int16_t)info.set.front_key;
    m->joker_front = (int8_t)(info.set.front[0] == JOKER || info.set.front[1] == JOKER);
    m->best_key = info.best_key;
    m->row = (int8_t)info.set.row;
    m->foul = (int8_t)info.foul;
    m->cats_seven = (uint32_t)info.cats_seven;
    m->cats_house = (uint32_t)info.cats_house;
    m->best_for_bet = (uint32_t)info.best_for_bet;
    m->straight_possible = (int8_t)e->straight_possible[k == 6][mask];
}

/* program/nrows: the rows of a house-way file (HOUSE_WAY_PROGRAM), copied; else NULL/0. */
/* The tables static to each module that compiles this header (multiset.h, splits.h):
 * every module fills its own once, at import, since an engine made by one module (the
 * owner, verifier.engine._core) is used by the others. */
static inline void engine_statics_init(void) { multiset_init(); splits_init(); }

static engine_t *engine_new(int wheel_second, int house_way, const int *program, int nrows) {
    static int once = 0;
    if (!once) { engine_statics_init(); once = 1; }
    engine_t *e = (engine_t *)calloc(1, sizeof(engine_t));
    if (!e) return NULL;
    e->wheel_second = (wheel_second & EVAL_WHEEL_SECOND) != 0;  /* the evaluation's bits */
    e->joker_wild = (wheel_second & EVAL_JOKER_WILD) != 0;
    e->house_way = house_way;
    if (house_way == HOUSE_WAY_PROGRAM) {
        if (nrows < 1 || nrows > HW_MAX_ROWS || !program) { free(e); return NULL; }
        e->program = (int *)malloc(sizeof(int) * (size_t)nrows * HW_ROW_INTS);
        if (!e->program) { free(e); return NULL; }
        memcpy(e->program, program, sizeof(int) * (size_t)nrows * HW_ROW_INTS);
        e->nrows = nrows;
    }
    build_eval_tables(e);
    build_back_keys(e);
    e->memo = (memo_t *)calloc(MEMO_SIZE, sizeof(memo_t));
    int ranks[7];
    for (int idx = 0; idx < MSET7; idx++) {
        multiset_unrank(idx, 7, ranks);
        build_memo_entry(e, &e->memo[idx], ranks, 7);
    }
    for (int idx = 0; idx < MSET6; idx++) {
        multiset_unrank(idx, 6, ranks);
        build_memo_entry(e, &e->memo[MEMO_JOKER_OFFSET + idx], ranks, 6);
    }
    return e;
}

static void engine_free(engine_t *e) {
    if (!e) return;
    free(e->back_keys);
    free(e->memo);
    free(e->program);
    free(e);
}

/* Colour state of a suit-count word (a byte per suit): 1 when one colour. */
static inline int one_colour(uint32_t sw, int n) {
    int red = (int)((sw >> 8) & 0xFF) + (int)((sw >> 16) & 0xFF);
    return red == 0 || red == n;
}

/* What a table needs of one hand: keys and categories (not the cards of the set). */
typedef struct { int back_key, front_key, cats_seven, cats_house; } hand_keys_t;

/* Keys and categories of seven sorted cards, through the memo when no flush is possible
 * (the enumeration's own fast path), else through classify7. */
static inline void engine_hand_info_fast(const engine_t *e, const int *c, hand_keys_t *out) {
    int joker = c[6] == JOKER, n = joker ? 6 : 7, idx = 0;
    uint32_t sw = 0;
    for (int i = 0; i < n; i++) {
        idx += MSET_TERM[i + 1][RANK(c[i])];
        sw += 1u << (8 * SUIT(c[i]));
    }
    uint32_t flush = (sw + (joker ? 0x7C7C7C7Cu : 0x7B7B7B7Bu)) & 0x80808080u;
    if (!flush) {
        const memo_t *m = &e->memo[joker ? MEMO_JOKER_OFFSET + idx : idx];
        int colour = 0;
        if (one_colour(sw, n) && !m->straight_possible)
            colour = 1 << (joker ? CAT_ALL_ONE_COLOR_WITH_JOKER : CAT_ALL_ONE_COLOR);
        out->back_key = m->back_key; out->front_key = m->front_key;
        out->cats_seven = m->cats_seven | colour; out->cats_house = m->cats_house | colour;
        return;
    }
    hand_info_t info;
    classify7(e, c, &info);
    out->back_key = info.set.back_key; out->front_key = info.set.front_key;
    out->cats_seven = info.cats_seven; out->cats_house = info.cats_house;
}

/* Back and front keys of seven sorted cards (see engine_hand_info_fast). */
static inline void engine_hand_keys(const engine_t *e, const int *c, int *back_key, int *front_key) {
    hand_keys_t k;
    engine_hand_info_fast(e, c, &k);
    *back_key = k.back_key; *front_key = k.front_key;
}

#endif
