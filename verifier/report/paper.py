"""The paper a printed document is laid out on, one table: each size's name, its CSS
``size`` and the page's margins (mm). The par sheet's PDF (``report --paper``), the
filing pack (``filing --paper``) and the audit report (``audit --paper``, turned to
landscape for its wide table) read it; a template's ``@page`` rule comes from
``page_rule`` and from nowhere else."""
from __future__ import annotations

import re

from dataclasses import dataclass

from verifier.support.errors import choose


@dataclass(frozen=True)
class Paper:
    name: str                       # the ``--paper`` choice
    title: str                      # as a sentence names it
    css: str                        # the CSS page size
    width_mm: float
    height_mm: float
    #: top, right, bottom, left (mm): the footer sits in the bottom one
    margins_mm: tuple[float, float, float, float] = (16, 14, 18, 14)

    @property
    def margin_css(self) -> str:
        return " ".join(f"{m:g}mm" for m in self.margins_mm)

    def page_rule(self, footer: str, landscape: bool = False) -> str:
        """The ``@page`` rule: size (turned a quarter when ``landscape``), margins, and
        ``footer`` (a CSS ``content`` value) at the bottom centre."""
        size = f"{self.css} landscape" if landscape else self.css
        return (f"@page {{ size: {size}; margin: {self.margin_css}; @bottom-center {{ "
                f"content: {footer}; font-size: 7pt; color: #555; "
                f'font-family: "DejaVu Sans", sans-serif; }} }}')


#: every paper size offered, the default first
PAPERS: dict[str, Paper] = {p.name: p for p in (
    Paper("a4", "A4", "A4", 210, 297),
    Paper("letter", "US Letter", "letter", 215.9, 279.4),
)}
DEFAULT_PAPER = "a4"


def paper(name: str | None) -> Paper:
    """A paper size by name (None: the default), or a one-line error naming the choices."""
    return PAPERS[choose("paper size", name, PAPERS, DEFAULT_PAPER, fold=True, width=20)]


def css_string(text: str) -> str:
    """``text`` (a footer's words, perhaps a user's) as a CSS string literal that stays
    one: backslash and quote escaped, a line break a space, and ``<`` and ``>`` as CSS
    escapes, so that no text ends the ``<style>`` element it is written in."""
    text = re.sub(r"\s+", " ", text)          # a line break a space; the ends kept
    for char, escaped in (("\\", "\\\\"), ('"', '\\"'), ("<", "\\3c "), (">", "\\3e ")):
        text = text.replace(char, escaped)
    return f'"{text}"'
