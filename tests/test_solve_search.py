"""``solve --edge-range``: every practical pay table within an edge range (issue 39,
verifier/odds/search.py). Expectations: a table of counts worked by hand (each outcome
paid its highest line, summed in plain arithmetic below), and `compare` on the tables the
search lists."""
import json
from fractions import Fraction
from pathlib import Path

import pytest

from verifier.cli import main
from verifier.game.paytables import Paytable, toml_text
from verifier.odds.exact import QualifyingSets
from verifier.odds.search import grid, ranked, search

CERT = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / "outlaw9-mikes.json"


def test_a_hand_worked_table_of_counts():
    """Lines a and b of a custom bet: 10 outcomes show a alone, 5 both, 20 b alone, 65
    neither; a pays 2, b pays 1 today. Each pair of pays on the grid of 1 (a: 1..4, b: 1..2)
    has edge (65 - 10a - 5 max(a, b) - 20b) / 100."""
    sets = QualifyingSets("custom", ("flush", "straight"),
                          ((frozenset({"flush"}), 10), (frozenset({"flush", "straight"}), 5),
                           (frozenset({"straight"}), 20)), 100, "hands")
    table = Paytable.from_lines("t", "custom", [("flush", 2), ("straight", 1)],
                                reads="seven-card")
    assert grid(Fraction(2), Fraction(1)) == [1, 2, 3, 4] and grid(Fraction(1), Fraction(1)) == [1, 2]
    found = search(sets, table, ["flush", "straight"], Fraction(-1, 10), Fraction(1, 10),
                   Fraction(1))
    want = {(a, b): Fraction(65 - 10 * a - 5 * max(a, b) - 20 * b, 100)
            for a in (1, 2, 3, 4) for b in (1, 2)}
    want = {k: e for k, e in want.items() if Fraction(-1, 10) <= e <= Fraction(1, 10)}
    assert {(dict(f.pays)["flush"], dict(f.pays)["straight"]): f.house_edge
            for f in found} == want
    nearest = ranked(found, "distance", Fraction(0))[0]
    assert abs(nearest.house_edge) == min(abs(e) for e in want.values())


def test_the_command_lists_tables_that_compare_confirms(tmp_path, capsys):
    assert main(["solve", str(CERT), "--line", "full_house", "--line", "flush",
                 "--edge-range", "1.5%..2.5%", "--limit", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["found"] >= 3 and len(out["tables"]) == 3
    for row in out["tables"]:
        edge = Fraction(row["house_edge"]["exact"])
        assert Fraction(3, 200) <= edge <= Fraction(5, 200)
    from verifier import certificate
    table = certificate.load(CERT)
    base = Paytable.from_dict(table["paytables"]["outlaw9"])
    for line, pay in out["tables"][0]["pays"].items():
        base = base.with_pay(line, pay)
    path = tmp_path / "found.toml"
    path.write_text(toml_text(base.name, "outlaw9", base.pays))
    assert main(["compare", str(CERT), "--paytable", str(path), "--json"]) == 0
    (compared,) = json.loads(capsys.readouterr().out)["paytables"]
    assert compared["results"]["house_edge"] == out["tables"][0]["house_edge"]


@pytest.mark.parametrize("args, words", [
    (["--edge-range", "2%"], "write LOW..HIGH"),
    (["--edge-range", "3%..2%"], "is above"),
    (["--edge-range", "1%..3%", "--step", "0.01"], "combinations of pays"),
    (["--edge-range", "1%..3%", "--step", "1/1000000000"], "pays on one line"),  # not listed
])
def test_a_bad_search_is_one_line(capsys, args, words):
    assert main(["solve", str(CERT), "--line", "full_house", "--line", "flush", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1
