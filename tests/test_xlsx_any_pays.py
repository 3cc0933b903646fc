"""The workbook is exact for any pays (issue 51): its bet sheets carry the category sets,
each paid its highest line as the engine pays it, so a pay edited in a cell, keeping the
pays' order or breaking it, gives `compare`'s figures. The workbook is recalculated by a
formula engine, the `formulas` package (the ``test`` extra), with the edits as its inputs;
each figure is held to `compare --json` on a pay-table file of the same pays (two
anchors typed in: Full House 4, the README's 22687/1101022; Full House 3.5 below Flush's
4, the issue's 2626921/77071540), and the operator figures to their closed forms
(docs/PARSHEET.md) worked here from `compare`'s return and variance."""
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import need
from verifier.cli import main
from verifier.game.paytables import line_title, toml_text

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
CERT = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
TITLES = {"outlaw9": "Outlaw 9 High or Better", "wrangler_push": "Wrangler Push"}
#: pays edited in the workbook: the filed table, pays in order, and pays out of order
#: (a full house paid below a flush, a dead Full House below Three of a Kind, a push
#: paid more than a push with a pair)
EDITS = {
    "outlaw9": [{}, {"full_house": "4"}, {"full_house": "3.5"},
                {"full_house": "2.5", "straight": "5"}, {"three_pairs": "9", "flush": "0.5"}],
    "wrangler_push": [{}, {"push_with_pair_of_3s_or_better": "0.5"}, {"push": "3"}],
}
ANCHORS = {("outlaw9", 1): Fraction(22687, 1101022), ("outlaw9", 2): Fraction(2626921, 77071540)}
Z95 = 1.959963984540054


def close(value, exact):
    return float(value) == pytest.approx(float(exact), rel=1e-11, abs=1e-13)


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    need("formulas")
    openpyxl = need("openpyxl", "test")
    out = tmp_path_factory.mktemp("xlsx") / "sheet.xlsx"
    assert main(["report", str(CERT), "--format", "xlsx", "--out", str(out)]) == 0
    return out, openpyxl.load_workbook(out)


class Recalculated:
    """The workbook in the formula engine, loaded once; ``at(inputs, cells)``: the values
    of ``cells`` ((sheet, "B7"), ...) with ``inputs`` ({(sheet, "C18"): value}) typed in."""

    def __init__(self, path):
        import formulas
        self.name = path.name
        self.model = formulas.ExcelModel().loads(str(path)).finish()

    def ref(self, sheet, cell):
        return f"'[{self.name}]{sheet.upper()}'!{cell}"

    def at(self, inputs, cells):
        refs = [self.ref(s, c) for s, c in cells]
        solution = self.model.calculate(
            inputs={self.ref(s, c): v for (s, c), v in inputs.items()}, outputs=refs)
        return {cell: _value(solution[r]) for cell, r in zip(cells, refs)}


def _value(ranges):
    value = ranges.value[0][0]
    return value if isinstance(value, str) else float(value)


@pytest.fixture(scope="module")
def recalc(book):
    return Recalculated(book[0])


def rows_by_title(ws, head, stop=None):
    """{column A: row} from the row after ``head`` (column A) to a blank or ``stop``."""
    start = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == head)
    rows, r = {}, start + 1
    while ws.cell(r, 1).value not in (None, stop):
        rows.setdefault(ws.cell(r, 1).value, r)
        r += 1
    return rows


def column_a(ws):
    """{column A: its first row}."""
    rows = {}
    for r in range(ws.max_row, 0, -1):
        rows[ws.cell(r, 1).value] = r
    return rows


def compared(tmp_path, capsys, bet, edits):
    """`compare --json` on one pay-table file per edit of the certificate's table."""
    from verifier import certificate
    from verifier.certificate.formula import default_table
    base = default_table(certificate.load(CERT), bet)
    args = ["compare", str(CERT), "--json"]
    for i, pays in enumerate(edits):
        table = base
        for line, pay in pays.items():
            table = table.with_pay(line, pay)
        path = tmp_path / f"{bet}-{i}.toml"
        path.write_text(toml_text(f"edit {i}", bet, table.pays))
        args += ["--paytable", str(path)]
    assert main(args) == 0
    return [t["results"] for t in json.loads(capsys.readouterr().out)["paytables"]]


@pytest.mark.parametrize("bet", list(EDITS))
def test_every_figure_equals_compare_at_pays_in_and_out_of_order(book, recalc, bet, tmp_path,
                                                                 capsys):
    results = compared(tmp_path, capsys, bet, EDITS[bet])
    wb = book[1]
    title = TITLES[bet]
    ws = wb[title]
    lines = rows_by_title(ws, "Line", "Sum")
    figures = rows_by_title(ws, "Figure")
    flag_row = column_a(wb["Par sheet"])[f"Flags: {title}"]
    operator = wb["Operator figures"]
    per_wager = rows_by_title(operator, "Wager")[title]
    blocks = column_a(operator)
    hold_at, band_at = blocks["Expected hold against drop"], next(
        r for a, r in blocks.items() if str(a).startswith("95% bands"))
    holds = [r for r in range(hold_at, band_at) if operator.cell(r, 1).value == title]
    bands = [r for r in range(band_at, operator.max_row + 1)
             if operator.cell(r, 1).value == title]
    for i, (pays, got) in enumerate(zip(EDITS[bet], results)):
        if (bet, i) in ANCHORS:
            assert Fraction(got["house_edge"]["exact"]) == ANCHORS[bet, i]
        inputs = {(title, f"C{lines[line_title(line)]}"): float(Fraction(pay))
                  for line, pay in pays.items()}
        cells = [(title, f"{c}{r}") for r in lines.values() for c in "DFG"]
        cells += [(title, f"B{r}") for r in figures.values()]
        cells += [("Par sheet", f"B{flag_row}")]
        cells += [("Operator figures", f"{c}{per_wager}") for c in "DGIKL"]
        cells += [("Operator figures", f"C{r}") for r in holds]
        cells += [("Operator figures", f"{c}{r}") for r in bands for c in "CDEG"]
        cells += [("Operator figures", f"{c}{r}") for r in bands for c in "HIJ"
                  if str(operator[f"{c}{r}"].value).startswith("=")]
        value = recalc.at(inputs, cells)
        for line in got["lines"] + [dict(got["loses"], category=None)]:
            r = lines[line_title(line["category"]) if line["category"] else "No line (loses)"]
            assert value[title, f"D{r}"] == line["hands"], (pays, line["category"])
            assert close(value[title, f"F{r}"], Fraction(line["probability"]["exact"]))
            assert close(value[title, f"G{r}"], Fraction(line["contribution"]["exact"]))
        ret, variance = Fraction(got["return"]["exact"]), Fraction(got["variance"]["exact"])
        want = {"Return per unit bet": ret, "House edge": -ret, "Return to player": 1 + ret,
                "Hit frequency": Fraction(got["hit_frequency"]["exact"]),
                "Variance": variance, "Standard deviation": math.sqrt(variance),
                "Volatility index": 1.6448536269514722 * math.sqrt(variance)}
        for name, r in figures.items():
            if name in want:
                assert close(value[title, f"B{r}"], want[name]), (pays, name)
        flag = value["Par sheet", f"B{flag_row}"]
        assert flag.startswith("returns more than 100%") == (ret > 0), (pays, flag)
        dead = [line_title(x["category"]) for x in got["lines"]
                if x["hands"] == 0 and Fraction(x["pay"]) > 0]
        assert all(f"{name}: paid on no hand" in flag for name in dead), (pays, flag)
        # the operator figures at 30 hands an hour and $25 a wager, worked from compare's
        h, w, edge = 30, 25, -ret
        per = {c: value["Operator figures", f"{c}{per_wager}"] for c in "DGIKL"}
        assert close(per["D"], edge) and close(per["G"], h * w * edge)
        assert close(per["I"], h * w * w * variance)
        assert close(per["K"], math.sqrt(variance) * w)
        assert close(per["L"], math.sqrt(h * w * w * variance))
        assert [value["Operator figures", f"C{r}"] for r in holds] == pytest.approx(
            [float(edge * k) for k in (1, 3, 5)], rel=1e-11)
        for r, n in zip(bands, (100, 1000, 10_000, 30, 240, 1200, 6000)):
            band = {c: value.get(("Operator figures", f"{c}{r}")) for c in "CDEGHI"}
            mean, var = n * w * edge, n * w * w * variance
            assert band["C"] == n and band["D"] == n * w and close(band["E"], mean)
            assert close(band["G"], var)
            # the exact distribution's quantiles stand while the pays are the certified
            # ones; an edited pay turns the band into the normal approximation of the cells
            label = value.get(("Operator figures", f"J{r}"), operator[f"J{r}"].value)
            if pays:
                assert label == "normal approximation, of the cells", (pays, label)
            if label == "normal approximation, of the cells":
                assert close(band["H"], float(mean) - Z95 * math.sqrt(var))
                assert close(band["I"], float(mean) + Z95 * math.sqrt(var))
            else:
                assert not pays and "as certified" in label


def test_the_designers_loop_search_load_edit_past_the_order_recalculate(tmp_path, capsys):
    """Issue 51's loop, as the workbench runs it: search Full House, Flush and Straight for
    an edge of 1.5% to 2.5% (the workbench's search, `solve --edge-range`'s function),
    load the first table into the grid, download its workbook, edit it past the pay
    order there (Straight above Flush, Full House below Three of a Kind: a dead line),
    recalculate it, and every figure of the bet equals `compare`'s on the same pays."""
    need("formulas")
    from verifier.certificate.model import read
    from verifier.web import editor
    cert = read(CERT)
    _, now, _ = editor.vocabulary(cert, "outlaw9")
    found = editor.search(cert, "outlaw9", now, ["full_house", "flush", "straight"], "1.5%",
                          "2.5%", "0.5")
    assert found["tables"] and "with a dead line" in found["left_out"]
    loaded = dict(now, **found["tables"][0]["pays"])           # "Load"
    path = tmp_path / "designed.xlsx"
    path.write_bytes(editor.parsheet(cert, "xlsx", "outlaw9", loaded))
    import openpyxl
    ws = openpyxl.load_workbook(path)["Outlaw 9 High or Better"]
    assert "not filed" in ws["A2"].value
    lines = rows_by_title(ws, "Line", "Sum")
    figures = rows_by_title(ws, "Figure")
    for line, pay in loaded.items():
        assert ws[f"C{lines[line_title(line)]}"].value == float(Fraction(pay))
    edited = dict(loaded, straight="6", full_house="2")            # past the pay order
    assert Fraction(edited["straight"]) > Fraction(edited["flush"])
    value = Recalculated(path).at(
        {("Outlaw 9 High or Better", f"C{lines[line_title(x)]}"): float(Fraction(edited[x]))
         for x in ("straight", "full_house")},
        [("Outlaw 9 High or Better", f"{c}{r}") for r in lines.values() for c in "DF"]
        + [("Outlaw 9 High or Better", f"B{r}") for r in figures.values()])
    (got,) = compared(tmp_path, capsys, "outlaw9", [edited])
    title = "Outlaw 9 High or Better"
    for line in got["lines"] + [dict(got["loses"], category=None)]:
        r = lines[line_title(line["category"]) if line["category"] else "No line (loses)"]
        assert value[title, f"D{r}"] == line["hands"], line["category"]
        assert close(value[title, f"F{r}"], Fraction(line["probability"]["exact"]))
    assert value[title, f"D{lines['Full House']}"] == 0            # paid as three of a kind
    for name, key in (("House edge", "house_edge"), ("Hit frequency", "hit_frequency"),
                      ("Variance", "variance"), ("Return per unit bet", "return")):
        assert close(value[title, f"B{figures[name]}"], Fraction(got[key]["exact"])), name


def test_emperors_challenge_recalculates_without_an_error_at_pays_out_of_order(tmp_path,
                                                                                capsys):
    """Seed 004's workbook (Pai Gow Insurance, Emperor's Treasure, the Envy Bonus's
    dollars, the base game under a commission): no cell of it recalculates to an error;
    Emperor's Treasure with its two highest pays swapped (out of order) gives `compare`'s
    return, hit frequency and variance."""
    formulas = need("formulas")
    import openpyxl
    from verifier import certificate
    from verifier.certificate.formula import default_table
    cert = ROOT / "proofs" / "certificates" / "emperors-challenge.json"
    path = tmp_path / "emperors.xlsx"
    assert main(["report", str(cert), "--format", "xlsx", "--out", str(path)]) == 0
    capsys.readouterr()
    every = formulas.ExcelModel().loads(str(path)).finish().calculate()
    errors = {k: v.value[0][0] for k, v in every.items() if hasattr(v, "value")
              and isinstance(v.value[0][0], formulas.XlError)}
    assert not errors
    wb = openpyxl.load_workbook(path)
    title = "Emperor\u2019s Treasure"
    ws = wb[title]
    lines = rows_by_title(ws, "Line", "Sum")
    figures = rows_by_title(ws, "Figure")
    table = default_table(certificate.load(cert), "emperors_treasure")
    (a, pa), (b, pb) = table.pays[:2]
    swapped = table.with_pay(a, pb).with_pay(b, pa)
    file = tmp_path / "swapped.toml"
    file.write_text(toml_text("swapped", "emperors_treasure", swapped.pays))
    assert main(["compare", str(cert), "--paytable", str(file), "--json"]) == 0
    (got,) = [t["results"] for t in json.loads(capsys.readouterr().out)["paytables"]]
    value = Recalculated(path).at(
        {(title, f"C{lines[line_title(a)]}"): float(pb),
         (title, f"C{lines[line_title(b)]}"): float(pa)},
        [(title, f"B{r}") for r in figures.values()])
    for name, key in (("Return per unit bet", "return"), ("Hit frequency", "hit_frequency"),
                      ("Variance", "variance")):
        assert close(value[title, f"B{figures[name]}"], Fraction(got[key]["exact"])), name
