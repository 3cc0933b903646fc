"""The bet plugin interface (verifier/game/hooks.py): a bet's hooks are checked as it
registers, and a bet ships as a package of its own, found through the entry-point group
``paigow_verifier.bets``: a throw-away package (a module and its ``*.dist-info`` with
``entry_points.txt``, put on PYTHONPATH) whose bet then appears in ``run``, ``check``,
``report`` and ``simulate``, with nothing of verifier/ edited.

Expectations: the throw-away bet, Tiger 8 (the dealer's front 8-high), has the count of
the house way's key histogram that a second route gives: the ``front`` read of every set
hand of the small deck (verifier/table/reads.py), which is no part of the certificate."""
import json
import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

from verifier.game.bets import FRONT_LINES, Bet, TableSide, register
from verifier.game.hooks import ENTRY_POINTS, check_hooks
from verifier.support.errors import VerifierError
from conftest import PACKAGE_PATH

DECK = "456789"

PLUGIN = '''"""Tiger 8: the dealer's front hand, as the house way sets it, 8-high."""
from pathlib import Path

from verifier.game.bets import FRONT_LINES, Bet, TableSide

NAME = "tiger8"


def _derive(source):
    from verifier.certificate.odds import odds_from_certificate
    return odds_from_certificate(source.raw, source.paytable(NAME)).to_dict()


def _note(cert, reading=None):
    return "Read on the dealer's front hand: an eight on top, no pair."


BET = Bet(NAME, "Tiger 8", "house-way", ("front_eight_high",),
          str(Path(__file__).with_name("tiger8.toml")), in_section=True, order=70,
          derive=_derive, note=_note,
          table=TableSide(NAME, "T8", read="front", lines=FRONT_LINES, banker=True, order=70))
'''

PAYTABLE = 'name = "Tiger 8, 40 to 1"\nbet = "tiger8"\nstatus = "example"\n[pays]\n' \
           'front_eight_high = 40\n'


def _package(folder: Path, name: str, value: str, module: str | None = None) -> None:
    """A distribution as an installer leaves it: the module and its dist-info."""
    info = folder / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\n{value}\n")
    if module is not None:
        (folder / f"{name}.py").write_text(module)


def _cli(folder: Path, *argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), PACKAGE_PATH]))
    # from ``folder``: `python -m` puts the working directory first on the path, and a
    # checkout's source tree there (not built in place) is not the package under test
    return subprocess.run([sys.executable, "-m", "verifier.cli", *argv], env=env, cwd=folder,
                          capture_output=True, text=True, timeout=600)


def _bet(**hooks) -> Bet:
    return Bet("hooked", "Hooked", "house-way", ("front_pair",), "", **hooks)


@pytest.mark.parametrize("hooks, hook", [
    ({"derive": lambda: {}}, "derive"),                           # takes no certificate
    ({"note": lambda cert, reading, more: ""}, "note"),          # a third argument
    ({"counts": lambda source: ((), "")}, "counts"),              # no bet
    ({"par_tables": "not a function"}, "par_tables"),
    ({"table": TableSide("hooked", "H", read_of=lambda: "front")}, "table.read_of"),
])
def test_a_bet_whose_hook_does_not_fit_its_protocol_is_refused_as_it_registers(hooks, hook):
    with pytest.raises(VerifierError, match=f"'hooked': its hook {hook} must be"):
        register(_bet(**hooks))


def test_hooks_that_fit_their_protocols_pass_and_what_is_no_bet_is_refused():
    check_hooks(_bet(derive=lambda source: {}, note=lambda cert, reading=None: "",
                     counts=lambda source, bet: ((), ""), par_bet=lambda cert: None,
                     table=TableSide("hooked", "H", read_of=lambda rules: "front")))
    with pytest.raises(VerifierError, match="is not a bet"):
        register("tiger8")                                        # type: ignore[arg-type]


@pytest.mark.slow
def test_a_bet_from_a_package_of_its_own_appears_in_run_report_and_simulate(tmp_path):
    from verifier.engine.table_hands import set_hands
    from verifier.game.cards import deck_of_ranks
    from verifier.rules.rulesets import load
    from verifier.table.limits import TableRules
    from verifier.table.reads import READS
    _package(tmp_path, "tiger8_bet", "tiger8 = tiger8_bet", PLUGIN)
    (tmp_path / "tiger8.toml").write_text(PAYTABLE)
    rules = tmp_path / "rules.toml"
    rules.write_text(f'base = "casino-standard"\nname = "tiger8-test"\n[bets]\n'
                     f'tiger8 = "{tmp_path / "tiger8.toml"}"\n')
    cert = tmp_path / "c.json"
    done = _cli(tmp_path, "run", "--rules", str(rules), "--deck-ranks", DECK, "--no-base-game",
                "--no-progress", "--out", str(cert))
    assert done.returncode == 0, done.stderr
    assert "Tiger 8" in done.stdout
    # the count by a second route: the table's front read of every hand the house way sets
    eight = 1 << FRONT_LINES.index("front_eight_high")
    hands = [list(h) for h in combinations(deck_of_ranks(DECK), 7)]
    sets = set_hands(hands, False, TableRules(rules=load("casino-standard").rules).house_way_number)
    expected = sum(READS["front"](s, None, None, None) == eight for s in sets)
    section = json.loads(cert.read_text())["sections"]["tiger8"]["results"]
    assert section["lines"][0]["hands"] == expected > 0
    done = _cli(tmp_path, "check", str(cert))
    assert done.returncode == 0 and "tiger8" in done.stdout, done.stderr
    done = _cli(tmp_path, "report", str(cert), "--format", "markdown")
    assert done.returncode == 0 and "## Tiger 8" in done.stdout, done.stderr
    done = _cli(tmp_path, "simulate", "--rules", str(rules), "--rounds", "500", "--seed", "1",
                "--no-progress", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["bets"]["tiger8"]["placed"] == 6 * 500


def test_an_entry_point_that_cannot_be_loaded_is_one_line(tmp_path):
    _package(tmp_path, "broken_bet", "broken = no_such_module_here")
    done = _cli(tmp_path, "simulate", "--rounds", "10", "--no-progress")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "paigow-verify: error: the bet 'broken' (no_such_module_here, entry point group "
        "paigow_verifier.bets) cannot be loaded: No module named 'no_such_module_here'"]


def test_entry_points_are_looked_for_only_where_a_distribution_declares_the_group(
        tmp_path, monkeypatch):
    """importlib.metadata is asked (and imported) only when a distribution on the path may
    declare the group; a zip file on the path is its to read."""
    from verifier.game import hooks
    _package(tmp_path / "none", "other", "tool = other")
    (tmp_path / "none" / "other-0.1.dist-info" / "entry_points.txt").write_text(
        "[console_scripts]\ntool = other:main\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "none"), str(tmp_path / "missing")])
    assert not hooks._may_declare(ENTRY_POINTS) and hooks._entry_points(ENTRY_POINTS) == []
    _package(tmp_path / "some", "tiger8_bet", "tiger8 = tiger8_bet")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "none"), str(tmp_path / "some")])
    assert hooks._may_declare(ENTRY_POINTS)
    assert [p.name for p in hooks._entry_points(ENTRY_POINTS)] == ["tiger8"]
    (tmp_path / "eggs.zip").write_bytes(b"PK\x05\x06" + bytes(18))     # an empty zip
    monkeypatch.setattr(sys, "path", [str(tmp_path / "eggs.zip")])
    assert hooks._may_declare(ENTRY_POINTS)
