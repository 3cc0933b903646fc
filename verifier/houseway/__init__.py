"""House ways as files (docs/HOUSE_WAYS.md): load one, set a hand by it.

- ``load(name_or_path)``: a shipped house way by name (``paigow-verify house-ways`` lists
  them) or a TOML file; every problem is one ``HouseWayError`` line naming the file and,
  where it can, the line.
- ``set_hand(cards, house_way, wheel_second=False)``: seven cards set by the file's rows,
  with the row that decided (``Setting``).
- ``names()``, ``shipped_path(name)``: the shipped files, in ``verifier/data/house_ways``.

The built-in house ways ``mikes`` and ``emperors`` are also compiled into the engine (the
fast route); their files here are written from the same charts, and the tests show that
both routes set hands alike.
"""
from .fileformat import (HouseWay, HouseWayError, Row, load, loads, names, shipped_path,
                         HOUSE_WAY_DIR, BUILT_IN)
from .interpret import Setting, features_of, hand_type, set_hand

__all__ = ["HouseWay", "HouseWayError", "Row", "Setting", "load", "loads", "names",
           "shipped_path", "set_hand", "features_of", "hand_type", "HOUSE_WAY_DIR",
           "BUILT_IN"]
