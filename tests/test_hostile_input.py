"""Hostile input, round two (issue 25): the new doors (house-way files, rule sets,
strategy work, keys) hold like the old ones. One test per cause the issue lists, named for
it; each bad input is one line ``paigow-verify: error: ...``, exit 2, nothing on stdout."""
import pytest

from verifier.cli import main
from verifier.houseway import HouseWayError, loads

H7 = "As Ah Ad Jk Ks 9s 4s"
ROW = 'name = "r"\nhand = "no-pair"\nfront = "highest"\n'


def one_line_error(argv, capsys, contains=""):
    assert main([str(a) for a in argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith("paigow-verify: error: ")
    assert contains in line, line
    return line


# ------------------------------------------- house-way values of the wrong type (17 probes)

@pytest.mark.parametrize("text, named", [
    ('[readings]\njoker = ["x"]\n[[rows]]\n' + ROW, "joker"),
    ('[readings]\nties = {a = 1}\n[[rows]]\n' + ROW, "ties"),
    ('[[rows]]\nname = "r"\nhand = [["pair"]]\nfront = "highest"\n', "hand"),
    ('[[rows]]\n' + ROW + 'back = {x = 1}\n', "back"),
    ('[[rows]]\n' + ROW + 'improves_on = ["flush"]\n', "improves_on"),
    ('[[rows]]\n' + ROW + 'when = ["a"]\n', "when"),
])
def test_a_house_way_value_of_the_wrong_type_is_one_line(text, named, tmp_path, capsys):
    with pytest.raises(HouseWayError, match=named):
        loads(text, "hw.toml")
    path = tmp_path / "hw.toml"
    path.write_text(text)
    one_line_error(["hand", H7, "--house-way", path], capsys, named)


# ------------------------- rows the loader accepted and the compiled route refused (16)

def test_a_condition_the_compiled_route_cannot_run_is_refused_by_the_loader():
    with pytest.raises(HouseWayError, match="line 5: when: pairs is a list"):
        loads('[[rows]]\n' + ROW + 'when = "pairs"\n', "hw.toml")


def test_more_rank_bands_than_the_compiled_route_holds_are_refused_by_the_loader():
    from verifier.houseway.conditions import NUMBER_FEATURES
    from verifier.houseway.fileformat import MAX_BANDS
    bands = "".join(f'{f} = "2-A"\n' for f in NUMBER_FEATURES[:MAX_BANDS + 1])
    if len(NUMBER_FEATURES) <= MAX_BANDS:
        pytest.skip("fewer rank features than the compiled route's bands")
    with pytest.raises(HouseWayError, match="rank bands"):
        loads('[[rows]]\n' + ROW + bands, "hw.toml")


def test_a_condition_over_the_compiled_routes_length_is_refused_by_the_loader():
    long = " or ".join(["2<3"] * 70)            # 486 characters, 419 codes
    with pytest.raises(HouseWayError, match="too long"):
        loads('[[rows]]\n' + ROW + f'when = "{long}"\n', "hw.toml")


def test_every_shipped_house_way_passes_the_loaders_compiled_route_checks():
    from verifier.houseway import load, names
    for name in names():
        load(name)
