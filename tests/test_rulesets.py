"""Rule sets (verifier/rules/rulesets.py, docs/RULESETS.md): shipped bundles, files, --rules,
and their certificates."""
import json

import pytest

from verifier.support.errors import VerifierError

from verifier import certificate
from verifier.rules import rulesets
from verifier.engine.backend import PURE_PYTHON
from verifier.game.cards import parse_cards
from verifier.cli import main
from verifier.rules.rulesets import RuleSetError

RANKS = "JQKA" if PURE_PYTHON else "9TJQKA"


def test_shipped_rule_sets():
    assert rulesets.names() == ["outlaw9-mikes", "casino-standard", "emperors-challenge",
                                "commission-free", "ez-pai-gow", "ez-pai-gow-california",
                                "face-up"]
    default = rulesets.load()
    assert default.name == "outlaw9-mikes"
    assert default.rules == rulesets.load("outlaw9-mikes").rules
    from verifier.rules.readings import Rules
    assert default.rules == Rules()                     # the old defaults, unchanged
    from verifier.table.fees import PLAYER_FEE_TIERS
    assert default.settlement["kind"] == "fees"
    assert [tuple(t) for t in default.settlement["player_tiers"]] == list(PLAYER_FEE_TIERS)
    assert default.bet_names() == ["outlaw9", "wrangler_push"]
    casino = rulesets.load("casino-standard")
    assert (casino.wheel, casino.house_way, casino.settlement) == \
        ("second", "mikes", {"kind": "commission", "commission": "0.05"})
    assert casino.house_ways == ("mikes", "emperors") and casino.bets == ()
    emp = rulesets.load("emperors-challenge")
    assert emp.house_way == "emperors" and emp.settlement["commission"] == "0.05"
    assert emp.bet_names() == ["pai_gow_insurance", "emperors_treasure", "envy_bonus"]
    assert all(t.is_example for t in emp.paytables().values())


def test_casino_standard_wheel_is_second_highest(engine):
    # Seed 002: A-2-3-4-5 is the second-highest straight and (footnote) the highest
    # straight flush but one (docs/RULES.md reads both as "just below A-K-Q-J-10").
    second = rulesets.load("casino-standard").rules.wheel == "second"
    assert second

    def key(text):
        return engine.eval5(parse_cards(text, 5), second)
    assert key("9c Td Jh Qs Kd") < key("Ac 2d 3h 4s 5c") < key("Tc Jd Qh Ks Ad")
    assert key("9s Ts Js Qs Ks") < key("As 2s 3s 4s 5s") < key("Ts Js Qs Ks As")
    low = rulesets.load("outlaw9-mikes").rules.wheel == "second"
    assert engine.eval5(parse_cards("Ac 2d 3h 4s 5c", 5), low) < \
        engine.eval5(parse_cards("2c 3d 4h 5s 6c", 5), low)


def test_user_file_overrides_a_shipped_rule_set(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('base = "casino-standard"\nhouse_way = "emperors"\nwheel = "lowest"\n'
                 '[settlement]\ncommission = "0.04"\n')
    rs = rulesets.load(str(f))
    assert rs.name == "mine" and rs.house_way == "emperors" and rs.wheel == "lowest"
    assert rs.settlement == {"kind": "commission", "commission": "0.04"}
    f.write_text('house_way = "nowhere"\n')
    with pytest.raises(RuleSetError, match="unknown house_way 'nowhere'"):
        rulesets.load(str(f))
    f.write_text('[bets]\n"Keno!" = "x.toml"\n')   # a custom bet's name is snake case
    with pytest.raises(RuleSetError, match="unknown bet 'Keno!'"):
        rulesets.load(str(f))
    with pytest.raises(RuleSetError, match="unknown rule set 'nope'"):
        rulesets.load("nope")


def test_house_way_override(capsys):
    # issue 10: the command line's house way overrides the rule set's, for any rule set;
    # one the rule set does not offer is added to its house_ways (the game was changed)
    emp = rulesets.load("emperors-challenge").with_overrides(house_way="mikes")
    assert emp.rules.house_way == "mikes" and emp.house_ways == ("emperors", "mikes")
    with pytest.raises(VerifierError, match="unknown house way 'nowhere'"):
        rulesets.load("emperors-challenge").with_overrides(house_way="nowhere")
    casino = rulesets.load("casino-standard").with_overrides(house_way="emperors")
    assert casino.rules.house_way == "emperors"
    assert main(["hand", "As Ah Ad Ac Jk Kd Ks", "--rules", "emperors-challenge", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["front"] == "Kd Ks" and out["rules"]["house_way"] == "emperors"
    assert main(["hand", "As Ah Ad Ac Jk Kd Ks", "--rules", "outlaw9-mikes",
                 "--house-way", "emperors", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["front"] == "Kd Ks"   # Emperor's row 1


def test_rules_command(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in rulesets.names():
        line = next(l for l in out.splitlines() if l.startswith(name))
        assert len(line.split(None, 1)[1]) > 20
    assert main(["rules", "emperors-challenge"]) == 0
    out = capsys.readouterr().out
    # issue 51: the status said once, names with their keys beside, the Jackpot listed
    assert "example (not filed)" in out and "[example, not filed]" not in out
    assert "Emperor's Treasure (emperors_treasure)" in out
    assert "Emperor's Challenge Jackpot (example) (jackpot)" in out
    assert "bonus reading" in out and "bonus read." not in out
    assert main(["rules", "ez-pai-gow"]) == 0
    out = capsys.readouterr().out
    assert "pushes when the banker's hand is a queen-high pai gow" in out
    assert "seeds          none" in out


@pytest.mark.parametrize("name", ["outlaw9-mikes", "casino-standard", "emperors-challenge",
                                  "ez-pai-gow", "commission-free"])
def test_certificates_pass_check_reduced_deck(tmp_path, capsys, name):
    out = tmp_path / "c.json"
    extra = [] if PURE_PYTHON else ["--base-game"]
    assert main(["run", "--rules", name, "--deck-ranks", RANKS, "--no-progress",
                 "--out", str(out), *extra]) == 0
    cert = certificate.load(out)
    assert certificate.check(cert) == []
    assert cert["sections"]["rule_set"]["results"]["name"] == name
    if not PURE_PYTHON:
        assert "base_game" in cert["sections"]
    if name == "emperors-challenge":
        for s in ("pai_gow_insurance", "emperors_treasure", "envy_bonus"):
            assert s in cert["sections"]
    capsys.readouterr()
    assert main(["check", str(out), "--rules", name]) == 0
    other = "casino-standard" if name != "casino-standard" else "outlaw9-mikes"
    assert main(["check", str(out), "--rules", other]) == 2


def test_tampered_rule_set_sections_fail_check(tmp_path):
    out = tmp_path / "c.json"
    assert main(["run", "--rules", "emperors-challenge", "--deck-ranks", RANKS,
                 "--no-progress", "--out", str(out)]) == 0
    cert = certificate.load(out)
    # a changed Treasure pay, re-hashed: the stored results no longer re-derive
    cert["sections"]["emperors_treasure"]["paytable"]["lines"][-1]["pay"] = "3"
    certificate.seal(cert)
    fields = [m.field for m in certificate.check(cert)]
    assert any(f.startswith("sections.emperors_treasure.results") for f in fields)
    assert any(f.startswith("sections.envy_bonus.results") for f in fields)
    # a rule set whose readings are not the certificate's
    cert = certificate.load(out)
    cert["sections"]["rule_set"]["definition"]["house_way"] = "mikes"
    cert["sections"]["rule_set"]["definition"]["house_ways"] = ["mikes"]
    certificate.seal(cert)
    assert any(m.field == "sections.rule_set" for m in certificate.check(cert))


@pytest.mark.full
@pytest.mark.parametrize("name", ["outlaw9-mikes", "casino-standard", "emperors-challenge"])
def test_certificates_pass_check_full_deck(tmp_path, name):
    out = tmp_path / "c.json"
    assert main(["run", "--rules", name, "--no-progress", "--out", str(out)]) == 0
    cert = certificate.load(out)
    assert certificate.check(cert) == []
    assert cert["total_hands"] == 154_143_080
    if name == "emperors-challenge":
        counts = cert["sections"]["pai_gow_insurance"]["results"]["alternative"]["counts"]
        assert counts["jack_high"] == 963_480
        assert cert["counts"]["fouls"] == 0


def test_a_user_file_without_description_says_what_it_changes(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('base = "casino-standard"\nhouse_way = "emperors"\nwheel = "lowest"\n'
                 '[settlement]\ncommission = "0.04"\n')
    description = rulesets.load(str(f)).description
    assert description.startswith("casino-standard rule set, changed: ")
    for change in ("house_way = emperors", "wheel = lowest", "settlement commission = 0.04"):
        assert change in description
    assert "Casino game (seed 002)" not in description     # not the base's own words


def test_a_user_files_bets_are_found_beside_it_not_in_the_working_directory(tmp_path,
                                                                            monkeypatch):
    folder = tmp_path / "rules"
    folder.mkdir()
    treasure = rulesets.DATA_DIR / "emperors_treasure_example.toml"
    (folder / "mine_treasure.toml").write_text(treasure.read_text())
    (folder / "mine.toml").write_text('base = "emperors-challenge"\n'
                                      '[bets]\nemperors_treasure = "mine_treasure.toml"\n')
    monkeypatch.chdir(tmp_path)                 # the file is not in the working directory
    rs = rulesets.load("rules/mine.toml")
    assert rs.paytable_path("emperors_treasure") == folder / "mine_treasure.toml"


def test_a_missing_bet_file_is_refused_at_load_naming_the_path_as_written(tmp_path, capsys):
    from verifier.cli import main
    f = tmp_path / "mine.toml"
    f.write_text('base = "emperors-challenge"\n[bets]\nemperors_treasure = "nope/t.toml"\n')
    with pytest.raises(RuleSetError, match=r"bet emperors_treasure: pay table file not found: "
                                            r"nope/t\.toml"):
        rulesets.load(str(f))
    assert main(["rules", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == ""                            # nothing printed before the error
    assert "site-packages" not in err and len(err.splitlines()) == 1
