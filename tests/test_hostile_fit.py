"""Hostile input at ``house-ways fit`` (issue 35): a file declaring more combinations than
the stated limit is refused before the first is built or run; a target table is checked
as a whole, the fields the comparison does not use too."""
import time

import pytest

from conftest import one_line_error
from verifier.cli import main
from test_fit_targets import PUBLISHED, target, trump_variants


def points(n):
    """``n`` [variants] points of two alternatives each: 2**n combinations."""
    return "".join(f"[variants.p{i}]\nkept = []\nleft_out = [1]\n" for i in range(n))


@pytest.mark.parametrize("n,count", [(40, "1,099,511,627,776"), (13, "8,192")])
def test_more_combinations_than_the_limit_are_refused_before_the_first(n, count, tmp_path,
                                                                      capsys):
    path = trump_variants(tmp_path, points(n))
    start = time.process_time()          # this process's CPU: a loaded machine does not fail it
    one_line_error(["house-ways", "fit", path, "--target", PUBLISHED, "--no-progress"],
                   capsys, f"trump-plaza: {count} combinations of its {n} declared "
                           "alternatives (at most 4,096 are fitted): vary fewer with --only")
    assert time.process_time() - start < 2


@pytest.mark.parametrize("extra,says", [
    ("nan", "not a target table: nan is not a number this tool reads"),  # as parsed
    ("1e999", "not a target table: the number 1e999 is out of range"),
    ('"1e999"', "line 3: '1e999' is not a figure as printed"),
    ("true", "line 3: 'True' is not a figure as printed"),
    ("[1]", "line 3: '[1]' is not a figure as printed")])
def test_a_rows_further_items_are_checked_though_not_compared(extra, says, tmp_path,
                                                              capsys):
    path = target(tmp_path, "two_card", [f'["3,2", 221460, {extra}]'])
    one_line_error(["house-ways", "fit", "trump-plaza", "--target", path, "--no-progress"],
                   capsys, f"{path}: {says}")


@pytest.mark.parametrize("head,says", [
    ("house_way = 3\n", "house_way = '3' is not text"),
    ('source = ["x"]\n', "source = \"['x']\" is not text"),
    ('housway = "trump-plaza"\n', "unknown key 'housway'")])
def test_a_target_is_checked_as_a_whole(head, says, tmp_path, capsys):
    path = target(tmp_path, "two_card", ['["3,2", 221460]'])
    path.write_text(head + path.read_text())
    one_line_error(["house-ways", "fit", "trump-plaza", "--target", path, "--no-progress"],
                   capsys, f"{path}: {says}")


def test_a_target_of_another_house_way_is_named_not_used_without_a_word(capsys):
    # the Trump Plaza table (house_way = "trump-plaza") held against Mike's house way
    assert main(["house-ways", "fit", "mikes", "--target", str(PUBLISHED), "--json",
                 "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert err == (f"paigow-verify: warning: {PUBLISHED} is a table of house way "
                   "'trump-plaza', held here against house way 'mikes'\n")
