"""Readable output: the text summary of ``run``, the ``compare`` table, and the Markdown
par sheet of ``report``. Figures come from the exact layer; decimals are for display."""
from fractions import Fraction

from .certificate import outlaw9_sets_of, paytable_of, rules_of
from .exact import outlaw9_odds
from .paytables import line_title, pay_label
from .ranking import CLASS_NAMES



def pct(x, places=6):
    return f"{float(x) * 100:.{places}f}%"


def num(x, places=8):
    return f"{float(x):.{places}f}"


def _table(header, rows, align=None):
    """A plain text table: first column left-aligned, the rest right-aligned."""
    cols = [header] + rows
    widths = [max(len(str(r[i])) for r in cols) for i in range(len(header))]
    out = []
    for j, r in enumerate(cols):
        cells = [str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i])
                 for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
        if j == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def odds_lines(odds):
    """The per-line rows of a par table (text)."""
    rows = []
    for r in odds.lines + [odds.loses]:
        pay = pay_label(r.pay) if r.pay is not None else "loses"
        rows.append([r.title, pay, f"{r.hands:,}", num(r.probability, 10),
                     num(r.contribution, 10)])
    return _table(["Line", "Pays", "Hands", "Probability", "Contribution"], rows)


def odds_summary(odds):
    sd = odds.standard_deviation_text
    return "\n".join([
        f"Return per unit bet   {num(odds.expected, 10):>16}   exact {odds.expected}",
        f"House edge            {pct(odds.house_edge):>16}   exact {odds.house_edge}",
        f"Hit frequency         {pct(odds.hit_frequency):>16}   exact {odds.hit_frequency}",
        f"Variance              {num(odds.variance, 6):>16}   exact {odds.variance}",
        f"Standard deviation    {num(odds.standard_deviation_decimal, 6):>16}   exact {sd}",
    ])


def run_summary(result, odds, cert_path=None, cert_hash=None, result_hash=None):
    """The readable summary printed by ``run``."""
    r = result.rules
    out = [f"paigow-verify run: {result.total_hands:,} hands ({len(result.deck)}-card deck), "
           f"engine {result.engine}, {result.threads} thread(s), {result.seconds:.1f} s",
           f"Rules: wheel {r.wheel}; bonus reading {r.bonus_reading}; house way {r.house_way}",
           ""]
    total = result.total_hands
    rows = [[name.replace("_", " "), f"{result.best_five[name]:,}",
             num(Fraction(result.best_five[name], total), 10)]
            for name in reversed(CLASS_NAMES)]
    rows.insert(2, ["  of which royal flush", f"{result.royal_flushes:,}",
                    num(Fraction(result.royal_flushes, total), 10)])
    out += ["Best five-card hand of the seven cards",
            _table(["Class", "Hands", "Probability"], rows), ""]
    from .houseway import row_names
    names = row_names(r.house_way)
    rows = [[f"{row} {names[row]}", f"{n:,}", num(Fraction(n, total), 10)]
            for row, n in sorted(result.house_way_rows.items())]
    way = {"mikes": "Mike's Cardroom", "emperors": "Emperor's Challenge"}.get(r.house_way,
                                                                          r.house_way)
    out += [f"House way rows ({way})", _table(["Row", "Hands", "Probability"], rows),
            f"Fouls (front above back): {result.fouls:,}", ""]
    out += [f"Outlaw 9 High or Better: {odds.paytable.name} (bonus reading {odds.reading})",
            odds_lines(odds), "", odds_summary(odds)]
    if cert_path:
        out += ["", f"Certificate written: {cert_path} (sha256 {cert_hash})"]
    if result_hash:
        out += [f"Result hash (the same for every run of these rules): result_sha256 "
                f"{result_hash}"]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------
# compare


def compare_rows(odds_list):
    """Rows of the compare table: (label, [value per table]) as exact Fractions/strings."""
    from .categories import CATEGORY_NAMES
    used = [c for c in CATEGORY_NAMES if any(o.line(c) for o in odds_list)]
    rows = [
        ("Return per unit bet", [o.expected for o in odds_list], "num"),
        ("House edge", [o.house_edge for o in odds_list], "pct"),
        ("Hit frequency", [o.hit_frequency for o in odds_list], "pct"),
        ("Standard deviation", [o.standard_deviation_decimal for o in odds_list], "num"),
    ]
    for c in used:
        lines = [o.line(c) for o in odds_list]
        rows.append((f"{line_title(c)}: pays", [pay_label(l.pay) if l else "-" for l in lines],
                     "text"))
        rows.append(("  probability", [l.probability if l else None for l in lines], "num"))
        rows.append(("  contribution", [l.contribution if l else None for l in lines], "num"))
    rows.append(("No line (loses): probability", [o.loses.probability for o in odds_list], "num"))
    rows.append(("  contribution", [o.loses.contribution for o in odds_list], "num"))
    return rows


def compare_table(names, odds_list):
    body = []
    for label, values, kind in compare_rows(odds_list):
        cells = []
        for v in values:
            if v is None:
                cells.append("-")
            elif kind == "pct":
                cells.append(pct(v))
            elif kind == "num":
                cells.append(num(v, 10))
            else:
                cells.append(str(v))
        body.append([label] + cells)
    return _table([""] + list(names), body)


def compare_json(names, odds_list):
    return {"paytables": [{"name": n, "results": o.to_dict()} for n, o in zip(names, odds_list)]}


# ---------------------------------------------------------------------------------------
# the Markdown par sheet


def _md_table(header, rows, right=()):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---:" if i in right else "---" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def par_sheet(cert, source=""):
    """A Markdown par sheet of a certificate: readings, pay table, per-line table, figures."""
    rules = rules_of(cert)
    table = paytable_of(cert)
    reading = rules.bonus_reading
    total = cert["total_hands"]
    odds = outlaw9_odds(outlaw9_sets_of(cert, reading), table, reading=reading, total=total)
    tool = cert.get("tool", {})
    out = [f"# Par sheet: Outlaw 9 High or Better ({table.name})", ""]
    if source:
        out += [f"From certificate `{source}`, SHA-256 `{cert.get('sha256', '')}`; result "
                f"SHA-256 `{cert.get('result_sha256', '')}` (the same for every run of these "
                "rules).", ""]
    out += [f"Computed by {tool.get('name', 'paigow-verifier')} {tool.get('version', '?')} "
            f"({tool.get('engine', '?')} engine) by enumerating all {total:,} seven-card hands "
            f"of a {cert['deck']['size']}-card deck. Every figure is exact; decimals are "
            "rounded for display.", "", "## Rule readings", ""]
    out.append(_md_table(["Reading", "Value", "Meaning"],
                         [[name, f"`{r['value']}`", r["text"]]
                          for name, r in cert["rules"].items()]))
    out += ["", "## Pay table", ""]
    out.append(_md_table(["Line", "Pays"], [[line_title(c), pay_label(p)] for c, p in table.pays],
                         right=(1,)))
    out += ["", "A hand that qualifies for several lines is paid its highest line only; "
            "a hand that qualifies for none loses.", "", "## Per line", ""]
    rows = []
    for r in odds.lines + [odds.loses]:
        pay = pay_label(r.pay) if r.pay is not None else "loses"
        rows.append([r.title, pay, f"{r.hands:,}", f"{float(r.probability):.10f}",
                     f"{float(r.contribution):+.10f}", f"`{r.probability}`"])
    rows.append(["**Total**", "", f"{total:,}", f"{1:.10f}", f"{float(odds.expected):+.10f}", ""])
    out.append(_md_table(["Line", "Pays", "Hands", "Probability", "Contribution",
                          "Exact probability"], rows, right=(1, 2, 3, 4)))
    out += ["", "## Summary", ""]
    out.append(_md_table(["Figure", "Value", "Exact"], [
        ["Return per unit bet", f"{float(odds.expected):+.10f}", f"`{odds.expected}`"],
        ["House edge", pct(odds.house_edge, 6), f"`{odds.house_edge}`"],
        ["Return to player", pct(odds.return_to_player, 6), f"`{odds.return_to_player}`"],
        ["Hit frequency", pct(odds.hit_frequency, 6), f"`{odds.hit_frequency}`"],
        ["Variance", f"{float(odds.variance):.6f}", f"`{odds.variance}`"],
        ["Standard deviation", f"{odds.standard_deviation_decimal:.6f}",
         f"`{odds.standard_deviation_text}`"],
    ], right=(1,)))
    out += ["", "Return: expected net result of one unit bet (N to 1 pays +N, a push 0, a "
            "loss -1). House edge: minus the return. Hit frequency: probability the bet wins.",
            ""]
    out += house_way_tables(cert)
    extra = rule_set_summary(cert)
    if extra:
        out += ["## Rule set, bonus bets and base game", "", "```", extra, "```", ""]
    return "\n".join(out)


def house_way_tables(cert):
    """The par sheet's house way: hands per row, back classes and two-card fronts."""
    hw = cert["sections"]["house_way"]["results"]
    total = cert["total_hands"]

    def share(n):
        return f"{n / total:.10f}"
    out = [f"## House way: {hw['house_way']}", "",
           "How the house way sets the hands: the row that decided, the class of the "
           "five-card back and the two-card front (its two ranks, the joker as an ace).", ""]
    out.append(_md_table(["Row", "Hands", "Probability"],
                         [[f"{r['row']} {r['name']}", f"{r['hands']:,}", share(r["hands"])]
                          for r in hw["rows"]], right=(1, 2)))
    out += [""]
    out.append(_md_table(["Back hand", "Hands", "Probability"],
                         [[c.replace("_", " "), f"{n:,}", share(n)]
                          for c, n in hw["back_hands"].items()], right=(1, 2)))
    out += [""]
    out.append(_md_table(["Front hand", "Hands", "Probability"],
                         [[f, f"{n:,}", share(n)] for f, n in hw["front_hands"].items()],
                         right=(1, 2)))
    return out + [""]


# ---------------------------------------------------------------------------------------
# rule-set sections (docs/RULESETS.md)


def _dec(v, places=8):
    return f"{v['decimal']:+.{places}f}"


def rule_set_summary(cert):
    """Readable lines for the rule-set sections of a certificate ('' when it has none)."""
    sections = cert.get("sections", {})
    out = []
    rs = sections.get("rule_set", {}).get("results")
    if rs:
        out += [f"Rule set {rs['name']}: {rs['description']}"]
    ins = sections.get("pai_gow_insurance", {}).get("results")
    if ins:
        o = ins["odds"]
        rows = [[line["category"].replace("_", " "), line["pay"] or "-", f"{line['hands']:,}",
                 f"{ins['alternative']['counts'][line['category']]:,}"] for line in o["lines"]]
        out += ["", f"Pai Gow Insurance: {o['paytable']} [{o['status']}]",
                f"Reading in force: {ins['reading_text']}",
                _table(["Top card", "Pays", "Hands", "Hands (semi-wild reading)"], rows),
                f"Return per unit {_dec(o['return'])} (house edge {o['house_edge']['decimal']:.4%}); "
                f"under the semi-wild reading {_dec(ins['alternative']['odds']['return'])}"]
    tr = sections.get("emperors_treasure", {}).get("results")
    if tr:
        rows = [[line["category"].replace("_", " "), line["pay"], f"{line['hands']:,}"]
                for line in tr["lines"]]
        out += ["", f"Emperor's Treasure: {tr['paytable']} [{tr['status']}] (seven-card reading)",
                _table(["Line", "Pays", "Hands"], rows),
                f"Return per unit {_dec(tr['return'])} (house edge {tr['house_edge']['decimal']:.4%})"]
    env = sections.get("envy_bonus", {}).get("results")
    if env:
        rows = [[str(r["other_players"]), f"${r['envy_per_hand']['decimal']:.6f}",
                 f"{r['envy_share_of_bet']['decimal']:.6%}", _dec(r["combined_return"])]
                for r in env["by_table_size"]]
        out += ["", f"Envy Bonus: {env['paytable']} [{env['status']}], per ${env['treasure_bet']} "
                    f"Treasure bet; one other hand pays ${env['envy_per_other_hand']['decimal']:.6f} "
                    "on average (exact by linearity)",
                _table(["Other players", "Envy per hand", "Share of bet",
                        "Treasure + envy return"], rows)]
    bg = sections.get("base_game", {}).get("results")
    if bg:
        c = bg["counts"]
        out += ["", f"Base game ({bg['kind']}): {c['total']:,} (player, banker) pairs: win "
                    f"{bg['probabilities']['win']['decimal']:.8f}, loss "
                    f"{bg['probabilities']['loss']['decimal']:.8f}, push "
                    f"{bg['probabilities']['push']['decimal']:.8f}"]
        if bg["kind"] == "commission":
            out += [f"Return per unit with {float(Fraction(bg['commission'])):.0%} commission: "
                    f"{_dec(bg['return'])}"]
        else:
            rows = [[f"${t['wagers'][0]}-${t['wagers'][1]}", f"${t['fee']}",
                     _dec(t["return_at_smallest"]), _dec(t["return_at_largest"])]
                    for t in bg["tiers"]]
            out += [f"1 to 1, no fee: {_dec(bg['even_money_return'])} per unit; with the fee:",
                    _table(["Wager", "Fee", "Return at smallest", "Return at largest"], rows)]
            if "casino_comparison" in bg:
                out += [f"Settled as a casino game instead (1 to 1 less 5% commission): "
                        f"{_dec(bg['casino_comparison']['return'])} per unit"]
        c = bg["counts"]
        if "copy_high" in c:
            out += [f"Copies: high hand {c['copy_high']:,}, low hand {c['copy_low']:,}, "
                    f"both {c['copy_both']:,}"]
    if "wrangler_push" in sections:
        from .certificate import paytable_of
        from .exact import odds_from_certificate
        odds = odds_from_certificate(cert, paytable_of(cert, "wrangler_push"))
        out += ["", f"Wrangler Push: {odds.paytable.name} (over every ordered player-banker pair)",
                odds_lines(odds), "", odds_summary(odds)]
    return "\n".join(out)
