"""What a section is derived from, typed: the certificate's counts and inputs as ``build``
and ``check`` hold them while they derive its sections. A bet's hooks that make its
section (``derive``) or read its counts (``counts``; verifier/game/hooks.py) get a
``SectionSource``, never the JSON dict; it hands the dict (``raw``) only back to this
package's functions (``odds_from_certificate``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from verifier.game.paytables import Paytable
from verifier.rules.readings import Rules
from verifier.certificate.format import deck_of, rules_of
from verifier.certificate.results import BetFigures, Outcomes, bet_figures


@dataclass(frozen=True)
class SectionSource:
    """The certificate whose section is being derived (its dict as ``raw``)."""
    raw: Mapping[str, Any]

    @property
    def total_hands(self) -> int:
        return int(self.raw["total_hands"])

    @property
    def deck_size(self) -> int:
        return int(self.raw["deck"]["size"])

    @property
    def deck(self) -> list[int]:
        return deck_of(self.raw)

    @property
    def rules(self) -> Rules:
        return rules_of(self.raw)

    @property
    def bonus_reading(self) -> str:
        return str(self.raw["rules"]["bonus_reading"]["value"])

    @property
    def sections(self) -> tuple[str, ...]:
        """The names of the sections the certificate has (or will have)."""
        return tuple(self.raw.get("sections", {}))

    def paytable(self, name: str) -> Paytable:
        """A bet's pay table: its section's own (``in_section``), else the certificate's
        ``paytables`` entry."""
        own = self.raw.get("sections", {}).get(name, {}).get("paytable")
        if own is not None:
            return Paytable.from_dict(own, f"sections.{name}.paytable")
        return Paytable.from_dict(self.raw["paytables"][name], f"paytables.{name}")

    def category_sets(self, reading: str) -> Any:
        """The seven-card categories' qualifying sets under ``reading`` (``seven-card``,
        ``house-way``): the enumeration's counts, as verifier/odds reads them."""
        return self.raw["counts"]["outlaw9_sets"][reading]

    @property
    def key_histogram(self) -> list[tuple[int, int, int]]:
        """The house way's key histogram: (back key, front key, hands) rows."""
        return [(int(b), int(f), int(n)) for b, f, n in self.raw["counts"]["key_histogram"]["rows"]]

    @property
    def house_way_rows(self) -> dict[int, int]:
        """Hands per row of the house way."""
        return {int(r): int(n) for r, n in self.raw["counts"]["house_way_rows"].items()}

    @property
    def base_game_counts(self) -> Outcomes:
        """The base game's counts over ordered (player, banker) pairs (its section's input;
        a one-line KeyError when the certificate has none)."""
        return Outcomes.of(self.raw["sections"]["base_game"]["counts"])

    def figures(self, name: str) -> BetFigures | None:
        """A bet section's results as written (typed), None while it has none."""
        section = self.raw.get("sections", {}).get(name)
        results = section.get("results") if section else None
        return bet_figures(results) if results else None
