"""The audit report: text (the terminal), JSON, Markdown, HTML (a Jinja2 template,
templates/audit.html.j2) and PDF (the HTML through WeasyPrint, as the par sheet).
Every figure comes from the findings; nothing is computed here."""
import json
from pathlib import Path

from verifier.audit.judge import FAILS, HOLDS, NOT_CHECKED

TEMPLATES = Path(__file__).resolve().parent / "templates"
FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
           ".pdf": "pdf", ".json": "json", ".txt": "text"}
HEADER = ["Where", "Claim", "Claimed", "Exact", "Difference", "Errs for", "Verdict"]


def errs_text(f):
    return f"the {f.errs}" if f.errs else ""


def place(f):
    """Where a claim stands in its file (the report names the file above)."""
    return ", ".join(p for p in (f.where.sheet and f"sheet {f.where.sheet}", f.where.cell)
                     if p)


def rows(audit):
    """One row per claim, as the tables show it."""
    return [[place(f), f.what, f.claimed, f.exact_text or "-", f.difference or "",
             errs_text(f), f.status + (f": {f.reason}" if f.reason else "")]
            for f in audit.findings]


def detail(f):
    """One line for a claim that does not hold."""
    errs = f" (errs for the {f.errs})" if f.errs else ""
    difference = f", difference {f.difference}" if f.difference else ""
    note = f"; {f.reason}" if f.reason else ""
    return (f"{f.where}: {f.what}: claimed {f.claimed}, exact {f.exact_text}"
            f"{difference}{errs}{note}")


def summary(audit):
    return (f"{len(audit.findings)} claims: {audit.count(HOLDS)} hold, "
            f"{audit.count(FAILS)} do not hold, {audit.count(NOT_CHECKED)} not checked")


def game_text(audit):
    g = audit.game
    return (f"rule set {g['rule_set']}, house way {g['house_way']}, bonus reading "
            f"{g['bonus_reading']}")


def text(audit):
    out = [f"claims       {audit.claims}",
           f"certificate  {audit.certificate} ({game_text(audit)})", ""]
    width = max((len(place(f)) for f in audit.findings), default=0)
    for f in audit.findings:
        exact = "" if f.status == HOLDS else (
            f"  [exact {f.exact_text}]" if f.exact_text else f"  [{f.reason}]")
        out.append(f"{f.status.upper():<14} {place(f):<{width}}  {f.what}: "
                   f"{f.claimed}{exact}")
    failing = [f for f in audit.findings if f.status == FAILS]
    if failing:
        out += ["", "Does not hold:"] + [f"  {detail(f)}" for f in failing]
    if audit.notes:
        out += [""] + [f"note: {n}" for n in audit.notes]
    out += ["", summary(audit), audit.verdict]
    return "\n".join(out) + "\n"


def to_json(audit):
    return json.dumps(audit.to_dict(), indent=1) + "\n"


def markdown(audit):
    """The report as Markdown: every text from the submission (its file's name, its
    sheets', bets' and lines' names, the claims as printed) escaped (``md_text``)."""
    from verifier.report.markdown import md_table, md_text
    out = [f"# Audit of {md_text(audit.claims)}", "",
           md_table(["", ""], [[k, md_text(v)] for k, v in provenance(audit)]), "",
           f"**{audit.verdict}** ({summary(audit)}).", "",
           "A claim holds when the exact figure rounds to it as printed; a count must be "
           "equal. *Errs for*: whom the claim shows better off than the exact figure does.",
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


def provenance(audit):
    """What the report is of and by: the submission and the certificate (with their
    hashes), the game, the tool."""
    return [["Submission", f"{audit.claims} (SHA-256 {audit.claims_sha256})"],
            ["Certificate", f"{audit.certificate} (SHA-256 {audit.certificate_sha256})"],
            ["Game", game_text(audit)], ["Judged by", audit.tool]]


def html(audit):
    import jinja2
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    return env.get_template("audit.html.j2").render(
        audit=audit, header=HEADER, provenance=provenance(audit), table=list(zip(rows(audit), audit.findings)), summary=summary(audit),
        game=game_text(audit), failing=[detail(f) for f in audit.findings
                                        if f.status == FAILS],
        unchecked=[f for f in audit.findings if f.status == NOT_CHECKED])


def render(audit, fmt):
    """``str`` for text, json, markdown and html; ``bytes`` for pdf."""
    if fmt == "pdf":
        from verifier.report.pdf import pdf_of_html
        return pdf_of_html(html(audit))
    return {"text": text, "json": to_json, "markdown": markdown, "html": html}[fmt](audit)
