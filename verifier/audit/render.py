"""The audit report: text (the terminal), JSON, Markdown, HTML (a Jinja2 template,
templates/audit.html.j2) and PDF (the HTML through WeasyPrint, as the par sheet).
Every figure comes from the findings; nothing is computed here."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from verifier.audit.judge import FAILS, HOLDS, NOT_CHECKED, Audit, Finding
from verifier.report.formats import FORMATS as OUTPUT_FORMATS, by_suffix

TEMPLATES = Path(__file__).resolve().parent / "templates"
HEADER = ["Where", "Claim", "Claimed", "Exact", "Difference", "Errs for", "Verdict"]
#: what "errs for" means, wherever the report shows it (docs/AUDIT.md)
ERRS_MEANING = ("errs for the player: the claimed figure shows the player better off than "
                "the exact one (a lower house edge, a paying line more frequent, a higher "
                "return); errs for the house: it shows the house better off")


def audited(audit: Audit) -> str:
    """When and by whom: "2026-11-26, by J. Smith" (the reviewer when given)."""
    return audit.date + (f", by {audit.reviewer}" if audit.reviewer else
                         ", reviewer not named (audit --reviewer)")


def errs_text(f: Finding) -> str:
    return f"the {f.errs}" if f.errs else ""


def place(f: Finding) -> str:
    """Where a claim stands in its file (the report names the file above)."""
    return ", ".join(p for p in (f.where.sheet and f"sheet {f.where.sheet}", f.where.cell)
                     if p)


def rows(audit: Audit) -> list[list[str]]:
    """One row per claim, as the tables show it."""
    return [[place(f), f.what, f.claimed, f.exact_text or "-", f.difference or "",
             errs_text(f), f.status + (f": {f.reason}" if f.reason else "")]
            for f in audit.findings]


def detail(f: Finding) -> str:
    """One line for a claim that does not hold."""
    errs = f" (errs for the {f.errs})" if f.errs else ""
    difference = f", difference {f.difference}" if f.difference else ""
    note = f"; {f.reason}" if f.reason else ""
    return (f"{f.where}: {f.what}: claimed {f.claimed}, exact {f.exact_text}"
            f"{difference}{errs}{note}")


def summary(audit: Audit) -> str:
    return (f"{len(audit.findings)} claims: {audit.count(HOLDS)} hold, "
            f"{audit.count(FAILS)} do not hold, {audit.count(NOT_CHECKED)} not checked")


def game_text(audit: Audit) -> str:
    g = audit.game
    return (f"rule set {g['rule_set']}, house way {g['house_way']}, bonus reading "
            f"{g['bonus_reading']}")


def text(audit: Audit) -> str:
    out = [f"claims       {audit.claims}",
           f"certificate  {audit.certificate} ({game_text(audit)})",
           f"audited      {audited(audit)}", ""]
    width = max((len(place(f)) for f in audit.findings), default=0)
    for f in audit.findings:
        exact = "" if f.status == HOLDS else (
            f"  [exact {f.exact_text}]" if f.exact_text else f"  [{f.reason}]")
        out.append(f"{f.status.upper():<14} {place(f):<{width}}  {f.what}: "
                   f"{f.claimed}{exact}")
    failing = [f for f in audit.findings if f.status == FAILS]
    if failing:
        out += ["", "Does not hold:"] + [f"  {detail(f)}" for f in failing]
        if any(f.errs for f in failing):
            out += ["", f"({ERRS_MEANING})"]
    if audit.notes:
        out += [""] + [f"note: {n}" for n in audit.notes]
    out += ["", summary(audit), audit.verdict]
    return "\n".join(out) + "\n"


def to_json(audit: Audit) -> str:
    return json.dumps(audit.to_dict(), indent=1) + "\n"


def markdown(audit: Audit) -> str:
    """The report as Markdown: every text from the submission (its file's name, its
    sheets', bets' and lines' names, the claims as printed) escaped (``md_text``)."""
    from verifier.report.markdown import md_table, md_text
    out = [f"# Audit of {md_text(audit.claims)}", "",
           md_table(["", ""], [[k, md_text(v)] for k, v in provenance(audit)]), "",
           f"**{audit.verdict}** ({summary(audit)}).", "",
           "A claim holds when the exact figure rounds to it as printed; a count must be "
           f"equal. *Errs for*: {ERRS_MEANING}.",
           ""] + [f"Note: {md_text(n)}\n" for n in audit.notes]
    failing = [f for f in audit.findings if f.status == FAILS]
    if failing:
        out += ["## Does not hold", ""] + [f"- {md_text(detail(f))}" for f in failing] + [""]
    unchecked = [f for f in audit.findings if f.status == NOT_CHECKED]
    if unchecked:
        out += ["## Not checked", ""] + [f"- {md_text(f'{f.where}: {f.what}: {f.reason}')}"
                                         for f in unchecked] + [""]
    out += ["## Every claim", "", md_table(HEADER, [[md_text(c) for c in row]
                                                    for row in rows(audit)]), ""]
    return "\n".join(out)


def provenance(audit: Audit) -> list[list[str]]:
    """What the report is of and by: the submission and the certificate (with their
    hashes), the game, the tool."""
    return [["Submission", f"{audit.claims} (SHA-256 {audit.claims_sha256})"],
            ["Certificate", f"{audit.certificate} (SHA-256 {audit.certificate_sha256})"],
            ["Game", game_text(audit)], ["Audited", audited(audit)],
            ["Judged by", audit.tool]]


def html(audit: Audit, paper: str | None = None) -> str:
    """The report as HTML; ``paper``: the printed page's size (verifier/report/paper.py,
    default A4), turned to landscape for the table of every claim."""
    import jinja2
    from verifier.report.paper import css_string, paper as paper_of
    footer = (css_string(f"audit of {audit.claims} \N{MIDDLE DOT} page ")
              + ' counter(page) " of " counter(pages)')
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    return env.get_template("audit.html.j2").render(
        audit=audit, page_rule=paper_of(paper).page_rule(footer, landscape=True), header=HEADER, provenance=provenance(audit), table=list(zip(rows(audit), audit.findings)), summary=summary(audit),
        game=game_text(audit), failing=[detail(f) for f in audit.findings
                                        if f.status == FAILS],
        unchecked=[f for f in audit.findings if f.status == NOT_CHECKED])


def pdf(audit: Audit, paper: str | None = None) -> bytes:
    """The HTML report through WeasyPrint, as the par sheet's PDF."""
    from verifier.report.pdf import pdf_of_html
    return pdf_of_html(html(audit, paper))


#: the audit's writer of each output format it offers (the formats themselves, their
#: names, suffixes and order: the one table, verifier/report/formats.py)
#: (each takes the audit and the paper, which only the laid-out ones read)
WRITERS: dict[str, Callable[[Audit, str | None], str | bytes]] = {
    "markdown": lambda audit, paper: markdown(audit), "html": html, "pdf": pdf,
    "json": lambda audit, paper: to_json(audit), "text": lambda audit, paper: text(audit)}
#: the formats the audit's report is written in, in the table's order
REPORT_FORMATS = tuple(name for name in OUTPUT_FORMATS if name in WRITERS)
#: {".suffix": format} of those formats, by which ``audit --out`` takes its format
FORMATS = by_suffix(REPORT_FORMATS)


def render(audit: Audit, fmt: str, paper: str | None = None) -> str | bytes:
    """``str`` for text, json, markdown and html; ``bytes`` for pdf (``paper``: the page's
    size of the html and pdf, default A4)."""
    return WRITERS[fmt](audit, paper)
