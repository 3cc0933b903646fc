"""A submitted workbook (.xlsx), read with care before openpyxl sees it: the file's size,
the zip's members and their uncompressed sizes (a zip bomb is refused from its
directory, before anything is inflated), no macros (.xlsm, a macro-enabled content type or
a VBA project), at most ``MAX_SHEETS`` sheets of at most ``claims.MAX_ROWS`` rows each and
``MAX_CELLS`` cells in all (counted in each sheet's XML as it inflates, so a sheet of a
million rows is refused at once, before openpyxl reads it to size it), a shared-strings
part of at most ``MAX_SHARED_BYTES`` and ``MAX_CELLS`` strings. Every cell a spreadsheet
program shows is read, whatever dimension a sheet declares (the declared one is not
trusted), the cells read counted (``MAX_READ``, the empty ones before a row's last cell
too); a formula cell without a saved value is refused, naming the cell.

A number in a cell is taken as the sheet shows it: with its number format's decimals
(``0.0000%`` shows 0.026745 as ``2.6745%``), or, under the General format, as typed (at
most 15 significant digits, a double's)."""
from __future__ import annotations

import hashlib
import io
import os
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any

from verifier.support.errors import VerifierError
from verifier.support.files import read_bytes
from verifier.audit.claims import (MAX_ROWS, Submission, Where, cell_name, read_grid,
                                   row_cells)

MAX_SHEETS = 50
#: most cells in all the sheets of a workbook
MAX_CELLS = 200_000
#: most members of the zip, and most bytes one member, and all of them, inflate to
MAX_MEMBERS = 1_000
MAX_MEMBER_BYTES = 64 << 20
MAX_TOTAL_BYTES = 128 << 20
#: most bytes the shared-strings part inflates to
MAX_SHARED_BYTES = 8 << 20
#: most cells read in all the sheets, the empty ones before each row's last cell included
MAX_READ = 1_000_000
MACRO_SUFFIXES = (".xlsm", ".xltm", ".xlam")


def check_zip(data: bytes, path: str | os.PathLike) -> None:
    """The workbook's zip, judged from its directory: an ``xlsx`` of sane size with no
    macros. Returns nothing; raises a one-line error."""
    if Path(path).suffix.lower() in MACRO_SUFFIXES:
        raise VerifierError(f"{path}: a macro-enabled workbook is not read (save it as .xlsx, "
                            "without macros)")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError):
        raise VerifierError(f"{path}: not an xlsx workbook (not a zip archive)") from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            raise VerifierError(f"{path}: {len(members):,} parts in the workbook (at most "
                                f"{MAX_MEMBERS:,})")
        total = 0
        for m in members:
            total += m.file_size
            if m.file_size > MAX_MEMBER_BYTES or total > MAX_TOTAL_BYTES:
                raise VerifierError(f"{path}: part {m.filename} would inflate to "
                                    f"{m.file_size:,} bytes (a zip bomb? at most "
                                    f"{MAX_MEMBER_BYTES >> 20} MiB a part, "
                                    f"{MAX_TOTAL_BYTES >> 20} MiB in all)")
        names = {m.filename.lower() for m in members}
        if any(n.endswith("vbaproject.bin") for n in names):
            raise VerifierError(f"{path}: the workbook holds macros (a VBA project): not read")
        if "[content_types].xml" not in names:
            raise VerifierError(f"{path}: not an xlsx workbook (no [Content_Types].xml)")
        try:
            _check_parts(archive, members, path)
        except VerifierError:          # a ValueError too: passed on as it is
            raise
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError,
                NotImplementedError, RuntimeError) as exc:
            raise VerifierError(f"{path}: not a readable xlsx workbook (a damaged part: "
                                f"{str(exc)[:120]})") from None


def _check_parts(archive, members, path):
    """No macro-enabled content type; no sheet of more than ``MAX_ROWS`` rows, and at
    most ``MAX_CELLS`` cells in the workbook."""
    types = archive.read("[Content_Types].xml")
    if b"macroenabled" in types.lower():
        raise VerifierError(f"{path}: a macro-enabled workbook is not read (save it as "
                            ".xlsx, without macros)")
    titles = _sheet_titles(archive)
    sheets = [m for m in members if re.fullmatch(r"xl/worksheets/[^/]+\.xml", m.filename)]
    if len(sheets) > MAX_SHEETS:
        raise VerifierError(f"{path}: {len(sheets)} sheets (at most {MAX_SHEETS})")
    _check_shared_strings(archive, types, path)
    cells = 0
    for m in sheets:
        where = f"{path}, sheet {titles.get(m.filename, m.filename)}"
        rows, more = _count(archive, m, ((_ROW, MAX_ROWS), (_CELL, MAX_CELLS - cells)))
        cells += more
        if rows > MAX_ROWS:
            raise VerifierError(f"{where}: more than {MAX_ROWS:,} rows (a par sheet has "
                                "far fewer)")
        if cells > MAX_CELLS:
            raise VerifierError(f"{where}: more than {MAX_CELLS:,} cells in the workbook "
                                "(a par sheet has far fewer)")


_ROW = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row[\s>/]")
_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s>/]")
_STRING = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?si[\s>/]")
_CHUNK = 1 << 20


def _check_shared_strings(archive, types, path):
    """The shared-strings parts (as the content types name them, or by the usual name):
    at most ``MAX_SHARED_BYTES`` each as inflated, and ``MAX_CELLS`` strings, counted as
    the part inflates (openpyxl would read them all into memory first)."""
    names = {"xl/sharedStrings.xml"}
    for tag in re.findall(rb"<[^<>]{0,2000}sharedStrings[^<>]{0,2000}>", types):
        part = re.search(rb"PartName\s*=\s*[\"']/?([^\"']{1,300})", tag)
        if part:
            names.add(part.group(1).decode("utf-8", "replace"))
    for m in archive.infolist():
        if m.filename not in names:
            continue
        if m.file_size > MAX_SHARED_BYTES:
            raise VerifierError(f"{path}: the shared strings ({m.filename}) inflate to "
                                f"{m.file_size:,} bytes (at most {MAX_SHARED_BYTES >> 20} "
                                "MiB: a par sheet has far fewer)")
        strings, = _count(archive, m, ((_STRING, MAX_CELLS),))
        if strings > MAX_CELLS:
            raise VerifierError(f"{path}: more than {MAX_CELLS:,} shared strings (a par "
                                "sheet has far fewer)")


def _count(archive, member, limits):
    """How often each pattern of ``limits`` (pattern, most) occurs in a part, counted
    in its XML as it inflates; the count stops soon after one passes its limit: openpyxl
    would otherwise read a whole sheet that declares no dimensions just to size it."""
    counts = [0] * len(limits)
    tail = b""
    with archive.open(member) as f:
        while all(n <= most for n, (_, most) in zip(counts, limits)):
            chunk = f.read(_CHUNK)
            if not chunk:
                break
            data = tail + chunk
            # a tag cut by the chunk's end is counted with the next chunk
            cut = len(data) - 16 if len(chunk) == _CHUNK else len(data)
            cut = data.rfind(b"<", 0, cut + 1) if cut < len(data) else cut
            cut = cut if cut > 0 else len(data)
            for i, (pattern, _) in enumerate(limits):
                counts[i] += len(pattern.findall(data, 0, cut))
            tail = data[cut:]
    return counts


def _sheet_titles(archive):
    """{part name: sheet title} from the workbook's small index parts (best effort: a
    sheet is named by its part when they cannot be read)."""
    import xml.etree.ElementTree as ET
    try:
        if max(archive.getinfo(n).file_size for n in ("xl/workbook.xml",
                                                      "xl/_rels/workbook.xml.rels")) > 1 << 20:
            return {}
        rels = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        book = ET.fromstring(archive.read("xl/workbook.xml"))
    except (KeyError, ET.ParseError, ValueError):
        return {}
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    out = {}
    for sheet in book.iter():
        if sheet.tag.endswith("}sheet"):
            rid = next((v for k, v in sheet.attrib.items() if k.endswith("}id")), None)
            target = targets.get(rid, "").lstrip("/")
            part = target if target.startswith("xl/") else f"xl/{target}"
            out[part] = sheet.get("name", part)
    return out


def read_workbook(path: str | os.PathLike) -> Submission:
    data = read_bytes(path, "spreadsheet")
    check_zip(data, path)
    try:
        import openpyxl
    except ImportError:
        from verifier.support.extras import install_hint
        raise VerifierError(f"reading an xlsx claims file needs openpyxl: "
                            f"{install_hint('audit')}, or give the claims as CSV or TOML") \
            from None
    import warnings
    sub = Submission(str(path), hashlib.sha256(data).hexdigest())
    books = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")          # openpyxl's notes on unknown extensions
            # the values as last saved, and the formulas (to find one with no saved value)
            for values in (True, False):
                books.append(openpyxl.load_workbook(io.BytesIO(data), read_only=True,
                                                    data_only=values))
    except Exception as exc:        # openpyxl raises many kinds on a damaged file
        for book in books:
            book.close()
        raise VerifierError(f"{path}: not a readable xlsx workbook "
                            f"({type(exc).__name__}: {str(exc)[:120]})") from None
    read = [0]                      # cells read in all the sheets
    try:
        for ws, wf in zip(*[[ws for ws in book.worksheets if hasattr(ws, "iter_rows")]
                            for book in books], strict=True):
            rows = ws.max_row            # the sheet's declared dimensions, if any
            if rows is not None and rows > MAX_ROWS:
                raise VerifierError(f"{path}, sheet {ws.title}: {rows:,} rows (at most "
                                    f"{MAX_ROWS:,} are read: a par sheet has far fewer)")
            for sheet in (ws, wf):
                sheet.reset_dimensions()     # every cell shown, whatever the sheet declares
            read_grid(sub, _grid(ws, wf, str(path), read), str(path), ws.title)
    except VerifierError:
        raise
    except Exception as exc:
        raise VerifierError(f"{path}: not a readable xlsx workbook "
                            f"({type(exc).__name__}: {str(exc)[:120]})") from None
    finally:
        for book in books:
            book.close()
    return sub


def _grid(ws, formulas, file, read):
    """The rows of sheet ``ws`` as ``row_cells``; ``formulas``: the same sheet with its
    formulas (a formula cell with no saved value is refused); ``read``: ``[cells read]``
    in the workbook so far, the empty ones before a row's last cell included."""
    for count, (cells, written) in enumerate(zip(ws.iter_rows(), formulas.iter_rows(),
                                                 strict=True), start=1):
        if count > MAX_ROWS:
            raise VerifierError(f"{file}, sheet {ws.title}: more than {MAX_ROWS:,} rows "
                                "(a par sheet has far fewer)")
        read[0] += len(cells)
        if read[0] > MAX_READ:
            raise VerifierError(f"{file}, sheet {ws.title}: more than {MAX_READ:,} cells to "
                                f"read (row {count} reaches column {len(cells):,}; a par "
                                "sheet has far fewer)")
        shows = [cell for cell in cells
                 if getattr(cell, "value", None) is not None and hasattr(cell, "row")]
        values = {cell.column: shown(cell) for cell in shows}
        for cell in written:
            if getattr(cell, "data_type", None) == "f" and cell.column not in values:
                raise VerifierError(f"{Where(file, ws.title, cell_name(cell.row, cell.column))}"
                                    f": a formula ({str(cell.value)[:40]}) with no saved value"
                                    " (save the workbook in a spreadsheet program, or type "
                                    "the figure)")
        if not values:
            yield []
            continue
        line = [""] * max(values)
        for c, t in values.items():
            line[c - 1] = t
        yield row_cells(line, shows[0].row, file, ws.title)


_DECIMALS = re.compile(r"0\.(0+)")


def shown(cell: Any) -> str:
    """A cell's value as the sheet shows it: text as it is, a number with its format's
    decimals (percent, thousands separators), else as typed."""
    value = cell.value
    if isinstance(value, bool):
        return str(value)
    if not isinstance(value, (int, float)):
        return str(value)
    fmt = (getattr(cell, "number_format", None) or "General").split(";")[0]
    fmt = re.sub(r'"[^"]*"|\[[^\]]*\]|\\.', "", fmt)       # literal text, colours, escapes
    if fmt.lower() == "general" or not re.search(r"[0#]", fmt):
        return _general(value)
    m = _DECIMALS.search(fmt)
    places = len(m.group(1)) if m else 0
    if "e+" in fmt.lower() or "e-" in fmt.lower():
        return f"{value:.{places}e}"
    comma = "," if "," in fmt else ""
    if "%" in fmt:
        return f"{value * 100:{comma}.{places}f}%"
    return f"{value:{comma}.{places}f}"


def _general(value):
    return str(value) if isinstance(value, int) else f"{value:.15g}"
