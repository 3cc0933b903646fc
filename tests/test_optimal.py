"""The player's optimal strategy over every player hand (verifier/strategy/optimal.py, issue 15):
the compiled job's pure-Python twin, the raw sums and how chunks add up, the figures, the
certificate's ``strategy`` section and the par sheet's.

The twin (``PythonJob``) is held against a brute force written here from the rules of
optimal.py's docstring (each setting's wins and losses against every banker hand, both
hands strictly higher to win, the tie rule), with the reference engine's keys, and its
house-way column against the pairwise count (inclusion-exclusion, verifier/engine/pairwise.py).
Figures are held against closed forms computed here from the raw sums. The certificates
with a strategy section on the full deck are synthetic (raw sums made here to agree with
a shipped certificate's base game); on a reduced deck they are the real job's.
"""
import copy
import itertools
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from verifier import certificate
from verifier.strategy import optimal, twin
from verifier.rules import rulesets
from verifier.game.settlement import SettlementRule
from verifier.game.cards import JOKER, RANK_CHARS, deck_of_ranks, parse_cards
from verifier.engine.enumeration import enumerate_hands
from verifier.engine import engine_spec
from verifier.engine.pairwise import engine_key_function, pairwise_counts
from verifier.engine.reference.pairwise import pairwise_counts_python
from verifier.report import render
from verifier.game.ranking import CLASS_NAMES, is_foul
from verifier.engine.reference import core as reference

ROOT = Path(__file__).resolve().parent.parent
CASINO = ROOT / "proofs" / "certificates" / "casino-standard.json"

# Reduced decks of 15 cards (6,435 player hands, C(8,7) = 8 banker hands each), as in
# tests/test_strategy.py: pairs up to five aces; straights, flushes and the wheel.
PAIRS_DECK = sorted(deck_of_ranks("QKA") + parse_cards("Jc Jd"))
ODD_DECK = sorted(parse_cards("2c 3c 4c 5c 6c 9d 9h Tc Jh Qs Kc Kd Ah As Jk"))
STRAIGHT_DECK = sorted(parse_cards("Ac Ad 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c Ah Jk"))
CASES = {"pairs-mikes-commission": (PAIRS_DECK, "casino-standard"),
         "odd-emperors-commission": (ODD_DECK, "emperors-challenge"),
         "straight-mikes-fees": (STRAIGHT_DECK, "outlaw9-mikes")}


def _job(deck, name, _cache={}):
    """(ruleset, PythonJob, its raw sums of every hand), once per case."""
    if name not in _cache.setdefault(tuple(deck), {}):
        rs = rulesets.load(name)
        ws, hw = engine_spec(rs.rules).checked()
        job = twin.PythonJob(deck, ws, hw, SettlementRule.of(rs.settlement))
        _cache[tuple(deck)][name] = (rs, job, job.run(0, job.units))
    return _cache[tuple(deck)][name]


def label_of(hand):
    """Ranks high to low, the joker (the highest card int) first as "*"."""
    return "".join("*" if c == JOKER else RANK_CHARS[c >> 2] for c in sorted(hand)[::-1])


def brute_force(deck, wheel_second, house_way, commission):
    """The raw sums by the docstring's rules, written out here: per hand (the hand, its
    house way's (W, L), the best's (W, L), cost, type, row)."""
    cn, cd = commission
    hands = list(itertools.combinations(sorted(deck), 7))
    keys = {h: reference.set_hand(list(h), wheel_second, house_way) for h in hands}
    out = []
    for p in hands:
        bank = [(keys[b][3], keys[b][2])
                for b in itertools.combinations([c for c in deck if c not in p], 7)]
        settings, backs = [], []
        for front in itertools.combinations(p, 2):
            back = [c for c in p if c not in front]
            bk, fk = reference.eval5(back, wheel_second), reference.eval2(list(front))
            backs.append(bk)
            if any((s[0], s[1]) == (bk, fk) for s in settings):
                continue
            win = sum(bk > yb and fk > yf for yb, yf in bank)      # both strictly higher
            loss = sum(bk <= yb and fk <= yf for yb, yf in bank)   # copies: the banker's
            settings.append((bk, fk, win, loss, (cd - cn) * win - cd * loss,
                             not is_foul(fk, bk), list(front)))
        house = next(s for s in settings if (s[0], s[1]) == (keys[p][3], keys[p][2]))
        top = max(s[4] for s in settings if s[5])
        if house[4] == top:
            best = house
        else:
            best = next(s for s in settings if s[5] and s[4] == top and not any(
                t is not s and t[5] and t[0] >= s[0] and t[1] >= s[1] for t in settings))
        out.append((p, house[2:4], best[2:4], top - house[4], max(backs) >> 20, keys[p][4],
                    best[6]))
    return out


def raw_from(per_hand, banker_hands):
    """The raw sums of ``brute_force``'s hands, added up here."""
    raw = optimal.empty_raw(banker_hands)
    tables = {"by_type": {}, "by_row": {}}
    pats = {}
    for p, house, best, cost, kind, row, front in per_hand:
        raw["player_hands"] += 1
        raw["player_classes"] += 1
        for side, (w, l) in (("house_way", house), ("optimal", best)):
            raw[side]["win"] += w
            raw[side]["loss"] += l
        raw["not_optimal"] += cost > 0
        raw["cost"] += cost
        for name, key in (("by_type", kind), ("by_row", row)):
            t = tables[name].setdefault(key, [0, 0, 0])
            t[0], t[1], t[2] = t[0] + 1, t[1] + (cost > 0), t[2] + cost
        q = pats.setdefault(label_of(p), [0, 0, 0, list(p), cost, front])
        q[:3] = [q[0] + 1, q[1] + (cost > 0), q[2] + cost]
        if cost > q[4]:                     # the first hand with the largest cost
            q[3:] = [list(p), cost, front]
    for name in tables:
        raw[name] = [[k] + tables[name][k] for k in sorted(tables[name])]
    raw["patterns"] = [[k] + pats[k] for k in sorted(pats)]
    return raw


# ---------------------------------------------------------------------------------------
# the twin against a brute force and the pairwise count


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_the_twin_equals_a_brute_force_of_the_rules(case):
    deck, name = CASES[case]
    rs, job, raw = _job(deck, name)
    ws, hw = engine_spec(rs.rules).checked()
    assert job.units == math.comb(15, 7) and job.banker_hands == 8
    want = raw_from(brute_force(deck, ws, hw, optimal.commission_of(rs.settlement)), 8)
    assert raw == want


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_the_house_way_column_is_the_pairwise_count(case):
    deck, name = CASES[case]
    rs, _job_, raw = _job(deck, name)
    counts = pairwise_counts_python(deck, engine_key_function(rs.rules))
    assert raw["house_way"] == {"win": counts["win"], "loss": counts["loss"]}
    assert raw["player_hands"] * raw["banker_hands"] == counts["total"]


def test_the_best_setting_never_does_worse_and_fees_rank_by_wins_minus_losses():
    rs, _job_, raw = _job(*CASES["straight-mikes-fees"])
    assert optimal.commission_of(rs.settlement) == (0, 1)
    gain = (raw["optimal"]["win"] - raw["optimal"]["loss"]) - (raw["house_way"]["win"]
                                                               - raw["house_way"]["loss"])
    assert gain == raw["cost"] > 0


# ---------------------------------------------------------------------------------------
# chunks


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES)[:2])
def test_chunks_add_up_to_the_whole(case):
    _rs, job, whole = _job(*CASES[case])
    cuts = [0, 1, 1000, 1000, 3217, job.units]
    parts = [job.run(a, b) for a, b in zip(cuts, cuts[1:])]
    merged = optimal.empty_raw(job.banker_hands)
    for part in parts:
        merged = optimal.merge_raw(merged, part)
    assert merged == whole
    a, b, c = parts[1], parts[3], parts[4]
    assert optimal.merge_raw(optimal.merge_raw(a, b), c) == \
        optimal.merge_raw(a, optimal.merge_raw(b, c))
    # pruned once at the end: every listed pattern's hands are all hands of its ranks
    pruned = optimal.prune_patterns(merged)
    per_label = {}
    for hand in job.hands:
        per_label[label_of(hand)] = per_label.get(label_of(hand), 0) + 1
    assert pruned["patterns"] and all(p[2] > 0 and p[1] == per_label[p[0]]
                                      for p in pruned["patterns"])
    assert sum(p[2] for p in pruned["patterns"]) == merged["not_optimal"]
    assert sum(p[3] for p in pruned["patterns"]) == merged["cost"]


def test_raw_sums_of_different_decks_do_not_merge():
    with pytest.raises(ValueError):
        optimal.merge_raw(optimal.empty_raw(8), optimal.empty_raw(9))


def test_big_counts_are_digit_strings_in_json_and_come_back():
    raw = optimal.empty_raw(53524680)
    raw["cost"] = 2 ** 60
    raw["patterns"] = [["AKQ9952", 3, 1, 2 ** 55, [0, 1, 2, 3, 4, 5, 6], 7, [0, 1]]]
    text = optimal.raw_to_json(raw)
    assert text["cost"] == str(2 ** 60) and text["patterns"][0][3] == str(2 ** 55)
    assert text["house_way"]["win"] == 0 and text["patterns"][0][5] == 7
    assert optimal.raw_from_json(json.loads(json.dumps(text))) == raw
    with pytest.raises(ValueError):      # a small count written as a string is refused
        optimal.raw_from_json(dict(text, cost="12"))


# ---------------------------------------------------------------------------------------
# figures


@pytest.mark.parametrize("case", CASES)
def test_figures_closed_forms(case):
    deck, name = CASES[case]
    rs, _job_, raw = _job(deck, name)
    f = optimal.figures(optimal.prune_patterns(raw), rs)
    cn, cd = optimal.commission_of(rs.settlement)
    total = math.comb(15, 7) * 8
    returns = {}
    for side in ("house_way", "optimal"):
        w, l = raw[side]["win"], raw[side]["loss"]
        probs = f[side]["probabilities"]
        assert sum(Fraction(probs[k]["exact"]) for k in ("win", "push", "loss")) == 1
        assert Fraction(probs["win"]["exact"]) == Fraction(w, total)
        returns[side] = (Fraction(cd - cn, cd) * w - l) / total
        assert Fraction(f[side]["house_edge"]["exact"]) == -returns[side]
    assert Fraction(f["not_optimal"]["cost"]["exact"]) == returns["optimal"] - returns["house_way"]
    assert Fraction(f["not_optimal"]["frequency"]["exact"]) == Fraction(raw["not_optimal"],
                                                                        math.comb(15, 7))
    for table in ("by_type", "by_row"):
        assert sum(Fraction(r["cost"]["exact"]) for r in f[table]) == \
            Fraction(f["not_optimal"]["cost"]["exact"])
        assert sum(r["hands"] for r in f[table]) == math.comb(15, 7)
    assert [r["name"] for r in f["by_type"]] == [CLASS_NAMES[r[0]].replace("_", " ")
                                                 for r in raw["by_type"]]


@pytest.mark.slow
def test_the_top_patterns_by_cost_with_their_example():
    deck, name = CASES["pairs-mikes-commission"]
    rs, _job_, raw = _job(deck, name)
    f = optimal.figures(optimal.prune_patterns(raw), rs)
    cost = {}
    worst = {}
    for p, _h, _b, c, _t, _r, best_front in brute_force(deck, False, 0, (1, 20)):
        cost[label_of(p)] = cost.get(label_of(p), 0) + c
        if c > worst.get(label_of(p), (None, 0))[1]:
            worst[label_of(p)] = (p, c, best_front)
    order = sorted((lab for lab in cost if cost[lab]), key=lambda lab: (-cost[lab], lab))
    assert [p["pattern"] for p in f["patterns"]] == order[:20]
    for p in f["patterns"]:
        hand, c, best_front = worst[p["pattern"]]
        assert p["example"]["cards"] == " ".join(
            RANK_CHARS[x >> 2] + "cdhs"[x & 3] if x != JOKER else "Jk" for x in hand)
        assert Fraction(p["example"]["cost"]["exact"]) == Fraction(c, 20 * 8)
        front, back = reference.set_hand(list(hand))[:2]
        assert p["example"]["house_way"]["front"].split() == [
            RANK_CHARS[x >> 2] + "cdhs"[x & 3] if x != JOKER else "Jk" for x in front]
        assert len(p["example"]["house_way"]["back"].split()) == len(back) == 5
        text = [RANK_CHARS[x >> 2] + "cdhs"[x & 3] if x != JOKER else "Jk" for x in hand]
        assert p["example"]["best"]["front"].split() == [text[hand.index(x)] for x in best_front]
        assert sorted(p["example"]["best"]["back"].split() + p["example"]["best"]["front"].split()
                      ) == sorted(text)


def test_a_fee_game_gives_the_house_edge_before_the_fee_and_every_tier():
    rs, _job_, raw = _job(*CASES["straight-mikes-fees"])
    f = optimal.figures(optimal.prune_patterns(raw), rs)
    total = raw["player_hands"] * 8
    hw = f["house_way"]
    assert hw["kind"] == "fees" and len(hw["tiers"]) == len(rs.settlement["player_tiers"])
    assert Fraction(hw["house_edge"]["exact"]) == Fraction(
        raw["house_way"]["loss"] - raw["house_way"]["win"], total)
    assert "before the flat fee" in hw["house_edge_basis"]


def test_raw_sums_of_another_commission_are_refused():
    rs, _job_, raw = _job(*CASES["straight-mikes-fees"])          # computed at 0/1
    with pytest.raises(ValueError, match="commission"):
        optimal.figures(optimal.prune_patterns(raw), rulesets.load("casino-standard"))


# ---------------------------------------------------------------------------------------
# the certificate's section: a real reduced-deck job


@pytest.fixture(scope="module")
def reduced_cert():
    """A reduced-deck certificate with its base game, the twin's raw sums attached."""
    deck, name = CASES["pairs-mikes-commission"]
    rs, _job_, raw = _job(deck, name)
    base = {"counts": pairwise_counts(deck=deck, rules=rs.rules), "settlement": rs.settlement}
    cert = certificate.certificate_for(enumerate_hands(rs.rules, deck=deck), rs, base_game=base)
    return certificate.attach(cert, raw, rs)


def test_a_certificate_with_the_strategy_section_checks(reduced_cert):
    assert certificate.check(reduced_cert) == []
    results = reduced_cert["sections"]["strategy"]["results"]
    assert results["player_hands"] == math.comb(15, 7) and results["banker_hands"] == 8


def _tampered(cert, edit):
    cert = copy.deepcopy(cert)
    edit(cert["sections"]["strategy"])
    return certificate.seal(cert)       # re-hashed: only the re-derivation can catch it


def _fields(problems):
    return [(p.field, p.message) for p in problems]


def test_a_tampered_figure_fails_check(reduced_cert):
    def edit(s):
        s["results"]["not_optimal"]["hands"] += 1
    assert ("sections.strategy.results.not_optimal.hands"
            in [f for f, _ in _fields(certificate.check(_tampered(reduced_cert, edit)))])


@pytest.mark.parametrize("edit, says", [
    (lambda s: s["raw"].__setitem__("cost", s["raw"]["cost"] + 1), "adds up"),
    (lambda s: [s["raw"].__setitem__("cost", s["raw"]["cost"] + 1)]
     + [next(r for r in s["raw"][t] if r[3]).__setitem__(3, next(
         r for r in s["raw"][t] if r[3])[3] + 1) for t in ("by_type", "by_row")],
     "commission"),
    (lambda s: s["raw"]["house_way"].update(win=s["raw"]["house_way"]["win"] + 1,
                                            loss=s["raw"]["house_way"]["loss"] - 1),
     "base game"),
    (lambda s: s["raw"].__setitem__("player_hands", s["raw"]["player_hands"] + 1), "C(15,7)"),
    (lambda s: (s["raw"]["by_row"][0].__setitem__(1, s["raw"]["by_row"][0][1] + 1),
                s["raw"]["by_row"][1].__setitem__(1, s["raw"]["by_row"][1][1] - 1)),
     "house-way rows"),
], ids=["cost", "cost in every table", "base game mismatch", "player hands",
        "hands moved between rows"])
def test_tampered_raw_sums_fail_check(reduced_cert, edit, says):
    problems = _fields(certificate.check(_tampered(reduced_cert, edit)))
    assert any(f == "sections.strategy" and says in m for f, m in problems), problems


def test_a_strategy_section_needs_the_base_game(reduced_cert):
    cert = copy.deepcopy(reduced_cert)
    del cert["sections"]["base_game"]
    problems = _fields(certificate.check(certificate.seal(cert)))
    assert any(f == "sections.strategy" and "base_game" in m for f, m in problems), problems


# ---------------------------------------------------------------------------------------
# the full deck: synthetic raw sums on a shipped certificate


def synthetic_raw(cert):
    """Raw sums that agree with ``cert`` (house way = its base game, hands by type and by
    row = its counts); the best setting's numbers are made up: 10^14 more wins and
    5 x 10^14 fewer losses, all of them in high-card hands, one pattern whose example is
    the docs' hand (docs/STRATEGY.md: the house way gives up 58733/2610960 per unit)."""
    base = cert["sections"]["base_game"]["counts"]
    d, e = 10 ** 14, 5 * 10 ** 14
    cost = 19 * d + 20 * e                       # commission 1/20: v = 19 W - 20 L
    nopt = 10 ** 7
    hand = sorted(parse_cards("2h 3h 4c 7s 9c Jc As"))
    example_cost = Fraction(58733, 2610960) * 20 * math.comb(46, 7)
    assert example_cost.denominator == 1
    raw = optimal.empty_raw(math.comb(46, 7))
    raw.update(player_hands=math.comb(53, 7), player_classes=6972147, not_optimal=nopt,
               cost=cost, house_way={"win": base["win"], "loss": base["loss"]},
               optimal={"win": base["win"] + d, "loss": base["loss"] - e})
    best_five = cert["counts"]["best_five"]
    raw["by_type"] = [[i, best_five[n], nopt if i == 0 else 0, cost if i == 0 else 0]
                      for i, n in enumerate(CLASS_NAMES) if best_five[n]]
    rows = cert["counts"]["house_way_rows"]
    raw["by_row"] = [[int(r), n, nopt if r == "11" else 0, cost if r == "11" else 0]
                     for r, n in sorted(rows.items(), key=lambda x: int(x[0])) if n]
    best_front = sorted(parse_cards("4c Jc"))    # docs/STRATEGY.md: J-4 in front is best
    raw["patterns"] = [[label_of(hand), 4 ** 7, 5000, 10 ** 12, hand, int(example_cost),
                        best_front]]
    return raw


@pytest.fixture(scope="module")
def casino_cert():
    cert = certificate.load(CASINO)
    return certificate.attach(cert, synthetic_raw(cert), rulesets.load("casino-standard"))


def test_a_shipped_certificate_with_synthetic_strategy_checks(casino_cert):
    assert certificate.check(casino_cert) == []
    raw = casino_cert["sections"]["strategy"]["raw"]
    assert raw["cost"] == str(19 * 10 ** 14 + 20 * 5 * 10 ** 14)    # beyond 2**53 - 1
    r = casino_cert["sections"]["strategy"]["results"]
    total = math.comb(53, 7) * math.comb(46, 7)
    assert Fraction(r["not_optimal"]["cost"]["exact"]) == Fraction(
        19 * 10 ** 14 + 20 * 5 * 10 ** 14, 20 * total)
    example = r["patterns"][0]["example"]
    assert example["cards"] == "2h 3h 4c 7s 9c Jc As"
    assert example["cost"]["exact"] == "58733/2610960"
    assert example["house_way"] == {"front": "9c Jc", "back": "2h 3h 4c 7s As"}  # the docs'
    # the house way's figures are the base game's
    assert r["house_way"]["house_edge"] == casino_cert["sections"]["base_game"]["results"][
        "house_edge"]


@pytest.mark.slow
@pytest.mark.parametrize("edit, says", [
    (lambda s: s["raw"]["house_way"].update(win=s["raw"]["house_way"]["win"] - 1), "base game"),
    (lambda s: s["raw"]["by_type"][0].__setitem__(1, s["raw"]["by_type"][0][1] + 1), "type"),
], ids=["base game mismatch", "hands by type"])
def test_a_shipped_certificate_with_tampered_strategy_fails(casino_cert, edit, says):
    problems = _fields(certificate.check(_tampered(casino_cert, edit)))
    assert any(f == "sections.strategy" and says in m for f, m in problems), problems


def test_attach_refuses_another_rule_set():
    from verifier.support.errors import VerifierError
    cert = certificate.load(CASINO)
    with pytest.raises(VerifierError, match="not the certificate's"):
        certificate.attach(cert, synthetic_raw(cert), rulesets.load("emperors-challenge"))


def test_the_schema_takes_the_strategy_section(casino_cert):
    import jsonschema_rs             # the Rust validator: jsonschema takes 14 s on this one
    from importlib import resources
    schema = json.loads(resources.files("verifier").joinpath(
        "data/certificate.schema.json").read_text())
    validator = jsonschema_rs.Draft202012Validator(schema)
    assert list(validator.iter_errors(casino_cert)) == []
    bad = copy.deepcopy(casino_cert)
    bad["sections"]["strategy"]["raw"]["not_optimal"] = -1
    assert list(validator.iter_errors(bad))


# ---------------------------------------------------------------------------------------
# the par sheet


def test_the_par_sheet_shows_the_optimal_strategy(casino_cert):
    text = render(casino_cert)
    assert "## Optimal strategy against the house way" in text
    total = math.comb(53, 7) * math.comb(46, 7)
    base = casino_cert["sections"]["base_game"]["counts"]
    best_edge = -(Fraction(19, 20) * (base["win"] + 10 ** 14) - (base["loss"] - 5 * 10 ** 14)) \
        / total
    assert "| House edge | " in text and str(best_edge) in text
    assert f"{float(best_edge):.6%}" in text
    assert f"10,000,000 of {math.comb(53, 7):,}" in text
    assert "| A-J-9-7-4-3-2 |" in text and "2h 3h 4c 7s 9c Jc As" in text and "58733/2610960" in text
    assert "| 11 high card |" in text
    plain = certificate.load(CASINO)          # a certificate without the section: none
    plain["sections"].pop("strategy", None)
    assert "Optimal strategy against the house way" not in render(plain)


def test_the_html_sheet_has_the_section(casino_cert):
    html = render(casino_cert, "html")
    assert '<h2 id="strategy">Optimal strategy against the house way</h2>' in html
    assert "By house-way row" in html and "58733/2610960" in html


@pytest.mark.slow
def test_html_printed_by_headless_chromium_shows_the_section(casino_cert, tmp_path):
    from test_parsheet import chromium, pdf_text
    page = tmp_path / "casino.html"
    page.write_text(render(casino_cert, "html"))
    printed = tmp_path / "printed.pdf"
    chromium("--no-pdf-header-footer", f"--print-to-pdf={printed}", page.as_uri())
    text = pdf_text(printed)
    # the pattern A-J-9-7-4-3-2's narrow cell breaks it after a dash: its first line
    for part in ("Optimal strategy against the house way", "By best five-card hand",
                 "A-J-9-7-4-3-", "58733/2610960"):
        assert part in text, part
