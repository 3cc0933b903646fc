"""House ways as files (docs/HOUSE_WAYS.md): load one, set a hand by it.

- ``load(name_or_path)``: a shipped house way by name (``paigow-verify house-ways`` lists
  them) or a TOML file; every problem is one ``HouseWayError`` line naming the file and,
  where it can, the line.
- ``set_hand(cards, house_way, wheel_second=False)``: seven cards set by the file's rows,
  with the row that decided (``Setting``).
- ``names()``, ``shipped_path(name)``: the shipped files, in ``verifier/data/house_ways``.
- ``title(name)``: a house way as a person reads it (a shipped one's title).

The built-in house ways ``mikes`` and ``emperors`` are also compiled into the engine (the
fast route); their files here are written from the same charts, and the tests show that
both routes set hands alike.
"""
#: the names of the package, from the modules that define them (imported on first use:
#: the enumeration and the certificates import submodules of the package, and need
#: neither the file reader nor the Python interpreter)
_FILEFORMAT = ("HouseWay", "load", "loads", "names", "shipped_path", "HOUSE_WAY_DIR", "BUILT_IN")
_FIELDS = ("HouseWayError", "Row")
_INTERPRET = ("Setting", "features_of", "hand_type", "set_hand")

from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from verifier.houseway.fileformat import HouseWay


def __getattr__(name):
    if name in _FILEFORMAT:
        from verifier.houseway import fileformat
        return getattr(fileformat, name)
    if name in _FIELDS:
        from verifier.houseway import fields
        return getattr(fields, name)
    if name in _INTERPRET:
        from verifier.houseway import interpret
        return getattr(interpret, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: the rows of the two compiled-in house ways (docs/RULES.md rows 1-11)
BUILT_IN_ROW_NAMES = {
    1: "five aces",
    2: "four of a kind",
    3: "two sets of three of a kind",
    4: "full house",
    5: "three pairs",
    6: "two pairs",
    7: "three of a kind with a complete hand",
    8: "three of a kind",
    9: "straight, flush or straight flush",
    10: "one pair",
    11: "high card",
}


def title(name: str) -> str:
    """The house way ``name`` as a person reads it: a shipped house way's title (Mike's
    Cardroom for ``mikes``, the compiled-in ones included), else the name, shortened (a name
    a target file gives that no shipped file has)."""
    from verifier.houseway.fileformat import load, names
    return load(name).title if name in names() else name[:40]


def row_names(way: "HouseWay | None") -> dict:
    """{row number of the per-row counts: its name} for a loaded house way (``Rules.way``):
    a file's rows by place (with the chart's row), or rows 1-11 of the built-ins (None)."""
    if way is None:
        return dict(BUILT_IN_ROW_NAMES)
    return {i: f"(row {row.label}) {row.name}" for i, row in enumerate(way.rows, 1)}


__all__ = ["row_names", "BUILT_IN_ROW_NAMES", "HouseWay", "HouseWayError", "Row", "Setting", "load", "loads", "names",
           "shipped_path", "set_hand", "features_of", "hand_type", "HOUSE_WAY_DIR",
           "BUILT_IN"]
