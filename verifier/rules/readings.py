"""Rule readings: the options of docs/RULES.md, with their defaults, and every fixed reading.

The readings live in one file, verifier/data/readings.toml. Every reading that applies
to a set of rules is written into each certificate (``Rules.readings``), and
docs/RULES_READINGS.md is generated from the same file (``readings_markdown``).
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any
from dataclasses import dataclass, field
from pathlib import Path

from verifier.houseway.builtin import BUILT_IN
from verifier.game.ranking import JOKER_READINGS, evaluation
from verifier.support.toml import tomllib

if TYPE_CHECKING:
    from verifier.houseway import HouseWay

WHEEL_CHOICES = ("lowest", "second")
BONUS_READING_CHOICES = ("seven-card", "house-way")
#: the house ways compiled into the engine, chosen by name (verifier.houseway.builtin)
HOUSE_WAY_CHOICES = BUILT_IN

#: who banks, as readings.toml tags a reading that applies to one kind of rule set only:
#: the house (or the California player-dealer) alone, or players in turn with the dealer
BANK_HOUSE, BANK_ROTATION = "house", "rotation"
BANK_TAGS = {BANK_HOUSE: "rule sets where only the house banks",
             BANK_ROTATION: "rule sets whose players bank"}

READINGS_FILE = Path(__file__).resolve().parent.parent / "data" / "readings.toml"


@functools.lru_cache(maxsize=1)
def reading_catalogue() -> dict[str, Any]:
    """The readings file (verifier/data/readings.toml): {"option": [...], "reading": [...]}."""
    with open(READINGS_FILE, "rb") as f:
        return tomllib.load(f)


@dataclass(frozen=True)
class Rules:
    """The readings that change the engine's counts. A frozen value: ``Rules.of`` makes
    each once per process (once per version of a house-way file), so every layer of a
    command shares the one its rule set has. ``house_way`` names the house way (as a
    certificate writes it); ``way`` is its file, loaded once when the rules are made
    (None for the two compiled in), which every later layer reads instead of the file."""
    wheel: str = "lowest"
    bonus_reading: str = "seven-card"
    house_way: str = "mikes"
    way: HouseWay | None = field(default=None, init=False, compare=False, repr=False)
    #: the joker's reading, a rule set's ``joker`` (JOKER_READINGS): "bug" (an ace, or
    #: completing a straight, flush or straight flush) or "wild" (any card)
    joker: str = "bug"

    @classmethod
    def of(cls, wheel: str = "lowest", bonus_reading: str = "seven-card",
           house_way: str = "mikes", joker: str = "bug") -> "Rules":
        """The ``Rules`` of these readings, made (and its house way loaded) once per
        version of its file."""
        if not all(isinstance(v, str) for v in (wheel, bonus_reading, house_way, joker)):
            return cls(wheel, bonus_reading, house_way, joker=joker)   # refused there
        return _rules_of(wheel, bonus_reading, house_way, joker, _file_version(house_way))

    def __reduce__(self):
        # to another process (a worker of ``simulate``) as its readings: the house way is
        # loaded there again
        return _unpickled, (self.wheel, self.bonus_reading, self.house_way, self.joker)

    @property
    def wheel_second(self) -> bool:
        """A-2-3-4-5 ranks just below A-K-Q-J-10 (``wheel = second``), as the engine and
        every ranking of five cards take it."""
        return self.wheel == "second"

    @property
    def evaluation(self) -> int:
        """The engine's evaluation of these rules (``ranking.evaluation``): the wheel's
        bit, and the wild joker's; what every engine function takes as ``wheel_second``."""
        return evaluation(self.wheel_second, self.joker)

    def __post_init__(self):
        for name, choices in (("wheel", WHEEL_CHOICES), ("joker", JOKER_READINGS),
                              ("bonus_reading", BONUS_READING_CHOICES)):
            value = getattr(self, name)
            if value not in choices:
                raise ValueError(f"unknown {name} {value!r}: choose from {', '.join(choices)}")
        if self.house_way not in HOUSE_WAY_CHOICES:
            from verifier.houseway import load      # a shipped house-way file or a TOML file
            object.__setattr__(self, "way", load(self.house_way))

    def house_way_file(self) -> HouseWay | None:
        """The house way as a file (verifier.houseway.HouseWay), loaded when the rules were
        made, or None for the two compiled in (mikes, emperors: their own readings are in
        readings.toml)."""
        return self.way

    def as_dict(self) -> dict[str, Any]:
        """The readings; the joker's only when not the bug (so the bug's are as ever)."""
        return {"wheel": self.wheel, "bonus_reading": self.bonus_reading,
                "house_way": self.house_way,
                **({"joker": self.joker} if self.joker != "bug" else {})}

    def readings(self, bank: str = BANK_HOUSE) -> dict[str, dict[str, Any]]:
        """Every reading in force, as id -> {value, text, topic}, for certificates: the
        options with their chosen value, then each fixed reading that applies to these
        rules (value "fixed", or "gap closed" where docs/RULES.md left the point open).
        ``bank``: who banks in the rule set, "house" (the house, or the California
        player-dealer, alone) or "rotation" (players in turn with the dealer): a reading
        tagged ``bank`` in readings.toml applies only to rule sets of its kind."""
        catalogue = reading_catalogue()
        out = {"deck": {"value": "53 cards (52 + joker)", "topic": "Cards and ranking",
                        "text": _reading(catalogue, "deck")["text"]}}
        hw = self.house_way_file()
        for option in catalogue["option"]:
            value = getattr(self, option["id"])
            if option["id"] == "house_way" and hw is not None:
                text = (f"the house way file {hw.name} ({hw.title}; {hw.source}): its rows "
                        "tried top to bottom, docs/HOUSE_WAYS.md")
            else:
                text = option["choices"][value]
            out[option["id"]] = {"value": value, "topic": option["topic"], "text": text}
        if hw is not None:
            for key, reading in hw.readings_dict().items():
                out[f"house_way {key}"] = {"value": reading["value"], "topic": "House way",
                                           "text": reading["text"]}
        for reading in catalogue["reading"]:
            if reading["id"] == "deck" or reading.get("bank", bank) != bank \
                    or reading.get("house_way", self.house_way) != self.house_way \
                    or reading.get("joker", self.joker) != self.joker:
                continue
            out[reading["id"]] = {"value": "gap closed" if reading.get("gap") else "fixed",
                                  "topic": reading["topic"], "text": reading["text"]}
        return out


@functools.lru_cache(maxsize=256)
def _rules_of(wheel: str, bonus_reading: str, house_way: str, joker: str,
              _version: tuple) -> Rules:
    return Rules(wheel, bonus_reading, house_way, joker=joker)


def _unpickled(wheel: str, bonus_reading: str, house_way: str, joker: str = "bug") -> Rules:
    return Rules.of(wheel, bonus_reading, house_way, joker)


def _file_version(house_way: str) -> tuple:
    """What tells one version of a house way's file from another: () for a built-in or a
    shipped name, else the file's (device, inode, size, modification time), or () when it
    cannot be read (``Rules`` says why in one line)."""
    if house_way in HOUSE_WAY_CHOICES:
        return ()
    import os
    try:
        info = os.stat(house_way)
    except (OSError, ValueError):
        return ()
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def _reading(catalogue, reading_id):
    return next(r for r in catalogue["reading"] if r["id"] == reading_id)


def readings_markdown() -> str:
    """docs/RULES_READINGS.md, generated from verifier/data/readings.toml."""
    catalogue = reading_catalogue()
    out = ["# Rule readings", "",
           "<!-- Generated from verifier/data/readings.toml by "
           "`paigow-verify rules --readings-markdown`; edit that file, not this one. -->", "",
           "The filed rules (`seed 001`: Pai Gow Poker with the Wrangler Push and Outlaw 9 "
           "High or Better bonus bets) leave points open. These are the readings the verifier "
           "implements, following the product decision (`docs/RULES.md`). Every certificate "
           "repeats each reading that applies to its rules in its `rules` field. A reading "
           "marked **option** is selectable, the first choice the default; one marked "
           "**gap closed** is a point docs/RULES.md itself leaves open, closed as a regulator "
           "would accept.", ""]
    topics = []
    for item in catalogue["option"] + catalogue["reading"]:
        if item["topic"] not in topics:
            topics.append(item["topic"])
    for topic in topics:
        out += [f"## {topic}", ""]
        for option in (o for o in catalogue["option"] if o["topic"] == topic):
            out.append(f"- **option `{option['flag']}`** (`{option['id']}`):")
            for i, (value, text) in enumerate(option["choices"].items()):
                out.append(f"  - `{value}`{' (default)' if i == 0 else ''}: {text}.")
        for reading in (r for r in catalogue["reading"] if r["topic"] == topic):
            tags = []
            if reading.get("gap"):
                tags.append("**gap closed**")
            if "house_way" in reading:
                tags.append(f"house way `{reading['house_way']}`")
            if "joker" in reading:
                tags.append(f"joker `{reading['joker']}`")
            if "bank" in reading:
                tags.append(BANK_TAGS[reading["bank"]])
            tag = f" ({', '.join(tags)})" if tags else ""
            out.append(f"- `{reading['id']}`{tag}: {reading['text']}.")
        out.append("")
    return "\n".join(out)
