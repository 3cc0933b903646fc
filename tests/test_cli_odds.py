"""The run / check / compare / solve / report commands, end to end on a reduced deck."""
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from verifier.cli import main

RANKS = "QKA"  # Q, K, A in four suits plus the joker: 13 cards, 1,716 hands
TOTAL = math.comb(13, 7)
TOTAL_FULL = math.comb(53, 7)

TABLES = {
    "filed_copy": None,  # the shipped file
    "fullhouse_high": '[pays]\nfull_house = 30\nfour_of_a_kind = 3\nfive_aces = "push"\n',
    "halves": '[pays]\nfull_house = 0.5\nfour_of_a_kind = 2.5\nthree_of_a_kind = 1\n',
}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    from verifier.game.paytables import DATA_DIR
    d = tmp_path_factory.mktemp("tables")
    out = {}
    for name, text in TABLES.items():
        path = d / f"{name}.toml"
        path.write_text(text if text else (DATA_DIR / "outlaw9_filed.toml").read_text())
        out[name] = str(path)
    return out


def run_json(capsys, *extra):
    rc = main(["run", "--deck-ranks", RANKS, "--no-progress", "--json", *extra])
    out = capsys.readouterr()
    assert rc == 0, out.err
    return json.loads(out.out)


@pytest.fixture(scope="module")
def cert_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("cert") / "cert.json"
    assert main(["run", "--deck-ranks", RANKS, "--no-progress", "--json", "--out",
                 str(path)]) == 0
    return str(path)


def test_run_json(capsys):
    data = run_json(capsys)
    assert data["total_hands"] == TOTAL
    assert sum(data["best_five"].values()) == TOTAL
    assert sum(data["house_way_rows"].values()) == TOTAL
    assert sum(s["hands"] for s in data["outlaw9_sets"]) == TOTAL
    assert isinstance(data["seconds"], float)
    # brute force: five aces = joker + the four aces + any two of the 8 Q/K cards
    assert data["best_five"]["five_aces"] == math.comb(8, 2)
    # no straight or flush can be made from three ranks (+ joker) in four suits
    assert data["best_five"]["straight"] == data["best_five"]["flush"] == 0
    assert data["outlaw9"]["total_hands"] == TOTAL


def test_run_text_summary(capsys):
    assert main(["run", "--deck-ranks", RANKS, "--no-progress"]) == 0
    out = capsys.readouterr().out
    for text in ("1,716 hands", "House edge", "Three Pairs", "Standard deviation",
                 "House way rows"):
        assert text in out


def test_run_options(capsys, tmp_path):
    data = run_json(capsys, "--wheel", "second", "--bonus-reading", "house-way",
                    "--threads", "1")
    assert data["rules"] == {"wheel": "second", "bonus_reading": "house-way",
                             "house_way": "mikes"}
    assert data["outlaw9"]["bonus_reading"] == "house-way"


@pytest.mark.parametrize("argv,fragment", [
    (["run", "--deck-ranks", "QKZ"], "bad --deck-ranks"),
    (["run", "--deck-ranks", "A"], "fewer than 7"),
    (["run", "--deck-ranks", RANKS, "--threads", "0"], "thread"),
])
def test_run_errors(argv, fragment, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


@pytest.mark.slow
def test_compare_three_tables_without_enumerating(files, cert_path, capsys, monkeypatch, engine):
    names = list(files)
    separate = {n: run_json(capsys, "--paytable", files[n])["outlaw9"] for n in names}

    def no(*args, **kwargs):
        raise AssertionError("compare must not enumerate")

    import verifier.engine
    monkeypatch.setattr(verifier.engine, "enumerate_hands", no)
    monkeypatch.setattr(engine, "enumerate_counts", no)
    argv = ["compare", cert_path] + [a for n in names for a in ("--paytable", files[n])]
    assert main(argv + ["--json"]) == 0                 # and never enumerated (above)
    data = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in data["paytables"]] == names
    for entry in data["paytables"]:
        assert entry["results"] == separate[entry["name"]]
    # the tables really differ
    edges = {e["results"]["house_edge"]["exact"] for e in data["paytables"]}
    assert len(edges) == 3
    # the text table: one column per pay table
    assert main(argv) == 0
    out = capsys.readouterr().out
    from verifier.game.paytables import load
    assert all(load(files[n]).name in out for n in names)      # headed by the tables' names
    assert "Hit frequency" in out and "no enumeration" in out


def test_compare_heads_its_columns_with_the_tables_names_beside_the_baseline(tmp_path,
                                                                             capsys):
    """Issue 51: a table compared on the shipped certificate stands beside the
    certificate's table (the baseline), each column headed by the table's name, the
    difference beside it: Full House at 4 (the README's 22687/1101022) against the filed
    table's -126209/19267885 (the certificate)."""
    from pathlib import Path
    from verifier.game.paytables import filed, toml_text
    from verifier.report.display import pct
    cert = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / "outlaw9-mikes.json"
    path = tmp_path / "fh4.toml"
    path.write_text(toml_text("Full House at 4", "outlaw9", filed().with_pay("full_house", 4).pays))
    assert main(["compare", str(cert), "--paytable", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    head = out[1]
    assert "Outlaw 9 High or Better, as filed (baseline)" in head
    assert "Full House at 4" in head and "difference" in head and "fh4" not in head
    edge = next(line for line in out if line.startswith("House edge")).split()
    diff = Fraction(22687, 1101022) + Fraction(126209, 19267885)
    assert edge[-3:] == [pct(Fraction(-126209, 19267885)), pct(Fraction(22687, 1101022)),
                         "+" + pct(diff)]
    pays = next(line for line in out if line.startswith("Full House: pays"))
    assert pays.split()[-6:] == ["5", "to", "1", "4", "to", "1"]


def test_compare_of_a_wrangler_table_needs_the_pairwise_counts(cert_path, capsys):
    # The reduced-deck certificate here has no base_game section: a one-line error.
    from verifier.game.paytables import DATA_DIR
    rc = main(["compare", cert_path, "--paytable", str(DATA_DIR / "wrangler_push_filed.toml")])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "base_game" in err and "Wrangler" in err


def test_compare_refuses_an_edited_certificate(cert_path, tmp_path, capsys):
    data = json.loads(open(cert_path).read())
    data["counts"]["outlaw9_sets"]["seven-card"][0]["hands"] += 1
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    assert main(["compare", str(path)]) == 2
    assert "fails its check" in capsys.readouterr().err


def sets_of(cert_path):
    data = json.loads(open(cert_path).read())
    return data["counts"]["outlaw9_sets"]["seven-card"]


def test_solve_exact_pay(cert_path, tmp_path, capsys):
    # a table with one line: four of a kind pays x, everything else loses, so
    # return(x) = (n x - (T - n)) / T; edge e gives x = (T (1 - e) - n) / n
    path = tmp_path / "one.toml"
    path.write_text("[pays]\nfour_of_a_kind = 1\n")
    n = sum(s["hands"] for s in sets_of(cert_path) if "four_of_a_kind" in s["categories"])
    assert 0 < n < TOTAL
    edge = Fraction(5, 100)
    expected = (TOTAL * (1 - edge) - n) / n
    assert main(["solve", cert_path, "--paytable", str(path), "--line", "Four of a Kind",
                 "--edge", "5%", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert Fraction(data["pay"]["exact"]) == expected
    below, above = Fraction(data["below"]["pay"]), Fraction(data["above"]["pay"])
    assert below <= expected <= above and above - below <= 1
    for side, pay in (("below", below), ("above", above)):
        got = Fraction(data[side]["house_edge"]["exact"])
        net_win = n * pay if pay > 0 else -n  # a pay of 0 means those hands lose too
        assert got == -(net_win - (TOTAL - n)) / TOTAL
    # text form names the exact pay and both neighbours
    assert main(["solve", cert_path, "--paytable", str(path), "--line", "four_of_a_kind",
                 "--edge", "0.05"]) == 0
    out = capsys.readouterr().out
    assert str(expected) in out and "Nearest practical pays" in out


@pytest.mark.parametrize("argv,fragment", [
    (["--line", "Four Pairs", "--edge", "0.05"], "unknown"),
    (["--line", "full_house", "--edge", "lots"], "bad --edge"),
    (["--line", "full_house", "--edge", "0.999"], "no positive pay"),
])
def test_solve_errors(argv, fragment, cert_path, capsys):
    assert main(["solve", cert_path] + argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


def test_report(cert_path, tmp_path, capsys):
    out = tmp_path / "par.md"
    assert main(["report", cert_path, "--out", str(out)]) == 0
    text = out.read_text()
    for part in ("# Par sheet", "## Rule readings", "## Outlaw 9 High or Better",
                 "House edge", "4,000 to 1", "`lowest`", "1,716"):
        assert part in text
    assert [p.name for p in tmp_path.iterdir()] == ["par.md"]
    capsys.readouterr()
    assert main(["report", cert_path]) == 0
    assert capsys.readouterr().out.strip() == text.strip()


def test_report_takes_its_format_from_the_outs_suffix(cert_path, tmp_path, capsys):
    """Issue 51: `--out x.html` without --format writes HTML (a page, not Markdown),
    `x.xlsx` a workbook (a zip); `x.csv` names no par sheet format: one line, no file."""
    assert main(["report", cert_path, "--out", str(tmp_path / "x.html")]) == 0
    assert (tmp_path / "x.html").read_text().lstrip().lower().startswith("<!doctype html")
    pytest.importorskip("openpyxl")
    assert main(["report", cert_path, "--out", str(tmp_path / "x.xlsx")]) == 0
    assert (tmp_path / "x.xlsx").read_bytes()[:2] == b"PK"
    capsys.readouterr()
    assert main(["report", cert_path, "--out", str(tmp_path / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".md, .html, .pdf or .xlsx" in err
    assert not (tmp_path / "x.csv").exists()


def test_report_to_missing_directory(cert_path, tmp_path, capsys):
    assert main(["report", cert_path, "--out", str(tmp_path / "no" / "par.md")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_check_json(cert_path, capsys):
    assert main(["check", cert_path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True and data["mismatches"] == []


# ---------------------------------------------------------------------------------------
# solve --out: the solved pay table as a file that reads back


SHIPPED = Path(__file__).resolve().parent.parent / "proofs" / "certificates"


@pytest.mark.slow
def test_solve_out_writes_a_pay_table_with_exactly_the_target_edge(tmp_path, capsys):
    from verifier import certificate
    from verifier.game import paytables
    from verifier.odds.exact import outlaw9_odds
    mikes = str(SHIPPED / "outlaw9-mikes.json")
    cert = certificate.load(mikes)
    one, group, below = (tmp_path / n for n in ("one.toml", "group.toml", "below.toml"))
    assert main(["solve", mikes, "--line", "Full House", "--edge", "2%", "--out", str(one)]) == 0
    assert main(["solve", mikes, "--line", "Full House", "--line", "Flush", "--edge", "0.03",
                 "--out", str(group)]) == 0
    assert main(["solve", mikes, "--line", "Full House", "--edge", "2%", "--out", str(below),
                 "--write", "below"]) == 0
    assert "pay table written" in capsys.readouterr().out
    # the edges, recomputed from the certificate's counts by the odds code, not the solver
    for path, edge in ((one, Fraction(2, 100)), (group, Fraction(3, 100))):
        table = paytables.load(path)
        assert table.status.startswith("not filed")
        assert certificate.odds_from_certificate(cert, table).house_edge == edge
    filed = paytables.filed("outlaw9")
    assert paytables.load(below).pay["full_house"] == 4          # 5 to 1 gives -0.66%
    assert paytables.load(group).pay["four_of_a_kind"] == filed.pay["four_of_a_kind"]
    # another bet: the Emperor's Treasure, read back by its own loader
    emp = str(SHIPPED / "emperors-challenge.json")
    out = tmp_path / "treasure.toml"
    assert main(["solve", emp, "--bet", "emperors_treasure", "--line", "flush", "--edge", "5%",
                 "--out", str(out)]) == 0
    table = paytables.load(out)
    sets = certificate.load(emp)["counts"]["outlaw9_sets"]["seven-card"]
    assert outlaw9_odds(sets, table, total=TOTAL_FULL).house_edge == Fraction(5, 100)


def test_solve_out_refuses_to_overwrite_its_certificate_before_any_work(tmp_path, capsys):
    cert = tmp_path / "c.json"
    cert.write_bytes((SHIPPED / "outlaw9-mikes.json").read_bytes())
    before = cert.read_bytes()
    assert main(["solve", str(cert), "--line", "Flush", "--edge", "2%", "--out", str(cert)]) == 2
    assert "input of this command" in capsys.readouterr().err
    assert cert.read_bytes() == before


@pytest.mark.slow
def test_compare_takes_any_bet_of_the_certificate(capsys):
    from verifier import certificate
    emp = str(SHIPPED / "emperors-challenge.json")
    assert main(["compare", emp, "--bet", "pai_gow_insurance", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["paytables"][0]["results"]
    # by hand from the section's counts and pays: each line's hands x pay, the rest -1
    section = certificate.load(emp)["sections"]["pai_gow_insurance"]
    pays = {x["category"]: Fraction(x["pay"]) for x in section["paytable"]["lines"]}
    counts = section["results"]["counts"]
    paid = sum(counts[c] for c in pays)
    expected = (sum(counts[c] * pays[c] for c in pays) - (TOTAL_FULL - paid)) / TOTAL_FULL
    assert Fraction(got["return"]["exact"]) == expected
    assert main(["compare", emp, "--bet", "envy_bonus"]) == 2
    assert "envy" in capsys.readouterr().err.lower()


@pytest.mark.parametrize("rules,shown,absent", [
    ("casino-standard", [], ["Outlaw 9", "Wrangler", "Insurance"]),     # seed 002: no side bet
    ("emperors-challenge", ["Pai Gow Insurance", "Emperor's Treasure", "Envy Bonus"],
     ["Outlaw 9", "Wrangler"]),
    ("outlaw9-mikes", ["Outlaw 9 High or Better", "Not computed: Wrangler Push"], ["Envy"]),
])
def test_run_shows_the_bets_of_its_rule_set_and_no_other(rules, shown, absent, capsys):
    assert main(["run", "--rules", rules, "--deck-ranks", RANKS, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert all(s in out for s in shown), shown
    assert not any(a in out for a in absent), absent
