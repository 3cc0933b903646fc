"""The compiled route of house-way files: a file's rows as the flat program of
cext/houseway.h (its layout: verifier/houseway/layout.py, which cext/vocab.h is
generated from). Registering a program with the engine is
``verifier.engine.registry``'s."""
from __future__ import annotations

from verifier.houseway.fields import MAX_BANDS, MAX_CODE  # the format's limits are C's

# the program's layout: its one source, which cext/vocab.h is generated from
from verifier.houseway.layout import (BACK, BANDS, CODE, CODE_LEN, ELSE, FRONT, FRONT_KINDS, FRONT_MIN, FRONT_RANKS, HANDS, HAS_ELSE, HIGHEST_FRONT, HIGHEST_FRONT_READINGS, IMPROVES, LABEL, NBANDS, OPERAND_FEATURE, OPERAND_RANK, ROW_INTS)  # noqa: E501,F401
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.houseway import HouseWay


class ProgramTooBig(ValueError):
    pass


def _front(raw):
    from verifier.houseway.conditions import FEATURE_IDS, rank_value
    if isinstance(raw, str):
        return [FRONT_KINDS[raw], 0, 0, 0, 0]
    out = [FRONT_RANKS]
    for item in raw:
        if isinstance(item, str) and item in FEATURE_IDS:
            out += [OPERAND_FEATURE, FEATURE_IDS[item]]
        else:
            out += [OPERAND_RANK, rank_value(item)]
    return out


def program_of(house_way: HouseWay) -> list[int]:
    """The rows of a ``HouseWay`` as the ints cext/houseway.h reads."""
    from verifier.houseway.conditions import FEATURE_IDS, condition_code
    from verifier.houseway.interpret import BACK_CLASSES, HAND_TYPES
    ints = []
    for row in house_way.rows:
        r = [0] * ROW_INTS
        r[LABEL] = row.label
        r[HANDS] = sum(1 << HAND_TYPES.index(h) for h in row.hands)
        if len(row.bands) > MAX_BANDS:
            raise ProgramTooBig(f"row {row.name!r}: more than {MAX_BANDS} rank bands")
        r[NBANDS] = len(row.bands)
        for i, (feature, (low, high)) in enumerate(row.bands):
            r[BANDS + 3 * i: BANDS + 3 * i + 3] = [FEATURE_IDS[feature], low, high]
        r[FRONT:FRONT + 5] = _front(row.front_raw)
        r[BACK] = BACK_CLASSES[row.back] if row.back else -1
        r[IMPROVES] = BACK_CLASSES[row.improves_on] if row.improves_on else -1
        if row.else_raw is not None:
            r[HAS_ELSE] = 1
            r[ELSE:ELSE + 5] = _front(row.else_raw)
        code = condition_code(row.when_text) if row.when is not None else []
        if len(code) > MAX_CODE:
            raise ProgramTooBig(f"row {row.name!r}: its condition is too long for the "
                                f"compiled route ({len(code)} codes, at most {MAX_CODE})")
        r[FRONT_MIN] = -1 if row.front_min is None else row.front_min
        r[HIGHEST_FRONT] = HIGHEST_FRONT_READINGS[house_way.readings["highest_front"]]
        r[CODE_LEN] = len(code)
        r[CODE:CODE + len(code)] = code
        ints += r
    return ints
