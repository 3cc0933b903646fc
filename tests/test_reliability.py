"""Hostile input, interruptions and trust (issue 14): each case the issue lists, by the
name of the case. Every bad input is one line ``paigow-verify: error: ...`` and exit 2,
with nothing on stdout, no traceback and no hang; nothing the user had is overwritten."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from verifier import certificate
from conftest import HANG, one_line_error, signal_run_at
from verifier.cli import main
from conftest import PACKAGE_PATH

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"
MIKES = CERTS / "outlaw9-mikes.json"
CASINO = CERTS / "casino-standard.json"
ROUND = ROOT / "examples" / "round.json"


def write(path, text):
    path.write_text(text)
    return path


# ----------------------------------------------------------------------------- readers
def test_json_nesting_bomb_in_a_certificate(tmp_path, capsys):
    bomb = write(tmp_path / "bomb.json", "[" * 100_000 + "]" * 100_000)
    one_line_error(["check", bomb], capsys, "nested more than")


def test_json_nesting_bomb_in_a_round_file(tmp_path, capsys):
    bomb = write(tmp_path / "bomb.json", '{"seats": ' + "[" * 100_000 + "]" * 100_000 + "}")
    one_line_error(["settle", bomb], capsys, "nested more than")


@pytest.mark.slow
def test_toml_nested_100000_deep_in_a_pay_table(tmp_path, capsys):
    deep = write(tmp_path / "deep.toml", "[pays]\nflush = " + "[" * 100_000 + "]" * 100_000)
    one_line_error(["compare", MIKES, "--paytable", deep], capsys, "nested more than")


def test_toml_nested_100000_deep_in_a_rule_set(tmp_path, capsys):
    deep = write(tmp_path / "deep.toml", "a = " + "[" * 100_000 + "]" * 100_000)
    one_line_error(["rules", deep], capsys, "nested more than")


def test_integer_over_4300_digits_in_a_certificate(tmp_path, capsys):
    text = MIKES.read_text().replace('"total_hands": 154143080', '"total_hands": ' + "9" * 5000)
    one_line_error(["check", write(tmp_path / "c.json", text)], capsys, "digits")


@pytest.mark.parametrize("number, refused", [
    ("9" * 100, False), ("9" * 101, True), ("-" + "9" * 101, True),
    ("0." + "9" * 300, False), ("1e-" + "0" * 300 + "1", False), ('"' + "9" * 300 + '"', False)])
def test_json_integers_have_at_most_100_digits(number, refused):
    """docs/RELIABILITY.md: a JSON integer of more than MAX_DIGITS (100) digits is refused;
    a float's fraction or exponent and a string's digits are not integers."""
    from verifier.support.errors import VerifierError
    from verifier.support.files import MAX_DIGITS, parse_json
    assert MAX_DIGITS == 100
    text = '{"a": [1, {"b": %s}]}' % number
    if refused:
        with pytest.raises(VerifierError, match="a number of 101 digits"):
            parse_json(text, "f.json", "round file")
    else:
        assert parse_json(text, "f.json", "round file") == json.loads(text)


def test_integer_over_4300_digits_in_a_pay_table(tmp_path, capsys):
    table = write(tmp_path / "t.toml", "[pays]\nflush = " + "9" * 5000 + "\n")
    one_line_error(["compare", MIKES, "--paytable", table], capsys)


def test_integer_over_4300_digits_in_a_round_file(tmp_path, capsys):
    data = json.loads(ROUND.read_text())
    text = json.dumps(data).replace('"bank": 400', '"bank": ' + "9" * 5000)
    one_line_error(["settle", write(tmp_path / "r.json", text)], capsys, "digits")


@pytest.mark.slow
@pytest.mark.parametrize("pay", ["1e400", "9" * 401, '"1e999999999"', "1e999999999"])
def test_pays_like_1e400_or_401_digits_are_refused_not_overflowed(pay, tmp_path, capsys):
    table = write(tmp_path / "t.toml", f"[pays]\nflush = {pay}\n")
    for argv in (["compare", MIKES, "--paytable", table],
                 ["solve", MIKES, "--paytable", table, "--line", "flush", "--edge", "0.05"]):
        one_line_error(argv, capsys)


def test_dev_zero_as_a_pay_table_is_not_read(capsys):
    one_line_error(["compare", MIKES, "--paytable", "/dev/zero"], capsys, "not a regular file")


def test_a_fifo_as_a_pay_table_does_not_hang(tmp_path, capsys):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    one_line_error(["compare", MIKES, "--paytable", fifo], capsys, "not a regular file")


@pytest.mark.slow
def test_a_56_mb_pay_table_is_refused_by_size(tmp_path, capsys):
    big = tmp_path / "big.toml"
    with open(big, "w") as f:
        f.write("[pays]\n" + "# padding\n" * 5_600_000)
    one_line_error(["compare", MIKES, "--paytable", big], capsys, "too large")


def test_duplicate_json_keys_are_refused(tmp_path, capsys):
    text = MIKES.read_text().replace('"total_hands": 154143080',
                                     '"total_hands": 154143080, "total_hands": 154143080', 1)
    one_line_error(["check", write(tmp_path / "c.json", text)], capsys, "given twice")


# ----------------------------------------------------------------------------- options
@pytest.mark.parametrize("argv", [
    ["run", "--threads", "2147483648"],
    ["simulate", "--rounds", "1e21"],
    ["simulate", "--rounds", "10", "--block-size", str(2 ** 63)],
    ["simulate", "--rounds", "10", "--threads", "20000"],
    ["solve", MIKES, "--line", "flush", "--edge", "1e400"],
    ["solve", MIKES, "--line", "flush", "--edge", "1e-999999999"],
    ["solve", MIKES, "--line", "flush", "--line", "straight", "--edge", "1e400"],
], ids=["threads-2**31", "rounds-1e21", "block-size-2**63", "threads-20000", "edge-1e400",
        "edge-1e-999999999", "group-edge-1e400"])
def test_numeric_options_out_of_range(argv, capsys):
    start = time.monotonic()
    one_line_error(argv, capsys)
    assert time.monotonic() - start < 30          # no hang (it answers at once)


@pytest.mark.parametrize("body,contains", [
    ('base = "casino-standard"\n[settlement]\ncomission = "0.10"\n', "comission"),
    ('base = "outlaw9-mikes"\n[settlement]\ntable_max = true\n', "table_max"),
    ('base = "casino-standard"\n[settlement]\ncommission = "1e-999999999"\n', "commission"),
    ("house_ways = 5\n", "house_ways"),
], ids=["misspelt-key", "boolean-as-number", "commission-1e-999999999", "house_ways-5"])
def test_rule_set_files_are_strict(body, contains, tmp_path, capsys):
    one_line_error(["rules", write(tmp_path / "r.toml", body)], capsys, contains)


# ----------------------------------------------------------------------------- settle
def _round(tmp_path, **changes):
    data = json.loads(ROUND.read_text())
    data.update(changes)
    return write(tmp_path / "r.json", json.dumps(data))


def test_settle_seats_1_and_01_are_not_merged(tmp_path, capsys):
    r = _round(tmp_path, seats={"1": {"base": 10}, "01": {"base": 20}})
    one_line_error(["settle", r], capsys, "'01'")


def test_settle_action_pile_true_is_refused(tmp_path, capsys):
    one_line_error(["settle", _round(tmp_path, action_pile=True)], capsys, "action_pile")


def test_settle_seed_list_is_refused(tmp_path, capsys):
    data = json.loads(ROUND.read_text())
    del data["deck"], data["dice"]
    data["seed"] = [1, 2]
    one_line_error(["settle", write(tmp_path / "r.json", json.dumps(data))], capsys, "seed")


def test_settle_seed_option_overrides_the_files_seed(tmp_path, capsys):
    data = json.loads(ROUND.read_text())
    del data["deck"], data["dice"]
    data["seed"] = 1
    r = write(tmp_path / "r.json", json.dumps(data))
    ledgers = {}
    for argv in (["--seed", "1"], [], ["--seed", "2"]):
        assert main(["settle", str(r), "--json", *argv]) == 0
        ledgers[tuple(argv)] = capsys.readouterr().out
    assert ledgers[()] == ledgers[("--seed", "1")] != ledgers[("--seed", "2")]


# ----------------------------------------------------------------------------- writes
def test_report_out_onto_its_own_certificate_is_refused(tmp_path, capsys):
    cert = tmp_path / "c.json"
    cert.write_bytes(MIKES.read_bytes())
    one_line_error(["report", cert, "--out", cert], capsys, "input of this command")
    assert cert.read_bytes() == MIKES.read_bytes()


def test_run_out_onto_its_own_pay_table_is_refused(tmp_path, capsys):
    table = tmp_path / "x.toml"
    table.write_bytes((ROOT / "examples" / "paytables" / "outlaw9-no-pai-gow.toml").read_bytes())
    before = table.read_bytes()
    one_line_error(["run", "--paytable", table, "--out", table], capsys, "input of this command")
    assert table.read_bytes() == before


@pytest.mark.slow
def test_out_onto_a_device_node_never_replaces_it(capsys):
    one_line_error(["report", MIKES, "--out", "/dev/null"], capsys, "not a regular file")
    assert Path("/dev/null").is_char_device()


def test_temp_files_of_a_killed_write_are_cleaned_by_the_next_write(tmp_path, capsys):
    stale = tmp_path / ".r.md.abc123.tmp"
    stale.write_text("half a par sheet")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".r.md.def456.tmp"          # maybe another writer's, right now
    fresh.write_text("in progress")
    assert main(["report", str(MIKES), "--out", str(tmp_path / "r.md")]) == 0
    assert not stale.exists() and fresh.exists()


@pytest.mark.full
def test_sigterm_during_run_is_one_line_exit_143_and_no_file(tmp_path):
    # sent once the pairwise stage's bar shows: inside the run however fast the machine
    code, err = signal_run_at(tmp_path, b"player v banker", signal.SIGTERM)
    assert code == 143 and err.decode().endswith("paigow-verify: terminated\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.compiled
def test_ctrl_c_during_simulate_without_a_progress_bar(tmp_path):
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    proc = subprocess.Popen([sys.executable, "-m", "verifier.cli", "simulate", "--rounds",
                             str(10 ** 12), "--no-progress"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 130 and err == "paigow-verify: interrupted\n" and out == ""


# ----------------------------------------------------------------------------- trust
def _rehashed(cert):
    certificate.seal(cert)
    return cert


@pytest.mark.slow
def test_commands_refuse_a_rehashed_certificate_that_check_rejects(tmp_path, capsys):
    cert = json.loads(MIKES.read_text())
    cert["sections"]["base_game"]["results"]["probabilities"] = {"win": 0.5}   # edited figure
    forged = write(tmp_path / "forged.json", json.dumps(_rehashed(cert)))
    assert main(["check", str(forged)]) == 1
    capsys.readouterr()
    for argv in (["compare", forged], ["report", forged], ["formula", forged],
                 ["solve", forged, "--line", "flush", "--edge", "0.05"],
                 ["solve", forged, "--line", "flush", "--line", "straight", "--edge", "0.05"]):
        one_line_error(argv, capsys, "fails its check")


@pytest.mark.slow
@pytest.mark.parametrize("where", ["top", "counts", "section"])
def test_unknown_keys_fail_check(where, tmp_path, capsys):
    cert = json.loads(MIKES.read_text())
    {"top": cert, "counts": cert["counts"],
     "section": cert["sections"]["base_game"]}[where]["bogus_count"] = 1
    edited = write(tmp_path / "c.json", json.dumps(_rehashed(cert)))
    assert main(["check", str(edited)]) == 1
    assert "bogus_count: unexpected field" in capsys.readouterr().out


@pytest.mark.slow
def test_a_certificate_without_its_rule_set_fails_check(tmp_path, capsys):
    # the case: casino-standard, rule_set deleted, re-hashed, passed for outlaw9-mikes
    cert = json.loads(CASINO.read_text())
    del cert["sections"]["rule_set"]
    edited = write(tmp_path / "c.json", json.dumps(_rehashed(cert)))
    assert main(["check", str(edited)]) == 1
    assert "sections.rule_set: missing" in capsys.readouterr().out
    assert main(["check", str(edited), "--rules", "outlaw9-mikes"]) in (1, 2)
    assert main(["report", str(edited)]) != 0


@pytest.mark.slow
@pytest.mark.parametrize("sections", [[], "x", {"rule_set": "a string"}])
def test_malformed_sections_are_one_line_with_rules(sections, tmp_path, capsys):
    cert = json.loads(MIKES.read_text())
    cert["sections"] = sections
    edited = write(tmp_path / "c.json", json.dumps(_rehashed(cert)))
    assert main(["check", str(edited), "--rules", "outlaw9-mikes"]) in (1, 2)
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) <= 1


def test_a_rehashed_certificate_with_a_duplicated_deck_card_under_recompute(tmp_path, capsys):
    cert = json.loads(MIKES.read_text())
    cert["deck"]["cards"][1] = cert["deck"]["cards"][0]
    edited = write(tmp_path / "c.json", json.dumps(_rehashed(cert)))
    assert main(["check", str(edited), "--recompute", "--no-progress"]) == 1
    out, err = capsys.readouterr()
    assert "deck: cannot re-run on this deck" in out and err == ""


def test_no_command_is_one_line_not_help_on_stdout(capsys):
    one_line_error([], capsys, "no command given")


def test_pairwise_work_space_is_bounded_by_the_cores_not_by_threads():
    from verifier.engine.pairwise import engine_options
    from verifier.engine.threads import available_cores
    assert engine_options(None, 256)[4] == available_cores()
