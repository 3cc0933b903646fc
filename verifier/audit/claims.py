"""A submitted par sheet as claims: what it says the game is, and per bet the pay table,
the per-line figures and the bet's figures, each kept as the text it was printed as and
where it stands (file, sheet, cell). Layout: docs/AUDIT.md.

A CSV file and each sheet of a workbook are read as a grid of cells (``read_grid``); a
TOML file by its keys (``read_toml``). Names of columns, figures and keys are matched
leniently: case, spaces, punctuation and the usual synonyms ("Combos", "Count", "Hands";
"Prob"; "1 in"; "Return", "EV"; "Pay")."""
from __future__ import annotations

import os
import re
from hashlib import sha256
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Iterable, Sequence

from verifier.support.errors import VerifierError
from verifier.support.files import csv_rows, parse_toml, read_text
from verifier.support.toml import tomllib

#: most rows of one sheet (or CSV file), and most columns read
MAX_ROWS = 10_000
MAX_COLUMNS = 64
#: most characters of one cell's text
MAX_CELL = 200
#: most bets (each judged on its own pay table) in one submission
MAX_BETS = 100


def key(text: str) -> str:
    """A name as compared: lower case, letters and digits only (``"Odds (1 in)"`` ->
    ``"odds1in"``)."""
    return re.sub(r"[^a-z0-9]", "", str(text).lower())


def _table(groups):
    return {key(word): name for name, words in groups.items() for word in words}


#: the columns of a line table, and the spellings each is known by
COLUMNS = _table({
    "line": ("line", "hand", "outcome", "category", "result", "winning hand", "event"),
    "pays": ("pays", "pay", "payout", "payoff", "pays to 1", "pay to 1"),
    "combinations": ("combinations", "combos", "combo", "combination", "count", "counts",
                     "hands", "number", "number of hands", "ways"),
    "probability": ("probability", "prob", "probabilities", "chance"),
    "odds": ("odds", "1 in", "one in", "odds 1 in", "odds one in"),
    "contribution": ("contribution", "return", "ev", "expected value", "expected return",
                     "contribution to return"),
})
#: columns a par sheet may carry that hold no claim
IGNORED_COLUMNS = {key(w) for w in ("notes", "note", "comment", "comments", "remarks",
                                    "source")}
#: the figures of a bet (a row: the name, then the value in the next cell)
FIGURES = _table({
    "return": ("return", "ev", "expected value", "expected return", "return per unit",
               "return per unit bet", "expected result"),
    "house_edge": ("house edge", "edge", "house advantage"),
    "return_to_player": ("return to player", "rtp", "payback"),
    "hit_frequency": ("hit frequency", "hit rate", "hit freq"),
    "variance": ("variance",),
    "standard_deviation": ("standard deviation", "sd", "std dev", "stdev", "std deviation"),
    # a progressive's (docs/AUDIT.md, Progressives): the meter's name, then the value
    "break_even": ("break-even", "break-even meter", "break even", "breakeven"),
    "long_run_return": ("long-run return", "long run return", "return in the long run"),
})
FIGURE_TITLES = {"combinations": "combinations", "probability": "probability",
                 "odds": "odds", "contribution": "contribution", "return": "return",
                 "house_edge": "house edge", "return_to_player": "return to player",
                 "hit_frequency": "hit frequency", "variance": "variance",
                 "standard_deviation": "standard deviation", "break_even": "break-even meter",
                 "long_run_return": "long-run return"}
#: what the claims say the game is
GAME_KEYS = _table({"rule_set": ("rule set", "ruleset", "rules"),
                    "house_way": ("house way",),
                    "bonus_reading": ("bonus reading", "reading")})
#: a bet's own keys
BET_KEYS = _table({"bet": ("bet", "side bet"), "reads": ("reads",),
                   "title": ("pay table", "paytable", "title", "name")})


@dataclass(frozen=True)
class Where:
    """Where a claim stands: ``flawed.xlsx, sheet Outlaw 9, cell D7``."""
    file: str
    sheet: str = ""
    cell: str = ""

    def __str__(self):
        return ", ".join(p for p in (self.file, self.sheet and f"sheet {self.sheet}",
                                     self.cell) if p)

    def to_dict(self) -> dict:
        cell = self.cell[len("cell "):] if self.cell.startswith("cell ") else self.cell
        return {"file": self.file, "sheet": self.sheet or None, "cell": cell or None}


@dataclass
class Cell:
    text: str
    where: Where


@dataclass
class LineRow:
    line: Cell
    cells: dict                    # column -> Cell (pays and claims)


@dataclass
class BetBlock:
    """One bet as the submission gives it (names not yet resolved)."""
    name: Cell
    reads: Cell | None = None
    title: Cell | None = None
    columns: list = field(default_factory=list)    # the claim columns of its line table
    rows: list = field(default_factory=list)       # LineRow
    figures: list = field(default_factory=list)    # (figure, Cell)
    pays: bool = False                             # the line table has a Pays column
    meters: list = field(default_factory=list)     # a progressive's (name Cell, value Cell)
    figure_meters: dict = field(default_factory=dict)   # figures' index -> meter name Cell


@dataclass
class Submission:
    path: str
    sha256: str = ""                               # of the file as read
    game: dict = field(default_factory=dict)       # rule_set/house_way/bonus_reading -> Cell
    bets: list = field(default_factory=list)       # BetBlock


def cell_name(row: int, column: int) -> str:
    """``(7, 4)`` -> ``"cell D7"`` (1-based)."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return f"cell {letters}{row}"


def _set_game(sub, name, cell):
    if name in sub.game and key(sub.game[name].text) != key(cell.text):
        raise VerifierError(f"{cell.where}: {name.replace('_', ' ')} {cell.text!r}, but "
                            f"{sub.game[name].where} gives {sub.game[name].text!r}")
    sub.game[name] = cell


# ---------------------------------------------------------------------------------------
# a grid of cells: a CSV file, or one sheet of a workbook


def read_grid(sub: Submission, rows: Iterable[Sequence[tuple[int, int, str]]], file: str,
              sheet: str = "") -> None:
    """Reads one grid into ``sub``: ``rows`` are lists of ``(row, column, text)`` of the
    non-empty cells of each row, in order. A sheet with no ``Bet`` row is the bet its
    name names (``sheet``)."""
    block = None
    header = None                   # {column index: column name} of the open line table
    where = lambda r, c: Where(file, sheet, cell_name(r, c))      # noqa: E731
    for cells in rows:
        if not cells:
            header = None
            continue
        r, c0, first = cells[0]
        name = key(first)
        rest = [Cell(t, where(r, c)) for _, c, t in cells[1:]]
        if not rest and header is None and name != "meter":
            continue                # a title or a note ("Rules", "House edge" as a heading)
        if not rest and (name in GAME_KEYS or name in FIGURES or name == "meter"):
            raise VerifierError(f"{where(r, c0)}: {first!r} with no value beside it (a "
                                "figure's, a meter's or the game's stands in the next cells)")
        if name in GAME_KEYS:
            header = None
            _set_game(sub, GAME_KEYS[name], rest[0])
            continue
        if name in BET_KEYS and rest:
            header = None
            if BET_KEYS[name] == "bet":
                block = BetBlock(rest[0])
                sub.bets.append(block)
            else:
                block = block or _sheet_block(sub, file, sheet, r, c0, first)
                setattr(block, BET_KEYS[name], rest[0])
            continue
        if name in FIGURES and not any(key(t) in COLUMNS for _, _, t in cells[1:]):
            header = None
            block = block or _sheet_block(sub, file, sheet, r, c0, first)
            if len(rest) > 1 and FIGURES[name] == "break_even":     # the meter, its value
                block.figure_meters[len(block.figures)] = rest.pop(0)
            block.figures.append((FIGURES[name], rest[0]))
            continue
        if name == "meter":                     # a progressive's meter: name, value
            if len(rest) < 2:
                raise VerifierError(f"{where(r, c0)}: a Meter row gives the meter's name "
                                    "and its value in the next two cells")
            header = None
            block = block or _sheet_block(sub, file, sheet, r, c0, first)
            block.meters.append((rest[0], rest[1]))
            continue
        if header is None and any(COLUMNS.get(key(t)) == "line" for _, _, t in cells):
            block = block or _sheet_block(sub, file, sheet, r, c0, first)
            header = _header(cells, where)
            if block.rows:
                raise VerifierError(f"{where(r, c0)}: a second line table for one bet "
                                    "(start another bet with a Bet row)")
            block.columns = [n for n in header.values() if n not in (None, "line", "pays")]
            block.pays = "pays" in header.values()
            continue
        if header is not None:
            stray = [c for _, c, _ in cells if c not in header]
            if stray:
                raise VerifierError(f"{where(r, stray[0])}: a value under no column of the "
                                    "line table's header")
            row = {header[c]: Cell(t, where(r, c)) for _, c, t in cells if header[c]}
            if "line" not in row:
                raise VerifierError(f"{where(r, c0)}: {first!r} stands in no column of the "
                                    "line table (or the line's name is missing)")
            line = row.pop("line")
            assert block is not None            # a header row set it
            block.rows.append(LineRow(line, row))
            continue
        raise VerifierError(f"{where(r, c0)}: cannot read {first!r}: not a game key, a bet "
                            "key, a figure or a line table's header (docs/AUDIT.md)")


def _sheet_block(sub, file, sheet, r, c, first):
    """The bet a sheet without a Bet row is about: the sheet's name."""
    if not sheet:
        raise VerifierError(f"{Where(file, sheet, cell_name(r, c))}: {first!r} before any "
                            "Bet row naming the bet")
    block = BetBlock(Cell(sheet, Where(file, sheet, "the sheet's name")))
    sub.bets.append(block)
    return block


def _header(cells, where):
    header: dict = {}
    for r, c, t in cells:
        name = COLUMNS.get(key(t))
        if name is None:
            if key(t) in IGNORED_COLUMNS:
                header[c] = None            # notes: read past
                continue
            raise VerifierError(f"{where(r, c)}: unknown column {t!r} (the columns: Line, "
                                "Pays, Combinations, Probability, Odds, Contribution; "
                                "docs/AUDIT.md)")
        if name in header.values():
            raise VerifierError(f"{where(r, c)}: column {t!r} is given twice")
        header[c] = name
    claims = [n for n in header.values() if n not in (None, "line", "pays")]
    if not claims and "pays" not in header.values():
        r, c, t = cells[0]
        raise VerifierError(f"{where(r, c)}: a line table with no Pays column and no claim "
                            "column (Combinations, Probability, Odds or Contribution)")
    return header


# ---------------------------------------------------------------------------------------
# CSV and TOML files


def read_csv(path: str | os.PathLike) -> Submission:
    text = read_text(path, "claims file")
    sub = Submission(str(path), sha256(text.encode("utf-8")).hexdigest())
    rows = []
    for r, record in enumerate(csv_rows(text, path, "claims file"), start=1):
        if r > MAX_ROWS:
            raise VerifierError(f"{path}: more than {MAX_ROWS:,} rows (a par sheet has "
                                "far fewer)")
        rows.append(row_cells(record, r, str(path)))
    read_grid(sub, rows, str(path))
    return sub


def row_cells(values: Iterable[object], r: int, file: str, sheet: str = ""
              ) -> list[tuple[int, int, str]]:
    """The non-empty cells of one row as ``(row, column, text)``, within the limits."""
    out = []
    for c, v in enumerate(values, start=1):
        t = str(v).strip()
        if not t:
            continue
        if c > MAX_COLUMNS:
            raise VerifierError(f"{Where(file, sheet, cell_name(r, c))}: beyond the "
                                f"{MAX_COLUMNS} columns a par sheet may use")
        if len(t) > MAX_CELL:
            raise VerifierError(f"{Where(file, sheet, cell_name(r, c))}: a cell of "
                                f"{len(t):,} characters (at most {MAX_CELL})")
        out.append((r, c, t))
    return out


def _toml_text(value, where):
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
        _set_game(sub, GAME_KEYS[key(k)], Cell(_toml_text(v, where("game." + k)),
                                               where("game." + k)))
    bets = data.get("bet", [])
    if not isinstance(bets, list) or not all(isinstance(b, dict) for b in bets):
        raise VerifierError(f"{where('bet')}: write each bet as a [[bet]] table")
    for i, bet in enumerate(bets, start=1):
        here = f"bet {i}"
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
        lines = bet.get("line", [])
        if not isinstance(lines, list) or not all(isinstance(x, dict) for x in lines):
            raise VerifierError(f"{where(here, 'line')}: write each line as a [[bet.line]] "
                                "table")
        columns = []
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
        sub.bets.append(block)
    return sub


def check_numbers(sub: Submission) -> None:
    """Every claimed cell is a number of its column's kind (a count, odds, a decimal):
    checked as the file is read, before any certificate is."""
    from verifier.audit.numbers import parse
    for block in sub.bets:
        for row in block.rows:
            for column in block.columns:
                cell = row.cells.get(column)
                if cell is not None and not (column == "odds" and key(cell.text) == "never"):
                    parse(cell.text, cell.where, count=column == "combinations",
                          odds=column == "odds")
        for figure, cell in block.figures:
            parse(cell.text, cell.where, money=figure == "break_even")
