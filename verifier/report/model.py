"""The par sheet as data: what a lab files for one game, computed from a certificate.

``build(cert)`` reads nothing but the (checked) certificate and computes every figure
exactly from its counts and pay tables (verifier/odds/exact.py); the renderers in this package
(Markdown, HTML, PDF) only format it. Rationals stay exact here; floats appear only in
the derived display figures (standard deviation, volatility index, ranges).

Conventions (docs/PARSHEET.md):
- a bet's *return* is the expected net result of one unit bet; house edge = -return;
- *odds* of a line: "1 in N" with N = 1 / probability;
- *volatility index*: 1.645 x the standard deviation of one unit bet (the 90% convention
  of par sheets);
- *ranges* of the player's result after n bets: n x return +- z x SD x sqrt(n), z = 1.645
  (90%) and 1.960 (95%), the normal approximation of the sum of n independent bets.
"""
from __future__ import annotations

import math
from types import SimpleNamespace
from dataclasses import dataclass, field
from fractions import Fraction

from verifier.odds.exact import ReturnFigures

#: z of a two-sided 90% and 95% normal interval
Z90 = 1.6448536269514722
Z95 = 1.959963984540054
#: the session lengths the ranges are given for
SESSIONS = (1_000, 10_000, 100_000, 1_000_000)
#: a line rarer than this is flagged
RARE = Fraction(1, 100_000_000)
RARE_TEXT = "1 in 100 million"


@dataclass
class Line:
    """One outcome of a bet: a pay-table line, or the outcome that loses."""
    title: str
    pay: str                      # "4,000 to 1", "push", "loses", "$5,000"
    combinations: int
    probability: Fraction
    contribution: Fraction        # probability x net result (units, or dollars for envy)
    flags: list = field(default_factory=list)
    net: Fraction = None          # net result of one unit bet on the line (dollars for envy)

    @property
    def odds(self):
        """``"1 in 4,816,971"``: 1 / probability, or ``"never"``."""
        return odds_text(self.probability)


def odds_text(p):
    if p == 0:
        return "never"
    n = 1 / Fraction(p)
    if n >= 1000:
        return f"1 in {float(n):,.0f}"
    if n >= 10:
        return f"1 in {float(n):,.1f}"
    return f"1 in {float(n):.2f}"


@dataclass
class Range:
    """The player's result after ``hands`` unit bets (units), normal approximation."""
    hands: int
    expected: float
    low90: float
    high90: float
    low95: float
    high95: float


@dataclass
class Table:
    """A small table beside a bet or the house way: header and rows of display strings."""
    title: str
    header: list
    rows: list
    note: str = ""


@dataclass
class Bet(ReturnFigures):
    """One bet of the game (or the base game) with every par-sheet figure.

    ``kind``: "wager" (net results per unit bet) or "amount" (a dollar amount paid, such
    as envy: no return or house edge of its own)."""
    key: str
    title: str
    paytable: str
    status: str
    unit: str                       # what a combination is: "hands" or "(player, banker) pairs"
    total: int
    lines: list
    kind: str = "wager"
    expected: Fraction = Fraction(0)
    variance: Fraction = Fraction(0)
    hit_frequency: Fraction = Fraction(0)
    notes: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    flags: list = field(default_factory=list)
    formula: object = None          # verifier.odds.formula.BetFormula: the return in pay symbols

    @property
    def standard_deviation(self):
        return math.sqrt(self.variance)

    @property
    def volatility_index(self):
        return Z90 * self.standard_deviation

    @property
    def ranges(self):
        return [session_range(self.expected, self.variance, n) for n in SESSIONS]


def session_range(expected, variance, hands):
    mean = float(expected) * hands
    spread = math.sqrt(variance) * math.sqrt(hands)
    return Range(hands, mean, mean - Z90 * spread, mean + Z90 * spread,
                 mean - Z95 * spread, mean + Z95 * spread)


@dataclass
class Reading:
    name: str
    value: str
    topic: str
    text: str


@dataclass
class ParSheet:
    title: str
    rule_set: str
    description: str
    created: str                   # the certificate's date (UTC)
    tool: str                      # "paigow-verifier 0.1.0"
    engine: str
    certificate_sha256: str
    result_sha256: str
    deck: str
    total_hands: int
    bets: list                     # Bet, in the rule set's order
    base_game: Bet | None
    house_way: str
    house_way_tables: list         # Table
    readings: list                 # Reading: only those that apply to this game
    flags: list                    # every flag of every bet, with the bet's title
    omitted: list = field(default_factory=list)   # bets the certificate has no counts for
    strategy: object = None        # Strategy: the certificate's optimal-strategy section
    designed: list = field(default_factory=list)  # titles of bets on a designed pay table


@dataclass
class Strategy:
    """The player's optimal strategy against the house way (verifier/strategy/optimal.py)."""
    notes: list
    tables: list                   # Table


# ---------------------------------------------------------------------------------------
# building it


def _wager_bet(key, title, odds, status, unit, pay_label=None, loses_title="No line (loses)"):
    """A Bet from verifier.odds.exact.BetOdds."""
    from verifier.game.paytables import pay_label as default_label
    label = pay_label or default_label
    lines = [Line(r.title, label(r.pay), r.hands, r.probability, r.contribution, net=r.net)
             for r in odds.lines]
    lines.append(Line(loses_title, "loses", odds.loses.hands, odds.loses.probability,
                      odds.loses.contribution, net=odds.loses.net))
    return Bet(key, title, odds.paytable.name, status, unit, odds.total_hands, lines,
               expected=odds.expected, variance=odds.variance,
               hit_frequency=odds.hit_frequency)


def wager_bet(key, title, odds, status, unit):
    """The par sheet's Bet of any pay table's odds (verifier.odds.exact.BetOdds), flagged as
    the sheet flags it: what the workbench shows as you type."""
    return _flag(_wager_bet(key, title, odds, status, unit))


def _flag(bet):
    """The warnings a lab must see: a return above 100%, lines rarer than 1 in 100
    million games, lines that never occur."""
    if bet.kind == "wager" and bet.expected > 0:
        bet.flags.append(f"returns more than 100% to the player: "
                         f"{float(bet.return_to_player):.6%} (house edge "
                         f"{float(bet.house_edge):.6%})")
    for line in bet.lines:
        if line.pay == "loses":
            continue
        if line.combinations == 0:
            line.flags.append("never occurs under these rules")
        elif line.probability < RARE:
            line.flags.append(f"rarer than {RARE_TEXT} games ({line.odds})")
    for line in bet.lines:
        bet.flags += [f"{line.title}: {f}" for f in line.flags]
    return bet


#: notes beside a bet's table, by bet (a function of the certificate)
_NOTES = {
    "outlaw9": lambda cert: (
        f"Categories read under the {cert['rules']['bonus_reading']['value']} reading; a "
        "hand that qualifies for several lines is paid its highest line only."),
    "wrangler_push": lambda cert: (
        "Over every ordered pair of disjoint player and banker hands, both set by the "
        "house way."),
    "emperors_treasure": lambda cert: (
        "Lines read on the seven cards; a hand is paid its highest line only."),
    "pai_gow_insurance": lambda cert: (
        "Reading in force: "
        f"{cert['sections']['pai_gow_insurance']['results']['reading_text']}."),
}
_LOSES = {"pai_gow_insurance": "Not a pai gow (loses)"}


#: the status of a pay table designed (in the workbench) rather than filed
DESIGNED = "designed pay table \N{EM DASH} not filed"


def _wager(cert, name, designed=None):
    """A bet paid N to 1, from the certificate's counts and its pay table (``designed``:
    a pay table to use instead of the certificate's, labelled as not filed)."""
    from verifier.certificate.odds import odds_from_certificate
    from verifier.certificate.formula import default_table
    table = designed or default_table(cert, name)
    odds = odds_from_certificate(cert, table)
    bet = _wager_bet(name, table.kind.title, odds, DESIGNED if designed else table.status,
                     table.kind.unit,
                     loses_title=_LOSES.get(name, "No line (loses)"))
    if name in _NOTES:
        bet.notes.append(_NOTES[name](cert))
    if name == "pai_gow_insurance":
        bet.tables.append(_insurance_other_reading(cert, table))
    return bet


def _custom(cert, name):
    """A custom bet of the rule set: a wager like the seeds' bets, or an envy-type bet's
    dollars per other hand; a string when the certificate has no counts for it."""
    from verifier.certificate.sections import custom_table
    from verifier.game.paytables import line_title
    table = custom_table(cert, name)
    results = cert["sections"]["custom_bets"]["results"][name]
    title = f"{table.name} (custom, reads {table.reads})"
    if "omitted" in results:
        return f"{title}: {results['omitted']}"
    if not table.envy:
        from verifier.certificate.odds import odds_from_certificate
        bet = _wager_bet(name, title, odds_from_certificate(cert, table),
                         table.status or "not filed", table.kind.unit)
        from verifier.game.bets import READS
        bet.notes.append(f"Custom bet, {READS[table.reads].text}.")
        return bet
    total = cert["total_hands"]
    lines = [Line(line_title(r["category"]), f"${_money(Fraction(r['amount']))}", r["hands"],
                  Fraction(r["hands"], total), Fraction(r["hands"], total) * Fraction(r["amount"]),
                  net=Fraction(r["amount"]))
             for r in results["lines"]]
    paid = sum(line.combinations for line in lines)
    lines.append(Line("No line (pays nothing)", "loses", total - paid,
                      Fraction(total - paid, total), Fraction(0), net=Fraction(0)))
    bet = Bet(name, title, table.name, table.status or "not filed", "hands", total, lines,
              kind="amount", expected=Fraction(results["envy_per_other_hand"]["exact"]))
    bet.notes.append("Dollars paid for each other hand at the table that shows a line "
                     f"(exact {bet.expected} per other hand).")
    return bet


def _insurance_other_reading(cert, table):
    """Pai Gow Insurance under the reading not in force, from the section's counts."""
    from verifier.odds.exact import odds_of_lines
    results = cert["sections"]["pai_gow_insurance"]["results"]
    other = odds_of_lines(table, results["alternative"]["counts"], cert["total_hands"])
    return Table(
        "Under the other reading (semi-wild)",
        ["Line", "Combinations", "Probability"],
        [[r.title, f"{r.hands:,}", f"{float(r.probability):.10f}"] for r in other.lines],
        note=f"Return per unit under that reading: {float(other.expected):+.8f}; house edge "
             f"{float(other.house_edge):.4%}.")


def _envy(cert):
    from verifier.game.bets import BETS
    from verifier.game.paytables import line_title
    section = cert["sections"]["envy_bonus"]
    results = section["results"]
    total = cert["total_hands"]
    lines = []
    for row in results["lines"]:
        p = Fraction(row["hands"], total)
        amount = Fraction(row["amount"])
        lines.append(Line(line_title(row["category"]), f"${_money(amount)}", row["hands"], p,
                          p * amount, net=amount))
    paid = sum(line.combinations for line in lines)
    lines.append(Line("No line (pays nothing)", "loses", total - paid,
                      Fraction(total - paid, total), Fraction(0), net=Fraction(0)))
    bet = Bet("envy_bonus", BETS["envy_bonus"].title, results["paytable"],
              results["status"], "hands", total, lines, kind="amount",
              expected=sum((line.contribution for line in lines), Fraction(0)))
    bet.notes.append(f"Paid to each Treasure bet of at least ${results['treasure_bet']} when "
                     "another hand at the table shows a line: dollars per other hand "
                     f"(expected ${float(bet.expected):.6f} per other hand, exact "
                     f"{bet.expected}).")
    bet.tables.append(Table(
        "By table size",
        ["Other players", "Envy per hand", "Share of the bet", "Treasure + envy return"],
        [[str(r["other_players"]), f"${r['envy_per_hand']['decimal']:.6f}",
          f"{r['envy_share_of_bet']['decimal']:.6%}",
          f"{r['combined_return']['decimal']:+.8f}"] for r in results["by_table_size"]]))
    return bet


def _money(x):
    x = Fraction(x)
    return f"{int(x):,}" if x.denominator == 1 else f"{float(x):,.2f}"


def _base_game(cert):
    """The base game as a wager: win (1 to 1, less the commission), push, loss."""
    from verifier.odds.exact import odds_of_lines
    from verifier.game.paytables import PUSH
    section = cert["sections"]["base_game"]
    results = section["results"]
    counts = {k: int(v) for k, v in results["counts"].items()}
    settlement = section["settlement"]
    if results["kind"] == "commission":
        rate = Fraction(results["commission"])
        win = 1 - rate
        win_label = f"1 to 1 less {float(rate):.0%} commission"
        name = f"1 to 1 less {float(rate):.0%} commission"
    else:
        win = Fraction(1)
        win_label = "1 to 1 (fee apart)"
        name = "1 to 1, a flat fee per hand (tiers below)"
    table = SimpleNamespace(name=name, bet="base_game", pays=(("player_wins", win),
                                                              ("push", PUSH)))
    odds = odds_of_lines(table, {"player_wins": counts["win"], "push": counts["push"]},
                         counts["total"])
    bet = _wager_bet("base_game", "Base game", odds, "", "(player, banker) pairs",
                     pay_label=lambda pay: win_label if pay is not PUSH else "push",
                     loses_title="Player loses")
    bet.lines[0].title = "Player wins (both hands)"
    bet.lines[1].title = "Push (one hand each)"
    bet.notes.append("Every ordered pair of disjoint player and banker hands, both set by "
                     "the house way; an identical hand (a copy) goes to the banker.")
    if "copy_high" in counts:
        bet.tables.append(Table("Copies", ["Copy", "Pairs", "Probability"], [
            [name, f"{counts[key]:,}", f"{counts[key] / counts['total']:.10f}"]
            for name, key in (("high hand", "copy_high"), ("low hand", "copy_low"),
                              ("both hands", "copy_both"))]))
    if results["kind"] != "commission":
        bet.tables.append(Table(
            "Fee tiers: return per unit bet with the flat fee",
            ["Wager", "Fee", "Return at the smallest wager", "Return at the largest wager"],
            [[f"${t['wagers'][0]:,}-${t['wagers'][1]:,}", f"${t['fee']}",
              f"{t['return_at_smallest']['decimal']:+.8f}",
              f"{t['return_at_largest']['decimal']:+.8f}"] for t in results["tiers"]],
            note=f"1 to 1 with no fee: {results['even_money_return']['decimal']:+.8f} per "
                 f"unit; table maximum ${settlement.get('table_max', 0):,}."))
        bet.notes.append("The figures below are of the wager at 1 to 1 before the fee; the "
                         "fee's effect is in the fee tiers.")
        if "casino_comparison" in results:
            bet.notes.append("Settled as a casino game instead (1 to 1 less 5% commission): "
                             f"{results['casino_comparison']['return']['decimal']:+.8f} per "
                             "unit.")
    return bet


#: reading topics every game has, and those that belong to one bet
_GENERAL_TOPICS = ("Cards and ranking", "House way", "Settling the base game")
_CATEGORY_READINGS = ("outlaw9_highest_line", "outlaw9_categories",
                      "outlaw9_royal_match_natural", "outlaw9_joker_five_one_class",
                      "outlaw9_one_colour_pairs")
_BET_READINGS = {
    "outlaw9": None,                      # its whole topic
    "wrangler_push": ("wrangler_push",),
    "pai_gow_insurance": ("insurance_joker", "emperors_wheel"),
    "emperors_treasure": _CATEGORY_READINGS + ("emperors_treasure", "emperors_wheel"),
    "envy_bonus": _CATEGORY_READINGS + ("envy_bonus", "emperors_wheel"),
}


def applicable_readings(cert, bets, fees):
    """The certificate's readings that apply to this game: the general ones, the bets'
    own, the table procedure and fee readings only for a fee (California) game, the
    casino table's only for a commission game."""
    wanted = set()
    for bet in bets:
        if bet == "outlaw9":
            wanted |= {n for n, r in cert["rules"].items()
                       if r.get("topic") == "Outlaw 9 High or Better"}
        else:
            wanted |= set(_BET_READINGS.get(bet, ()))
    out = []
    for name, r in cert["rules"].items():
        topic = r.get("topic", "Cards and ranking")     # a reduced deck's reading has none
        keep = (name in wanted
                or (topic in _GENERAL_TOPICS and (fees or name != "fee_return"))
                or (fees and topic == "Table procedure")
                or (not fees and topic == "Casino table"))
        if keep:
            out.append(Reading(name, str(r["value"]), topic, r["text"]))
    return out


def _house_way_tables(cert):
    hw = cert["sections"]["house_way"]["results"]
    total = cert["total_hands"]

    def share(n):
        return f"{n / total:.10f}"
    return hw["house_way"], [
        Table("Hands per row", ["Row", "Hands", "Probability"],
              [[f"{r['row']} {r['name']}", f"{r['hands']:,}", share(r["hands"])]
               for r in hw["rows"]]),
        Table("Back hand (five cards)", ["Back hand", "Hands", "Probability"],
              [[c.replace("_", " "), f"{n:,}", share(n)] for c, n in hw["back_hands"].items()]),
        Table("Front hand (two cards)", ["Front hand", "Hands", "Probability"],
              [[f, f"{n:,}", share(n)] for f, n in hw["front_hands"].items()]),
        *_power_rating_tables(cert),
    ]


def _power_rating_tables(cert):
    """The house way's power ratings (docs/POWER_RATINGS.md) as the certificate's
    ``house_way`` section keeps them: the dealer's two-card and five-card hands with both
    ratings."""
    tables = cert["sections"]["house_way"]["results"]["power_ratings"]
    header = ["Hand", "Hands", "Probability", "Player PR", "Banker PR"]

    def rows(table):
        return [[r["hand"], f"{r['hands']:,}", f"{r['probability']['decimal']:.6f}",
                 f"{r['player_pr']['decimal']:.6f}", f"{r['banker_pr']['decimal']:.6f}"]
                for r in tables[table]]
    note = ("Player PR: the probability that the dealer's hand is lower; banker PR: lower "
            "or equal (docs/POWER_RATINGS.md).")
    return [Table("Power ratings, two-card hands (the dealer's, on this house way)", header,
                  rows("two_card"), note),
            Table("Power ratings, five-card hands (by class and first rank)", header,
                  rows("five_card"), note)]


STRATEGY_TITLE = "Optimal strategy against the house way"


def _pct(x):
    return f"{x['decimal']:.6%}"


def _strategy(cert):
    """The house way against the best setting of every player hand, from the
    certificate's ``strategy`` section."""
    r = cert["sections"]["strategy"]["results"]
    hw, best, nopt = r["house_way"], r["optimal"], r["not_optimal"]
    rows = []
    for name, pick in (("Player wins", lambda s: s["probabilities"]["win"]),
                       ("Push", lambda s: s["probabilities"]["push"]),
                       ("Player loses", lambda s: s["probabilities"]["loss"]),
                       ("House edge", lambda s: s["house_edge"])):
        a, b = pick(hw), pick(best)
        rows.append([name, _pct(a), a["exact"], _pct(b), b["exact"]])
    compare = Table("House way and best setting", ["Figure", "House way", "Exact",
                                                   "Best setting", "Exact"], rows,
                    note=f"House edge: {hw['house_edge_basis']}.")
    given_up = Table("When the house way is not the best setting", ["Figure", "Value", "Exact"], [
        ["Player hands where it is not", f"{nopt['hands']:,} of {r['player_hands']:,}",
         nopt["frequency"]["exact"]],
        ["Share of player hands", _pct(nopt["frequency"]), nopt["frequency"]["exact"]],
        ["Return given up per unit wagered, all hands", _pct(nopt["cost"]),
         nopt["cost"]["exact"]],
        ["Return given up per unit wagered on such a hand",
         _pct(nopt["cost_when_not_optimal"]), nopt["cost_when_not_optimal"]["exact"]]])
    head = ["Hands", "Not the best", "Share not the best", "Return given up (all hands)"]

    def by(title, first, items, label):
        return Table(title, [first] + head, [
            [label(x), f"{x['hands']:,}", f"{x['not_optimal']:,}", _pct(x["frequency"]),
             _pct(x["cost"])] for x in items])
    patterns = Table(
        f"The {len(r['patterns'])} rank patterns that give up the most",
        ["Pattern", "Hands", "Not the best", "Return given up (all hands)", "Example",
         "House way: front / back", "Best: front / back", "Example gives up"],
        [[p["pattern"], f"{p['hands']:,}", f"{p['not_optimal']:,}", _pct(p["cost"]),
          p["example"]["cards"], f"{p['example']['house_way']['front']} / "
                                 f"{p['example']['house_way']['back']}",
          f"{p['example']['best']['front']} / {p['example']['best']['back']}",
          f"{_pct(p['example']['cost'])} ({p['example']['cost']['exact']})"]
         for p in r["patterns"]],
        note="Pattern: the ranks high to low, * the joker. Example: the hand of the pattern "
             "where the house way gives up the most, per unit wagered on it, set by the "
             "house way and the best way (every setting: paigow-verify hand CARDS "
             "--strategy).")
    notes = [f"Every one of the {r['player_hands']:,} player hands, each way of setting it "
             f"against all {r['banker_hands']:,} banker hands of the other cards set by the "
             "house way, counted exactly. The best setting has the highest return (the "
             "house way's own when it ties); a player who always picks it has the figures "
             "in the column Best setting."]
    return Strategy(notes, [compare, given_up,
                            by("By best five-card hand", "Hand type", r["by_type"],
                               lambda x: x["name"]),
                            by("By house-way row", "Row", r["by_row"],
                               lambda x: f"{x['row']} {x['name']}"), patterns])


def _title(name, description):
    head = description.split(":", 1)[0].strip() if ":" in description else ""
    return f"{head}, rule set {name}" if head else f"rule set {name}"


def build(cert, formulas=True, designed=None) -> ParSheet:
    """The par sheet of a certificate (checked beforehand: see verifier.certificate).
    ``formulas``: also each bet's return as a formula in its pays (SymPy; ``run``'s
    summary goes without). ``designed``: {bet name: Paytable} of pay tables designed in
    the workbench, used instead of the certificate's for those bets and labelled
    "designed pay table, not filed" (the certificate's hashes stay: they vouch for the
    counts, not for the pays)."""
    designed = dict(designed or {})
    sections = cert["sections"]
    rs = sections["rule_set"]["results"]
    bet_names = list(rs["bets"])
    bets, omitted = [], []
    for name in bet_names:
        if name == "wrangler_push" and "base_game" not in sections:
            omitted.append("Wrangler Push: the certificate has no player-against-banker "
                           "counts (it was run with --no-base-game or on a reduced deck "
                           "without them)")
        elif name == "envy_bonus":
            bets.append(_envy(cert))
        elif name in sections.get("custom_bets", {}).get("results", {}):
            custom = _custom(cert, name)
            if isinstance(custom, str):
                omitted.append(custom)
            else:
                bets.append(custom)
        else:
            bets.append(_wager(cert, name, designed.get(name)))
    if formulas:
        from verifier.certificate.formula import bet_formula, formula_bets
        for bet in bets:
            if bet.key in formula_bets():
                bet.formula = bet_formula(cert, bet.key, designed.get(bet.key))
    base = _base_game(cert) if "base_game" in sections else None
    for bet in bets + ([base] if base else []):
        _flag(bet)
    fees = rs["settlement"].get("kind") == "fees"
    house_way, hw_tables = _house_way_tables(cert)
    tool = cert.get("tool", {})
    flags = [f"{bet.title}: {f}" for bet in bets + ([base] if base else []) for f in bet.flags]
    return ParSheet(
        title=_title(rs["name"], rs["description"]), rule_set=rs["name"],
        description=rs["description"], created=str(tool.get("created", "")),
        tool=f"{tool.get('name', 'paigow-verifier')} {tool.get('version', '?')}",
        engine=str(tool.get("engine", "?")),
        certificate_sha256=cert.get("sha256", ""), result_sha256=cert.get("result_sha256", ""),
        deck=cert["rules"]["deck"]["value"], total_hands=cert["total_hands"], bets=bets,
        base_game=base, house_way=house_way, house_way_tables=hw_tables,
        readings=applicable_readings(cert, bet_names, fees), flags=flags, omitted=omitted,
        strategy=_strategy(cert) if "strategy" in sections else None,
        designed=[b.title for b in bets if b.key in designed])

