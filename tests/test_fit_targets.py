"""`house-ways fit` targets beyond the two-card table (docs/POWER_RATINGS.md): five-card
rows, back hands by class, the hands of each row of the house way, the base game's win,
push and loss; declared [variants] of rows (docs/HOUSE_WAYS.md); one line for bad input;
and `fit` on every shipped house way.

The expectations come from elsewhere than the code under test: closed forms of the deck
(five aces: the four aces, the joker and any two of the other 48 cards, C(48,2) = 1,128
hands; with a pair of kings beside them, C(4,2) = 6), the Trump Plaza text ("five aces:
split, unless a pair of kings can go in front"), the shipped casino-standard certificate's
base-game counts (house way mikes by the engine's compiled-in route, held by `check` and by
test_shipped_certificates.py), and, for mikes and emperors, the compiled-in route of the
engine (a second implementation of the same charts).
"""
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import one_line_error
from verifier.cli import main

ROOT = Path(__file__).parent.parent
TRUMP = ROOT / "verifier" / "data" / "house_ways" / "trump-plaza.toml"
PUBLISHED = ROOT / "examples" / "published" / "trump_plaza_power_ratings.toml"
CERTS = ROOT / "proofs" / "certificates"
TOTAL = math.comb(53, 7)
FIVE_ACES = math.comb(48, 2)            # 1,128
WITH_KINGS = math.comb(4, 2)            # 6


def run_json(argv, capsys):
    assert main([str(a) for a in argv] + ["--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def target(tmp_path, table, rows, name="target.toml"):
    path = tmp_path / name
    path.write_text(f'table = "{table}"\nrows = [\n' + "".join(f"  {r},\n" for r in rows)
                    + "]\n")
    return path


def published_rows(tmp_path):
    """The published Trump Plaza rows as a table of no stated house way: one to hold any
    house way against (the file itself, of house_way "trump-plaza", is refused against
    another, issue 52)."""
    path = tmp_path / "trump_plaza_rows.toml"
    path.write_text("".join(line for line in PUBLISHED.read_text().splitlines(True)
                            if not line.startswith("house_way")))
    return path


def trump_variants(tmp_path, variants, rows_extra="", options=False):
    """The shipped trump-plaza file with [variants] (and without its readings options
    unless asked: card-by-card visits every hand, 7 s)."""
    text = TRUMP.read_text()
    if not options:
        start = text.index("[readings.options]")
        text = text[:start] + text[text.index("[readings.notes]"):]
    head = text.index("[[rows]]")
    path = tmp_path / "tp-variants.toml"
    path.write_text(text[:head] + variants + "\n" + text[head:] + rows_extra)
    return path


FIVE_ACES_SPLIT = """[variants.five_aces]
with_kings_kept = []
always_split = [1]
"""


@pytest.mark.compiled
@pytest.mark.slow
def test_row_counts_back_hands_and_five_card_rows_against_closed_forms(tmp_path, capsys):
    """Trump Plaza's row 1 (five aces kept with a pair of kings) sets C(4,2) = 6 hands,
    row 2 (five aces split) the other 1,122; five aces stay behind in 6 hands. Under the
    variant that leaves row 1 out, every five-aces hand is split: 0 behind, row 2 all
    1,128."""
    path = trump_variants(tmp_path, FIVE_ACES_SPLIT)
    rows = target(tmp_path, "rows", [f'["1", {WITH_KINGS}]', f'[2, {FIVE_ACES - WITH_KINGS}]'])
    data = run_json(["house-ways", "fit", path, "--target", rows], capsys)
    assert data["table"] == "rows"
    assert data["combinations"] == [
        {"readings": {}, "variants": {"five_aces": "with_kings_kept"}, "reproduced": 2},
        {"readings": {}, "variants": {"five_aces": "always_split"}, "reproduced": 0}]
    back = target(tmp_path, "back_hand", [f'["five_aces", {WITH_KINGS}]'], "back.toml")
    data = run_json(["house-ways", "fit", path, "--target", back], capsys)
    assert [c["reproduced"] for c in data["combinations"]] == [1, 0]
    five = target(tmp_path, "five_card", [f'["five aces", 0]', '["royal flush", 0]'],
                  "five.toml")
    data = run_json(["house-ways", "fit", path, "--target", five], capsys)
    # split always: no five aces behind; a royal flush is always played somewhere
    assert data["combinations"][0] == {"readings": {}, "variants": {"five_aces": "always_split"},
                                       "reproduced": 1}
    assert data["differences"]["rows"][0]["hand"] == "royal flush"


@pytest.mark.compiled
def test_a_variant_adds_its_own_rows(tmp_path, capsys):
    """A row with variant = "POINT=ALTERNATIVE" is there only under that alternative:
    here five aces are kept behind with any pair in front (a row added before row 1): the
    hands of five aces whose other two cards are a pair, 12 ranks * C(4,2) = 72 hands,
    the kings' 6 among them. As written, only those 6 are kept."""
    extra = ('\n[[rows]]\nname = "five aces with any pair: kept"\nrow = 23\n'
             'variant = "five_aces=kept_with_any_pair"\nhand = "five-aces"\n'
             'when = "pair >= 2"\nfront = ["pair", "pair"]\n')
    text = trump_variants(tmp_path, "[variants.five_aces]\nas_written = []\n"
                                    "kept_with_any_pair = []\n").read_text()
    head = text.index("[[rows]]")
    path = tmp_path / "tp-any-pair.toml"
    path.write_text(text[:head] + extra.lstrip() + "\n" + text[head:])
    back = target(tmp_path, "back_hand", [f'["five_aces", {12 * math.comb(4, 2)}]'])
    data = run_json(["house-ways", "fit", path, "--target", back], capsys)
    assert {c["variants"]["five_aces"]: c["reproduced"] for c in data["combinations"]} == {
        "kept_with_any_pair": 1, "as_written": 0}


@pytest.mark.compiled
@pytest.mark.full
def test_base_game_target_against_the_shipped_certificate(tmp_path, capsys):
    """The mikes file (the file route) against the casino-standard certificate's base
    game (the compiled-in mikes, A-2-3-4-5 second): every count of pairs equal; and as
    printed decimals, rounded to the printed digits."""
    counts = json.loads((CERTS / "casino-standard.json").read_text())[
        "sections"]["base_game"]["counts"]
    rows = [f'["{k}", {counts[k]}]' for k in ("win", "push", "loss")]
    data = run_json(["house-ways", "fit", "mikes", "--target",
                     target(tmp_path, "base_game", rows)], capsys)
    assert data["combinations"] == [{"readings": {}, "reproduced": 3}]
    printed = [f'["{k}", "{100 * counts[k] / counts["total"]:.4f}%"]'
               for k in ("win", "push", "loss")]
    exact = run_json(["house-ways", "fit", "mikes", "--target",
                      target(tmp_path, "base_game", printed, "printed.toml")], capsys)
    assert exact["combinations"] == [{"readings": {}, "reproduced": 3}]


def test_printed_decimals_hold_by_their_digits():
    from verifier.odds.ratings import Printed, holds
    p = Printed("28.61%", Fraction(2861, 10000), Fraction(1, 20000))
    assert holds(Fraction(286131, 1000000), p) and not holds(Fraction(2855, 10000), p)
    assert holds(Fraction(28615, 100000), p)          # halfway holds either way


@pytest.mark.parametrize("table, rows, contains", [
    ("base_game", ['["tie", 5]'], "line 3: unknown base-game row 'tie'"),
    ("base_game", ['["win", -5]'], "line 3: count -5 is negative"),
    ("base_game", ['["win", 0.2861]'], "line 3: 0.2861: write a count of pairs"),
    ("base_game", ['["win", "1/2"]', '["push", "1/4"]', '["loss", "1/8"]'],
     "add up to 7/8, not 1"),
    ("base_game", ['["win", "3/2"]'], "line 3: 3/2 is not a probability"),
    ("base_game", ['["win", 1]', '["push", 2]', '["loss", 3]'],
     "add up to 6, not 8,250,459,031,214,400"),
    ("back_hand", ['["six_aces", 1]'], "line 3: unknown back-hand row 'six_aces'"),
    ("back_hand", ['["high_card", 1.5]'], "line 3: count 1.5 is not a whole number"),
    ("back_hand", [f'["{c}", 1]' for c in (
        "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
        "full_house", "four_of_a_kind", "straight_flush", "five_aces")],
     "add up to 10, not 154,143,080"),
    ("rows", ['["23", 1]'], "line 3: unknown rows row '23'"),
    ("rows", ['["1", -1]'], "line 3: count -1 is not a whole number"),
    ("rows", ['["1", 154143081]'], "more than 154,143,080"),
])
def test_bad_targets_are_one_line_naming_file_and_line(table, rows, contains, tmp_path,
                                                        capsys):
    path = target(tmp_path, table, rows)
    line = one_line_error(["house-ways", "fit", "trump-plaza", "--target", path,
                           "--no-progress"], capsys, contains)
    assert str(path) in line


@pytest.mark.parametrize("variants, extra, contains", [
    ("[variants.five_aces]\nkept = []\nsplit = [1, 99]\n", "",
     "split leaves out row 99, which the file does not have"),
    ("[variants.five_aces]\nkept = []\n", "", "two or more alternatives"),
    ("[variants.five_aces]\nkept = []\nsplit = [\"1\"]\n", "", "list of the row labels"),
    ("[variants.five_aces]\nkept = []\nsplit = [1]\n",
     '\n[[rows]]\nname = "x"\nvariant = "five_aces=other"\nhand = "no-pair"\n'
     'front = "highest"\n', "names no alternative of [variants]"),
])
def test_bad_variants_are_one_line_naming_file_and_line(variants, extra, contains,
                                                         tmp_path, capsys):
    path = trump_variants(tmp_path, variants, extra)
    text = path.read_text()
    line = one_line_error(["house-ways", "ratings", path, "--no-progress"], capsys, contains)
    assert f"{path}: line " in line
    number = int(line.split(f"{path}: line ")[1].split(":")[0])
    wanted = {"99": "split =", "two or more": "[variants.five_aces]",
              "label": "split =", "names no": "variant ="}
    key = next(k for k in wanted if k in contains)
    assert wanted[key] in text.splitlines()[number - 1]


def test_fit_only_names_declared_points(tmp_path, capsys):
    path = trump_variants(tmp_path, FIVE_ACES_SPLIT)
    one_line_error(["house-ways", "fit", path, "--target", PUBLISHED, "--only", "joker",
                    "--no-progress"], capsys, "declares no alternatives for it")


@pytest.mark.compiled
@pytest.mark.parametrize("name", ["mikes", "emperors", "foxwoods", "ballys-atlantic-city",
                                  "golden-nugget", "flamingo-hilton"])
def test_fit_works_on_every_shipped_house_way(name, tmp_path, capsys):
    """fit runs on each shipped house way (trump-plaza, whose alternative visits every
    hand, in test_power_ratings.py's full test) against the published Trump Plaza rows:
    the in-force combination's figures are those `house-ways ratings` prints, and for
    mikes and emperors those of the engine's compiled-in route."""
    data = run_json(["house-ways", "fit", name, "--target", published_rows(tmp_path)],
                    capsys)
    assert [c["readings"] for c in data["combinations"]] == [{}]
    if name in ("mikes", "emperors"):
        from verifier.engine.enumeration import enumerate_hands
        from verifier.odds.ratings import power_ratings
        from verifier.rules.readings import Rules
        result = enumerate_hands(Rules(wheel="second", house_way=name))   # built in
        two = {r["hand"]: r["hands"] for r in
               power_ratings(result.key_histogram, True)["two_card"]}
    else:
        ratings = run_json(["house-ways", "ratings", name], capsys)
        two = {r["hand"]: r["hands"] for r in ratings["two_card"]}
    from verifier.support.toml import tomllib
    published = {h: n for h, n, *_ in tomllib.loads(PUBLISHED.read_text())["rows"]}
    differ = {h: two[h] for h, n in published.items() if two[h] != n}
    assert data["combinations"][0]["reproduced"] == len(published) - len(differ)
    assert {r["hand"]: r["mine"] for r in data["differences"]["rows"]} == differ


def test_the_variant_in_force_is_a_reading_of_the_certificates(tmp_path):
    """The alternative in force of each point is written beside the readings (the
    certificate's rules, `house_way variant: POINT`), and with_variants changes the rows."""
    from verifier.houseway import load
    hw = load(str(trump_variants(tmp_path, FIVE_ACES_SPLIT)))
    assert hw.readings_dict()["variant: five_aces"]["value"] == "with_kings_kept"
    split = hw.with_variants({"five_aces": "always_split"})
    assert [r.label for r in split.rows] == list(range(2, 23))
    assert split.readings_dict()["variant: five_aces"]["text"].startswith(
        "of [variants.five_aces] (with_kings_kept, always_split): rows 1 left out")
