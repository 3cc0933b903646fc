"""verifier/odds/formula.py and the formula / solve commands: a bet's return as an exact
expression in its pay symbols (issue 12, item 4).

Expectations come from elsewhere than the code under test: the odds of verifier/odds/exact.py
(a second algorithm, per hand paid its highest line), the certificates' own re-derived
sections, count tables worked by hand below, closed forms solved on paper."""
import copy
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from verifier import certificate
from verifier.game.categories import names_to_mask
from verifier.support.errors import VerifierError
from verifier.certificate import odds_from_certificate
from verifier.certificate.odds import qualifying_sets
from verifier.odds.exact import QualifyingSets
from solve_oracle import solve_pay
from verifier.certificate.formula import bet_formula
from verifier.odds.formula import formula_of
from verifier.odds.linesolve import solve_lines
from verifier.game.paytables import PUSH, Paytable

from conftest import CHECKOUT, PACKAGE_PATH
CERTS = CHECKOUT / "proofs" / "certificates"


@pytest.fixture(scope="module")
def certs():
    return {name: certificate.load(CERTS / f"{name}.json")
            for name in ("outlaw9-mikes", "casino-standard", "emperors-challenge")}


def table(*pays, bet="outlaw9"):
    return Paytable("toy", bet, tuple((line, pay if pay is PUSH else Fraction(pay))
                                      for line, pay in pays))


ALIASES = {"flush_straight": ("flush", "straight"),
           "three_pairs_full_house": ("three_pairs", "full_house")}


def toy_sets(total=100, **sets):
    """``flush_straight=5``: the set {flush, straight} holds 5 of the ``total`` hands."""
    rows = tuple((frozenset(ALIASES.get(key, (key,))), hands) for key, hands in sets.items())
    return QualifyingSets("outlaw9", ("flush", "straight", "three_pairs", "full_house"),
                          rows, total, "hands")


# ---------------------------------------------------------------------------------------
# a count table worked by hand

# 10 hands are a flush only, 5 a flush and a straight, 20 a straight only, 7 three pairs
# and a full house (the table has no full house line), 58 nothing: 100 hands
HAND = dict(flush=10, flush_straight=5, straight=20, three_pairs_full_house=7)


def test_hand_built_table():
    f = formula_of(toy_sets(**HAND), table(("flush", 4), ("straight", 2), ("three_pairs", 1)))
    # flush 4 > straight 2: the flush takes the 5 hands of both; 100 - 42 = 58 lose
    assert f.paid == {"flush": 15, "straight": 20, "three_pairs": 7} and f.loses == 58
    assert f.text() == "(15*p_flush + 20*p_straight + 7*p_three_pairs - 58)/100"
    assert f.at() == Fraction(15 * 4 + 20 * 2 + 7 * 1 - 58, 100) == Fraction(49, 100)
    assert f.order == (("flush", "straight"),)
    p = {name: sympy.Symbol(f"p_{name}", positive=True)
         for name in ("flush", "straight", "three_pairs")}
    assert sympy.simplify(f.expression - (15 * p["flush"] + 20 * p["straight"]
                                          + 7 * p["three_pairs"] - 58) / 100) == 0
    # inside the order: straight up to 4, any three pairs
    assert f.at({"straight": 4, "three_pairs": "2.5"}) == Fraction(60 + 80 + 17.5 - 58) / 100
    # outside it the expression no longer holds: refused; the table's own formula holds
    with pytest.raises(VerifierError, match="p_flush >= p_straight"):
        f.at({"straight": 5})
    assert not f.holds_at({"straight": 5})
    g = formula_of(toy_sets(**HAND), table(("flush", 4), ("straight", 5), ("three_pairs", 1)))
    assert g.paid == {"flush": 10, "straight": 25, "three_pairs": 7}
    assert g.order == (("straight", "flush"),)
    assert g.at() == Fraction(40 + 125 + 7 - 58, 100)


def test_push_and_zero_lines():
    sets = toy_sets(**HAND)
    pushed = formula_of(sets, table(("flush", 4), ("straight", PUSH), ("three_pairs", 1)))
    # the straight pushes: its 20 hands return the bet (0), no symbol
    assert pushed.text() == "(15*p_flush + 7*p_three_pairs - 58)/100"
    assert pushed.at() == Fraction(60 + 7 - 58, 100) and "straight" not in pushed.symbols
    with pytest.raises(VerifierError, match="no pay symbol"):
        pushed.at({"straight": 3})
    zero = formula_of(sets, table(("flush", 4), ("straight", 0), ("three_pairs", 1)))
    # a line at 0 loses: its 20 hands join the 58
    assert zero.loses == 78 and zero.at() == Fraction(60 + 7 - 78, 100)
    for pays in ((("flush", 4), ("straight", PUSH), ("three_pairs", 1)),
                 (("flush", 4), ("straight", 0), ("three_pairs", 1)),
                 (("straight", 2), ("flush", 4))):
        assert formula_of(sets, table(*pays)).at() == second_algorithm(sets, table(*pays))


def second_algorithm(sets, paytable):
    """exact.outlaw9_odds on the same sets written as masks (the second algorithm)."""
    from verifier.odds.exact import outlaw9_odds
    counts = {names_to_mask(sorted(lines)): hands for lines, hands in sets.sets}
    return outlaw9_odds(counts, paytable, reading="seven-card", total=sets.total).expected


def test_latex_and_text_parse_back():
    f = formula_of(toy_sets(**HAND), table(("flush", 4), ("straight", 2), ("three_pairs", 1)))
    assert f.latex() == (r"\frac{15 \, p_{\text{flush}} + 20 \, p_{\text{straight}} + "
                         r"7 \, p_{\text{three\_pairs}} - 58}{100}")
    names = {str(s): s for s in f.symbols.values()}
    assert sympy.sympify(f.text(), locals=names) == f.expression
    try:
        from sympy.parsing.latex import parse_latex
        parsed = parse_latex(f.latex().replace(r"\text", r"\mathrm").replace(r"\_", ""))
    except ImportError as exc:  # the LaTeX parser's antlr4 runtime (the test extra has it)
        from conftest import missing
        missing(f"sympy's LaTeX parser ({exc})")
    values = {s: 3 for s in parsed.free_symbols}
    assert parsed.subs(values) == f.expression.subs({s: 3 for s in f.symbols.values()})


def test_the_pay_symbols_are_sympys_and_a_par_sheet_imports_no_sympy():
    """A formula's symbols, made on first use, are SymPy's own (named as ``str`` of one
    writes it, pickled as their lines); building and rendering a par sheet, and a bet's
    formula crossing to another process (the PDF's chart drawers), import no SymPy."""
    import pickle
    f = formula_of(toy_sets(**HAND), table(("flush", 4), ("straight", 2), ("three_pairs", 1)))
    assert list(f.symbols) == ["flush", "straight", "three_pairs"]
    for line in f.symbols:
        assert f.symbols[line] == sympy.Symbol(f"p_{line}", positive=True)
        assert f.symbols.name(line) == str(sympy.Symbol(f"p_{line}")) == f"p_{line}"
    assert dict(pickle.loads(pickle.dumps(f.symbols))) == dict(f.symbols)
    with pytest.raises(KeyError):
        f.symbols.name("full_house")
    code = ("import pickle, sys\n"
            "from verifier import certificate\n"
            "from verifier.report import render\n"
            "from verifier.report.model import build\n"
            f"cert = certificate.load({str(CERTS / 'outlaw9-mikes.json')!r})\n"
            "text = render(cert, 'markdown')\n"
            "bet = build(cert).bets[0]\n"
            "pickle.loads(pickle.dumps(bet))\n"
            "assert 'p_three_pairs' in bet.formula.text() and 'return =' in text\n"
            "print('sympy' in sys.modules)\n")
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "False"


# ---------------------------------------------------------------------------------------
# the shipped certificates: the formula at the table's pays is exact.py's return


@pytest.mark.parametrize("name", ["outlaw9-mikes", "casino-standard"])
@pytest.mark.parametrize("reading", ["seven-card", "house-way"])
def test_outlaw9_formula_is_the_exact_return(certs, name, reading):
    cert = certs[name]
    f = bet_formula(cert, "outlaw9", reading=reading)
    expected = odds_from_certificate(cert, certificate.paytable_of(cert), reading).expected
    assert f.at() == expected
    assert sum(f.paid.values()) + f.loses == cert["total_hands"]
    assert all(bool(c.subs({f.symbols[line]: sympy.Rational(str(f.pays[line]))
                            for line in f.symbols})) for c in f.conditions())


@pytest.mark.parametrize("name", ["outlaw9-mikes", "casino-standard", "emperors-challenge"])
def test_wrangler_formula_is_the_exact_return(certs, name):
    cert = certs[name]
    from verifier.game.paytables import filed
    f = bet_formula(cert, "wrangler_push", filed("wrangler_push"))
    assert f.at() == odds_from_certificate(cert, filed("wrangler_push")).expected
    assert f.order == (("push_with_pair_of_3s_or_better", "push"),)
    assert f.total == cert["sections"]["base_game"]["counts"]["total"]


def test_emperors_bets_are_their_sections_return(certs):
    cert = certs["emperors-challenge"]
    treasure = cert["sections"]["emperors_treasure"]["results"]["return"]["exact"]
    insurance = cert["sections"]["pai_gow_insurance"]["results"]["odds"]["return"]["exact"]
    assert bet_formula(cert, "emperors_treasure").at() == Fraction(treasure)
    f = bet_formula(cert, "pai_gow_insurance")
    assert f.at() == Fraction(insurance)
    assert f.order == ()          # each pai gow has one top card: one line
    with pytest.raises(VerifierError, match="(?i)envy bonus pays dollar amounts"):
        bet_formula(cert, "envy_bonus")


ORDERED = ["seven_card_straight_flush", "royal_flush", "straight_flush", "four_of_a_kind",
           "full_house", "flush", "three_of_a_kind", "straight", "three_pairs"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 400), min_size=len(ORDERED), max_size=len(ORDERED)),
       st.booleans())
def test_any_pays(certs_cached, values, keep_order):
    cert = certs_cached
    base = certificate.paytable_of(cert)
    f = bet_formula(cert)
    # in order and at most 6 to 1 (below the table's other lines): the formula holds
    pays = sorted((min(v, 12) for v in values), reverse=True) if keep_order else values
    new = dict(zip(ORDERED, (Fraction(v, 2) for v in pays)))
    assert f.holds_at(new) or not keep_order
    t = base
    for line, pay in new.items():
        t = t.with_pay(line, pay)
    expected = odds_from_certificate(cert, t).expected
    if f.holds_at(new):
        assert f.at(new) == expected
    else:
        with pytest.raises(VerifierError, match="break that order"):
            f.at(new)
    assert bet_formula(cert, paytable=t).at() == expected   # the new table's own formula


@pytest.fixture(scope="module")
def certs_cached():
    return certificate.load(CERTS / "outlaw9-mikes.json")


# ---------------------------------------------------------------------------------------
# solving


def test_group_of_two_lines_closed_form():
    # flush pays 2, straight 1: a=3 flush only, c=2 both, b=5 straight only, T=20, L=10
    # lose; scaled by k the flush (2k) stays above the straight (k), so
    # return(k) = (2k (a + c) + k b - L) / T and edge e gives k = (L - e T) / (2(a+c) + b)
    a, c, b, total = 3, 2, 5, 20
    sets = QualifyingSets("outlaw9", ("flush", "straight"),
                          ((frozenset({"flush"}), a), (frozenset({"flush", "straight"}), c),
                           (frozenset({"straight"}), b)), total, "hands")
    f = formula_of(sets, table(("flush", 2), ("straight", 1)))
    loses = total - a - b - c
    for edge in (Fraction(1, 10), Fraction(-1, 3), Fraction(0)):
        k = (loses - edge * total) / (2 * (a + c) + b)
        sol = solve_lines(f, ["Flush", "straight"], edge)
        assert sol.scale == k and sol.pays == {"flush": 2 * k, "straight": k}
        assert formula_of(sets, table(("flush", 2 * k), ("straight", k))).at() == -edge
        assert sol.formula.at() == -edge
    sol = solve_lines(f, ["flush", "straight"], Fraction(1, 10))   # k = 8/15
    # by hand: below 1 and 0.5 give (5 + 2.5 - 10)/20 = -1/8; above 1.5 and 1, +1/8
    assert sol.below[0] == {"flush": 1, "straight": Fraction(1, 2)}
    assert sol.below[2] == Fraction(1, 8)
    assert sol.above[0] == {"flush": Fraction(3, 2), "straight": 1}
    assert sol.above[2] == Fraction(-1, 8)


def test_one_line_across_the_order():
    # the straight alone, pay x: while x <= 2 the 2 hands of both are the flush's, so
    # return = (2*5 + 5x - 10)/20 = x/4; above 2 they are the straight's:
    # return = (2*3 + 7x - 10)/20; edge -17/20 needs x = 3, past the flush
    sets = QualifyingSets("outlaw9", ("flush", "straight"),
                          ((frozenset({"flush"}), 3), (frozenset({"flush", "straight"}), 2),
                           (frozenset({"straight"}), 5)), 20, "hands")
    f = formula_of(sets, table(("flush", 2), ("straight", 1)))
    assert solve_lines(f, "straight", Fraction(-1, 4)).pays == {"straight": 1}
    sol = solve_lines(f, "straight", Fraction(-17, 20))
    assert sol.pays == {"straight": 3} and sol.formula.order == (("straight", "flush"),)
    masks = {names_to_mask(sorted(s)): h for s, h in sets.sets}
    assert solve_pay(masks, table(("flush", 2), ("straight", 1)), "straight",
                     Fraction(-17, 20), total=20).pay == 3


@pytest.mark.parametrize("line,edge", [("full_house", "0.02"), ("three_pairs", "0.01"),
                                       ("straight", "-0.2"), ("four_of_a_kind", "0.01"),
                                       ("three_pairs", "-0.3")])
def test_one_line_is_solve_pay(certs_cached, line, edge):
    cert = certs_cached
    edge = Fraction(edge)
    base = certificate.paytable_of(cert)
    sol = solve_lines(bet_formula(cert), [line], edge)
    other = solve_pay(certificate.outlaw9_sets_of(cert), base, line, edge,
                      reading="seven-card", total=cert["total_hands"])
    assert sol.pays == {line: other.pay}
    assert (sol.below[0][line], sol.above[0][line]) == (other.below[0], other.above[0])
    assert sol.below[2] == other.below[1].house_edge
    assert sol.above[2] == other.above[1].house_edge


def test_group_on_the_certificate(certs_cached):
    cert = certs_cached
    base = certificate.paytable_of(cert)
    group = ["full_house", "flush", "three_of_a_kind", "straight"]
    edge = Fraction(3, 100)
    sol = solve_lines(bet_formula(cert), group, edge)
    t = base
    for line in group:
        assert sol.pays[line] == sol.scale * base.pay[line]
        t = t.with_pay(line, sol.pays[line])
    assert odds_from_certificate(cert, t).expected == -edge      # the second algorithm
    assert sol.below[2] >= edge >= sol.above[2]
    for pays, _, house_edge in (sol.below, sol.above):
        t = base
        for line, pay in pays.items():
            t = t.with_pay(line, pay)
        assert odds_from_certificate(cert, t).house_edge == house_edge


def test_solve_errors(certs_cached):
    f = bet_formula(certs_cached)
    with pytest.raises(VerifierError, match="unknown Outlaw 9 High or Better line"):
        solve_lines(f, ["four pairs"], Fraction(1, 20))
    with pytest.raises(VerifierError, match="given twice"):
        solve_lines(f, ["flush", "Flush"], Fraction(1, 20))
    with pytest.raises(VerifierError, match="no positive pay"):
        solve_lines(f, ["flush", "straight"], Fraction(9, 10))
    pushed = bet_formula(certs_cached, paytable=certificate.paytable_of(certs_cached)
                         .with_pay("flush", "push"))
    with pytest.raises(VerifierError, match="flush pays push"):
        solve_lines(pushed, ["flush", "straight"], Fraction(1, 20))
    # one line may start from push: its pay is the unknown
    assert solve_lines(pushed, ["flush"], Fraction(1, 20)).formula.at() == Fraction(-1, 20)


def test_certificate_without_base_game(certs_cached):
    cert = copy.deepcopy(certs_cached)
    del cert["sections"]["base_game"]
    with pytest.raises(VerifierError, match="no base_game section"):
        qualifying_sets(cert, "wrangler_push")
    with pytest.raises(VerifierError, match="no pai_gow_insurance section"):
        bet_formula(cert, "pai_gow_insurance")
    with pytest.raises(VerifierError, match="is for wrangler_push, not outlaw9"):
        formula_of(qualifying_sets(cert, "outlaw9"),
                   table(("push", 1), bet="wrangler_push"))


# ---------------------------------------------------------------------------------------
# the commands, as a user runs them


def cli(tmp_path, *argv):
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    return subprocess.run([sys.executable, "-m", "verifier.cli", *argv], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_cli_formula(tmp_path, certs_cached):
    path = str(CERTS / "outlaw9-mikes.json")
    expected = odds_from_certificate(certs_cached, certificate.paytable_of(certs_cached)).expected
    out = cli(tmp_path, "formula", path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1].startswith("return = (32*p_seven_card_straight_flush + ")
    assert lines[1].endswith(" - 120558104)/154143080")
    # the order in symbols, and in the lines' names (issue 39: names for people)
    assert any(x.startswith("  p_full_house >= p_flush ")
               and x.endswith("(Full House pays at least Flush)") for x in lines)
    assert "legend: each symbol is the pay on its line, the N of N to 1:" in lines
    assert lines[-1].startswith(f"at the table's pays: return {expected} ")
    latex = cli(tmp_path, "formula", path, "--latex")
    assert latex.stdout.startswith(r"\frac{32 \, p_{\text{seven\_card\_straight\_flush}}")
    assert latex.stdout.count("\n") == 1
    data = json.loads(cli(tmp_path, "formula", path, "--json", "--bet", "wrangler_push").stdout)
    from verifier.game.paytables import filed
    assert Fraction(data["return"]["exact"]) == odds_from_certificate(
        certs_cached, filed("wrangler_push")).expected
    assert data["valid_while"] == ["p_push_with_pair_of_3s_or_better >= p_push"]


@pytest.mark.slow
def test_cli_formula_of_a_paytable_file(tmp_path):
    from verifier.game.paytables import DATA_DIR
    path = str(CERTS / "emperors-challenge.json")
    out = cli(tmp_path, "formula", path, "--paytable",
              str(DATA_DIR / "pai_gow_insurance_example.toml"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Pai Gow Insurance (")
    assert "(no outcome qualifies for two paying lines: any pays above 0)" in out.stdout


@pytest.mark.slow
def test_cli_solve_group(tmp_path, certs_cached):
    path = str(CERTS / "outlaw9-mikes.json")
    out = cli(tmp_path, "solve", path, "--line", "Full House", "--line", "flush",
              "--edge", "2%", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    k = Fraction(data["scale"]["exact"])
    t = certificate.paytable_of(certs_cached).with_pay("full_house", 5 * k).with_pay("flush", 4 * k)
    assert odds_from_certificate(certs_cached, t).house_edge == Fraction(2, 100)
    text = cli(tmp_path, "solve", path, "--line", "Full House", "--line", "flush",
               "--edge", "2%").stdout
    assert f"Exact k = {k} " in text and "every line rounded down, then up" in text


def test_cli_solve_one_outlaw9_line_unchanged(tmp_path):
    out = cli(tmp_path, "solve", str(CERTS / "outlaw9-mikes.json"), "--line", "Full House",
              "--edge", "0.02", "--bet", "outlaw9")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == ("Full House: now 5 to 1, house edge -0.655023% "
                                          "(Outlaw 9 High or Better, as filed; filed)")
    assert "hit frequency" in out.stdout


@pytest.mark.slow
@pytest.mark.parametrize("argv,fragment", [
    (["formula", "outlaw9-mikes", "--bet", "envy_bonus"], "envy bonus pays dollar amounts"),
    (["formula", "outlaw9-mikes", "--bet", "pai_gow_insurance"], "no pai_gow_insurance section"),
    (["formula", "outlaw9-mikes", "--latex", "--json"], "not allowed with"),
    (["solve", "outlaw9-mikes", "--line", "flush", "--line", "flush", "--edge", "1%"],
     "given twice"),
    (["solve", "outlaw9-mikes", "--line", "flush", "--line", "straight", "--edge", "lots"],
     "bad --edge"),
    (["solve", "emperors-challenge", "--bet", "emperors_treasure", "--line", "nine high",
      "--edge", "1%"], "unknown Emperor's Treasure line"),
])
def test_cli_errors(tmp_path, argv, fragment):
    argv = [str(CERTS / f"{a}.json") if a in ("outlaw9-mikes", "emperors-challenge") else a
            for a in argv]
    out = cli(tmp_path, *argv)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and fragment in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("name,bets", [("outlaw9-mikes", ["outlaw9", "wrangler_push"]),
                                       ("casino-standard", []),
                                       ("emperors-challenge", ["pai_gow_insurance",
                                                               "emperors_treasure"])])
def test_par_sheet_shows_the_formula_of_each_bet_the_rule_set_offers(certs, name, bets):
    from verifier.report import render
    cert = certs[name]
    text = render(cert)
    assert text.count("\nreturn = (") == len(bets)
    for bet in bets:
        f = bet_formula(cert, bet)
        assert f"return = {f.text()}\n" in text and f"\n{f.latex()}\n" in text


def test_one_line_not_in_the_table(certs_cached):
    # three pairs dropped from the table: its pay is the unknown, from nothing
    cert = certs_cached
    base = certificate.paytable_of(cert)
    without = Paytable(base.name, "outlaw9", tuple(p for p in base.pays if p[0] != "three_pairs"))
    f = bet_formula(cert, paytable=without)
    assert "three_pairs" not in f.symbols
    sol = solve_lines(f, ["Three Pairs"], Fraction(1, 100))
    other = solve_pay(certificate.outlaw9_sets_of(cert), without, "three_pairs",
                      Fraction(1, 100), reading="seven-card", total=cert["total_hands"])
    assert sol.pays == {"three_pairs": other.pay}
    assert sol.below[2] == other.below[1].house_edge


@pytest.mark.parametrize("command", ["formula", "solve"])
def test_help(command, capsys):
    from verifier.cli import main
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "--bet NAME" in out and "%%" not in out
