# Part of verifier.engine._core (cext/_core.pyx includes it): every 7-card hand of a deck
# visited one at a time, in parallel by lowest card, through one driver (_visit_deck);
# the house-way comparison and the search for a hand are each a visitor and its context.
# The comparison over a deck of whole ranks goes by the enumeration's classes instead
# (cext/compare_classes.h).

from libc.string cimport memcpy, memset
from libc.stdlib cimport realloc

cdef extern from "compare_classes.h" nogil:
    ctypedef struct class_compare_t:
        const engine_t *ea
        const engine_t *eb
        const int *rowmap
        uint64_t hands, differ
        uint64_t by_type[HW_NHAND_TYPES]
        int example[7]
        int has_example
    int engine_order_dependent(const engine_t *e)
    int settings_differ(const int *rowmap, int fa, int ba, int ra, int fb, int bb, int rb)
    void compare_classes_part(class_compare_t *x, int part, int rank_mask, int has_joker)
    void set_by_both(const engine_t *ea, const engine_t *eb, const int *c, hand_set_t *p,
                     hand_set_t *q)

ctypedef bint (*hand_visitor)(const int *cards, long long where, void *ctx) noexcept nogil


cdef void _each_hand(const int *dk, int n, int a, hand_visitor visit, void *ctx) noexcept nogil:
    """Visits every 7-card hand of dk[0:n] whose lowest card is dk[a], in deck order, with
    ``where`` its seven deck positions (6 bits each); stops when ``visit`` returns true."""
    cdef int b, c, d, f, g, h
    cdef int cards[7]
    cards[0] = dk[a]
    for b in range(a + 1, n - 5):
        cards[1] = dk[b]
        for c in range(b + 1, n - 4):
            cards[2] = dk[c]
            for d in range(c + 1, n - 3):
                cards[3] = dk[d]
                for f in range(d + 1, n - 2):
                    cards[4] = dk[f]
                    for g in range(f + 1, n - 1):
                        cards[5] = dk[g]
                        for h in range(g + 1, n):
                            cards[6] = dk[h]
                            if visit(cards, <long long>a | (<long long>b << 6)
                                     | (<long long>c << 12) | (<long long>d << 18)
                                     | (<long long>f << 24) | (<long long>g << 30)
                                     | (<long long>h << 36), ctx):
                                return


cdef int *_deck_array(deck, int *n) except NULL:
    deck = sorted(int(c) for c in deck)
    if len(set(deck)) != len(deck) or any(not 0 <= c <= 52 for c in deck) or len(deck) < 7:
        raise ValueError("deck must hold at least seven distinct card numbers 0..52")
    cdef int *dk = <int *>malloc(sizeof(int) * len(deck))
    if dk == NULL:
        raise MemoryError("cannot allocate the deck")
    for t in range(len(deck)):
        dk[t] = deck[t]
    n[0] = len(deck)
    return dk


cdef list _hand_at(const int *dk, long long where):
    """The seven cards at the deck positions ``where`` (as _each_hand gives them)."""
    return [dk[(where >> (6 * k)) & 63] for k in range(7)]


cdef char *_visit_deck(const int *dk, int n, hand_visitor visit, const void *start,
                       size_t size, int threads) except NULL:
    """The one deck-visiting driver: every 7-card hand of dk[0:n], in n - 6 parts (one per
    lowest card) run in parallel, each part with its own copy of the context ``start``
    (``size`` bytes). Returns the parts' contexts in deck order; the caller frees them."""
    cdef int a
    cdef char *parts = <char *>malloc(size * (n - 6))
    if parts == NULL:
        raise MemoryError("cannot allocate the visit of the deck")
    for a in range(n - 6):
        memcpy(parts + <size_t>a * size, start, size)
    for a in prange(n - 6, nogil=True, schedule="dynamic", num_threads=max(1, threads)):
        _each_hand(dk, n, a, visit, parts + <size_t>a * size)
    return parts


ctypedef struct compare_ctx:
    const engine_t *ea
    const engine_t *eb
    const int *rowmap        # NULL: compare the sets only, not the rows
    long long hands, differ, first
    long long by_type[HW_NHAND_TYPES]   # hands set differently, by hand type (H_*)


cdef bint _compare_visit(const int *cards, long long where, void *ctx) noexcept nogil:
    cdef compare_ctx *x = <compare_ctx *>ctx
    cdef hand_set_t p, q
    cdef shape_t sh
    set_by_both(x.ea, x.eb, cards, &p, &q)
    x.hands += 1
    if settings_differ(x.rowmap, p.front_key, p.back_key, p.row,
                       q.front_key, q.back_key, q.row):
        x.differ += 1
        shape_of(cards, &sh)
        x.by_type[hw_hand_type(&sh)] += 1
        if x.first < 0:
            x.first = where
    return False


cdef int _whole_ranks(deck, int *has_joker):
    """The rank mask of a deck made of whole ranks (four suits each, the joker or not,
    *has_joker set), else -1."""
    cards = set(deck)
    has_joker[0] = JOKER in cards
    ranks = {c // 4 for c in cards if c != JOKER}
    if len(cards) - has_joker[0] != 4 * len(ranks):
        return -1
    return sum(1 << r for r in ranks)


def compare_house_ways(deck, wheel_second, int house_way_a, int house_way_b, rows_b_as_a,
                       int threads, by_type=False, visit=False):
    """Sets every 7-card hand of ``deck`` by two house ways and compares them: (hands,
    hands set differently, the first such hand or None), and with ``by_type`` a fourth
    item, the hands set differently by hand type (verifier.houseway HAND_TYPES order).
    Two settings differ when their front keys or their back keys differ (the play of the
    hand: fronts of other ranks, or a flush or straight behind by one only; not which of
    two cards of one rank goes in front) or, unless ``rows_b_as_a`` is None, their rows,
    row r of the second being row ``rows_b_as_a[r]`` of the first (a file's row indices
    as the chart's rows). A deck made of whole ranks (four suits each, the joker or not:
    the full deck, ``--deck-ranks``) is counted by the enumeration's classes
    (cext/compare_classes.h; the first hand is then its class's hand), unless ``visit``
    or a house way sets a hand by the order of its suits; any other deck is visited hand
    by hand."""
    cdef int t, has_joker
    cdef int rowmap[ROW_SLOTS]
    for t in range(ROW_SLOTS):
        rowmap[t] = rows_b_as_a[t] if rows_b_as_a is not None and t < len(rows_b_as_a) else -1
    cdef const engine_t *ea = engine_for(wheel_second, house_way_a).ptr
    cdef const engine_t *eb = engine_for(wheel_second, house_way_b).ptr
    deck = sorted(int(c) for c in deck)
    if len(set(deck)) != len(deck) or any(not 0 <= c <= 52 for c in deck) or len(deck) < 7:
        raise ValueError("deck must hold at least seven distinct card numbers 0..52")
    cdef int rank_mask = _whole_ranks(deck, &has_joker)
    if visit or rank_mask < 0 or engine_order_dependent(ea) or engine_order_dependent(eb):
        out = _compare_visiting(deck, ea, eb, rowmap if rows_b_as_a is not None else NULL,
                                threads)
    else:
        out = _compare_counting(rank_mask, has_joker, ea, eb,
                                rowmap if rows_b_as_a is not None else NULL, threads)
        if out[0] != math.comb(len(deck), 7):
            raise AssertionError(f"the classes hold {out[0]} hands, not C({len(deck)}, 7)")
    return out if by_type else out[:3]


cdef tuple _compare_counting(int rank_mask, int has_joker, const engine_t *ea,
                             const engine_t *eb, const int *rowmap, int threads):
    """compare_house_ways over a deck of whole ranks, by classes: FULL_DECK_PARTS parts
    run in parallel, each with its own context."""
    cdef int part, t
    cdef class_compare_t *ctx = <class_compare_t *>malloc(sizeof(class_compare_t)
                                                          * FULL_DECK_PARTS)
    if ctx == NULL:
        raise MemoryError("cannot allocate the comparison")
    try:
        memset(ctx, 0, sizeof(class_compare_t) * FULL_DECK_PARTS)
        for part in range(FULL_DECK_PARTS):
            ctx[part].ea, ctx[part].eb, ctx[part].rowmap = ea, eb, rowmap
        for part in prange(FULL_DECK_PARTS, nogil=True, schedule="dynamic",
                           num_threads=max(1, threads)):
            compare_classes_part(&ctx[part], part, rank_mask, has_joker)
        examples = [[ctx[part].example[t] for t in range(7)] for part in range(FULL_DECK_PARTS)
                    if ctx[part].has_example]
        return (sum(ctx[part].hands for part in range(FULL_DECK_PARTS)),
                sum(ctx[part].differ for part in range(FULL_DECK_PARTS)),
                examples[0] if examples else None,
                [sum(ctx[part].by_type[t] for part in range(FULL_DECK_PARTS))
                 for t in range(HW_NHAND_TYPES)])
    finally:
        free(ctx)


cdef tuple _compare_visiting(deck, const engine_t *ea, const engine_t *eb,
                             const int *rowmap, int threads):
    """compare_house_ways hand by hand (_visit_deck)."""
    cdef int n, a, t
    cdef compare_ctx start
    memset(&start, 0, sizeof(compare_ctx))
    start.ea, start.eb, start.rowmap = ea, eb, rowmap
    start.first = -1
    cdef int *dk = _deck_array(deck, &n)
    cdef compare_ctx *ctx = NULL
    try:
        ctx = <compare_ctx *>_visit_deck(dk, n, _compare_visit, &start, sizeof(compare_ctx),
                                         threads)
        firsts = [ctx[a].first for a in range(n - 6) if ctx[a].first >= 0]
        return (sum(ctx[a].hands for a in range(n - 6)),
                sum(ctx[a].differ for a in range(n - 6)),
                _hand_at(dk, firsts[0]) if firsts else None,
                [sum(ctx[a].by_type[t] for a in range(n - 6)) for t in range(HW_NHAND_TYPES)])
    finally:
        free(dk); free(ctx)


ctypedef struct find_ctx:
    const engine_t *e
    bint foul
    long long found


cdef bint _find_visit(const int *cards, long long where, void *ctx) noexcept nogil:
    cdef find_ctx *x = <find_ctx *>ctx
    cdef hand_info_t p
    classify7(x.e, cards, &p)
    if (x.foul and p.foul != 0) or (not x.foul and p.set.row == 0):
        x.found = where
        return True
    return False


def find_hand(deck, wheel_second, int house_way, bint foul, int threads):
    """The first 7-card hand of ``deck`` (in deck order) that the house way sets as a foul
    (``foul``) or that no row of a house-way file covers (row 0); None if there is none.
    For the one-line errors of ``run``."""
    cdef find_ctx start
    start.e, start.foul, start.found = engine_for(wheel_second, house_way).ptr, foul, -1
    cdef int n, a
    cdef int *dk = _deck_array(deck, &n)
    cdef find_ctx *ctx = NULL
    try:
        ctx = <find_ctx *>_visit_deck(dk, n, _find_visit, &start, sizeof(find_ctx), threads)
        for a in range(n - 6):
            if ctx[a].found >= 0:
                return _hand_at(dk, ctx[a].found)
        return None
    finally:
        free(dk); free(ctx)


ctypedef struct tier_ctx:
    const engine_t *e
    int read                 # 0 seven-card mask, 1 house-way keys, 2 best-for-bet mask
    const signed char *tier_of   # a hand's code -> its tier, or -1 (not listed)
    long long ncodes
    uint64_t *masks          # the listed hands (card bitmasks) and their tiers
    signed char *tiers
    long long size, cap
    bint failed


cdef bint _tier_visit(const int *cards, long long where, void *ctx) noexcept nogil:
    cdef tier_ctx *x = <tier_ctx *>ctx
    cdef hand_keys_t k
    cdef hand_info_t info
    cdef long long code, cap
    cdef int i
    cdef void *grown
    if x.read == 2:
        classify7(x.e, cards, &info)
        code = info.best_for_bet
    else:
        engine_hand_info_fast(x.e, cards, &k)
        code = k.cats_seven if x.read == 0 else ((k.back_key >> 16) & 0xFF) << 8 | k.front_key
    if code < 0 or code >= x.ncodes or x.tier_of[code] < 0:
        return False
    if x.size == x.cap:
        cap = 2 * x.cap + 1024
        grown = realloc(x.masks, sizeof(uint64_t) * cap)
        if grown == NULL:
            x.failed = True
            return True
        x.masks = <uint64_t *>grown
        grown = realloc(x.tiers, cap)
        if grown == NULL:
            x.failed = True
            return True
        x.tiers, x.cap = <signed char *>grown, cap
    x.masks[x.size] = 0
    for i in range(7):
        x.masks[x.size] |= (<uint64_t>1) << cards[i]
    x.tiers[x.size] = x.tier_of[code]
    x.size += 1
    return False


def tier_hands(deck, wheel_second, int house_way, int read, const signed char[::1] tier_of,
               int threads):
    """Every 7-card hand of ``deck`` with a tier: its code (``read`` 0: the seven-card
    category mask, 1: (back key >> 16) << 8 | front key of the house-way set, 2: the
    best-for-bet line mask) indexes ``tier_of`` (-1: none). Returns (card bitmasks as
    bytes of uint64, their tiers as bytes of int8), in deck order."""
    cdef tier_ctx start
    memset(&start, 0, sizeof(tier_ctx))
    start.e, start.read = engine_for(wheel_second, house_way).ptr, read
    start.tier_of, start.ncodes = &tier_of[0], tier_of.shape[0]
    cdef int n, a
    cdef int *dk = _deck_array(deck, &n)
    cdef tier_ctx *ctx = NULL
    try:
        ctx = <tier_ctx *>_visit_deck(dk, n, _tier_visit, &start, sizeof(tier_ctx), threads)
        if any(ctx[a].failed for a in range(n - 6)):
            raise MemoryError("cannot hold the hands of the tiers")
        return (b"".join((<char *>ctx[a].masks)[:8 * ctx[a].size] for a in range(n - 6)
                         if ctx[a].size),
                b"".join((<char *>ctx[a].tiers)[:ctx[a].size] for a in range(n - 6)
                         if ctx[a].size))
    finally:
        if ctx != NULL:
            for a in range(n - 6):
                free(ctx[a].masks); free(ctx[a].tiers)
        free(dk); free(ctx)


def shared_card_sums(const uint64_t[::1] masks, int n, int threads):
    """[sum over the k-card sets T of N(T)^2 for k = 1..6], N(T) the hands of ``masks``
    (7-card bitmasks of cards below ``n``) holding T (cext/shared_cards.h), the sizes in
    parallel."""
    cdef uint64_t sums[6]
    cdef int fail[6]
    cdef int k
    cdef size_t count = masks.shape[0]
    if count >= 0xFFFFFFFF or not 7 <= n <= 64:
        raise ValueError("at most 2^32 - 1 hands of cards below 64")
    cdef const uint64_t *m = &masks[0] if count else NULL
    for k in prange(6, nogil=True, schedule="dynamic", num_threads=max(1, threads)):
        fail[k] = shared_card_sum(m, count, n, k + 1, &sums[k])
    for k in range(6):
        if fail[k] == -1:
            raise MemoryError("cannot allocate the counters of the shared cards")
        if fail[k]:
            raise ValueError(f"a hand of other than seven cards below {n} (or an overflow)")
    return [int(sums[k]) for k in range(6)]
