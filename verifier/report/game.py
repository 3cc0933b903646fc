"""The par sheet's game sections, from a certificate: the base game (and when a player
banks), the readings that apply, the house way's tables and power ratings, and the
optimal strategy (verifier/report/model.py puts them together)."""
from __future__ import annotations

from types import SimpleNamespace
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Sequence


from verifier.game.settlement import SettlementRule
from verifier.report.sheet import PlayerBank, Reading, Strategy, Table
from verifier.report.bets import bet_from_odds
from verifier.report.display import cards_text
from verifier.game.names import class_words

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.results import Exact
    from verifier.certificate.results_tables import Breakdown, PowerRating
    from verifier.report.sheet import Bet


def base_game_section(cert: Certificate) -> Bet:
    """The base game as a wager: win (1 to 1, less the commission), push, loss."""
    from verifier.odds.exact import odds_of_lines
    from verifier.game.paytables import PUSH
    section = cert.base_game
    assert section is not None                  # the caller checks the certificate has it
    counts = dict(section.outcomes)
    outcomes = section.figures.counts
    settlement = SettlementRule.of(section.settlement)
    win, win_label, name = settlement.win_net, settlement.win_label, settlement.pay_label
    wins, _loss, pushes, total = settlement.outcomes(counts)  # its push conditions too
    # a push on the dealer's hand (a push condition) apart from a push one hand each
    on_hand = pushes - int(counts["push"]) if settlement.push_when and \
        not settlement.dealer_exposed else 0
    pays = (("player_wins", win), ("push", PUSH)) + (
        (("push_on_banker_hand", PUSH),) if on_hand else ())
    table = SimpleNamespace(name=name, bet="base_game", pays=pays)
    odds = odds_of_lines(table, {"player_wins": wins, "push": pushes - on_hand,
                                 "push_on_banker_hand": on_hand}, total)
    bet = bet_from_odds("base_game", "Base game", odds, "", "(player, banker) pairs",
                     pay_label=lambda pay: win_label if pay is not PUSH else "push",
                     loses_title="Player loses")
    bet.lines[0].title = "Player wins (both hands)"
    bet.lines[1].title = "Push (one hand each)"
    if on_hand:
        from verifier.game.names import condition_title
        bet.lines[2].title = ("Push on the dealer's hand ("
                              + " or ".join(condition_title(c) for c in settlement.push_when)
                              + ")")
    if settlement.dealer_exposed:
        bet.notes.append("Face Up: every ordered pair of disjoint player and dealer hands, the "
                         "dealer's set by the house way and exposed first, the player's set "
                         "as the best response to it (the product's documentation, Face "
                         "Up); an identical hand "
                         "(a copy) goes to the dealer.")
    else:
        bet.notes.append("Every ordered pair of disjoint player and banker hands, both set by "
                         "the house way; an identical hand (a copy) goes to the banker.")
    if settlement.has_pushes:
        text = settlement.push_text()
        # Face Up's counts are settled already: no count of the hands' comparison
        bet.notes.append(text[0].upper() + text[1:] + (
            "." if settlement.dealer_exposed else
            f": {outcomes.banker_push_hand:,} pairs against such a hand, of which the "
            f"player wins {outcomes.win_on_push_hand:,} and loses "
            f"{outcomes.loss_on_push_hand:,} by the hands' comparison."))
    if outcomes.copies is not None:
        bet.tables.append(Table("Copies", ["Copy", "Pairs", "Probability"], [
            [name, f"{copies:,}", f"{copies / outcomes.total:.10f}"]
            for name, copies in zip(("high hand", "low hand", "both hands"),
                                    outcomes.copies)]))
    if settlement.is_fees:
        figures = section.figures
        bet.tables.append(Table(
            "Fee tiers: return per unit bet with the flat fee",
            ["Wager", "Fee", "Return at the smallest wager", "Return at the largest wager"],
            [[f"${t.wagers[0]:,}-${t.wagers[1]:,}", f"${t.fee}",
              f"{t.return_at_smallest.decimal:+.8f}",
              f"{t.return_at_largest.decimal:+.8f}"] for t in figures.tiers],
            note=f"1 to 1 with no fee: {figures.even_money_return.decimal:+.8f} per "
                 f"unit; table maximum ${settlement.table_max:,}."))
        bet.notes.append("The figures below are of the wager at 1 to 1 before the fee; the "
                         "fee's effect is in the fee tiers.")
        if figures.casino_comparison is not None:
            bet.notes.append("Settled as a casino game instead (1 to 1 less 5% commission): "
                             f"{figures.casino_comparison.return_.decimal:+.8f} per "
                             "unit.")
    return bet


#: reading topics every game has (a bet's own: its module in verifier/bets/)
_GENERAL_TOPICS = ("Cards and ranking", "House way", "Settling the base game")


def applicable_readings(cert: Certificate, bets: Sequence[str], fees: bool) -> list[Reading]:
    """The certificate's readings that apply to this game: the general ones, the bets'
    own, the table procedure and fee readings only for a fee (California) game, the
    casino table's only for a commission game."""
    from verifier.game.bets import BETS
    wanted = set()
    for bet in bets:
        kind = BETS.get(bet)
        if kind is None:
            continue                      # a custom bet: the general readings
        if kind.reading_topic:
            wanted |= {n for n, r in cert.readings.items() if r.topic == kind.reading_topic}
        wanted |= set(kind.readings)
    out = []
    for name, r in cert.readings.items():
        topic = r.topic or "Cards and ranking"          # a reduced deck's reading has none
        keep = (name in wanted
                or (topic in _GENERAL_TOPICS and (fees or name != "fee_return"))
                or (fees and topic == "Table procedure")
                or (not fees and topic == "Casino table"))
        if keep:
            out.append(Reading(name, r.value, topic, r.text))
    return out


def house_way_section(cert: Certificate) -> tuple[str, list[Table]]:
    hw = cert.house_way_tables
    total = cert.total_hands

    def share(n: int) -> str:
        return f"{n / total:.10f}"
    return hw.name, [
        Table("Hands per row", ["Row", "Hands", "Probability"],
              [[f"{r.row} {r.name}", f"{r.hands:,}", share(r.hands)] for r in hw.rows]),
        Table("Back hand (five cards)", ["Back hand", "Hands", "Probability"],
              [[class_words(c, cert.joker), f"{n:,}", share(n)]
               for c, n in hw.back_hands.items()]),
        Table("Front hand (two cards)", ["Front hand", "Hands", "Probability"],
              [[cards_text(f), f"{n:,}", share(n)] for f, n in hw.front_hands.items()]),
        *_power_rating_tables(cert),
    ]


def _power_rating_tables(cert: Certificate) -> list[Table]:
    """The house way's power ratings (docs/POWER_RATINGS.md) as the certificate's
    ``house_way`` section keeps them: the dealer's two-card and five-card hands with both
    ratings."""
    tables = cert.house_way_tables.power_ratings
    header = ["Hand", "Hands", "Probability", "Player PR", "Banker PR"]

    def rows(table: Sequence[PowerRating]) -> list[list[str]]:
        return [[cards_text(r.hand), f"{r.hands:,}", f"{r.probability.decimal:.6f}",
                 f"{r.player_pr.decimal:.6f}", f"{r.banker_pr.decimal:.6f}"]
                for r in table]
    note = ("Player PR: the probability that the dealer's hand is lower; banker PR: lower "
            "or equal, over the dealer's hands of the whole deck set by this house way.")
    return [Table("Power ratings, two-card hands (the dealer's, on this house way)", header,
                  rows(tables.two_card), note),
            Table("Power ratings, five-card hands (by class and first rank)", header,
                  rows(tables.five_card), note)]




def player_bank_section(cert: Certificate) -> PlayerBank:
    """The banker's side of a commission game, from the base game's ``player_bank``
    figures (verifier/odds/basegame.py: re-derived by check from the counts)."""
    pb = cert.base_game.player_bank if cert.base_game else None
    assert pb is not None                       # the caller checks the section has it

    def row(title: str, x: Exact, percent: bool = False) -> list[str]:
        d = x.decimal
        return [title, f"{d:+.6%}" if percent else f"{d:.10f}", x.exact]
    rate = float(Fraction(pb.commission_rate))
    notes = [
        "One opponent (the dealer's wager or another player's) against a banker, both hands "
        "set by the house way; figures per unit the opponent wagers. The banker takes "
        "copies and pays the commission on its win (" + pb.commission_basis + ").",
        "The rule set lets players bank in turn with the dealer." if pb.players_bank else
        "In this rule set only the house banks: the figures are what a player who banked "
        "would face."]
    header = ["Figure", "Value", "Exact"]
    tables = [Table("One opponent against a banker", header, [
        row("Banker wins (the opponent loses)", pb.banker_wins),
        row("Push", pb.push),
        row("Banker loses (the opponent wins)", pb.banker_loses),
        row(f"Banker's expected result per unit, {rate:.0%} commission on its win",
            pb.banker_return, True),
        row("Banker's edge (minus its result)", pb.banker_edge, True),
        row("Opponent's expected result per unit", pb.player_return, True),
        row("Opponent's edge", pb.player_edge, True),
        row("The house's commission per unit, a player banking", pb.house_return, True),
        row("Banking is worth, against playing against the bank", pb.banking_worth, True)],
        note="Banker + opponent + the house's commission = 0 per unit.")]
    if pb.co_bank is not None:
        co = pb.co_bank
        share = Fraction(co.share)
        tables.append(Table(f"Co-banking: the casino takes {float(share):.0%} of the bank's "
                            "results", header, [
            row("Banking player's expected result per unit", co.banker_return, True),
            row("Banking player's edge", co.banker_edge, True),
            row("The casino's share of the bank's results", co.casino_share_return, True),
            row("The house in all (its share and the commissions)", co.house_return, True),
            row("Co-banking is worth, against playing against the bank",
                co.banking_worth, True)],
            note="The casino's share covers losses as well as wins; the banking player pays "
                 "the commission on its own share of the net win."))
    return PlayerBank(notes, tables)


def _pct(x: Exact | None) -> str:
    assert x is not None                        # a figure the section holds
    return f"{x.decimal:.6%}"


def strategy_section(cert: Certificate) -> Strategy:
    """The house way against the best setting of every player hand, from the
    certificate's ``strategy`` section."""
    cert.section("strategy")                    # its one line when there is none
    r = cert.strategy_figures
    assert r is not None
    hw, best, nopt = r.house_way, r.optimal, r.not_optimal
    rows = []
    for name, pick in (("Player wins", lambda s: s.probabilities.win),
                       ("Push", lambda s: s.probabilities.push),
                       ("Player loses", lambda s: s.probabilities.loss),
                       ("House edge", lambda s: s.house_edge)):
        a, b = pick(hw), pick(best)
        rows.append([name, _pct(a), a.exact, _pct(b), b.exact])
    compare = Table("House way and best setting", ["Figure", "House way", "Exact",
                                                   "Best setting", "Exact"], rows,
                    note=f"House edge: {hw.house_edge_basis}.")
    given_up = Table("When the house way is not the best setting", ["Figure", "Value", "Exact"], [
        ["Player hands where it is not", f"{nopt.hands:,} of {r.player_hands:,}",
         nopt.frequency.exact],
        ["Share of player hands", _pct(nopt.frequency), nopt.frequency.exact],
        ["Return given up per unit wagered, all hands", _pct(nopt.cost),
         nopt.cost.exact],
        ["Return given up per unit wagered on such a hand",
         _pct(nopt.cost_when_not_optimal), nopt.cost_when_not_optimal.exact]])
    head = ["Hands", "Not the best", "Share not the best", "Return given up (all hands)"]

    def by(title: str, first: str, items: Sequence[Breakdown],
           label: Callable[[Breakdown], str]) -> Table:
        return Table(title, [first] + head, [
            [label(x), f"{x.hands:,}", f"{x.not_optimal:,}", _pct(x.frequency),
             _pct(x.cost)] for x in items])
    patterns = Table(
        f"The {len(r.patterns)} rank patterns that give up the most",
        ["Pattern", "Hands", "Not the best", "Return given up (all hands)", "Example",
         "House way: front / back", "Best: front / back", "Example gives up"],
        [[cards_text(p.pattern), f"{p.hands:,}", f"{p.not_optimal:,}",
          _pct(p.cost), cards_text(p.cards),
          cards_text(f"{p.house_way.front} / "
                     f"{p.house_way.back}"),
          cards_text(f"{p.best.front} / {p.best.back}"),
          f"{_pct(p.example_cost)} ({p.example_cost.exact})"]
         for p in r.patterns],
        note="Pattern: the ranks high to low, * the joker. Example: the hand of the pattern "
             "where the house way gives up the most, per unit wagered on it, set by the "
             "house way and the best way (every setting: paigow-verify hand CARDS "
             "--strategy).")
    notes = [f"Every one of the {r.player_hands:,} player hands, each way of setting it "
             f"against all {r.banker_hands:,} banker hands of the other cards set by the "
             "house way, counted exactly. The best setting has the highest return (the "
             "house way's own when it ties); a player who always picks it has the figures "
             "in the column Best setting."]
    return Strategy(notes, [compare, given_up], detail=[
                            by("By best five-card hand", "Hand type", r.by_type,
                               lambda x: x.name),
                            by("By house-way row", "Row", r.by_row,
                               lambda x: f"{x.row} {x.name}"), patterns])
