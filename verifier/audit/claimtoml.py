"""A submitted par sheet written as TOML (docs/AUDIT.md): ``[game]`` and ``[[bet]]``
tables read by their keys into the claims of claims.py (a CSV file and a workbook's
sheets are read as grids of cells there and in sheets.py)."""
from __future__ import annotations

import os
from decimal import Decimal
from hashlib import sha256
from typing import Any, Callable

from verifier.audit.claims import (BET_KEYS, COLUMNS, FIGURES, GAME_KEYS, IGNORED_COLUMNS,
                                   MAX_CELL, BetBlock, Cell, LineRow, Submission, Where,
                                   key, set_game)
from verifier.support.errors import VerifierError
from verifier.support.files import parse_toml, read_text
from verifier.support.toml import tomllib


def _toml_text(value: Any, where: Where) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        raise VerifierError(f"{where}: {value!r} is not a number or a name")
    text = str(value).strip()
    if len(text) > MAX_CELL:
        raise VerifierError(f"{where}: a value of {len(text):,} characters (at most "
                            f"{MAX_CELL})")
    return text


def read_toml(path: str | os.PathLike) -> Submission:
    """``[game]`` (rule_set, house_way, bonus_reading) and ``[[bet]]`` tables (bet,
    reads, title, the figures, and ``[[bet.line]]`` tables: line, pays and the columns).
    Decimals are read as written (``"0.0271"`` and ``0.0271`` alike)."""
    text = read_text(path, "claims file")
    try:
        data = parse_toml(text, path, "claims file", parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise VerifierError(f"{path}: not TOML: {exc}") from None
    sub = Submission(str(path), sha256(text.encode("utf-8")).hexdigest())
    where = lambda *parts: Where(str(path), "", ", ".join(parts))   # noqa: E731
    unknown = set(data) - {"game", "bet"}
    if unknown:
        raise VerifierError(f"{where()}: unknown key {sorted(unknown)[0]!r} (game, bet)")
    game = data.get("game", {})
    if not isinstance(game, dict):
        raise VerifierError(f"{where('game')}: not a table")
    for k, v in game.items():
        if key(k) not in GAME_KEYS:
            raise VerifierError(f"{where('game.' + k)}: unknown key (rule_set, house_way, "
                                "bonus_reading)")
        set_game(sub, GAME_KEYS[key(k)], Cell(_toml_text(v, where("game." + k)),
                                              where("game." + k)))
    bets = data.get("bet", [])
    if not isinstance(bets, list) or not all(isinstance(b, dict) for b in bets):
        raise VerifierError(f"{where('bet')}: write each bet as a [[bet]] table")
    for i, bet in enumerate(bets, start=1):
        sub.bets.append(_bet_block(bet, f"bet {i}", where))
    return sub


def _bet_block(bet: dict, here: str, where: Callable[..., Where]) -> BetBlock:
    """One ``[[bet]]`` table: its keys and figures, then its ``[[bet.line]]`` rows."""
    if "bet" not in bet:
        raise VerifierError(f"{where(here)}: no bet = \"...\" naming the bet")
    block = BetBlock(Cell(_toml_text(bet["bet"], where(here, "bet")), where(here, "bet")))
    for k, v in bet.items():
        if k in ("bet", "line"):
            continue
        if isinstance(v, dict) and key(k) in ("meters", "breakeven"):
            for name, value in v.items():       # a progressive's meters: {name = value}
                pos = where(here, f"{k}.{name}")
                if key(k) == "breakeven":
                    block.figure_meters[len(block.figures)] = Cell(name, pos)
                    block.figures.append(("break_even", Cell(_toml_text(value, pos), pos)))
                else:
                    block.meters.append((Cell(name, pos), Cell(_toml_text(value, pos), pos)))
            continue
        cell = Cell(_toml_text(v, where(here, k)), where(here, k))
        if key(k) in BET_KEYS:
            setattr(block, BET_KEYS[key(k)], cell)
        elif key(k) in FIGURES:
            block.figures.append((FIGURES[key(k)], cell))
        else:
            raise VerifierError(f"{where(here, k)}: unknown key (bet, reads, title, "
                                "meters, the figures and [[bet.line]]: docs/AUDIT.md)")
    _line_rows(block, bet.get("line", []), here, where)
    return block


def _line_rows(block: BetBlock, lines: Any, here: str, where: Callable[..., Where]) -> None:
    """A bet's ``[[bet.line]]`` tables into its rows and columns."""
    if not isinstance(lines, list) or not all(isinstance(x, dict) for x in lines):
        raise VerifierError(f"{where(here, 'line')}: write each line as a [[bet.line]] "
                            "table")
    columns: list[str] = []
    for j, entry in enumerate(lines, start=1):
        at = f"line {j}"
        if "line" not in entry:
            raise VerifierError(f"{where(here, at)}: no line = \"...\" naming the line")
        cells = {}
        for k, v in entry.items():
            name = COLUMNS.get(key(k))
            if name is None and key(k) not in IGNORED_COLUMNS:
                raise VerifierError(f"{where(here, at, k)}: unknown column (line, pays, "
                                    "combinations, probability, odds, contribution)")
            if name:
                cells[name] = Cell(_toml_text(v, where(here, at, k)), where(here, at, k))
        line = cells.pop("line")
        columns += [n for n in cells if n != "pays" and n not in columns]
        block.rows.append(LineRow(line, cells))
    block.columns = columns
    block.pays = any("pays" in row.cells for row in block.rows)
