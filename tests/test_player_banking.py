"""When a player banks (issue 27, items 1 and 2): the ``[bank]`` table of the casino rule
sets, the readings that apply only where players bank, and the banker's exact figures
(verifier/odds/basegame.py ``player_bank``) in ``run --json``, the certificates (re-derived
by ``check``) and the par sheet.

The figures are held to numbers from elsewhere: closed forms worked by hand from
win/push/loss counts written into the test, the same closed forms over the shipped
certificates' counts computed here, and a brute force that settles the banker's side pair
by pair on a small deck."""
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import one_line_error
from verifier import certificate
from verifier.odds.basegame import player_bank, settle
from verifier.rules import rulesets

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"
COMMISSION = {"kind": "commission", "commission": "0.05"}
BANK_READINGS = {"casino_bank_rotates", "bank_conditions", "bank_dealer_wager",
                 "bank_commission_net", "bank_co_bank_share", "bank_house_way",
                 "bank_conditions_004", "bank_co_bank_004"}


def exact(x):
    return Fraction(x["exact"])


# ---------------------------------------------------------------------------------------
# item 1: the bank in the rule set, and its readings


def test_the_casino_rule_sets_let_players_bank_as_the_seeds_say():
    # seed 002: "The Dealer will always take the Bank in turn"; "the Player must have
    # placed a wager against the Dealer the last time ..."; "have the Casino cover 50%"
    for name in ("casino-standard", "emperors-challenge"):
        rs = rulesets.load(name)
        assert rs.players_bank and rs.bank_kind == "rotation"
        assert rs.bank == {"banker": "rotation", "requires_dealer_wager": True,
                           "requires_cover": True, "co_bank_share": "0.5",
                           "dealer_wager": "last-bet", "banker_commission": "net-win"}
    mikes = rulesets.load("outlaw9-mikes")
    assert mikes.bank is None and not mikes.players_bank and mikes.bank_kind == "house"


def test_the_bank_readings_apply_only_where_players_bank():
    casino = rulesets.load("casino-standard")
    mine = casino.rules.readings(casino.bank_kind)
    assert BANK_READINGS <= set(mine) and "casino_house_banks" not in mine
    mikes = rulesets.load("outlaw9-mikes")
    theirs = mikes.rules.readings(mikes.bank_kind)
    assert not BANK_READINGS & set(theirs) and "casino_house_banks" in theirs
    # the widespread practice named with its source
    assert "mountolympuscasino.com" in mine["bank_dealer_wager"]["text"]
    assert "net win" in mine["bank_commission_net"]["text"]
    assert "chukchansigold.com" in mine["bank_conditions_004"]["text"]
    assert "losses as well as wins" in mine["bank_co_bank_share"]["text"]


def test_the_outlaw9_certificate_keeps_every_reading_it_had():
    # its readings are re-derived from the rule set: the bank readings change nothing there
    cert = certificate.load(CERTS / "outlaw9-mikes.json")
    assert certificate.rule_readings(certificate.rules_of(cert), certificate.deck_of(cert),
                                     "house") == cert["rules"]
    assert "player_bank" not in cert["sections"]["base_game"]["results"]


def _bad_rule_set(tmp_path, capsys, text, contains):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    out = tmp_path / "cert.json"
    one_line_error(["run", "--rules", path, "--deck-ranks", "QKA", "--no-progress",
                    "--out", out], capsys, contains)
    assert not out.exists()


def test_players_banking_needs_a_commission(tmp_path, capsys):
    _bad_rule_set(tmp_path, capsys, 'base = "outlaw9-mikes"\nname = "x"\n[bank]\n'
                                    'banker = "rotation"\n', "needs a commission settlement")


@pytest.mark.parametrize("share", ['"1.5"', '"-0.1"', '"half"', "true", '"0.5.1"', "2"])
def test_a_co_bank_share_outside_0_to_1_or_not_a_decimal(tmp_path, capsys, share):
    _bad_rule_set(tmp_path, capsys, f'base = "casino-standard"\nname = "x"\n[bank]\n'
                                    f'co_bank_share = {share}\n', "co_bank_share")


def test_co_banking_needs_players_to_bank(tmp_path, capsys):
    _bad_rule_set(tmp_path, capsys, 'base = "casino-standard"\nname = "x"\n[bank]\n'
                                    'banker = "house"\n', "co_bank_share needs banker")


def test_an_unknown_key_in_bank(tmp_path, capsys):
    _bad_rule_set(tmp_path, capsys, 'base = "casino-standard"\nname = "x"\n[bank]\n'
                                    'co_bank = "0.5"\n', "unknown key(s) in [bank]: 'co_bank'")


def test_a_rule_set_of_a_shipped_name_cannot_change_its_bank(tmp_path, capsys):
    _bad_rule_set(tmp_path, capsys, 'base = "casino-standard"\nname = "casino-standard"\n'
                                    '[bank]\nco_bank_share = "0.25"\n', "changes its bank")


# ---------------------------------------------------------------------------------------
# item 2: the banker's figures, closed forms by hand

# 100 pairs: the opponent wins 30, loses 40, pushes 30
HAND = {"total": 100, "win": 30, "loss": 40, "push": 30}


def test_the_banker_by_hand():
    f = player_bank(HAND, Fraction(1, 20), Fraction(1, 2), True)
    p = f["probabilities"]
    assert (exact(p["banker_wins"]), exact(p["push"]), exact(p["banker_loses"])) == \
        (Fraction(40, 100), Fraction(30, 100), Fraction(30, 100))
    # the banker: 40 wins at 0.95, 30 losses: (38 - 30) / 100
    assert exact(f["banker_return"]) == Fraction(8, 100) == -exact(f["banker_edge"])
    # the opponent: 30 wins at 0.95, 40 losses: (28.5 - 40) / 100
    assert exact(f["player_return"]) == Fraction(-115, 1000) == -exact(f["player_edge"])
    # the house: 5% of the 70 winning wagers, either side's
    assert exact(f["house_return"]) == Fraction(35, 1000)
    assert exact(f["banking_worth"]) == Fraction(8, 100) + Fraction(115, 1000)
    co = f["co_bank"]
    # half the bank's results: the player 0.04; the casino half of (40 - 30) / 100, plus
    # 5% of the opponent's 30 wins and of the player's half of the 40 bank wins
    assert exact(co["banker_return"]) == Fraction(4, 100)
    assert exact(co["casino_share_return"]) == Fraction(5, 100)
    assert exact(co["house_return"]) == Fraction(5, 100) + Fraction(5, 100) * Fraction(50, 100)
    assert exact(co["banking_worth"]) == Fraction(4, 100) + Fraction(115, 1000)
    # nothing is made or lost at the table: banker + opponent + house = 0
    assert exact(co["banker_return"]) + exact(f["player_return"]) + exact(co["house_return"]) == 0


def test_no_co_banking_without_a_share_and_none_for_fees():
    assert "co_bank" not in player_bank(HAND, "0.05")
    assert "player_bank" not in settle(HAND, {"kind": "fees", "player_tiers": [[10, 1]],
                                              "table_max": 100}, banker_side=True)
    assert "player_bank" not in settle(HAND, COMMISSION)           # strategy's use
    out = settle(HAND, COMMISSION, None, banker_side=True)["player_bank"]
    assert out["players_bank"] is False and "co_bank" not in out


@pytest.mark.parametrize("name", ["casino-standard", "casino-standard+emperors",
                                  "emperors-challenge"])
def test_the_shipped_casino_certificates_against_the_closed_form(name):
    cert = certificate.load(CERTS / f"{name}.json")
    base = cert["sections"]["base_game"]
    w, l, p, t = (int(base["counts"][k]) for k in ("win", "loss", "push", "total"))
    c, s = Fraction(1, 20), Fraction(1, 2)
    f = base["results"]["player_bank"]
    assert f["players_bank"] and Fraction(f["co_bank"]["share"]) == s
    assert exact(f["probabilities"]["banker_wins"]) == Fraction(l, t)
    assert exact(f["probabilities"]["banker_loses"]) == Fraction(w, t)
    banker = Fraction(l * 19 - w * 20, 20 * t)
    player = Fraction(w * 19 - l * 20, 20 * t)
    assert exact(f["banker_return"]) == banker
    assert exact(f["player_return"]) == player == Fraction(base["results"]["return"]["exact"])
    assert exact(f["house_return"]) == c * Fraction(w + l, t)
    assert exact(f["banking_worth"]) == Fraction(39 * (l - w), 20 * t)
    assert exact(f["co_bank"]["banker_return"]) == banker / 2
    assert exact(f["co_bank"]["house_return"]) == Fraction(l - w, 2 * t) + \
        c * Fraction(2 * w + l, 2 * t)
    # the banker's position is worth some 2.5% per unit against the player's, with or
    # without co-banking, and the player-banker still pays the house (the commission)
    assert 0 < -banker < Fraction(1, 200) and Fraction(2, 100) < exact(f["banking_worth"])


# ---------------------------------------------------------------------------------------
# a brute force: every ordered pair of a small deck, the banker's side settled pair by pair

# 15 cards with the joker: pairs, seven clubs (flushes), straights up to the ace; no suit
# symmetry
SMALL = "2c 2d 5c 5h 7c 7s 9c 9d Tc Jh Qc Kc Kd Ah Jk"


@pytest.mark.compiled
def test_the_banker_by_brute_force_on_a_small_deck():
    from verifier.certificate.build import pairwise_figures
    from verifier.engine.pairwise import engine_key_function
    from verifier.game.cards import parse_cards
    rs = rulesets.load("casino-standard")
    deck = sorted(parse_cards(SMALL))
    keys = {h: engine_key_function(rs.rules)(h) for h in itertools.combinations(deck, 7)}
    c, s = Fraction(1, 20), Fraction(1, 2)
    banker = mine = house = Fraction(0)
    n = 0
    for bank_hand, (bb, bf) in keys.items():
        rest = [x for x in deck if x not in bank_hand]
        for opp in itertools.combinations(rest, 7):
            ob, of = keys[opp]
            n += 1
            if ob > bb and of > bf:             # the opponent takes both: the bank pays
                banker -= 1
                mine -= 1 - s
                house += c - s                 # the opponent's commission; the share paid
            elif ob <= bb and of <= bf:         # both lost or copied: the bank wins
                banker += 1 - c
                mine += (1 - s) * (1 - c)
                house += s + c * (1 - s)
    figures, note = pairwise_figures(deck, rs.rules, rs.settlement, bank=rs.bank)
    if figures is None:
        pytest.skip(note)
    f = figures["player_bank"]
    assert n == figures["counts"]["total"] == 6435 * 8       # C(15,7) C(8,7)
    assert figures["counts"]["win"] and figures["counts"]["loss"]
    assert exact(f["banker_return"]) == banker / n
    assert exact(f["co_bank"]["banker_return"]) == mine / n
    assert exact(f["co_bank"]["house_return"]) == house / n


# ---------------------------------------------------------------------------------------
# run --json, the certificate, check and the par sheet


@pytest.fixture(scope="module")
def small_cert(tmp_path_factory):
    from verifier.cli import main
    out = tmp_path_factory.mktemp("bank") / "casino.json"
    assert main(["run", "--rules", "casino-standard", "--deck-ranks", "JQKA", "--base-game",
                 "--no-progress", "--out", str(out)]) == 0
    return out


def test_run_json_has_the_banker_under_the_base_game(capsys):
    from verifier.cli import main
    assert main(["run", "--rules", "emperors-challenge", "--deck-ranks", "JQKA",
                 "--base-game", "--no-progress", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    base = out["sections"]["base_game"]
    f = base["player_bank"]
    w, l, t = (base["counts"][k] for k in ("win", "loss", "total"))
    assert exact(f["banker_return"]) == (Fraction(19, 20) * l - w) / t


def test_check_re_derives_the_banker_and_fails_a_tampered_figure(small_cert, tmp_path,
                                                                 capsys):
    from verifier.cli import main
    assert main(["check", str(small_cert)]) == 0
    cert = json.loads(small_cert.read_text())
    assert BANK_READINGS <= set(cert["rules"]) and "casino_house_banks" not in cert["rules"]
    for field in ("banker_return", "co_bank"):
        forged = json.loads(small_cert.read_text())
        f = forged["sections"]["base_game"]["results"]["player_bank"]
        if field == "co_bank":
            f["co_bank"]["banker_edge"]["exact"] = "0"
        else:
            f["banker_return"]["exact"] = str(exact(f["banker_return"]) + Fraction(1, 10**9))
        certificate.seal(forged)                # the hashes re-made: only the figures lie
        path = tmp_path / f"forged-{field}.json"
        path.write_text(json.dumps(forged))
        capsys.readouterr()
        assert main(["check", str(path)]) == 1
        assert "sections.base_game.results.player_bank" in capsys.readouterr().out
    # a bank reading dropped from the certificate is a mismatch too
    forged = json.loads(small_cert.read_text())
    del forged["rules"]["bank_dealer_wager"]
    certificate.seal(forged)
    path = tmp_path / "forged-reading.json"
    path.write_text(json.dumps(forged))
    assert main(["check", str(path)]) == 1
    assert "rules.bank_dealer_wager: missing" in capsys.readouterr().out


def test_the_par_sheet_has_when_a_player_banks(small_cert):
    from verifier import report
    cert = certificate.load(small_cert)
    f = cert["sections"]["base_game"]["results"]["player_bank"]
    md = report.render(cert, "markdown")
    assert "## When a player banks" in md and f["banker_return"]["exact"] in md
    assert f["co_bank"]["house_return"]["exact"] in md
    html = report.render(cert, "html")
    assert 'id="player-bank"' in html and f["banking_worth"]["exact"] in html
    pytest.importorskip("openpyxl")
    import io
    import openpyxl
    wb = openpyxl.load_workbook(io.BytesIO(report.render(cert, "xlsx")))
    ws = wb["When a player banks"]
    cells = {ws.cell(r, 3).value: ws.cell(r, 2).value for r in range(1, ws.max_row + 1)}
    assert cells[f["banker_return"]["exact"]] == pytest.approx(float(exact(f["banker_return"])))
