"""The filing as one document: its model (``build``: the cover from the metadata, the
rules of play with the worked examples, the pay tables with true odds and house
advantage, the variation, the jurisdiction's sections, the par sheet as the appendix and
the certificate's hashes) and its rendering (``render``: HTML by the template
``templates/filing.html.j2``, which includes the par sheet's pieces, and PDF by
WeasyPrint on A4 or Letter)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from verifier.certificate.model import Certificate
from verifier.filing.jurisdictions import Jurisdiction
from verifier.filing.meta import Meta
from verifier.filing.narrative import ExampleView
from verifier.filing.wagers import Variation, Wager
from verifier.report.sheet import ParSheet
from verifier.rules.rulesets import RuleSet

if TYPE_CHECKING:
    from verifier.filing.examples import Example
    from verifier.report.chartpool import Later
    from verifier.report.html import References

TEMPLATES = Path(__file__).resolve().parent / "templates"


@dataclass
class Filing:
    meta: Meta
    jurisdiction: Jurisdiction
    sheet: ParSheet                             # the par sheet: the appendix
    rules: list[tuple[str, str]]                # the rules of play: (heading, text)
    rule_set: RuleSet
    #: the worked examples being found (``examples_of``), by a chart process where
    #: ``chartpool.start_pool`` started them, while the rest is built and laid out
    found: Later
    wagers: list[Wager]
    variation: Variation | None = None
    california: list[tuple[str, str]] = field(default_factory=list)
    #: (name, value) of the certificate's hashes and signature
    hashes: list[tuple[str, str]] = field(default_factory=list)
    #: the jurisdiction's items of each progressive (verifier/filing/progressives.py)
    progressives: list = field(default_factory=list)

    @cached_property
    def examples(self) -> list[ExampleView]:
        """The worked examples in words, waited for when first read (the page's HTML)."""
        from verifier.filing.narrative import view
        return [view(e, self.rule_set) for e in self.found.result()]


def build(cert: Certificate, meta: Meta, jurisdiction: Jurisdiction,
          variation_of: str | os.PathLike | None = None, **operator: Any) -> Filing:
    """The filing of a checked certificate; ``operator``: the operator figures' inputs of
    its par sheet (``report.model.build``'s pace, bankroll)."""
    from verifier.certificate.sections import rule_set_of
    from verifier.filing.narrative import california, rules_of_play
    from verifier.filing.wagers import variation, wagers
    from verifier.report.model import build as build_sheet
    from verifier.filing.progressives import progressive_items
    from verifier.report.chartpool import Later, sheet_ahead
    rs = rule_set_of(cert.raw)
    # the worked examples to a chart process (``chartpool.start_pool``) first, found while
    # the rest is built, WeasyPrint imported and the xlsx written; without one, here when
    # first read (``Filing.examples``)
    found = Later(examples_of, rs, deck_cards(cert))
    found.start()
    sheet = build_sheet(cert, revisions=meta.revision_rows(), **operator)
    # the operator figures' bands, then the charts, to the chart processes: made while
    # WeasyPrint is imported and the page laid out; without them, nothing
    sheet_ahead(sheet)
    readings = {r.name: r.text for r in sheet.readings}
    return Filing(
        meta=meta, jurisdiction=jurisdiction, sheet=sheet, rules=rules_of_play(rs, readings),
        rule_set=rs, found=found,
        wagers=wagers(sheet),
        variation=variation(cert, sheet, variation_of) if variation_of else None,
        california=california(rs, readings) if jurisdiction.california else [],
        hashes=certificate_rows(cert), progressives=progressive_items(cert, jurisdiction))


def examples_of(rs: RuleSet, deck: Sequence[int]) -> list[Example]:
    """The worked examples of the rule set ``rs`` dealt from ``deck``: Face Up's
    (``faceup.face_up_examples``: not the table's deal), or the table's
    (``examples.worked_examples``)."""
    from verifier.filing.examples import worked_examples
    from verifier.filing.faceup import face_up_examples
    from verifier.game.settlement import SettlementRule
    from verifier.table.limits import TableRules
    if SettlementRule.of(rs.settlement).dealer_exposed:
        return face_up_examples(rs, deck)
    return worked_examples(TableRules.from_ruleset(rs), deck)


def deck_cards(cert: Certificate) -> list[int]:
    """The cards of the certificate's deck (a reduced deck's examples come from it)."""
    from verifier.game.cards import parse_card
    return sorted(parse_card(c) for c in cert.deck.cards)


def certificate_rows(cert: Certificate) -> list[tuple[str, str]]:
    """(name, value) of the certificate's hashes, its making and its signature."""
    rows = [("Certificate SHA-256", cert.sha256), ("Result SHA-256", cert.result_sha256),
            ("Computed", f"{cert.tool.created} by {cert.tool.name} {cert.tool.version}")]
    sig = cert.signature
    return rows + [("Signature", f"{sig.algorithm or 'Ed25519'}, key fingerprint "
                                 f"{sig.key_fingerprint}" if sig else "not signed")]


def render_html(filing: Filing, paper: str | None = None,
                images: bool | References = True,
                meanwhile: Callable[[], Any] | None = None) -> str:
    """The filing's HTML (the charts of its appendix as images, or as ``References``
    WeasyPrint fetches, for WeasyPrint; inline SVG where ``images`` is False);
    ``meanwhile()`` is called once the templates are compiled, before the page waits for
    the worked examples (``render_pdf``: WeasyPrint imported while a chart process finds
    them)."""
    from verifier.filing.progressives import PARAMETERS
    from verifier.filing.wagers import odds_to_one
    from verifier.report.html import context, environment
    from verifier.report.paper import css_string, paper as paper_of
    m = filing.meta
    footer = (css_string(f"{m.game} \N{MIDDLE DOT} submission {m.submission_id} revision "
                         f"{m.revision} \N{MIDDLE DOT} page ")
              + ' counter(page) " of " counter(pages)')
    parts: dict[str, Any] = context(filing.sheet, images=images)
    templates = environment(TEMPLATES)
    # every template compiled first, the included ones too (Jinja2 compiles one as the
    # page reaches it): before the page waits for the worked examples, not after
    for name in templates.list_templates(extensions=["j2"]):
        templates.get_template(name)
    if meanwhile is not None:
        meanwhile()
    return templates.get_template("filing.html.j2").render(
        filing=filing, page_rule=paper_of(paper).page_rule(footer), odds_to_one=odds_to_one,
        progressive_parameters=PARAMETERS,
        pct=lambda x: f"{float(x) * 100:.4f}%", **parts)


def render_pdf(filing: Filing, paper: str | None = None) -> bytes:
    """The filing as PDF: its appendix's charts drawn by the chart processes where
    ``chartpool.start_pool`` started them (handed to them by ``build``), fetched by WeasyPrint
    as it lays out the page (as ``report --format pdf`` has them). WeasyPrint is imported
    once the page's templates are compiled, while the worked examples are being found
    (``render_html``'s ``meanwhile``: the page waited for them, after the import, a
    third of a second); a WeasyPrint that cannot fetch the charts (before 68) has the
    page made again with them as images."""
    from verifier.report.html import References
    from verifier.report.pdf import fetches_charts, pdf_of_html
    from verifier.support.progress import Steps
    references = References(Steps())
    html = render_html(filing, paper, images=references, meanwhile=fetches_charts)
    if fetches_charts():
        return pdf_of_html(html, references=references)
    return pdf_of_html(render_html(filing, paper, images=True))     # the charts as images
