"""The output formats, one table: each format's name (the ``--format`` choice), title,
how a sentence names it, file suffix, media type, whether it is bytes, the module that renders a par sheet in it
(None: not a par sheet's format) and the extra it needs. The command line's choices, the
report, the workbench's links and downloads and the audit's report all read it; a new
format is one row here and, for the par sheet, one module with ``render(sheet, steps=None)``."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable, Sequence

from verifier.support.errors import choose


@dataclass(frozen=True)
class Format:
    name: str
    title: str                      # as a link names it
    noun: str                       # as a sentence names a file of it: "a PDF"
    suffix: str                     # the file's suffix, without the dot
    media_type: str
    binary: bool                    # bytes, never printed to a terminal
    renderer: str | None = None     # the module whose render(sheet, steps) writes a par sheet
    extra: str | None = None        # the pip extra it needs (``pip install '.[pdf]'``)
    aliases: tuple[str, ...] = ()   # other suffixes read as this format
    inline: bool = False            # a browser shows it in place rather than saving it
    paged: bool = False             # laid out on paper: its renderer takes ``paper``

    @property
    def suffixes(self) -> tuple[str, ...]:
        return (self.suffix,) + self.aliases

    def filename(self, stem: str) -> str:
        return f"{stem}.{self.suffix}"


#: every output format, the par sheet's first, in the order they are offered
FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("markdown", "Markdown", "Markdown text", "md", "text/markdown; charset=utf-8", False,
           "verifier.report.markdown", aliases=("markdown",)),
    Format("html", "HTML", "an HTML page", "html", "text/html; charset=utf-8", False,
           "verifier.report.html", aliases=("htm",), inline=True),
    Format("pdf", "PDF", "a PDF", "pdf", "application/pdf", True, "verifier.report.pdf", extra="pdf",
           paged=True),
    Format("xlsx", "xlsx", "a spreadsheet", "xlsx",
           "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", True,
           "verifier.report.xlsx", extra="web"),
    Format("json", "JSON", "JSON", "json", "application/json", False),
    Format("text", "text", "text", "txt", "text/plain; charset=utf-8", False),
)}

#: the par sheet's formats (``report --format``, the workbench's downloads)
PARSHEET_FORMATS: tuple[str, ...] = tuple(n for n, f in FORMATS.items() if f.renderer)


def parsheet_format(name: str) -> Format:
    """A par sheet's format by name, or a one-line error naming the choices."""
    return FORMATS[choose("par sheet format", name, PARSHEET_FORMATS, width=20)]


def renderer(name: str) -> Callable:
    """The ``render(sheet, steps=None)`` of a par sheet's format."""
    module = parsheet_format(name).renderer
    assert module is not None
    return importlib.import_module(module).render


def install_text(name: str) -> str:
    """How to install what the format ``name`` needs (``support.extras.install_hint``)."""
    from verifier.support.extras import install_hint
    extra = FORMATS[name].extra
    assert extra is not None, f"{name} needs no extra"
    return install_hint(extra)


def suffixes_text(names: Sequence[str]) -> str:
    """The suffixes of the formats ``names`` as a sentence lists them: ``.md, .pdf or .txt``."""
    shown = [f".{FORMATS[n].suffix}" for n in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def by_suffix(names: Sequence[str]) -> dict[str, str]:
    """{".suffix": format name} for the formats ``names`` (a report written to a file
    takes its format from the suffix)."""
    return {f".{s}": n for n in names for s in FORMATS[n].suffixes}
