"""The registry of bets (verifier/game/bets.py, docs/ARCHITECTURE.md): each named bet is
one module of verifier/bets/ that declares it, and no other code names it."""
import re
from pathlib import Path

import pytest

from verifier.game.bets import BETS, TABLE_READS, bet, registry

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [p for d in ("verifier", "cext") for p in (ROOT / d).rglob("*")
           if p.suffix in (".py", ".pyx", ".pxd", ".pxi", ".h", ".html", ".j2", ".js")]


def test_each_module_of_the_package_declares_one_bet_under_its_own_name():
    modules = sorted(p.stem for p in (ROOT / "verifier" / "bets").glob("*.py")
                     if not p.stem.startswith("_"))
    assert sorted(registry()) == modules


@pytest.mark.parametrize("name", list(BETS))
def test_a_bets_name_is_written_only_in_its_module(name):
    """Its data files, tests and docs aside (issue 34: the Tiger 9 test of the open game
    model): every layer finds it through the registry."""
    word = re.compile(rf"\b{name}\b(?!-)")     # (a rule set's name, outlaw9-mikes, apart)
    found = [str(p.relative_to(ROOT)) for p in SOURCES if word.search(p.read_text())]
    assert found == [f"verifier/bets/{name}.py"]


@pytest.mark.parametrize("name", list(BETS))
def test_a_bet_declares_what_the_table_and_the_data_need(name):
    from verifier.game.paytables import DATA_DIR, load
    b = BETS[name]
    assert load(DATA_DIR / b.file).bet == name
    if b.table and not b.table.envy:
        assert b.table.read_of or b.table.read in TABLE_READS[1:]
    if b.table:
        assert len(b.table.lines) <= 16             # the kernel's pay vector
        assert set(b.lines) <= set(b.table.lines)


def test_a_bet_is_found_by_an_alias(tmp_path):
    """By name lookup, and as a rule set's [bets] key (the rule set then names it by its
    name)."""
    from verifier.game.paytables import DATA_DIR
    from verifier.rules.rulesets import load
    assert bet("tiger_9") is BETS["tiger9"]
    path = tmp_path / "r.toml"
    path.write_text(f'base = "casino-standard"\nname = "aliased"\n[bets]\n'
                    f'tiger_9 = "{DATA_DIR / "tiger9.toml"}"\n')
    assert load(str(path)).bet_names() == ["tiger9"]
