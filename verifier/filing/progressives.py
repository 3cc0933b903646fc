"""A progressive in the filing (issue 53 item 2, docs/PROGRESSIVES.md "In the filing"): the
items each jurisdiction requires of a progressive table game, as their own section, and a
progressive's variation against its approved parameters.

- Every meter's parameters as the rules name them: base (initial) amount, reset amount,
  rate of progression (the increment rate), limit, secondary rate and hidden (reserve)
  rate (N.J.A.C. 13:69E-1.39A, Fla. Admin. Code R. 75-14.034);
- the probability of each jackpot on one hand, and its odds against (1 - p) / p; where the
  jurisdiction sets the limit (N.J.A.C. 13:69D-1.52(e), GLI-11 4.8.2: the probability
  "shall not exceed 100 million to one"), a jackpot whose odds against pass
  ``ODDS_LIMIT`` to 1 is flagged;
- the return at install, at reset and in the long run (verifier/odds/progressive.py).

Every figure is exact from the certificate's counts; floats only in the text."""
from __future__ import annotations

import os
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.support.errors import VerifierError

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.filing.jurisdictions import Jurisdiction
    from verifier.game.progressive import Meter, Progressive
    from verifier.odds.progressive import ProgressiveOdds

#: the most a jackpot's odds against may be, to one (N.J.A.C. 13:69D-1.52(e))
ODDS_LIMIT = 100_000_000
#: the parameters of a meter, in the rules' words, and how each is shown
PARAMETERS = ("Base (initial) amount", "Reset amount", "Rate of progression", "Limit",
              "Secondary rate (past the limit)", "Hidden (reserve) rate")


@dataclass(frozen=True)
class Jackpot:
    tier: str                       # the tier's lines, by their titles
    pays: str
    probability: Fraction
    flagged: bool                   # odds against past ODDS_LIMIT, where that is tested

    @property
    def odds_against(self) -> Fraction | None:
        p = self.probability
        return None if p == 0 else (1 - p) / p


@dataclass(frozen=True)
class ProgressiveItems:
    name: str                        # the table's name
    meters: tuple[tuple[str, tuple[str, ...]], ...]   # (meter, PARAMETERS' values)
    jackpots: tuple[Jackpot, ...]
    returns: tuple[tuple[str, str], ...]              # (which, value) of the returns
    tested: bool                                      # the 100-million test applies

    @property
    def flagged(self) -> tuple[Jackpot, ...]:
        return tuple(j for j in self.jackpots if j.flagged)


def _money(x: Fraction | None) -> str:
    return "none" if x is None else f"${float(x):,.2f}"


def _rate(x: Fraction | None, wager: Fraction) -> str:
    if x is None:
        return "none"
    return f"{float(x):.4%} of each wager (${float(x * wager):,.4f})"


def parameters(meter: Meter, wager: Fraction) -> tuple[str, ...]:
    """A meter's values of PARAMETERS, as the filing shows them."""
    return (_money(meter.initial), _money(meter.reset), _rate(meter.increment, wager),
            _money(meter.cap), _rate(meter.secondary, wager) if meter.cap is not None
            else "none (no limit)", _rate(meter.reserve, wager))


def long_run_text(odds: ProgressiveOdds) -> str:
    b = odds.long_run_bounds()
    if b is None:
        return "none (a meter outside the meter model)"
    if b.form == "exact":
        return f"{float(b.low):+.6%} (exact {b.low})"
    return f"{b.json()['decimal_12']} (between two exact bounds)"


def items(table: Progressive, odds: ProgressiveOdds, tested: bool) -> ProgressiveItems:
    """The filing's items of one progressive table."""
    from verifier.game.paytables import line_title
    jackpots = tuple(Jackpot(" / ".join(line_title(x) for x in t.lines), t.pays_text(),
                             odds.probability(i),
                             tested and odds.counts[i] > 0 and
                             (odds.total - odds.counts[i]) > ODDS_LIMIT * odds.counts[i])
                     for i, t in enumerate(table.tiers))
    returns = (("At install (every meter at its base)", f"{float(odds.return_at_install()):+.6%}"),
               ("At reset", f"{float(odds.return_at_reset()):+.6%}"),
               ("In the long run (the meter model)", long_run_text(odds)))
    return ProgressiveItems(table.name, tuple((m.name, parameters(m, table.wager))
                                              for m in table.meters.values()),
                            jackpots, returns, tested)


def progressive_items(cert: Certificate, where: Jurisdiction) -> list[ProgressiveItems]:
    """The items of every progressive the certificate holds, for ``where``."""
    from verifier.certificate.odds import progressive_odds
    return [items(t, progressive_odds(cert.raw, t), where.odds_limit)
            for t in cert.progressive_tables.values()]


@dataclass(frozen=True)
class ProgressiveChange:
    name: str
    rows: tuple[tuple[str, str, str], ...]        # (meter: parameter or tier, before, after)
    long_run: tuple[str, str]                     # (approved, this filing)
    at_reset: tuple[str, str]


def is_progressive_file(path: str | os.PathLike) -> bool:
    """A ``.toml`` file that reads as a progressive table (by the table's own reader), not
    a pay table (whose reader then says what is wrong with it)."""
    from verifier.game.progressive import load
    if not str(path).endswith(".toml"):
        return False
    try:
        load(str(path))
    except VerifierError:
        return False
    return True


def _approved(cert: Certificate, path: str | os.PathLike) -> dict[str, Progressive]:
    """{this certificate's progressive's name: its approved table} from ``path``: a
    certificate (its progressives of the same names), or one progressive table file."""
    from verifier.game.progressive import load
    own = cert.progressive_tables
    if str(path).endswith(".json"):
        from verifier import certificate
        old = certificate.read(path).progressive_tables
        return {k: old[k] for k in own if k in old}
    table = load(str(path))
    matches = [k for k, t in own.items() if t.name == table.name] or list(own)
    if len(matches) != 1:
        raise VerifierError(f"--variation-of {Path(path).name}: which progressive? this "
                            f"certificate holds {', '.join(own) or 'none'}, none named "
                            f"{table.name!r}")
    return {matches[0]: table}


def variations(cert: Certificate, path: str | os.PathLike) -> list[ProgressiveChange]:
    """Each progressive whose approved table ``path`` holds: the parameters and tier pays
    that differ, and the long-run return and the return at reset before and after, both
    on this certificate's counts."""
    from verifier.certificate.odds import progressive_odds
    out = []
    own = cert.progressive_tables
    for name, old in _approved(cert, path).items():
        new = own[name]
        rows: list[tuple[str, str, str]] = []
        for m in sorted(set(old.meters) | set(new.meters)):
            was = parameters(old.meters[m], old.wager) if m in old.meters else ("-",) * 6
            now = parameters(new.meters[m], new.wager) if m in new.meters else ("-",) * 6
            rows += [(f"{m}: {p}", x, y) for p, x, y in zip(PARAMETERS, was, now) if x != y]
        for i in range(max(len(old.tiers), len(new.tiers))):
            a = old.tiers[i].pays_text() if i < len(old.tiers) else "not paid"
            b = new.tiers[i].pays_text() if i < len(new.tiers) else "not paid"
            if a != b:
                rows.append((f"tier {i + 1}", a, b))
        before, after = progressive_odds(cert.raw, old), progressive_odds(cert.raw, new)
        out.append(ProgressiveChange(
            new.name, tuple(rows), (long_run_text(before), long_run_text(after)),
            (f"{float(before.return_at_reset()):+.6%}",
             f"{float(after.return_at_reset()):+.6%}")))
    return out
