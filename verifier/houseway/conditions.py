"""The condition language of house-way files: small, safe expressions over the hand.

A condition is a Python-like boolean expression (``"top_single == A and low_pair <= 6"``)
parsed with :mod:`ast` and limited to ``and``, ``or``, ``not``, comparisons (chains
allowed, ``in`` / ``not in`` a list), names and whole numbers. Nothing is ``eval``-ed.

Ranks are numbers 2..14: the digits 2-10 as written, ``T`` for ten, ``J``, ``Q``, ``K``,
``A`` (14). The joker counts as an ace in every feature (the house-way reading
``joker = "ace-in-groups"``). A feature that the hand does not have is 0 (no low pair:
``low_pair == 0``), so ``low_pair`` alone is true only when there is one.

Features of the seven cards (docs/HOUSE_WAYS.md has the table):
``quads`` ``trips`` ``low_trips`` ``pair`` ``low_pair`` ``third_pair`` (group ranks, highest
first); ``top_single`` ``second_single`` ``third_single`` (ranks that appear once);
``rest_pair`` (the highest pair, or pair from trips, among the cards outside the biggest
group); ``pairs`` ``singles`` (lists, for ``in``); ``joker`` (the joker is among the
cards); ``straight`` ``flush`` ``straight_flush`` ``complete`` ``royal`` (some five of the
seven make that hand; complete = a straight or better); ``ace_high_straight`` and
``lower_straight`` (some five make a straight or straight flush to the ace; one to a lower
card, the wheel included).
"""
from __future__ import annotations

import ast
import re

from verifier.game.ranking import FRONT_PAIR_BASE

RANK_NAMES = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
NUMBER_FEATURES = ("quads", "trips", "low_trips", "pair", "low_pair", "third_pair",
                   "top_single", "second_single", "third_single", "rest_pair")
LIST_FEATURES = ("pairs", "singles")
FLAG_FEATURES = ("joker", "straight", "flush", "straight_flush", "complete", "royal",
                 "ace_high_straight", "lower_straight")
FEATURES = NUMBER_FEATURES + LIST_FEATURES + FLAG_FEATURES

_COMPARE = {ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
            ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
            ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
MAX_LENGTH = 500


class ConditionError(ValueError):
    """A condition that is not in the language (the loader names its file and line)."""


def rank_value(token) -> int:
    """A rank written in a file (``"A"``, ``"10"``, ``"T"``, ``9``) as 2..14."""
    text = str(token).strip().upper()
    if text in RANK_NAMES:
        return RANK_NAMES[text]
    if re.fullmatch(r"\d{1,2}", text) and 2 <= int(text) <= 10:
        return int(text)
    raise ConditionError(f"{token!r} is not a rank (2-10, T, J, Q, K, A)")


def compile_condition(text: str):
    """A function features -> bool for a condition string; ConditionError if it is not
    in the language."""
    if not isinstance(text, str) or not text.strip():
        raise ConditionError("a condition is a non-empty string")
    if len(text) > MAX_LENGTH:
        raise ConditionError(f"a condition is at most {MAX_LENGTH} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise ConditionError(f"cannot read the condition {text!r}") from None
    node = _check(tree.body)
    return lambda features: bool(_eval(node, features))


#: feature numbers of the compiled route (F_*, generated into cext/vocab.h): numbers, then flags
FEATURE_IDS = {name: i for i, name in enumerate(NUMBER_FEATURES + FLAG_FEATURES)}
LIST_IDS = {"pairs": 0, "singles": 1}
#: byte code of the compiled route (HW_OP_*, generated into cext/vocab.h)
OP_CONST, OP_FEAT, OP_IN, OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR, OP_NOT = \
    range(1, 13)
_OP_OF = {ast.Lt: OP_LT, ast.LtE: OP_LE, ast.Gt: OP_GT, ast.GtE: OP_GE, ast.Eq: OP_EQ,
          ast.NotEq: OP_NE}


def condition_code(text: str) -> list:
    """The condition as reverse-Polish byte code for cext/houseway.h (same checks as
    ``compile_condition``)."""
    compile_condition(text)
    out: list = []
    _emit(ast.parse(text.strip(), mode="eval").body, out)
    return out


def _emit(node, out):
    if isinstance(node, ast.BoolOp):
        _emit(node.values[0], out)
        for v in node.values[1:]:
            _emit(v, out)
            out.append(OP_AND if isinstance(node.op, ast.And) else OP_OR)
    elif isinstance(node, ast.UnaryOp):
        _emit(node.operand, out)
        out.append(OP_NOT)
    elif isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            _emit(operands[i], out)
            if isinstance(op, (ast.In, ast.NotIn)):
                out += [OP_IN, LIST_IDS[operands[i + 1].id]]
                if isinstance(op, ast.NotIn):
                    out.append(OP_NOT)
            else:
                _emit(operands[i + 1], out)
                out.append(_OP_OF[type(op)])
            if i:
                out.append(OP_AND)
    elif isinstance(node, ast.Name):
        if node.id in RANK_NAMES:
            out += [OP_CONST, RANK_NAMES[node.id]]
        elif node.id in LIST_IDS:           # a list used as a truth value: never in a row
            raise ConditionError(f"{node.id} is a list: use it after `in`")
        else:
            out += [OP_FEAT, FEATURE_IDS[node.id]]
    else:
        out += [OP_CONST, node.value]


def front_floor(text) -> int:
    """``front_at_least``: "J" (a jack-high front or better), "AJ" (ace-jack or better),
    "22" (any pair) as the least two-card key (docs/ENGINE.md: pair r -> 169 + r, else
    high * 13 + low, ranks 0..12)."""
    if not isinstance(text, str) or not 1 <= len(text.strip()) <= 5:
        raise ConditionError(f"{text!r}: write one rank (\"J\": J-high or better) or two "
                             "(\"AJ\", \"22\" for any pair)")
    t = text.strip().upper().replace("10", "T")
    ranks = [rank_value(c) - 2 for c in t]
    if len(ranks) == 1:
        return ranks[0] * 13
    if len(ranks) != 2:
        raise ConditionError(f"{text!r}: one or two ranks")
    hi, lo = max(ranks), min(ranks)
    return FRONT_PAIR_BASE + hi if hi == lo else hi * 13 + lo


def compile_rank(text):
    """A function features -> rank for one card of a front: a rank or a number feature."""
    if isinstance(text, int) and not isinstance(text, bool):
        value = rank_value(text)
        return lambda features: value
    if not isinstance(text, str):
        raise ConditionError(f"{text!r} is not a rank or a feature")
    if text in NUMBER_FEATURES:
        return lambda features: features[text]
    try:
        value = rank_value(text)
    except ConditionError:
        raise ConditionError(f"{text!r} is neither a rank nor one of "
                             f"{', '.join(NUMBER_FEATURES)}") from None
    return lambda features: value


def _check(node):
    if isinstance(node, ast.BoolOp):
        for v in node.values:
            _check(v)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        _check(node.operand)
    elif isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _COMPARE:
                raise ConditionError(f"the comparison {type(op).__name__} is not allowed")
        operands = [node.left, *node.comparators]
        for v in operands:
            _check(v)
        is_list = [isinstance(v, ast.Name) and v.id in LIST_FEATURES for v in operands]
        for i, op in enumerate(node.ops):
            membership = isinstance(op, (ast.In, ast.NotIn))
            if is_list[i] or is_list[i + 1] != membership:
                raise ConditionError(f"{ast.unparse(node)!r}: {' and '.join(LIST_FEATURES)} "
                                     "are lists, used only after `in` or `not in`")
    elif isinstance(node, ast.Name):
        if node.id not in FEATURES and node.id not in RANK_NAMES:
            raise ConditionError(f"unknown name {node.id!r}: a condition uses the features "
                                 f"{', '.join(FEATURES)} and the ranks 2-10, T, J, Q, K, A")
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        rank_value(node.value)
    else:
        raise ConditionError(f"{ast.unparse(node)!r} is not allowed in a condition "
                             "(and, or, not, comparisons, features, ranks)")
    return node


def _eval(node, f):
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            return all(_eval(v, f) for v in node.values)
        return any(_eval(v, f) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        return not _eval(node.operand, f)
    if isinstance(node, ast.Compare):
        left = _eval(node.left, f)
        for op, right_node in zip(node.ops, node.comparators):
            right = _eval(right_node, f)
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.Name):
        return RANK_NAMES[node.id] if node.id in RANK_NAMES else f[node.id]
    return node.value
