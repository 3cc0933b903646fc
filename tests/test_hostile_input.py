"""Hostile input, round two (issue 25): the new doors (house-way files, rule sets,
strategy work, keys) hold like the old ones. One test per cause the issue lists, named for
it; each bad input is one line ``paigow-verify: error: ...``, exit 2, nothing on stdout."""
from pathlib import Path

import pytest

from conftest import HANG, SignalCost, one_line_error
from verifier.cli import main
from verifier.houseway import HouseWayError, loads
from conftest import PACKAGE_PATH

H7 = "As Ah Ad Jk Ks 9s 4s"
ROW = 'name = "r"\nhand = "no-pair"\nfront = "highest"\n'


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
    from verifier.houseway.fields import MAX_BANDS
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


# ----------------------------- a TOML dotted key of 50,000 parts hung every reader (3)

@pytest.mark.parametrize("where", ["key", "header", "inline table"])
@pytest.mark.parametrize("reader", ["house way", "pay table", "rule set"])
def test_a_dotted_key_of_50000_parts_is_refused_before_parsing(reader, where, tmp_path, capsys):
    key = ".".join(["a"] * 50000)
    text = {"key": f"{key} = 1\n", "header": f"[{key}]\n",
            "inline table": f"x = {{{key} = 1}}\n"}[where]
    path = tmp_path / "bomb.toml"
    path.write_text(text)
    from pathlib import Path
    cert = Path(__file__).resolve().parent.parent / "proofs/certificates/outlaw9-mikes.json"
    argv = {"house way": ["hand", H7, "--house-way", path],
            "pay table": ["compare", cert, "--paytable", path],
            "rule set": ["rules", path]}[reader]
    one_line_error(argv, capsys, "a dotted key of more than 64 parts")


def test_a_dotted_key_within_the_limit_still_reads():
    from verifier.support.files import parse_toml
    assert parse_toml("a.b.c = 1\n'x.y'.z = 2\n", "t.toml", "file") == {
        "a": {"b": {"c": 1}}, "x.y": {"z": 2}}


# ------------------------------- keygen a.pem a.pem wrote the public key over the private

def test_keygen_refuses_one_file_for_both_keys(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_line_error(["keygen", "k.pem", "./k.pem"], capsys, "two files")
    assert not (tmp_path / "k.pem").exists()


# ------------- Ctrl-C or SIGTERM in the first milliseconds: a traceback or no message (10)

@pytest.mark.parametrize("signal_name, status, line", [
    ("SIGINT", 130, "paigow-verify: interrupted"), ("SIGTERM", 143, "paigow-verify: terminated")])
def test_a_signal_while_the_tool_is_still_importing_is_one_line(signal_name, status, line,
                                                                 monkeypatch, capsys):
    """The entry point puts the handlers in place before it imports the commands: a signal
    that lands during those imports ends the command with its one line."""
    import os
    import signal
    import sys
    import verifier.cli
    monkeypatch.delitem(sys.modules, "verifier.cli.app", raising=False)
    real_import = __import__

    def import_with_a_signal(name, *args, **kwargs):
        if name == "verifier.cli.app":
            os.kill(os.getpid(), getattr(signal, signal_name))
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", import_with_a_signal)
    try:
        assert verifier.cli.main(["--version"]) == status
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    assert capsys.readouterr().err == line + "\n"


def test_importing_the_package_imports_nothing_heavy():
    """``import verifier`` (the first thing the console script does) loads no engine,
    no TOML reader, no third-party package: the handlers come before those."""
    import subprocess
    import sys
    code = ("import sys, verifier; "
            "print(sorted(m for m in sys.modules if m.startswith('verifier')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    # sourcetree: where proofs/ stands (the standard library only, verifier/__init__.py)
    assert out.strip() == ("['verifier', 'verifier.support', 'verifier.support.sourcetree', "
                           "'verifier.support.version']")


# ----------------- key files of other types: UnsupportedAlgorithm tracebacks, DH warnings (7)

#: where the verifier these tests import lives (a subprocess must import the same one)
KEYS = Path(__file__).resolve().parent / "data" / "keys"   # made with openssl genpkey/ecparam
CERT = Path(__file__).resolve().parent.parent / "proofs/certificates/outlaw9-mikes.json"


@pytest.fixture(scope="module")
def small_certs(tmp_path_factory):
    """Certificates a check reads in full in a blink, made once here by ``run`` on a
    17-card deck (J Q K A and the joker): {rule set name: path}. Outlaw 9's (the
    default rules), and casino-standard's with its base game; a check holds every section
    of them to its rule set as it holds a shipped certificate's."""
    folder = tmp_path_factory.mktemp("small-certs")
    made = {}
    for name, extra in (("outlaw9-mikes", []), ("casino-standard", ["--base-game"])):
        made[name] = folder / f"{name}.json"
        assert main(["run", "--rules", name, "--deck-ranks", "JQKA", "--no-progress",
                     "--out", str(made[name]), *extra]) == 0
    return made


@pytest.mark.parametrize("key", ["ec112.pem", "sm2.pem", "dh.pem"])
def test_a_key_of_another_algorithm_is_one_line_with_no_warning(key, tmp_path, capsys):
    one_line_error(["sign", CERT, "--key", KEYS / key, "--out", tmp_path / "s.json"], capsys,
                   "not an Ed25519 key")
    assert not (tmp_path / "s.json").exists()


# ------------------ --out onto an input the guard did not list (5); --out '' accepted (1)

def test_out_onto_a_rule_set_the_command_read_is_refused(tmp_path, capsys):
    rules = tmp_path / "o.toml"
    rules.write_text('base = "outlaw9-mikes"\nname = "outlaw9-mikes"\n')
    before = rules.read_bytes()
    one_line_error(["report", CERT, "--rules", rules, "--out", rules], capsys, "input of this command")
    assert rules.read_bytes() == before


def test_out_onto_the_house_way_file_of_run_is_refused(tmp_path, capsys):
    from verifier.houseway import shipped_path
    house_way = tmp_path / "hw.toml"
    house_way.write_bytes(shipped_path("mikes").read_bytes())
    before = house_way.read_bytes()
    one_line_error(["run", "--house-way", house_way, "--deck-ranks", "TJQKA", "--no-progress",
                    "--out", house_way], capsys, "input of this command")
    assert house_way.read_bytes() == before


@pytest.mark.parametrize("argv", [["report", CERT], ["sign", CERT, "--key", KEYS / "dh.pem"],
                                  ["solve", CERT, "--line", "Full House", "--edge", "0.02"]])
def test_an_empty_out_is_refused(argv, capsys):
    one_line_error(argv + ["--out", ""], capsys, "an output file needs a name")


# ------------- prove --no-enumeration --rules nope said "all agree"; --rules was ignored (2)

@pytest.mark.parametrize("rules, says", [("nope", "unknown rule set 'nope'"),
                                         ("casino-standard", "no effect with --no-enumeration")])
def test_prove_without_the_enumeration_refuses_rules_it_would_ignore(rules, says, capsys):
    one_line_error(["prove", "--no-enumeration", "--rules", rules], capsys, says)


# -------------------- simulate --seats 1-99999999999999999999 hung; --seats '' accepted (2)

@pytest.mark.parametrize("seats", ["", "1-99999999999999999999", "7-1", "0", "1,,2", "1-8"])
def test_simulate_refuses_bad_seats_at_once(seats, capsys):
    one_line_error(["simulate", "--seats", seats, "--rounds", "10", "--no-progress"], capsys,
                   "argument --seats: " + ("an empty value" if not seats else "bad --seats"))


# ------------------------------------ a rule set's [settlement] kind = ["fees"]: TypeError (3)

@pytest.mark.parametrize("kind", ['["fees"]', "{a = 1}", "3"])
def test_a_settlement_kind_of_the_wrong_type_is_one_line(kind, tmp_path, capsys):
    path = tmp_path / "c.toml"
    path.write_text(f'base = "casino-standard"\n[settlement]\nkind = {kind}\n')
    one_line_error(["rules", path], capsys, "settlement kind")


# ------------- a re-hashed certificate whose key histogram holds a front key beyond the
# ------------- table: IndexError in check, report and --recompute (6)

@pytest.mark.compiled                   # small_certs: run, quick on the compiled core
def test_a_key_histogram_with_a_key_that_is_no_hand_key_fails_check(small_certs, tmp_path,
                                                                   capsys):
    """A re-hashed certificate (Outlaw 9, the 17-card deck) whose key histogram holds a
    two-card key beyond the table fails check, and report refuses it, in one line each."""
    import json
    from verifier.certificate.format import seal
    cert = json.loads(small_certs["outlaw9-mikes"].read_text())
    cert["counts"]["key_histogram"]["rows"][0][1] = 500       # two-card keys stop at 181
    path = tmp_path / "kh.json"
    path.write_text(json.dumps(seal(cert)))
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "is not a (five-card, two-card) pair of hand keys" in out and "Traceback" not in err
    one_line_error(["report", path], capsys, "fails its check")


# --------------- the strategy job: a FIFO named like a chunk hung it (1); a tiny deck (3)

def test_a_fifo_named_like_a_strategy_chunk_is_never_opened(tmp_path):
    import os
    import subprocess
    import sys
    work = tmp_path / "w"
    work.mkdir()
    os.mkfifo(work / "chunk-0-1000.json")
    out = subprocess.run([sys.executable, "-m", "verifier.cli", "strategy", "--recompute",
                          "--deck-ranks", "9TJQKA", "--chunk-size", "1000", "--work", str(work),
                          "--no-progress"], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env=dict(os.environ, PYTHONPATH=PACKAGE_PATH))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.splitlines()[-1].startswith("paigow-verify: error: ")
    assert "not a regular file" in out.stderr
    # refused before any work, in one line (issue 35: a note, then the refusal to write)
    assert len(out.stderr.splitlines()) == 1


@pytest.mark.parametrize("ranks", ["KA", "QKA"])
def test_the_strategy_job_refuses_a_deck_too_small_for_two_hands(ranks, tmp_path, capsys):
    one_line_error(["strategy", "--recompute", "--deck-ranks", ranks, "--work", tmp_path,
                    "--no-progress"], capsys, "needs at least 14")


@pytest.mark.compiled                   # small_certs: run, quick on the compiled core
def test_sign_without_out_still_signs_in_place_as_documented(small_certs, tmp_path, capsys):
    """sign without --out signs the certificate in place (Outlaw 9, the 17-card deck), and
    the signed file passes check with the public key."""
    import json
    cert = tmp_path / "c.json"
    cert.write_bytes(small_certs["outlaw9-mikes"].read_bytes())
    assert main(["keygen", str(tmp_path / "k.pem"), str(tmp_path / "k.pub")]) == 0
    assert main(["sign", str(cert), "--key", str(tmp_path / "k.pem")]) == 0
    assert "signature" in json.loads(cert.read_text())
    assert main(["check", str(cert), "--public-key", str(tmp_path / "k.pub")]) == 0


# ------------------- strategy --rules FILE whose rule set is named ../../../x read a file
# ------------------- outside the package: names are names, shipped files found by a table

def test_a_rule_set_named_like_a_path_is_refused(tmp_path, capsys):
    path = tmp_path / "n.toml"
    path.write_text('base = "casino-standard"\nname = "../../../x"\n')
    one_line_error(["rules", path], capsys, "a name, not a path")


def test_shipped_certificates_are_found_by_a_table_of_names():
    from verifier.certificate.shipped import shipped_certificate_path
    assert shipped_certificate_path("../../../x") is None
    assert shipped_certificate_path("casino-standard", "emperors").name == \
        "casino-standard+emperors.json"


# ------------- a strategy chunk edited with its raw_sha256 recomputed: traceback at the
# ------------- figures (1); now each chunk's sums are held together when read back

STRATEGY = ["strategy", "--recompute", "--deck-ranks", "9TJQKA", "--chunk-size", "1000",
            "--no-progress", "--json"]


def _figures(out):
    import json
    report = json.loads(out)
    report.pop("run")
    return report


@pytest.fixture(scope="module")
def strategy_work(tmp_path_factory):
    """A finished small strategy job: its work directory and its figures."""
    import io
    from contextlib import redirect_stdout
    work = tmp_path_factory.mktemp("strategy") / "w"
    with redirect_stdout(io.StringIO()) as out:
        assert main(STRATEGY + ["--work", str(work)]) == 0
    return work, _figures(out.getvalue())


def _negative_win(r):
    r["house_way"]["win"] = -5


def _more_not_optimal_than_hands(r):
    r["not_optimal"] = r["player_hands"] + 1


def _an_example_not_of_its_pattern(r):
    r["patterns"][1][4] = [0, 1, 2, 3, 4, 5, 6]


def _one_more_hand_in_a_pattern(r):
    r["patterns"][0][1] += 1


def _a_win_more_on_the_optimal_side(r):
    r["optimal"]["win"] += 7


@pytest.mark.compiled
@pytest.mark.parametrize("edit, says", [
    (_negative_win, "are not counts"), (_more_not_optimal_than_hands, "must be counts"),
    (_an_example_not_of_its_pattern, "is not a hand of pattern"),
    (_one_more_hand_in_a_pattern, "patterns: add up to"),
    (_a_win_more_on_the_optimal_side, "is not the optimal value minus the house way's")])
def test_a_strategy_chunk_edited_with_its_sha256_recomputed_is_computed_again(
        edit, says, strategy_work, tmp_path, capsys):
    """The figures of the job run afresh are the expectation: the edited chunk is redone
    with a note, never merged (nor a traceback at the figures)."""
    import json
    import shutil
    from verifier.strategy.chunks import raw_sha256
    work, fresh = strategy_work
    mine = tmp_path / "w"
    shutil.copytree(work, mine)
    chunk = mine / "chunk-1000-2000.json"
    doc = json.loads(chunk.read_text())
    edit(doc["raw"])
    doc["raw_sha256"] = raw_sha256(doc["raw"])        # as the job's save_chunk writes it
    chunk.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(STRATEGY + ["--work", str(mine)]) == 0
    out, err = capsys.readouterr()
    (line,) = err.splitlines()
    assert "chunk 1000-2000" in line and "do not hold together" in line and says in line
    assert line.endswith("computed again")
    assert _figures(out) == fresh


# ------------- Ctrl-C or SIGTERM during simulate --check-ledger: a `finally` closed and
# ------------- joined the pool, which played every remaining block first (4)

def _interrupted_within(argv, signal_name, started, cwd, limit=0.5):
    """Runs the command in its own session, sends the signal once ``started()`` (given the
    process id) says the work is under way, and returns (CPU seconds from the signal to
    the end, status, stderr), the CPU at most ``limit`` (conftest's SignalCost: not the
    wall clock, which a loaded machine stretches); no process of the session is left (a
    pool's workers included)."""
    import os
    import signal
    import subprocess
    import sys
    import time
    cost = SignalCost().start()
    proc = subprocess.Popen([sys.executable, "-m", "verifier.cli", *map(str, argv)], cwd=cwd,
                            env=dict(os.environ, PYTHONPATH=PACKAGE_PATH), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + HANG
        while not started(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read()
        cost.sent(proc.pid)
        proc.send_signal(getattr(signal, signal_name))
        _out, err = proc.communicate(timeout=HANG)
        seconds = cost.spent()
        time.sleep(0.2)
        with pytest.raises(ProcessLookupError):         # nothing of it left running
            os.killpg(proc.pid, 0)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    print(f"{argv[0]}: {seconds:.3f} s of CPU after the {signal_name}")
    assert seconds < limit, seconds
    return seconds, proc.returncode, err


def _children(pid):
    try:
        return open(f"/proc/{pid}/task/{pid}/children").read().split()
    except OSError:
        return []


@pytest.mark.parametrize("signal_name, status, line", [
    ("SIGINT", 130, "paigow-verify: interrupted"), ("SIGTERM", 143, "paigow-verify: terminated")])
def test_a_signal_during_simulate_check_ledger_terminates_its_pool(signal_name, status, line,
                                                                   tmp_path):
    import time
    if not Path("/proc/self/task").exists():
        pytest.skip("needs /proc to see the pool's workers")
    pool_since = []

    def pool_at_work(pid):          # the workers forked, and a moment to take blocks
        if len(_children(pid)) >= 2 and not pool_since:
            pool_since.append(time.monotonic())
        return bool(pool_since) and time.monotonic() - pool_since[0] > 0.5

    _seconds, returncode, err = _interrupted_within(
        ["simulate", "--rounds", 10 ** 9, "--check-ledger", "--threads", 2, "--no-progress"],
        signal_name, pool_at_work, tmp_path)
    assert returncode == status and err == line + "\n"


# ------------- a house way that covers no pair hand was accepted by hand --strategy,
# ------------- hand --versus-banker, simulate, settle (6): banker hands set arbitrarily

#: a house way of one row, for hands without a pair (tests/test_house_way_files.py)
NO_PAIR_ONLY = ("[[rows]]\nname = 'no pair'\nhand = 'no-pair'\n"
                "front = ['second_single', 'third_single']\n")
#: the hands it leaves to no row, by a closed form: of C(53,7) = 154,143,080 hands it
#: covers those of seven distinct ranks, C(13,7) 4^7 = 28,114,944, and the joker with six
#: distinct ranks other than the ace (the joker is then the ace), C(12,6) 4^6 = 3,784,704
UNCOVERED = 154_143_080 - 1716 * 4 ** 7 - 924 * 4 ** 6


@pytest.mark.compiled                  # the check enumerates the 53-card deck (0.4 s)
@pytest.mark.parametrize("command", [
    ["hand", "2h 3h 4c 7s 9c Jc As", "--versus-banker"],
    ["hand", "2h 3h 4c 7s 9c Jc As", "--strategy"],
    ["simulate", "--rounds", "10", "--no-progress"],
    ["simulate", "--rounds", "10", "--check-ledger", "--no-progress"],
    ["settle", Path(__file__).resolve().parent.parent / "examples/round.json"],
    ["strategy", "--recompute", "--deck-ranks", "9TJQKA", "--no-progress"],
    ["run", "--no-progress"]])
@pytest.mark.parametrize("how", ["--house-way", "--rules"])
def test_a_house_way_that_leaves_hands_to_no_row_is_refused_by_every_command_that_sets_hands(
        command, how, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "partial.toml").write_text(NO_PAIR_ONLY)
    (tmp_path / "r.toml").write_text('base = "outlaw9-mikes"\nname = "mine"\n'
                                     'house_way = "partial.toml"\n')
    extra = ["--work", tmp_path / "w"] if command[0] == "strategy" else []
    option = ["--house-way", "partial.toml"] if how == "--house-way" else ["--rules", "r.toml"]
    line = one_line_error(command + extra + option, capsys,
                          f"covers {UNCOVERED:,} hands by no row, e.g. ")
    assert "partial.toml" in line
    assert not (tmp_path / "w").exists()


@pytest.mark.compiled
def test_the_verdict_on_a_house_way_is_kept_per_program_and_one_hand_still_sets(tmp_path,
                                                                                capsys,
                                                                                monkeypatch):
    """One enumeration per house-way program and process; ``hand CARDS`` alone (which the
    refusal points to) still shows how the file sets one hand, and says when no row does;
    ``house-ways check`` still reports the file."""
    from verifier.engine import faults
    path = tmp_path / "p.toml"
    path.write_text(NO_PAIR_ONLY + "# another file, the same program\n")
    argv = ["hand", "2h 3h 4c 7s 9c Jc As", "--versus-banker", "--house-way", path]
    one_line_error(argv, capsys, "by no row")

    def judged_again(*args, **kwargs):
        raise AssertionError("the house way was enumerated and judged again")
    monkeypatch.setattr(faults, "fault_line", judged_again)
    one_line_error(argv, capsys, "by no row")        # the kept verdict, no enumeration
    monkeypatch.undo()
    assert any(v and "by no row" in v for v in faults._VERDICTS.values())
    assert main(["hand", "2h 3h 4c 7s 9c Jc As", "--house-way", str(path)]) == 0
    assert "house way  p" in capsys.readouterr().out
    one_line_error(["hand", "2h 2d 4c 7s 9c Jc As", "--house-way", path], capsys,
                   "no row of p sets a hand of type one-pair")
    assert main(["house-ways", "check", str(path), "--deck-ranks", "9TJQKA",
                 "--no-progress"]) == 1
    assert "hands no row covers: 480,700" in capsys.readouterr().out


@pytest.mark.compiled
def test_a_house_way_that_sets_fouls_is_refused_naming_a_foul(tmp_path, capsys):
    path = tmp_path / "greedy.toml"
    path.write_text('[[rows]]\nname = "the highest front"\nhand = ["any-quads", "five-aces", '
                    '"two-trips", "any-full-house", "three-pair", "two-pair", "trips", '
                    '"one-pair", "no-pair"]\nfront = "highest"\n')
    # the first foul in deck order, worked by hand: the highest front of 2c 2d 2h 3c 4c
    # 5c 7d is the pair of 2s, which leaves 2, 3, 4, 5, 7 of two suits behind: 7 high,
    # below the front. Every hand before it holds a second pair or quads, or leaves a
    # straight (…6) or a flush (…7c, the 2c behind) behind the pair
    one_line_error(["simulate", "--rounds", "10", "--no-progress", "--house-way", path],
                   capsys, "as a foul (front above back), e.g. 2c 2d 2h 3c 4c 5c 7d")


# ------------- re-hashed forgeries (8): a certificate naming a shipped rule set (casino-
# ------------- standard) with another settlement, its figures re-derived and re-hashed

CASINO = CERT.parent / "casino-standard.json"


def _forged_casino(where, source=CASINO):
    """casino-standard's certificate as a forger would make the 0%-commission game pass
    for it: the settlement changed (in the base game's section, or there and in the rule
    set's definition), the results that depend on it derived again (``basegame.settle``),
    the strategy section, which would not agree, dropped, both hashes sealed again."""
    import json
    from verifier.certificate.format import _normalise, seal
    from verifier.odds.basegame import settle
    cert = json.loads(source.read_text())
    free = {"kind": "commission", "commission": "0"}
    base = cert["sections"]["base_game"]
    base["settlement"] = free
    base["results"] = _normalise(settle(base["counts"], free))
    if where == "definition":
        cert["sections"]["rule_set"]["definition"]["settlement"] = free
        cert["sections"]["rule_set"]["results"]["settlement"] = free
    cert["sections"].pop("strategy", None)
    return seal(cert)


@pytest.mark.compiled                   # small_certs: run, quick on the compiled core
@pytest.mark.parametrize("where", ["base game", "definition"])
def test_a_rehashed_certificate_of_another_settlement_under_a_shipped_name_fails_check(
        where, small_certs, tmp_path, capsys):
    """casino-standard's certificate with its base game (the 17-card deck), forged to
    another settlement and re-hashed, fails check, report and check --recompute --rules."""
    import json
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(_forged_casino(where, small_certs["casino-standard"])))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    says = ("is not the rule set's" if where == "base game"
            else "names the shipped rule set casino-standard, but its settlement")
    assert says in out and "FAILED" in out
    one_line_error(["report", path], capsys, "fails its check")   # compare runs the same check
    # --rules: the certificate's definition held against the named rule set's, before any
    # recomputation (which would only re-count the hands, not the settlement)
    if where == "definition":
        one_line_error(["check", path, "--recompute", "--rules", "casino-standard"], capsys,
                       "whose settlement is not that of --rules casino-standard")


def test_a_rule_set_file_that_changes_a_shipped_rule_set_under_its_name_is_refused(
        tmp_path, capsys):
    path = tmp_path / "c.toml"
    path.write_text('base = "casino-standard"\nname = "casino-standard"\n'
                    '[settlement]\ncommission = "0"\n')
    one_line_error(["rules", path], capsys, "give it a name of its own")
    same = tmp_path / "casino-standard.toml"        # the name from the file: the same game
    same.write_text('base = "casino-standard"\nwheel = "second"\n')
    assert main(["rules", str(same)]) == 0


# ------------- a forged optimal-strategy column: without chunks it cannot be run again
# ------------- (said, and check --recompute fails); with them, the edited chunk fails

@pytest.fixture(scope="module")
def small_strategy_certificate(tmp_path_factory):
    """casino-standard on the 17-card deck 9-A and the joker, with its strategy section
    and the job's chunks (strategy --out)."""
    path = tmp_path_factory.mktemp("cert") / "c.json"
    assert main(["strategy", "--rules", "casino-standard", "--recompute", "--deck-ranks",
                 "9TJQKA", "--chunk-size", "2000", "--work",
                 str(path.parent / "w"), "--out", str(path), "--no-progress"]) == 0
    return path


def _forge_optimal(cert, keep_chunks):
    """The optimal column moved by +20 wins and +19 losses: the same value at 1/20
    commission, (20 - 1) 20 - 20 19 = 0, so the cost and every other sum still agree."""
    from verifier.certificate.format import _normalise, seal
    from verifier.certificate.sections import SECTIONS
    section = cert["sections"]["strategy"]
    for side in (section["raw"]["optimal"],) + (
            (section["chunks"]["list"][0]["sums"]["optimal"],) if keep_chunks else ()):
        side["win"] += 20
        side["loss"] += 19
    if not keep_chunks:
        del section["chunks"]
    section["results"] = _normalise(SECTIONS["strategy"].derive(cert))
    return seal(cert)


@pytest.mark.compiled
@pytest.mark.parametrize("keep_chunks", [False, True])
def test_a_rehashed_forgery_of_the_optimal_column_fails_check_recompute(
        keep_chunks, small_strategy_certificate, tmp_path, capsys):
    import json
    cert = json.loads(small_strategy_certificate.read_text())
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(_forge_optimal(cert, keep_chunks)))
    capsys.readouterr()
    assert main(["check", str(path)]) == 0             # every sum holds: a good forgery
    assert main(["check", str(path), "--recompute", "--chunks", "all", "--no-progress"]) == 1
    out = capsys.readouterr().out
    if keep_chunks:
        # the chunk's sums are run again (its SHA-256 too, had the forger made one up)
        assert "MISMATCH sections.strategy.chunks units 0-2000.optimal.win" in out
    else:
        assert "keeps no chunks of the strategy job" in out


# ------------- strategy answered a signal after 1.8-3.8 s while building its tables or
# ------------- inside a chunk (promise: 1 s) (2)

def _after(seconds):
    import time
    start = []

    def started(_pid):
        start.append(start[0] if start else time.monotonic())
        return time.monotonic() - start[0] >= seconds
    return started


@pytest.mark.slow                       # the signal lands 2.5 s in
@pytest.mark.compiled
@pytest.mark.parametrize("signal_name, status, line", [
    ("SIGINT", 130, "paigow-verify: interrupted"), ("SIGTERM", 143, "paigow-verify: terminated")])
def test_a_signal_inside_a_strategy_chunk_is_answered_within_a_second(signal_name, status,
                                                                      line, tmp_path):
    """The deck 6-A and the joker: tables in under a second, then one chunk of 100,000
    units, about 25 s of work; the signal lands 2.5 s in, inside the chunk. Measured here:
    about 0.1 s (it was the chunk's end)."""
    seconds, returncode, err = _interrupted_within(
        ["strategy", "--recompute", "--deck-ranks", "6789TJQKA", "--chunk-size", 100000,
         "--work", tmp_path / "w", "--no-progress", "--threads", 1], signal_name, _after(2.5),
        tmp_path)
    assert returncode == status and err == line + "\n"
    assert not list((tmp_path / "w").glob("chunk-*"))
    print(f"answered with {seconds:.2f} s of CPU")


@pytest.mark.full
@pytest.mark.parametrize("delay", [3, 12])
def test_a_signal_while_the_strategy_job_builds_its_tables_is_answered_within_a_second(
        delay, tmp_path):
    """The full deck's tables take tens of seconds to build: a signal during the build.
    Measured here: 0.08 s (3 s in) and 0.2 s (8 s in), on a loaded machine."""
    seconds, returncode, err = _interrupted_within(
        ["strategy", "--recompute", "--rules", "casino-standard", "--work", tmp_path / "w",
         "--no-progress"], "SIGINT", _after(delay), tmp_path)
    assert returncode == 130 and err == "paigow-verify: interrupted\n"


@pytest.mark.compiled
def test_the_compiled_strategy_job_stops_its_work_when_asked():
    """What an interrupted command leaves running in its job's thread ends at once:
    ``request_stop`` makes the C loops skip what is left (a chunk of about 25 s ends in
    well under a second on a quiet machine) and the run raise KeyboardInterrupt, not
    return its sums."""
    import threading
    import time
    from verifier.engine import _strategy
    from verifier.game.cards import deck_of_ranks
    job = _strategy.StrategyJob(deck_of_ranks("6789TJQKA"), threads=1)
    box = {}

    def run():
        try:
            job.run(0, 100000)
        except BaseException as exc:        # noqa: BLE001
            box["error"] = exc
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(0.5)
    _strategy.request_stop()
    thread.join(HANG)                   # the time it takes is not judged here (a loaded
    assert not thread.is_alive()        # machine), only that the work stopped short
    assert isinstance(box.get("error"), KeyboardInterrupt)
    assert job.run(0, 10)["player_classes"] > 0          # the next run is not stopped
