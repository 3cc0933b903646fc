"""The pay symbols of a bet's return formula (verifier/odds/formula.py): ``p_<line>``, the
net a unit bet wins on that line, as a SymPy symbol, and a formula's symbols made on
first use (``PaySymbols``), so that what only asks which lines have one (the par sheet,
its charts' worker processes) never imports SymPy."""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping


def pay_symbol(line: str) -> Any:
    """The SymPy symbol of a line's pay: ``p_full_house``."""
    import sympy
    return sympy.Symbol(f"p_{line}", positive=True)     # PaySymbols.name: its name


class PaySymbols(Mapping[str, Any]):
    """{line: ``pay_symbol(line)``} for ``lines``, in their order, each symbol made (and
    SymPy imported) when first read."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = tuple(lines)
        self._made: dict[str, Any] = {}

    def __getitem__(self, line: str) -> Any:
        if line not in self.lines:
            raise KeyError(line)
        if line not in self._made:
            self._made[line] = pay_symbol(line)
        return self._made[line]

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def __contains__(self, line: object) -> bool:
        return line in self.lines

    def name(self, line: str) -> str:
        """The symbol's name, ``p_<line>``, as ``str`` of it writes it (no SymPy)."""
        if line not in self.lines:
            raise KeyError(line)
        return f"p_{line}"

    def __reduce__(self) -> tuple:
        """Pickled as its lines alone (no SymPy object crosses to another process)."""
        return PaySymbols, (self.lines,)
