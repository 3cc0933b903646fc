# Part of verifier.engine._core (cext/_core.pyx includes it): the key histogram of an
# enumeration's counts as the engines give it (docs/ENGINE.md): its rows, their key sums
# and the rows' JSON text, made from the dense counts [back index * NUM_FRONT_DENSE +
# front index] in C without the GIL, but for the rows' Python lists.

from libc.stdlib cimport calloc


cdef dict _key_rows(const engine_t *e, const uint64_t *hist, size_t nh):
    """{"hist_rows": [[back key, front key, hands], ...] sorted, "hist_sums": their
    ``houseway.tables.key_sums`` ({front key: hands}, {back key >> 16: hands}),
    "hist_text": the rows as json.dumps writes them with no spaces, or None}."""
    cdef int t, nf = NUM_FRONT_DENSE
    cdef size_t i, b, nrows = 0
    cdef uint64_t *back_sums = <uint64_t *>calloc(max(e.nback, 1), sizeof(uint64_t))
    cdef uint64_t *front_sums = <uint64_t *>calloc(NUM_FRONT_DENSE, sizeof(uint64_t))
    cdef char *text = NULL
    cdef Py_ssize_t used = -1
    cdef int ordered = 1
    cdef long long bk, fk, pb = -(1LL << 62), pf = 0
    try:
        if back_sums == NULL or front_sums == NULL:
            raise MemoryError("cannot allocate the key histogram's sums")
        with nogil:
            for i in range(nh):
                if hist[i]:
                    nrows += 1
                    back_sums[i // nf] += hist[i]
                    front_sums[i % nf] += hist[i]
                    bk, fk = e.back_keys[i // nf], FRONT_FROM_DENSE[i % nf]
                    ordered &= bk > pb or (bk == pb and fk > pf)
                    pb, pf = bk, fk
            text = <char *>malloc(3 + nrows * 48)  # "[" int "," int "," count "]," <= 47
            if text != NULL and ordered:
                used = _write_rows(e, hist, nh, nrows, text)
        backs = [e.back_keys[b] for b in range(<size_t>e.nback)]   # one int per key
        fronts = [FRONT_FROM_DENSE[t] for t in range(nf)]
        rows = []
        for i in range(nh):
            if hist[i]:
                rows.append([backs[i // nf], fronts[i % nf], hist[i]])
        if not ordered:
            rows.sort()
        by_front = {fronts[t]: front_sums[t] for t in range(nf) if front_sums[t]}
        by_row = {}
        for b in range(<size_t>e.nback):
            if back_sums[b]:
                key = e.back_keys[b] >> 16
                by_row[key] = by_row.get(key, 0) + back_sums[b]
        return {"hist_rows": rows, "hist_sums": (by_front, by_row),
                "hist_text": text[:used] if used >= 0 else None}
    finally:
        free(back_sums)
        free(front_sums)
        free(text)


cdef inline size_t _write_int(char *out, long long value) noexcept nogil:
    """``value`` in decimal at ``out`` (as json.dumps writes an int): its length."""
    cdef char digits[24]
    cdef unsigned long long v = <unsigned long long>value
    cdef size_t n = 0, k = 0
    if value < 0:
        out[0] = 45                           # '-'
        k = 1
        v = 0ULL - v
    while True:
        digits[n] = <char>(48 + v % 10)
        n += 1
        v //= 10
        if v == 0:
            break
    while n:
        n -= 1
        out[k] = digits[n]
        k += 1
    return k


cdef Py_ssize_t _write_rows(const engine_t *e, const uint64_t *hist, size_t nh, size_t nrows,
                            char *buf) noexcept nogil:
    """The key histogram's rows [[back key,front key,hands],...], their pairs in ascending
    order, as json.dumps writes them with no spaces (a certificate's hashes take them so),
    written into ``buf`` (room for 48 characters a row) in one pass rather than by json
    over 150,000 lists: the text's length, or -1 for a count beyond 2**53 - 1."""
    cdef size_t i, used = 1
    buf[0] = 91                               # '['
    for i in range(nh):
        if not hist[i]:
            continue
        if hist[i] > 9007199254740991ULL:
            return -1
        buf[used] = 91
        used += 1
        used += _write_int(buf + used, e.back_keys[i // NUM_FRONT_DENSE])
        buf[used] = 44                        # ','
        used += 1
        used += _write_int(buf + used, FRONT_FROM_DENSE[i % NUM_FRONT_DENSE])
        buf[used] = 44
        used += 1
        used += _write_int(buf + used, <long long>hist[i])
        buf[used] = 93                        # ']'
        buf[used + 1] = 44
        used += 2
    if nrows:
        used -= 1                             # the last row's comma
    buf[used] = 93
    return <Py_ssize_t>used + 1
