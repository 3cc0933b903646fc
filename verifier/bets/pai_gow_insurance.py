"""Pai Gow Insurance (seed 004, Emperor's Challenge): wins when the seven cards are a pai
gow, paid by its top card (``nine_high`` .. ``ace_high``). The counts are the closed form
of verifier/odds/emperors.py under the reading in force (the joker an ace and nothing
else), the other reading reported beside it; the table reads the player's seven cards."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verifier.game.bets import INSURANCE_LINES, Bet, TableSide

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.results import ReadingsFigures
    from verifier.certificate.source import SectionSource
    from verifier.game.hooks import BetLines, Sets
    from verifier.game.paytables import Paytable
    from verifier.report.sheet import Table

NAME = "pai_gow_insurance"


def _derive(source: SectionSource) -> dict[str, Any]:
    from verifier.odds import emperors
    from verifier.rules.readings import HOUSE_WAY_CHOICES
    from verifier.game.betreads import refuse_under_wild
    refuse_under_wild("pai-gow", "Pai Gow Insurance", source.rules.joker)
    table, total, deck = source.paytable(NAME), source.total_hands, source.deck
    literal = emperors.insurance_counts(deck, "literal")
    semi = emperors.insurance_counts(deck, "semi-wild")
    if source.rules.house_way in HOUSE_WAY_CHOICES:
        # the built-ins set every pai gow, and only those, with a high-card back (row 11):
        # the key histogram must show the closed form's counts
        histogram = {(back, front): n for back, front, n in source.key_histogram}
        from_histogram = emperors.insurance_counts_from_histogram(histogram)
        if from_histogram != semi:
            raise ValueError(f"the key histogram's pai gows {from_histogram} disagree with "
                             f"the closed form {semi}")
        if sum(semi.values()) != source.house_way_rows[11]:
            raise ValueError("the high-card backs are not the row 11 hands")
    return {"reading": emperors.INSURANCE_READING,
            "reading_text": emperors.INSURANCE_READINGS[emperors.INSURANCE_READING],
            "counts": literal,
            "odds": emperors.insurance_odds(literal, table, total),
            "alternative": {"reading": "semi-wild",
                            "reading_text": emperors.INSURANCE_READINGS["semi-wild"],
                            "counts": semi,
                            "odds": emperors.insurance_odds(semi, table, total)}}


def _counts(source: SectionSource, kind: BetLines) -> tuple[Sets, str]:
    """The qualifying sets: its section's counts, or the closed form's."""
    from verifier.certificate.results import ReadingsFigures
    from verifier.odds import emperors
    figures = source.figures(NAME)
    if isinstance(figures, ReadingsFigures):
        counts, reading = figures.counts, figures.reading
    else:
        reading = emperors.INSURANCE_READING
        counts = emperors.insurance_counts(source.deck, reading)
    return (tuple((frozenset({line}), int(counts[line])) for line in kind.lines),
            f"insurance reading {reading}")


def _figures(cert: Certificate) -> ReadingsFigures:
    """Its section's figures (the typed model's: a reading in force and the other)."""
    from verifier.certificate.results import ReadingsFigures
    figures = cert.bets[NAME].figures
    if not isinstance(figures, ReadingsFigures) or figures.alternative is None:
        raise TypeError(f"{NAME}: its section is not figured under two readings")
    return figures


def _note(cert: Certificate, reading: str | None = None) -> str:
    return f"Reading in force: {_figures(cert).reading_text}."


def _other_reading(cert: Certificate, table: Paytable) -> list[Table]:
    """Pai Gow Insurance under the reading not in force, from the section's counts."""
    from verifier.odds.exact import odds_of_lines
    from verifier.report.sheet import Table
    alternative = _figures(cert).alternative
    assert alternative is not None                  # _figures holds it
    other = odds_of_lines(table, alternative.counts, cert.total_hands)
    return [Table(
        "Under the other reading (semi-wild)",
        ["Line", "Combinations", "Probability"],
        [[r.title, f"{r.hands:,}", f"{float(r.probability):.10f}"] for r in other.lines],
        note=f"Return per unit under that reading: {float(other.expected):+.8f}; house edge "
             f"{float(other.house_edge):.4%}.")]


BET = Bet(NAME, "Pai Gow Insurance", "pai-gow", INSURANCE_LINES,
          "pai_gow_insurance_example.toml", in_section=True, order=30, derive=_derive,
          counts=_counts, note=_note, loses_title="Not a pai gow (loses)",
          par_tables=_other_reading, readings=("insurance_joker", "emperors_wheel"),
          table=TableSide("insurance", "Ins", read="pai-gow", lines=INSURANCE_LINES,
                          house_only=True, order=30))
