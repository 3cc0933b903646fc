/* The enumeration: every 7-card hand of a deck, in chunks of fixed first three cards.
 *
 * Hands where no flush is possible (no five of a suit; four with the joker) are
 * classified by their rank multiset alone, so the loop only counts them per memo entry
 * and colour state; the counts are expanded through the memo once at the end. Hands
 * where a flush is possible go through classify7, which tries all 21 sets.
 *
 * The full 53-card deck is not visited hand by hand but counted (count_full_deck_part,
 * below): every suit assignment of every rank multiset occurs there, so both kinds of
 * hand follow from counts of suit assignments. */
#ifndef PAIGOW_ENUMERATE_H
#define PAIGOW_ENUMERATE_H

#include "engine.h"
#include "maskcount.h"

#define NUM_FRONT_DENSE 91

typedef struct {
    uint32_t *fast;          /* [MEMO_SIZE * 2]: memo entry x one-colour flag */
    uint32_t *hist;          /* [nback * NUM_FRONT_DENSE]: (back key, front key) */
    maskcount_t cats_seven, cats_house, best_for_bet;   /* hands by mask */
    uint64_t best_class[10], royal, rows[ROW_SLOTS], fouls, hands;
} accum_t;

static int FRONT_DENSE[FRONT_KEYS];   /* two-card key -> 0..90 */
static int FRONT_FROM_DENSE[NUM_FRONT_DENSE];

static inline void front_dense_init(void) {
    int n = 0;
    for (int k = 0; k < FRONT_KEYS; k++) {
        int valid = k >= FRONT_PAIR_BASE ? 1 : (k / 13 > k % 13);
        FRONT_DENSE[k] = valid ? n : -1;
        if (valid) FRONT_FROM_DENSE[n++] = k;
    }
}

static inline void accum_free(accum_t *a) {
    if (!a) return;
    free(a->fast); free(a->hist);
    mc_free(&a->cats_seven); mc_free(&a->cats_house); mc_free(&a->best_for_bet);
    free(a);
}

static inline accum_t *accum_new(const engine_t *e) {
    accum_t *a = (accum_t *)calloc(1, sizeof(accum_t));
    if (!a) return NULL;
    a->fast = (uint32_t *)calloc((size_t)MEMO_SIZE * 2, sizeof(uint32_t));
    a->hist = (uint32_t *)calloc((size_t)e->nback * NUM_FRONT_DENSE, sizeof(uint32_t));
    int tables = mc_init(&a->cats_seven, MC_INITIAL) | mc_init(&a->cats_house, MC_INITIAL)
                 | mc_init(&a->best_for_bet, MC_INITIAL);
    if (!a->fast || !a->hist || tables < 0) {
        accum_free(a);
        return NULL;
    }
    return a;
}

/* A count table ran out of memory while growing: the counts are incomplete. */
static inline int accum_failed(const accum_t *a) {
    return a->cats_seven.failed | a->cats_house.failed | a->best_for_bet.failed;
}

/* Records n hands classified as h. */
static inline void accum_hand(const engine_t *e, accum_t *a, const hand_info_t *h,
                              uint32_t n) {
    a->best_class[KEY_CLASS(h->best_key)] += n;
    a->royal += IS_ROYAL(h->best_key) ? n : 0;
    a->rows[h->set.row] += n;
    a->fouls += h->foul ? n : 0;
    mc_add(&a->cats_seven, (uint32_t)h->cats_seven, n);
    mc_add(&a->cats_house, (uint32_t)h->cats_house, n);
    mc_add(&a->best_for_bet, (uint32_t)h->best_for_bet, n);
    a->hist[(size_t)back_index(e, h->set.back_key) * NUM_FRONT_DENSE +
            FRONT_DENSE[h->set.front_key]] += n;
}

/* All hands whose three lowest cards are deck[i0] < deck[i1] < deck[i2]. With `direct`
 * every hand goes through classify7 (no memo): the slow second algorithm. */
static inline uint64_t enumerate_chunk(const engine_t *e, const int *deck, int n,
                                int i0, int i1, int i2, int direct, accum_t *a) {
    int c[7];
    c[0] = deck[i0]; c[1] = deck[i1]; c[2] = deck[i2];
    int p3 = MSET_TERM[1][RANK(c[0])] + MSET_TERM[2][RANK(c[1])] + MSET_TERM[3][RANK(c[2])];
    uint32_t s3 = (1u << 8 * SUIT(c[0])) + (1u << 8 * SUIT(c[1])) + (1u << 8 * SUIT(c[2]));
    uint64_t hands = 0;
    uint32_t *fast = a->fast;
    for (int i3 = i2 + 1; i3 < n - 3; i3++) {
        c[3] = deck[i3];
        int p4 = p3 + MSET_TERM[4][RANK(c[3])];
        uint32_t s4 = s3 + (1u << 8 * SUIT(c[3]));
        for (int i4 = i3 + 1; i4 < n - 2; i4++) {
            c[4] = deck[i4];
            int p5 = p4 + MSET_TERM[5][RANK(c[4])];
            uint32_t s5 = s4 + (1u << 8 * SUIT(c[4]));
            for (int i5 = i4 + 1; i5 < n - 1; i5++) {
                c[5] = deck[i5];
                int p6 = p5 + MSET_TERM[6][RANK(c[5])];
                uint32_t s6 = s5 + (1u << 8 * SUIT(c[5]));
                for (int i6 = i5 + 1; i6 < n; i6++) {
                    int card = deck[i6];
                    int idx, colour;
                    uint32_t flush;
                    if (card == JOKER) {   /* the joker sorts last: only ever here */
                        flush = (s6 + 0x7C7C7C7Cu) & 0x80808080u;   /* a suit with 4 */
                        colour = one_colour(s6, 6);
                        idx = MEMO_JOKER_OFFSET + p6;
                    } else {
                        uint32_t s7 = s6 + (1u << 8 * SUIT(card));
                        flush = (s7 + 0x7B7B7B7Bu) & 0x80808080u;   /* a suit with 5 */
                        colour = one_colour(s7, 7);
                        idx = p6 + MSET_TERM[7][RANK(card)];
                    }
                    hands++;
                    if (!flush && !direct) {
                        fast[idx * 2 + colour]++;
                    } else {
                        hand_info_t info;
                        c[6] = card;
                        classify7(e, c, &info);
                        accum_hand(e, a, &info, 1);
                    }
                }
            }
        }
    }
    a->hands += hands;
    return hands;
}

/* ---------- the full deck by counting ----------
 *
 * Over all 53 cards every suit assignment of every rank multiset is a hand, so nothing
 * needs visiting:
 *  - no flush possible: the hand is classified by its memo entry (the rank multiset) and
 *    its colour state; multiset_suit_counts gives, per multiset, how many of its suit
 *    assignments have no flush, and how many of those are one colour (closed forms);
 *  - flush possible: exactly one suit holds five or more (four or more beside the
 *    joker), so the other suits hold at most two cards between them and can make no
 *    flush. classify7 reads suits only through eval5's suited test (true only of the
 *    flush suit's cards; the house ways, built in or a file's program, read ranks and
 *    the 21 splits' keys), the seven-card straight flushes (the flush suit's ranks),
 *    the one-colour test (read only when no flush is possible: never here), and the
 *    royal match's natural suited K-Q in front (the two other cards, when they are K
 *    and Q of one suit). Which split wins a tie of keys follows card order, hence
 *    suits, but tied splits have the same keys, and a front K-Q beside a royal back can
 *    only be the two other cards. So a hand's counts are those of (the flush suit's
 *    rank set, the other ranks, the joker, and when the others are a K and a Q whether
 *    they are of one suit): one classify7 per such class, with the flush suit taken as
 *    clubs, weighted by 4 flush suits x the assignments of the other cards to the three
 *    other suits that fall in the class (226,655 calls for the 6.4 million hands). The
 *    test suite checks the result against the visit of every hand. */

#define FULL_DECK_CARDS 53
#define FULL_DECK_PARTS 64   /* flush-suit rank sets split by mask % 64; part 0: memo too */

typedef struct { uint32_t total, flush, one_colour; } suit_counts_t;

/* Suit assignments of a rank multiset (cnt[13], each at most 4; `joker`: the joker
 * beside): all of them, prod C(4, m_r); those with a flush possible; and those one colour
 * with no flush possible.
 * Flush: at most one suit can reach five (four with the joker) in seven cards, so it is
 * 4 x the assignments where clubs do: the coefficients of z^need.. in prod_r
 * (C(3, m_r) + C(3, m_r - 1) z) (the rank's clubs card out or in).
 * One colour: within one colour a rank has at most two cards, a pair putting one in each
 * suit; with d pairs and k single ranks, j of the singles in the first suit, the suits
 * hold d + j and d + k - j, both below `need`: 2 colours x sum of C(k, j). The joker
 * belongs to no colour. */
static inline void multiset_suit_counts(const int *cnt, int joker, suit_counts_t *out) {
    static const uint32_t C4[5] = {1, 4, 6, 4, 1}, C3[5] = {1, 3, 3, 1, 0};
    static const uint32_t C7[8][8] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1},
        {1, 5, 10, 10, 5, 1}, {1, 6, 15, 20, 15, 6, 1}, {1, 7, 21, 35, 35, 21, 7, 1}};
    int need = joker ? 4 : 5, deg = 0, singles = 0, pairs = 0, over = 0;
    uint32_t total = 1, poly[8] = {1, 0, 0, 0, 0, 0, 0, 0};   /* z^j: j clubs */
    for (int r = 0; r < 13; r++) {
        int m = cnt[r];
        if (!m) continue;
        total *= C4[m];
        deg++;
        for (int j = deg; j >= 0; j--)
            poly[j] = poly[j] * C3[m] + (j ? poly[j - 1] * C3[m - 1] : 0);
        singles += m == 1; pairs += m == 2; over |= m > 2;
    }
    uint32_t flush = 0, one = 0;
    for (int j = need; j <= deg; j++) flush += poly[j];
    for (int j = 0; !over && j <= singles; j++)
        if (pairs + j < need && pairs + singles - j < need) one += C7[singles][j];
    out->total = total; out->flush = 4 * flush; out->one_colour = 2 * one;
}

/* Seven sorted cards: the ranks of flush_ranks in clubs, then up to two others
 * (rank r[i] < 13, suit s[i]; 13: none), then the joker when `joker`. */
static inline void flush_hand_cards(int *c, int flush_ranks, const int *r, const int *s,
                                    int joker) {
    int k = 0;
    for (int x = 0; x < 13; x++) if (flush_ranks >> x & 1) c[k++] = 4 * x;
    for (int i = 0; i < 2; i++) if (r[i] < 13) c[k++] = 4 * r[i] + s[i];
    if (joker) c[k++] = JOKER;
    for (int i = 1; i < k; i++) {           /* insertion sort */
        int v = c[i], q = i;
        while (q > 0 && c[q - 1] > v) { c[q] = c[q - 1]; q--; }
        c[q] = v;
    }
}

/* The classes below are those of a deck made of whole ranks: the ranks of `rank_mask`,
 * four suits each, and the joker when `has_joker` (the full deck: FULL_DECK_RANKS, 1).
 * Every suit assignment of every rank multiset of its ranks is a hand of such a deck, so
 * the counts of suit assignments hold there as on the full deck. */
#define FULL_DECK_RANKS 0x1FFF

/* Memo entry `idx` as the class of the hands with no flush possible of its ranks: 0 when
 * no hand of the deck has them (a rank more than four times, or out of the deck; the
 * joker out of it); else 1, with the suit assignments in *n and in c the memo's own hand
 * (build_memo_entry: the suits dealt round, so two of a suit at most, both colours). */
static inline int no_flush_class(int idx, int rank_mask, int has_joker, int *c,
                                 suit_counts_t *n) {
    int ranks[7], cnt[13];
    int joker = idx >= MEMO_JOKER_OFFSET, k = joker ? 6 : 7;
    if (joker && !has_joker) return 0;
    multiset_unrank(joker ? idx - MEMO_JOKER_OFFSET : idx, k, ranks);
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < k; i++)
        if (++cnt[ranks[i]] > 4 || !(rank_mask >> ranks[i] & 1)) return 0;
    multiset_suit_counts(cnt, joker, n);
    for (int i = 0; i < k; i++) c[i] = ranks[i] * 4 + (i & 3);   /* ranks ascending */
    if (joker) c[6] = JOKER;
    for (int i = 1; i < 7; i++) {           /* insertion sort */
        int v = c[i], q = i;
        while (q > 0 && c[q - 1] > v) { c[q] = c[q - 1]; q--; }
        c[q] = v;
    }
    return 1;
}

/* Hands of the full deck with no flush possible, per memo entry and colour state. */
static uint64_t count_no_flush_hands(accum_t *a) {
    int c[7];
    uint64_t hands = 0;
    for (int idx = 0; idx < MEMO_SIZE; idx++) {
        suit_counts_t n;
        if (!no_flush_class(idx, FULL_DECK_RANKS, 1, c, &n)) continue;
        a->fast[idx * 2] += n.total - n.flush - n.one_colour;
        a->fast[idx * 2 + 1] += n.one_colour;
        hands += n.total - n.flush;
    }
    return hands;
}

/* One class of hands with a flush possible: its seven sorted cards (the flush suit
 * clubs) and its hands. */
typedef void (*flush_class_visit_t)(const int *c, uint32_t hands, void *ctx);

/* Every class of the hands with a flush possible whose flush suit holds the ranks of
 * `flush_ranks` (within `rank_mask`), of a deck of whole ranks: one visit per class of
 * the other cards' suits (header comment). The hands visited. */
static uint64_t each_flush_class(int flush_ranks, int rank_mask, int has_joker,
                                 flush_class_visit_t visit, void *ctx) {
    uint64_t hands = 0;
    int nf = popcount13(flush_ranks);
    for (int joker = 0; joker <= has_joker; joker++) {
        int others = 7 - joker - nf;
        if (nf < 5 - joker || others < 0) continue;
        for (int r0 = others ? 0 : 13; r0 <= (others ? 12 : 13); r0++)
            for (int r1 = others == 2 ? r0 : 13; r1 <= (others == 2 ? 12 : 13); r1++) {
                if ((r0 < 13 && !(rank_mask >> r0 & 1)) || (r1 < 13 && !(rank_mask >> r1 & 1)))
                    continue;
                int r[2] = {r0, r1}, rep[2][2], c[7];
                uint32_t weight[2] = {0, 0};
                /* suits 1..3 of the others (one value when absent; a pair's two cards
                 * are of two suits, counted once); class 1: a K and a Q of one suit */
                int kq = r0 == 10 && r1 == 11;
                for (int s0 = 1; s0 <= (r0 < 13 ? 3 : 1); s0++)
                    for (int s1 = 1; s1 <= (r1 < 13 ? 3 : 1); s1++) {
                        if (r1 < 13 && r0 == r1 && s0 >= s1) continue;
                        int cls = kq && s0 == s1;
                        if (!weight[cls]++) { rep[cls][0] = s0; rep[cls][1] = s1; }
                    }
                for (int cls = 0; cls < 2; cls++) {
                    if (!weight[cls]) continue;
                    flush_hand_cards(c, flush_ranks, r, rep[cls], joker);
                    visit(c, 4 * weight[cls], ctx);
                    hands += 4 * weight[cls];
                }
            }
    }
    return hands;
}

typedef struct { const engine_t *e; accum_t *a; } flush_count_t;

static void count_flush_class(const int *c, uint32_t hands, void *ctx) {
    flush_count_t *x = (flush_count_t *)ctx;
    hand_info_t info;
    classify7(x->e, c, &info);
    accum_hand(x->e, x->a, &info, hands);
}

/* Part `part` (0 .. FULL_DECK_PARTS - 1) of the full deck's counts, added to `a`: the
 * flush-possible hands of the flush-suit rank sets = part (mod FULL_DECK_PARTS), and in
 * part 0 the hands with no flush possible. The hands counted. */
static inline uint64_t count_full_deck_part(const engine_t *e, int part, accum_t *a) {
    flush_count_t x = {e, a};
    uint64_t hands = part == 0 ? count_no_flush_hands(a) : 0;
    for (int m = part; m < 8192; m += FULL_DECK_PARTS)
        if (popcount13(m) >= 4)
            hands += each_flush_class(m, FULL_DECK_RANKS, 1, count_flush_class, &x);
    a->hands += hands;
    return hands;
}

static inline void progress_add(uint64_t *counter, uint64_t n) {
    __atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

static inline uint64_t progress_get(uint64_t *counter) {
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

/* Adds accumulator `src` into `dst` (dst's fast counts stay unexpanded). */
static inline void accum_merge(const engine_t *e, accum_t *dst, const accum_t *src) {
    for (size_t i = 0; i < (size_t)MEMO_SIZE * 2; i++) dst->fast[i] += src->fast[i];
    for (size_t i = 0; i < (size_t)e->nback * NUM_FRONT_DENSE; i++) dst->hist[i] += src->hist[i];
    mc_merge(&dst->cats_seven, &src->cats_seven);
    mc_merge(&dst->cats_house, &src->cats_house);
    mc_merge(&dst->best_for_bet, &src->best_for_bet);
    for (int i = 0; i < 10; i++) dst->best_class[i] += src->best_class[i];
    for (int i = 0; i < ROW_SLOTS; i++) dst->rows[i] += src->rows[i];
    dst->royal += src->royal; dst->fouls += src->fouls; dst->hands += src->hands;
}

/* Expands the per-memo-entry counts into the results (64-bit totals); the three mask
 * tables come empty (mc_init) and are filled here. */
static inline void accum_expand(const engine_t *e, const accum_t *a, uint64_t *hist64,
                         maskcount_t *cats_seven, maskcount_t *cats_house,
                         maskcount_t *best_for_bet,
                         uint64_t *best_class, uint64_t *royal, uint64_t *rows, uint64_t *fouls) {
    size_t nh = (size_t)e->nback * NUM_FRONT_DENSE;
    for (size_t i = 0; i < nh; i++) hist64[i] = a->hist[i];
    mc_merge(cats_seven, &a->cats_seven);
    mc_merge(cats_house, &a->cats_house);
    mc_merge(best_for_bet, &a->best_for_bet);
    for (int i = 0; i < 10; i++) best_class[i] = a->best_class[i];
    for (int i = 0; i < ROW_SLOTS; i++) rows[i] = a->rows[i];
    *royal = a->royal; *fouls = a->fouls;
    for (int idx = 0; idx < MEMO_SIZE; idx++) {
        const memo_t *m = &e->memo[idx];
        for (int colour = 0; colour < 2; colour++) {
            uint64_t n = a->fast[idx * 2 + colour];
            if (!n) continue;
            int colour_cat = 0;
            if (colour && !m->straight_possible)
                colour_cat = 1 << (idx >= MEMO_JOKER_OFFSET ? CAT_ALL_ONE_COLOR_WITH_JOKER : CAT_ALL_ONE_COLOR);
            best_class[KEY_CLASS(m->best_key)] += n;
            *royal += IS_ROYAL(m->best_key) ? n : 0;
            rows[m->row] += n;
            *fouls += m->foul ? n : 0;
            mc_add(cats_seven, m->cats_seven | (uint32_t)colour_cat, n);
            mc_add(cats_house, m->cats_house | (uint32_t)colour_cat, n);
            mc_add(best_for_bet, m->best_for_bet, n);
            hist64[(size_t)m->back_index * NUM_FRONT_DENSE + FRONT_DENSE[m->front_key]] += n;
        }
    }
}

#endif
