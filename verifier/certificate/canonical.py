"""RFC 8785 canonical JSON, fast: byte for byte what ``rfc8785.dumps`` writes.

``rfc8785.dumps`` is pure Python: about 0.2 s over a certificate's 600,000 values. For the
data a certificate holds the standard library's C encoder writes the same bytes,
``json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``, as UTF-8:

- strings: both escape exactly ``"``, ``\\`` and U+0000..U+001F (the same short forms,
  else ``\\u00xx`` in lower-case hex) and write everything else as it is;
- integers: both write the digits (RFC 8785 refuses magnitudes beyond 2**53 - 1);
- ``true``, ``false``, ``null``, ``[...]``, ``{...}`` without white space;
- object keys: RFC 8785 orders them by UTF-16 code units, Python by code points; the two
  orders agree unless a key holds a character from U+D800 up;
- floats: RFC 8785 writes ECMAScript's number form, Python ``repr``; they agree on a
  float like 0.25, not on 1.0, 1e-05 or 1e+16. Each float whose forms differ is written by
  ``rfc8785`` itself (a placeholder string in the C encoder's output is replaced).

``dumps(obj)`` checks that the data keeps to these cases (dicts with ``str`` keys below
U+D800, lists, ``str``, ``int`` in range, ``bool``, ``None``, ``float``; no U+0000 in a
string, which the placeholders use) and else hands the whole value to ``rfc8785.dumps``,
which also raises ``rfc8785.CanonicalizationError`` for data without a canonical form.
"""
import itertools
import json
import re
from typing import Any, Iterable, Sequence

_INT_MAX = 2 ** 53 - 1
_PLACEHOLDER = "\x00"          # + the float's number: a string no checked data holds


def ints_in_range(values: Sequence[int]) -> bool:
    """True when every int of the list ``values`` is one RFC 8785 writes."""
    return not values or (-_INT_MAX <= min(values) and max(values) <= _INT_MAX)


class _Unfit(Exception):
    """The value is not one the fast path writes exactly as RFC 8785 does."""


def _scalar(holder: Any, key: Any, v: Any, floats: list[Any]) -> None:
    t = type(v)
    if t is str:
        if _PLACEHOLDER in v:
            raise _Unfit
    elif t is int:
        if not -_INT_MAX <= v <= _INT_MAX:
            raise _Unfit
    elif t is float:
        floats.append((holder, key, v))
    elif not (t is bool or v is None):
        raise _Unfit


def _scan(obj: Any, floats: list[Any]) -> None:
    """Raises _Unfit unless ``obj`` keeps to the cases above; appends (holder, key, value)
    for each float to ``floats``."""
    stack = [obj]
    while stack:
        x = stack.pop()
        items: Iterable[tuple[Any, Any]]
        if type(x) is dict:
            items = x.items()
            for k in x:
                if type(k) is not str or _PLACEHOLDER in k or (k and max(k) >= "\ud800"):
                    raise _Unfit
        elif type(x) is list:
            types = set(map(type, x))
            if types <= {int}:               # a row of counts: checked in C
                if not ints_in_range(x):
                    raise _Unfit
                continue
            if types == {list}:              # a table of rows (the key histogram)
                inner = list(itertools.chain.from_iterable(x))
                if set(map(type, inner)) <= {int}:
                    if not ints_in_range(inner):
                        raise _Unfit
                    continue
            items = enumerate(x)
        else:
            _scalar(None, None, x, floats)   # a bare scalar (a float needs no holder)
            continue
        for k, v in items:
            if type(v) is dict or type(v) is list:
                stack.append(v)
            else:
                _scalar(x, k, v, floats)


def dumps(obj: Any) -> bytes:
    """``rfc8785.dumps(obj)``, the same bytes, mostly by the C JSON encoder."""
    import rfc8785
    floats: list = []
    try:
        _scan(obj, floats)
    except _Unfit:
        return rfc8785.dumps(obj)
    if type(obj) is float or any(h is None for h, _k, _v in floats):
        return rfc8785.dumps(obj)
    odd = []                                     # floats whose two forms differ
    for holder, key, value in floats:
        text = rfc8785.dumps(value).decode("ascii")    # NaN, infinities: raises
        if text != repr(value):
            odd.append((holder, key, value, text))
    try:
        for i, (holder, key, _value, _text) in enumerate(odd):
            holder[key] = f"{_PLACEHOLDER}{i}"
        out = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    finally:
        for holder, key, value, _text in odd:
            holder[key] = value
    if odd:                                      # one pass over the text for them all
        texts = [text for _holder, _key, _value, text in odd]
        out = re.sub(r'"\\u0000(\d+)"', lambda m: texts[int(m.group(1))], out)
    try:
        return out.encode("utf-8")
    except UnicodeEncodeError:                   # a lone surrogate: rfc8785 says why
        return rfc8785.dumps(obj)
