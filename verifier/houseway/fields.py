"""The parts of a house-way file, each checked as the file gives it: the readings it
fixes and the options it declares, its [variants] of rows, and each row (hand, condition,
front and back, bands); the limits the compiled route sets, and the error that names the
file and line. The file as a whole: verifier/houseway/fileformat.py."""
from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.support.errors import VerifierError
from verifier.houseway.conditions import (NUMBER_FEATURES, ConditionError, compile_condition, compile_rank, condition_code, front_floor, rank_value)
from verifier.houseway.interpret import BACK_CLASSES, HAND_FAMILIES, HAND_TYPES


#: the readings every house-way file states (or takes by default), with the values this
#: version can carry out; the words go into certificates and `house-ways NAME`
READINGS = {
    "joker": {"ace-in-groups": "the joker counts as an ace in pairs, trips and quads, and "
                               "as a single ace (\"holding an ace\" is met by the joker); in "
                               "the back hand it completes straights and flushes by the "
                               "rank rules"},
    "ties": {"highest-back": "where a play fixes the front's ranks and several cards fit, "
                             "the set with the highest back is used; among equal sets, the "
                             "first in the engine's order (docs/ENGINE.md)"},
    "if_you_can": {"else-then-next-row": "a play that cannot be made with the cards gives "
                                         "way to the row's else play, and with none, to "
                                         "the next row"},
    "complete_hand": {"straight-or-better": "\"any complete hand\" in back is a straight "
                                            "or better"},
    "highest_front": {
        "highest-hand": "a play for the highest front (front = \"highest\") takes the highest "
                        "two-card hand over every set that keeps the back it asks for",
        "card-by-card": "a play for the highest front takes a pair in front if one keeps the "
                        "back it asks for; else it takes the front's cards one at a time: "
                        "the first card of the seven, from the highest down (the joker "
                        "first, a rank's cards from spades to clubs), that goes in front "
                        "with some card, with the highest such card beside it; of two cards "
                        "of one rank only the first is tried first, so a lower second card "
                        "can be chosen. A setting that rests on the order of the suits: "
                        "commands that count by the suits' symmetry (the base game's "
                        "pairwise count, the optimal strategy) refuse it"},
}
#: readings whose setting of a hand depends on the order of the suits (the enumeration
#: then visits every hand, and the counts that rest on the suits' symmetry refuse them)
ORDER_DEPENDENT = {("highest_front", "card-by-card")}
TOP_KEYS = {"name", "title", "source", "readings", "rows", "variants"}
ROW_KEYS = {"name", "row", "hand", "when", "front", "back", "improves_on", "front_at_least",
            "else", "note", "variant",
            *NUMBER_FEATURES}
FRONT_WORDS = ("highest", "best-of-rest")
MAX_ROWS = 120          # the compiled route's limits (cext/vocab.h HW_MAX_ROWS,
MAX_BANDS = 8           # HW_MAX_BANDS, HW_MAX_CODE): a file is valid for every command
MAX_CODE = 200          # or refused here, never refused later by the engine


class HouseWayError(VerifierError):
    """A house-way file that cannot be read or is not valid (one line)."""


class OrderDependentError(HouseWayError):
    """A house way whose readings set a hand by the order of its suits, refused by a
    count that goes by the suits' symmetry (one line)."""


@dataclass(frozen=True)
class Row:
    name: str
    label: int
    hands: tuple
    bands: tuple            # ((feature, (low, high)), ...)
    when: object            # features -> bool, or None
    when_text: str
    front: object           # "highest" | "best-of-rest" | (rank fn, rank fn)
    back: str | None
    improves_on: str | None  # made only if its front beats the highest front keeping this
    otherwise: object       # a front play, or None
    line: int
    front_raw: object = None  # front and else as written (for the compiled route)
    else_raw: object = None
    front_min: int | None = None  # front_at_least as the least two-card key
    variant: str | None = None    # "POINT=ALTERNATIVE": there only under that alternative


def row_lines(text):
    """The line (from 1) of each ``[[rows]]`` header, in order."""
    return [i for i, line in enumerate(text.splitlines(), 1)
            if re.match(r"\s*\[\[\s*rows\s*\]\]", line)]


def _key_line(text, start, key):
    lines = text.splitlines()
    for i in range(start, len(lines)):
        if i > start - 1 and re.match(r"\s*\[", lines[i]):
            break
        if re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", lines[i]):
            return i + 1
    return start


def rows_in_force(rows, variants, chosen):
    """The rows of the chosen alternatives: a row of a variant only when its alternative
    is chosen, and none of the rows (by label) a chosen alternative leaves out."""
    out_labels = {label for point, alternative in chosen.items()
                  for label in variants[point][alternative]}
    picked = {f"{point}={alternative}" for point, alternative in chosen.items()}
    return tuple(r for r in rows if (r.variant is None or r.variant in picked)
                 and r.label not in out_labels)


def _variant_line(text, point, key=None):
    """The line of [variants.POINT] (or of ``key = ...`` inside it); 0 if not found."""
    lines = text.splitlines()
    inside = False
    for i, line in enumerate(lines, 1):
        if re.match(r"\s*\[", line):
            inside = bool(re.match(rf"\s*\[\s*variants\.\"?{re.escape(point)}\"?\s*\]",
                                   line))
            if inside and key is None:
                return i
        elif inside and key is not None and \
                re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", line):
            return i
    return 0


def read_variants(value, rows, path, text):
    """[variants.POINT]: for a point of the text, its alternatives (two or more, the
    first in force), each the list of row labels (``row``, or the place in the file) it
    leaves out; a row with ``variant = "POINT=ALTERNATIVE"`` is there only under that
    alternative. Labels that no row has, alternatives no variant declares: one line."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise HouseWayError(f"{path}: [variants] holds one table per point of the text, "
                            "[variants.NAME], of alternatives = [row labels left out]")
    labels = {r.label for r in rows}
    out = {}
    for point, alternatives in value.items():
        line = _variant_line(text, point)
        where = f"{path}: line {line}" if line else path
        if not re.fullmatch(r"[a-z0-9_-]{1,40}", point) or not isinstance(alternatives, dict) \
                or len(alternatives) < 2:
            raise HouseWayError(f"{where}: [variants.{point}] needs two or more alternatives, "
                                "each = [row labels it leaves out], the first in force; "
                                "names of lower-case letters, digits, '_' and '-'")
        out[point] = {}
        for alternative, left_out in alternatives.items():
            line = _variant_line(text, point, alternative) or line
            at = f"{path}: line {line}" if line else path
            if not re.fullmatch(r"[a-z0-9_-]{1,40}", alternative) or \
                    not isinstance(left_out, list) or \
                    not all(type(x) is int for x in left_out):
                raise HouseWayError(f"{at}: {point}.{alternative} = a list of the row "
                                    "labels it leaves out, e.g. [8, 9] (or [])")
            missing = [x for x in left_out if x not in labels]
            if missing:
                raise HouseWayError(f"{at}: {point}.{alternative} leaves out row {missing[0]}, "
                                    "which the file does not have (rows are named by their "
                                    "`row` label or their place in the file)")
            out[point][alternative] = tuple(left_out)
    declared = {f"{p}={a}" for p, alts in out.items() for a in alts}
    for r in rows:
        if r.variant is not None and r.variant not in declared:
            raise HouseWayError(f"{path}: line {_key_line(text, r.line, 'variant')}: variant "
                                f"= {r.variant!r} names no alternative of [variants] "
                                f"({', '.join(sorted(declared)) or 'none declared'})")
    return out


def _option_line(text, key):
    """The line of ``key = ...`` inside [readings.options] (0 if not found)."""
    lines = text.splitlines()
    inside = False
    for i, line in enumerate(lines, 1):
        if re.match(r"\s*\[", line):
            inside = bool(re.match(r"\s*\[\s*readings\.options\s*\]", line))
        elif inside and re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", line):
            return i
    return 0


def _options(value, readings, path, text):
    """[readings.options]: for a point the text leaves open, the readings it may take
    (the one in force among them), each a value this version carries out."""
    if not isinstance(value, dict):
        raise HouseWayError(f"{path}: [readings.options] maps a reading to the list of its "
                            "alternatives")
    options = {}
    for key, values in value.items():
        line = _option_line(text, key)
        where = f"{path}: line {line}" if line else path
        if key not in READINGS:
            raise HouseWayError(f"{where}: unknown reading {key!r} in [readings.options]: "
                                f"the readings are {', '.join(READINGS)}")
        if not isinstance(values, list) or len(values) < 2 or \
                not all(isinstance(v, str) for v in values) or len(set(values)) != len(values):
            raise HouseWayError(f"{where}: {key} = a list of two or more different "
                                "readings, e.g. [\"highest-hand\", \"card-by-card\"]")
        bad = [v for v in values if v not in READINGS[key]]
        if bad:
            raise HouseWayError(f"{where}: reading {key} = {bad[0]!r}: this version carries "
                                f"out {', '.join(map(repr, READINGS[key]))}")
        if readings[key] not in values:
            raise HouseWayError(f"{where}: {key}: the reading in force, {readings[key]!r}, "
                                "is not among its alternatives")
        options[key] = tuple(values)
    return options


def read_readings(table, path, text=""):
    if not isinstance(table, dict):
        raise HouseWayError(f"{path}: [readings] must be a table")
    readings = {key: next(iter(values)) for key, values in READINGS.items()}
    notes, options = {}, None
    for key, value in table.items():
        if key == "options":
            options = value
            continue
        if key == "notes":
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise HouseWayError(f"{path}: [readings.notes] maps a point of the text to "
                                    "how it is read, both strings")
            notes = dict(value)
            continue
        if key not in READINGS:
            raise HouseWayError(f"{path}: unknown reading {key!r}: the readings are "
                                f"{', '.join(READINGS)}, [readings.notes] and "
                                "[readings.options]")
        if not isinstance(value, str) or value not in READINGS[key]:
            raise HouseWayError(f"{path}: reading {key} = {value!r}: this version carries "
                                f"out {', '.join(map(repr, READINGS[key]))}")
        readings[key] = value
    options = _options(options, readings, path, text) if options is not None else {}
    return readings, notes, options


def read_row(row, index, start, text, path):
    where = f"{path}: line {start}" if start else f"{path}: row {index + 1}"

    def fail(message, key=None):
        line = _key_line(text, start, key) if key and start else start
        at = f"{path}: line {line}" if line else where
        raise HouseWayError(f"{at}: {message}")

    if not isinstance(row, dict):
        fail("a row is a table")
    unknown = sorted(set(row) - ROW_KEYS)
    if unknown:
        fail(f"unknown key {unknown[0]!r} in a row: a row has name, row, hand, the rank "
             f"bands ({', '.join(NUMBER_FEATURES)}), when, front, back, improves_on, "
             "front_at_least, else, note",
             unknown[0])
    name = row.get("name")
    if not isinstance(name, str) or not name.strip():
        fail("a row needs a name (the chart's words)")
    label = row.get("row", index + 1)
    if type(label) is not int or not 1 <= label <= 999:
        fail("row must be a whole number from 1 to 999 (the chart's row)", "row")
    hands = row.get("hand")
    hands = [hands] if isinstance(hands, str) else hands
    if not isinstance(hands, list) or not hands:
        fail(f"a row needs hand = one of {', '.join(HAND_TYPES)} (or a list)", "hand")
    expanded = []
    for h in hands:
        if not isinstance(h, str):
            fail(f"hand = {h!r}: a hand type is a word, e.g. \"one-pair\"", "hand")
        if h in HAND_FAMILIES:
            expanded.extend(HAND_FAMILIES[h])
        elif h in HAND_TYPES:
            expanded.append(h)
        else:
            fail(f"unknown hand {h!r}: choose from {', '.join(HAND_TYPES)}, "
                 f"{', '.join(HAND_FAMILIES)}", "hand")
    bands = []
    for feature in NUMBER_FEATURES:
        if feature in row:
            bands.append((feature, _band(row[feature], lambda m: fail(m, feature))))
    if len(bands) > MAX_BANDS:
        fail(f"{len(bands)} rank bands in one row, more than the limit of {MAX_BANDS}")
    when = None
    when_text = row.get("when", "")
    if "when" in row:
        try:
            when = compile_condition(row["when"])
            size = len(condition_code(row["when"]))     # the compiled route's own checks
        except ConditionError as exc:
            fail(f"when: {exc}", "when")
        if size > MAX_CODE:
            fail(f"when: the condition is too long ({size} codes, at most {MAX_CODE})",
                 "when")
    front = _front(row.get("front"), lambda m: fail(m, "front"))
    back = row.get("back")
    if back is not None and (not isinstance(back, str) or back not in BACK_CLASSES):
        fail(f"back = {back!r}: choose from {', '.join(BACK_CLASSES)}", "back")
    improves_on = row.get("improves_on")
    if improves_on is not None and (not isinstance(improves_on, str)
                                    or improves_on not in BACK_CLASSES):
        fail(f"improves_on = {improves_on!r}: choose from {', '.join(BACK_CLASSES)}",
             "improves_on")
    front_min = None
    if "front_at_least" in row:
        try:
            front_min = front_floor(row["front_at_least"])
        except ConditionError as exc:
            fail(f"front_at_least {exc}", "front_at_least")
    otherwise = None
    if "else" in row:
        otherwise = _front(row["else"], lambda m: fail(f"else: {m}", "else"))
    if not isinstance(row.get("note", ""), str):
        fail("note must be a string", "note")
    variant = row.get("variant")
    if variant is not None and (not isinstance(variant, str) or variant.count("=") != 1):
        fail("variant = \"POINT=ALTERNATIVE\", an alternative of [variants]", "variant")
    return Row(name.strip(), label, tuple(dict.fromkeys(expanded)), tuple(bands), when,
               when_text, front, back, improves_on, otherwise, start, row.get("front"),
               row.get("else"), front_min, variant)


def _band(value, fail):
    """A rank band, "9-J" (either order) or one rank, as (low, high) in 2..14."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        fail(f"a rank band is written \"9-J\" or \"K\", not {value!r}")
    parts = str(value).split("-")
    if len(parts) > 2:
        fail(f"bad rank band {value!r}: write \"9-J\" or \"K\"")
    try:
        ranks = [rank_value(p) for p in parts]
    except ConditionError as exc:
        fail(f"bad rank band {value!r}: {exc}")
    return (min(ranks), max(ranks))


def _front(value, fail):
    if value is None:
        fail("a row needs front = \"highest\", \"best-of-rest\", or two ranks or features, "
             "e.g. [\"low_pair\", \"low_pair\"]")
    if isinstance(value, str):
        if value not in FRONT_WORDS:
            fail(f"front {value!r}: write \"highest\", \"best-of-rest\" or a list of two "
                 "ranks or features")
        return value
    if not isinstance(value, list) or len(value) != 2:
        fail("front is two ranks or features, e.g. [\"A\", \"top_single\"]")
    try:
        return tuple(compile_rank(v) for v in value)
    except ConditionError as exc:
        fail(f"front: {exc}")
