"""The par sheet as Markdown (``report --format markdown``, the default). What a person
wrote is escaped (``md_text``, ``md_code``): a name is shown, never rendered as markup."""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from verifier.report.display import (LINE_HEADER, RANGE_HEADER, figure_rows, line_rows, range_rows)
from verifier.report.sheet import (APPENDIX, PLAYER_BANK_TITLE, RARE_TEXT, SESSIONS,
                                   STRATEGY_DETAIL_TITLE, STRATEGY_TITLE, Z90, Z95, Bet,
                                   ParSheet, Table)
from verifier.report.operator import TITLE as OPERATOR_TITLE, Operator
from verifier.odds.formula import BetFormula


#: what Markdown reads as markup in running text (backslash-escaped by ``md_text``)
_MARKUP = re.compile(r"([\\`*_\[\]<>#!~&])")


def md_text(text: object) -> str:
    """Text a person wrote (a rule set's name or description, a bet's or a pay table's
    name, a claim as a submission printed it), as Markdown shows it literally: on one
    line, its markup characters escaped (a link, an image, HTML, emphasis or a heading
    in a name is shown, never rendered)."""
    return _MARKUP.sub(r"\\\1", " ".join(str(text).split()))


def md_code(text: object) -> str:
    """``text`` as a code span, whatever backticks it holds (a fence longer than its
    longest run)."""
    text = " ".join(str(text).split())
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_table(header: Sequence[str], rows: Iterable[Sequence[object]],
             right: Iterable[int] = ()) -> str:
    """A table; a cell's pipe is escaped and its line breaks joined (either would break
    the table)."""
    def cell(c: object) -> str:
        return " ".join(str(c).split()).replace("|", "\\|")
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---:" if i in right else "---" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def titled_table(table: Table) -> list[str]:
    """A titled table of the sheet (its title in bold, numbers right-aligned, its note)."""
    out = [f"**{table.title}**", "", md_table(table.header, table.rows,
                                              right=tuple(range(1, len(table.header)))), ""]
    return out + [table.note, ""] if table.note else out


def bet_section(bet: Bet, level: str = "##") -> list[str]:
    out = [f"{level} {md_text(bet.title)}", ""]
    facts = [f"Pay table: {md_text(bet.paytable)}"]
    if bet.status:
        facts.append(f"status: {bet.status}")
    facts.append(f"{bet.total:,} {bet.unit}")
    out += ["; ".join(facts) + ".", ""]
    for flag in bet.flags:
        out += [f"> **Flag:** {md_text(flag)}", ""]
    out += [md_table(LINE_HEADER, line_rows(bet), right=(1, 2, 3, 4, 5)), ""]
    for note in bet.notes:
        out += [note, ""]
    if bet.kind == "wager":
        rows = [[name, value, f"`{exact}`" if exact and exact[0] in "-0123456789" else exact]
                for name, value, exact in figure_rows(bet)]
        out += [md_table(["Figure", "Value", "Exact"], rows, right=(1,)), ""]
        out += [f"Range of the player's net result after a number of unit bets (normal "
                f"approximation: expected ± z × SD × √n, z = {Z90:.3f} and {Z95:.3f}):", ""]
        out += [md_table(RANGE_HEADER, range_rows(bet), right=(0, 1, 2, 3, 4)), ""]
    if bet.formula is not None:
        out += formula_lines(bet.formula)
    for table in bet.tables:
        out += titled_table(table)
    return out


def render(sheet: ParSheet, steps: object = None) -> str:
    """The par sheet; ``steps`` (``verifier.support.progress.Steps``): this format tells none."""
    out = [f"# Par sheet: {md_text(sheet.title)}", "",
           f"{md_text(sheet.description)}.", "",
           md_table(["", ""], [
               ["Rule set", md_code(sheet.rule_set)],
               ["Deck", f"{sheet.deck}: all {sheet.total_hands:,} seven-card hands enumerated"],
               ["Computed", f"{sheet.created} by {sheet.tool} ({sheet.engine} engine)"],
               ["Certificate SHA-256", f"`{sheet.certificate_sha256}`"],
               ["Result SHA-256", f"`{sheet.result_sha256}` (the same for every run of these "
                                  "rules)"],
           ]), ""]
    rev = sheet.revision_table()
    out += [f"**{rev.title}**", "", md_table(rev.header, rev.rows), "",
            "Every count is exact and every probability and return is an exact fraction of "
            "them; decimals are rounded for display. Standard deviation, volatility index "
            "and ranges are decimal.", ""]
    if sheet.designed:
        out += [f"> **{md_text(designed_notice(sheet))}**", ""]
    if sheet.flags:
        out += ["## Flags", ""] + [f"- ⚑ {md_text(f)}" for f in sheet.flags] + [""]
    for bet in sheet.bets:
        out += bet_section(bet)
    if sheet.base_game:
        out += bet_section(sheet.base_game)
    if sheet.player_bank is not None:
        out += [f"## {PLAYER_BANK_TITLE}", ""] + [x for note in sheet.player_bank.notes
                                                  for x in (note, "")]
        for table in sheet.player_bank.tables:
            out += [f"**{table.title}**", "", md_table(table.header, table.rows, right=(1,)),
                    "", table.note, ""]
    for text in sheet.omitted:
        out += [f"Not in this sheet: {text}.", ""]
    for prog in sheet.progressives:
        out += [f"## {md_text(prog.title)}", ""] + [x for note in prog.notes
                                                     for x in (md_text(note), "")]
        for table in prog.tables:
            out += titled_table(table)
    if sheet.operator is not None:
        out += operator_lines(sheet.operator)
    if sheet.strategy is not None:
        out += [f"## {STRATEGY_TITLE}", ""] + [x for note in sheet.strategy.notes
                                               for x in (note, "")]
        for table in sheet.strategy.tables:
            out += [f"**{table.title}**", "", md_table(table.header, table.rows,
                                                        right=(1, 2, 3, 4)), ""]
            if table.note:
                out += [table.note, ""]
    out += ["## Rule readings", "",
            "The readings of the rules that apply to this game.", ""]
    out += [md_table(["Reading", "Value", "Meaning"],
                     [[r.title, r.status if r.status != r.value else md_code(r.value), r.text]
                      for r in sheet.readings]), ""]
    out += ["## Definitions", "", definitions(), ""]
    out += appendix_lines(sheet)
    return "\n".join(out)


def operator_lines(op: Operator) -> list[str]:
    """The operator figures (verifier/report/operator.py): notes, tables, the bankroll."""
    out = [f"## {OPERATOR_TITLE}", ""] + [x for note in op.notes for x in (note, "")]
    for table in op.tables:
        out += titled_table(table)
    return out + [x for note in op.bankroll_notes for x in (note, "")]


def appendix_lines(sheet: ParSheet) -> list[str]:
    """The appendix: the long frequency tables (the house way's, the strategy's by hand)."""
    out = [f"## {APPENDIX}: house way {md_text(sheet.house_way)}", "",
           "How the house way sets the hands: the row that decided, the class of the "
           "five-card back and the two-card front (its two ranks, the joker as an ace).", ""]
    for table in sheet.house_way_tables:
        out += titled_table(table)
    if sheet.strategy is not None and sheet.strategy.detail:
        out += [f"## {APPENDIX}: {STRATEGY_DETAIL_TITLE.lower()}", ""]
        for table in sheet.strategy.detail:
            out += titled_table(table)
    return out


def designed_notice(sheet: ParSheet) -> str:
    """The label of a sheet with a designed pay table: its hashes vouch for the counts only."""
    from verifier.report.sheet import DESIGNED
    return (f"{DESIGNED[0].upper()}{DESIGNED[1:]}: {', '.join(sheet.designed)}. The "
            "certificate's hashes vouch for the counts; these pays were not filed.")


def definitions() -> str:
    return ("Return: expected net result of one unit bet (N to 1 pays +N, a push 0, a loss "
            "-1). House edge: minus the return. Hit frequency: probability the bet wins. "
            f"Odds: 1 in (1 / probability). Volatility index: {Z90:.3f} × the standard "
            f"deviation of one unit bet. Lines rarer than {RARE_TEXT} games are flagged ⚑. "
            "Ranges after " + ", ".join(f"{n:,}" for n in SESSIONS) + " bets.")


def formula_lines(f: BetFormula) -> list[str]:
    """The return as an exact expression in the pay symbols (verifier/odds/formula.py)."""
    from verifier.game.names import display_name
    legend = "; ".join(f"`{f.symbols.name(line)}`: {display_name(line)}"
                       for line in f.lines if line in f.symbols)
    return ["Return as a formula in the pays, one symbol per paying line, the N of its N "
            f"to 1 ({legend}):", "",
            "```text", f"return = {f.text()}", "```", "", "```latex", f.latex(), "```", "",
            f"The formula is {formula_validity(f)}.", ""]


def formula_validity(f: BetFormula) -> str:
    order = f.conditions_text()
    return f.validity + (f": {order}" if order else "")
