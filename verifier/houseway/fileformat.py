"""Reading and validating house-way files (the format: docs/HOUSE_WAYS.md).

Every problem is one ``HouseWayError`` line naming the file and, for a row or one of its
keys, the line it is on.
"""
from __future__ import annotations

import functools
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
import os

from verifier.support.toml import tomllib
from verifier.support.files import parse_toml, read_text, remember_input
from verifier.houseway.builtin import BUILT_IN
from verifier.houseway.fields import (MAX_ROWS, ORDER_DEPENDENT, READINGS, TOP_KEYS, HouseWayError,
                                      read_readings, read_row, read_variants, row_lines,
                                      rows_in_force)

HOUSE_WAY_DIR = Path(__file__).resolve().parent.parent / "data" / "house_ways"
#: the order `house-ways` lists them in
ORDER = ("mikes", "emperors", "foxwoods", "trump-plaza", "ballys-atlantic-city",
         "golden-nugget", "flamingo-hilton")


@dataclass(frozen=True)
class HouseWay:
    name: str
    title: str
    source: str
    readings: dict          # reading -> value
    notes: dict             # point of the text -> how this file reads it
    rows: tuple = field(repr=False)
    path: str = ""
    text: str = field(default="", repr=False)
    options: dict = field(default_factory=dict)   # reading -> its declared alternatives
    #: [variants]: point of the text -> {alternative: row labels it leaves out}; the first
    #: alternative of each point is in force (docs/HOUSE_WAYS.md, Variants of rows)
    variants: dict = field(default_factory=dict)
    chosen: dict = field(default_factory=dict)    # point -> the alternative in force
    all_rows: tuple = field(default=(), repr=False)   # every row, of every alternative

    def sets_hands_as(self, other: "HouseWay") -> bool:
        """Whether this file, its readings and rows in force, is ``other`` (a file that
        declares the alternatives of a shipped house way's text, its first ones in force:
        examples/published/foxwoods_readings.toml is Foxwoods)."""
        def rows(hw: "HouseWay") -> list:
            return [(r.name, r.label, r.hands, r.bands, r.when_text, r.front_raw, r.back,
                     r.improves_on, r.else_raw, r.front_min) for r in hw.rows]
        return self.readings == other.readings and rows(self) == rows(other)

    @property
    def order_dependent(self) -> bool:
        """True when a reading in force sets a hand by the order of its suits."""
        return any((k, v) in ORDER_DEPENDENT for k, v in self.readings.items())

    def with_readings(self, chosen: dict) -> "HouseWay":
        """The same rows under other readings ({reading: value}), each a value this
        version carries out; one line naming the file for anything else."""
        readings = dict(self.readings)
        for key, value in chosen.items():
            if key not in READINGS:
                raise HouseWayError(f"{self.path}: unknown reading {key!r}: the readings "
                                    f"are {', '.join(READINGS)}")
            if value not in READINGS[key]:
                raise HouseWayError(f"{self.path}: reading {key} = {value!r}: this version "
                                    f"carries out {', '.join(map(repr, READINGS[key]))}")
            readings[key] = value
        return replace(self, readings=readings)

    def with_variants(self, chosen: dict) -> "HouseWay":
        """The file with other alternatives of its [variants] in force ({point:
        alternative}); one line naming the file for a point or alternative it lacks."""
        picked = dict(self.chosen)
        for point, alternative in chosen.items():
            if point not in self.variants:
                raise HouseWayError(f"{self.path}: no variants of {point!r} (its "
                                    f"[variants]: {', '.join(self.variants) or 'none'})")
            if alternative not in self.variants[point]:
                raise HouseWayError(f"{self.path}: {point} has no alternative "
                                    f"{alternative!r} ({', '.join(self.variants[point])})")
            picked[point] = alternative
        return replace(self, chosen=picked, rows=rows_in_force(self.all_rows,
                                                                 self.variants, picked))

    @property
    def built_in(self) -> bool:
        """True for the house ways the engine also has compiled in."""
        return self.name in BUILT_IN and Path(self.path).parent == HOUSE_WAY_DIR

    def readings_dict(self) -> dict:
        """The readings in force, with their words, for certificates and listings."""
        out = {key: {"value": value, "text": READINGS[key][value]}
               for key, value in self.readings.items()}
        for point, reading in self.notes.items():
            out[f"note: {point}"] = {"value": "reading", "text": reading}
        for point, alternative in self.chosen.items():
            left_out = self.variants[point][alternative]
            out[f"variant: {point}"] = {
                "value": alternative,
                "text": f"of [variants.{point}] ({', '.join(self.variants[point])}): "
                        + (f"rows {', '.join(map(str, left_out))} left out"
                           if left_out else "no row left out")
                        + ", and its own rows, if any"}
        return out


def names() -> list:
    """The shipped house ways, in listing order."""
    found = sorted(p.stem for p in HOUSE_WAY_DIR.glob("*.toml"))
    return [n for n in ORDER if n in found] + [n for n in found if n not in ORDER]


def shipped_path(name: str) -> Path:
    return HOUSE_WAY_DIR / f"{name}.toml"


def load(name_or_path: str | os.PathLike) -> HouseWay:
    """A shipped house way by name, or a house-way TOML file."""
    text_name = str(name_or_path)
    if re.fullmatch(r"[a-z0-9-]+", text_name) and shipped_path(text_name).is_file():
        path = shipped_path(text_name)
    else:
        path = Path(text_name)
        if not path.exists() and not text_name.endswith(".toml"):
            raise HouseWayError(f"unknown house way {text_name!r}: choose from "
                                f"{', '.join(names())}, or give a house-way .toml file")
    return loads(_read(path), str(path))


#: the text of each house-way file read, by (path, device, inode, size, modification
#: time): a file is read from disk once per version, however many layers of a command
#: (or commands of one process) ask for it; a changed file is read again
_TEXTS: dict = {}
_MAX_TEXTS = 32


def _read(path: Path) -> str:
    try:
        info = os.stat(path)
    except OSError:
        info = None
    key = None
    if info is not None and stat.S_ISREG(info.st_mode):
        key = (str(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
        if key in _TEXTS:
            remember_input(info)          # read by this command too: never written over
            return _TEXTS[key]
    text = read_text(path, "house way", HouseWayError)
    if key is not None:
        if len(_TEXTS) >= _MAX_TEXTS:
            _TEXTS.pop(next(iter(_TEXTS)))
        _TEXTS[key] = text
    return text


@functools.lru_cache(maxsize=32)
def loads(text: str, path: str = "<string>") -> HouseWay:
    """A house way from the text of its file (``path`` names it in messages). The same
    text is read once per process: the rules name their house way to every engine call
    of a command, and each gets the one ``HouseWay`` (frozen; change it with
    ``dataclasses.replace``)."""
    try:
        data = parse_toml(text, path, "house way", HouseWayError)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column \d+\)", msg)
        reason = msg[:m.start()].strip() if m else msg
        where = f"{path}: line {m.group(1)}" if m else path
        raise HouseWayError(f"{where}: not valid TOML: {reason}") from None
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise HouseWayError(f"{path}: unknown key {unknown[0]!r}: a house way has "
                            f"{', '.join(sorted(TOP_KEYS))}")
    for key in ("name", "title", "source"):
        if not isinstance(data.get(key, ""), str):
            raise HouseWayError(f"{path}: {key} must be a string")
    name = data.get("name") or Path(path).stem
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,63}", name):
        raise HouseWayError(f"{path}: name {name!r}: lower-case letters, digits and '-'")
    readings, notes, options = read_readings(data.get("readings", {}), path, text)
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows:
        raise HouseWayError(f"{path}: no rows: a house way is a list of [[rows]], tried "
                            "top to bottom")
    if len(rows) > MAX_ROWS:
        raise HouseWayError(f"{path}: {len(rows)} rows, more than the limit of {MAX_ROWS}")
    starts = row_lines(text)
    parsed = tuple(read_row(row, i, starts[i] if i < len(starts) else 0, text, path)
                   for i, row in enumerate(rows))
    variants = read_variants(data.get("variants"), parsed, path, text)
    chosen = {point: next(iter(alternatives)) for point, alternatives in variants.items()}
    in_force = rows_in_force(parsed, variants, chosen)
    if not in_force:
        raise HouseWayError(f"{path}: no rows are in force under its first variants")
    return HouseWay(name, data.get("title", name), data.get("source", ""), readings, notes,
                    in_force, path, text, options, variants, chosen, parsed)
