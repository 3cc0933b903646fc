"""The par sheet's operator figures (docs/PARSHEET.md, "Operator figures"): each wager's
theoretical win and standard deviation per hour, element of risk, expected hold against
drop and the 95% bands of the table's result, computed by verifier/odds/operator.py; and,
for a player-dealer (California) game, the bankroll the player-dealer needs, estimated by
the table simulator (verifier/table/bankroll.py, handed in by the command: this layer does
not run the table)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from verifier.odds.operator import HANDLE_PER_DROP, Pace, WagerFigures, wager_figures
from verifier.report.display import pct
from verifier.report.sheet import Bet, Table

TITLE = "Operator figures"


@dataclass
class Operator:
    """The operator figures of a sheet: the pace, each wager's figures, the display."""
    pace: Pace
    wagers: list                   # WagerFigures, the sheet's wagers then the base game
    notes: list
    figures: list                  # Table: the figures per wager and the holds
    bankroll: Any = None           # verifier.table.bankroll.Bankroll, or None
    bankroll_notes: list = field(default_factory=list)
    #: the bands' tables being made by a chart process (``bands_ahead``), or None
    ahead: Any = field(default=None, repr=False, compare=False)

    def bands_ahead(self) -> None:
        """Each wager's bands (``band_tables``) handed to a chart process now
        (``chartpool.Later``, ahead of the charts), made there while this process goes on
        (the PDF: WeasyPrint imported): their exact distributions take numpy and a quarter
        of a second. Without those processes, nothing: made here when read (``tables``)."""
        from verifier.report.chartpool import Later, pooled
        if self.ahead is None and pooled():
            self.ahead = Later(band_tables, self.wagers)
            self.ahead.start()

    def __getstate__(self) -> dict:
        """Pickled without ``ahead`` (the sheet crosses to a chart process: the filing's
        xlsx): there the bands are made when read."""
        return {**self.__dict__, "ahead": None}

    @cached_property
    def tables(self) -> list:
        """Every table of the section: the figures, each wager's bands (their exact
        distributions computed when a sheet is shown, not when one is built for its other
        figures: ``run``'s summary; by a chart process where ``bands_ahead`` handed them)
        and the bankroll."""
        bands = self.ahead.result() if self.ahead is not None else band_tables(self.wagers)
        return (self.figures + bands
                + ([bankroll_table(self.bankroll)] if self.bankroll is not None else []))


def money(x: Fraction | float, cents: bool = True) -> str:
    """Dollars for display: "$1,234.50", "-$4.91"; whole dollars without ``cents``."""
    x = float(x)
    text = f"${abs(x):,.2f}" if cents else f"${abs(x):,.0f}"
    return "-" + text if x < 0 and text.strip("$0.,") else text


def operator_section(bets: list[Bet], pace: Pace, fee: Fraction | int | None = None,
                     bankroll: Any = None, bankroll_note: str = "") -> Operator:
    """The operator figures of ``bets`` (the wagers: the envy's dollar amounts have none) at
    ``pace``; ``fee``: a fee game's collection fee per hand at the average wager;
    ``bankroll``: the simulator's estimate (or None, and ``bankroll_note`` says why)."""
    wagers = [wager_figures(b.key, b.title, b.expected, b.variance, pace, outcomes=outcomes(b))
              for b in bets if b.kind == "wager"]
    h, w = pace.hands_per_hour, pace.average_wager
    notes = [
        f"At {h:,} hands an hour and an average initial wager of {money(w)} "
        "(the options --hands-per-hour and --average-wager). The house edge per initial wager is the "
        "rating edge used for comps. Theoretical win per hour = hands per hour × wager × "
        "edge; SD per hour = √(hands per hour) × wager × SD per hand. Every wager of this "
        "game is settled on its initial wager alone (no raise or double): the total action "
        "is the initial wager, and the element of risk equals the house edge.",
        "Expected hold = win / drop = edge × handle / drop: the handle-to-drop ratio (how "
        "many times the chips bought are wagered) is the table's, not the game's; the hold "
        "is shown at three ratios.",
        "The bands: the table's result (the house's side: its win) after N hands of one "
        "wager, from the 2.5% to the 97.5% quantile of its exact distribution: every round "
        "is a fresh shuffle, so the N hands are independent and their sum's distribution is "
        "one hand's, from the counts, convolved N times (nothing is simulated); the chance "
        "the house is ahead after N hands is read off the same distribution. A result "
        "outside its band is one a regulator may ask to be investigated (e.g. Maryland). The "
        "mean and variance are exact fractions; the quantiles are results a table can have "
        "(whole units of the pays), the chance a decimal."]
    if fee is not None:
        notes.append(f"This is a fee game: the house's revenue is the collection fee, "
                     f"{money(fee)} a hand at {money(w)}, {money(h * fee)} an hour per seat; "
                     "the base game's edge is the banker's (the player-dealer's), before "
                     "the fee.")
    tables = [Table(
        "Per wager", ["Wager", "House edge (rating edge)", "Element of risk",
                      "Theoretical win per hour", "SD per hand", "SD per hour"],
        [[f.title, pct(f.edge, 4),
          "= house edge" if f.action == 1 else pct(f.element_of_risk, 4),
          money(f.theoretical_win_per_hour), money(f.sd_per_hand), money(f.sd_per_hour)]
         for f in wagers]),
        Table("Expected hold against drop",
              ["Wager"] + [("handle = drop" if r == 1 else f"handle = {r} × drop")
                           for r in HANDLE_PER_DROP],
              [[f.title] + [pct(f.hold(r), 3) for r in HANDLE_PER_DROP] for f in wagers])]
    out = Operator(pace, wagers, notes, tables, bankroll)
    if bankroll is not None:
        out.bankroll_notes = bankroll_notes(bankroll)
    elif bankroll_note:
        out.bankroll_notes = [bankroll_note]
    return out


def outcomes(bet: Bet) -> tuple:
    """One hand's exact distribution of ``bet``: ((net result, combinations), ...) of its
    lines, or () where a line has no net result or the lines do not add up to the total."""
    rows = [(line.net, line.combinations) for line in bet.lines]
    if any(net is None for net, _ in rows) or sum(n for _, n in rows) != bet.total:
        return ()
    return tuple(rows)


def band_tables(wagers: list[WagerFigures]) -> list[Table]:
    """``band_table`` of each of ``wagers``."""
    return [band_table(f) for f in wagers]


def band_table(f: WagerFigures) -> Table:
    """The 95% bands of one wager's table result after BAND_HANDS hands and BAND_HOURS
    hours."""
    w = f.pace.average_wager
    rows = [[b.label, money(b.handle, False), money(b.mean),
             f"{money(b.low)} to {money(b.high)}",
             f"{b.hold(b.low):+.3%} to {b.hold(b.high):+.3%}",
             _chance(b.ahead)] for b in f.bands]
    how = ("the band's ends are quantiles of the exact distribution" if f.bands[0].exact else
           "the band is the normal approximation N × wager × edge ± 1.96 × √N × SD per hand "
           "× wager (this wager's lines give no distribution)")
    return Table(f"95% band of the table's result: {f.title}",
                 ["Played", "Handle", "Expected win", "95% band of the win",
                  "As a share of the handle", "House ahead"], rows,
                 note=f"Exact: after N hands the mean is N × {w * f.edge} and the variance "
                      f"N × {w * w * f.variance} (dollars, dollars squared); {how}.")


def _chance(p: float | None) -> str:
    """A probability as a percentage with 2 decimals, never rounded to 0% or 100%."""
    if p is None:
        return ""
    return "> 99.99%" if 0.9999 < p < 1 else "< 0.01%" if 0 < p < 0.0001 else f"{p:.2%}"


def bankroll_table(b: Any) -> Table:
    return Table(
        "Bankroll a player-dealer needs to cover the table",
        ["Session", "Rounds banked", "Risk of not covering", "Bankroll", "95% interval"],
        [[f"{n.hours} hour{'s' if n.hours > 1 else ''}", f"{n.rounds:,}", pct(n.risk, 0),
          money(n.estimate, False), f"{money(n.low, False)} to {money(n.high, False)}"]
         for n in b.needs])


def bankroll_notes(b: Any) -> list[str]:
    return [
        f"Estimated by the table simulator (this rule set's deal, house way, settlement and "
        f"collection fees), seed {b.seed}: the player-dealer banks every round of the "
        f"session (the bank is offered round the table and the others decline); "
        f"{b.players} players each wager {money(b.wager, False)} on the base game, side "
        f"bets off. To cover the table a round needs {money(b.cover, False)} in the bank; "
        "a session needs that plus the deepest loss run up before any of its rounds. The "
        f"rounds are independent: {b.pool_rounds:,} rounds are simulated (the "
        f"player-dealer's mean result {money(b.mean_round)} a round after its fee) and cut "
        f"into {b.batches} independent parts, and {b.sessions // b.batches:,} sessions are "
        "drawn from each part, round by round with replacement. The bankroll for a risk r is "
        "the (1 - r) quantile of what the sessions need: the mean of the parts' estimates, "
        "its 95% interval Student's t over them (batch means: the interval holds the error "
        "of the simulated rounds as well as the sessions'); a larger simulation narrows it."]
