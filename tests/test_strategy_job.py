"""The strategy job's runner (verifier/strategy/job.py) and `paigow-verify strategy`:
chunks, resume after an interruption, corrupt chunk files, atomic writes, Ray, the
command's errors and output. The job itself is the stand-in of tests/strategy_stub.py,
whose sums are simple functions of the unit number: every expected total below is
computed here from ``unit_sums``'s formulas, not from the runner nor from merge_raw."""
import json
import math
import os
from fractions import Fraction

import pytest

import strategy_stub
from conftest import need
from verifier.engine import backend
from verifier.strategy import chunks as chunk_store, cluster, job as sj, spec as job_spec
from verifier.game.cards import deck_of_ranks
from verifier.cli import main
from verifier.support.errors import VerifierError
from verifier.rules.rulesets import load as load_ruleset
from verifier.game.settlement import SettlementRule

STUB = "strategy_stub:FakeJob"
DECK = deck_of_ranks("TJQK")            # 16 cards + joker = 17: 51 stand-in units


def expected_sums(deck, commission=(1, 20)):
    """The stand-in's sums over all its units, each field added up directly."""
    cn, cd = commission
    units = strategy_stub.UNITS_PER_CARD * len(deck)
    deck = sorted(deck)
    e = {"player_hands": 0, "player_classes": units, "banker_hands": math.comb(len(deck) - 7, 7),
         "house_way": {"win": 0, "loss": 0}, "optimal": {"win": 0, "loss": 0},
         "not_optimal": 0, "cost": 0}
    types, rows, pats = {}, {}, {}
    for u in range(units):
        w, k = 1 + u % 4, (u % 3) * (u % 5)
        cost, nopt = (cd - cn) * k, (w if k else 0)
        e["player_hands"] += w
        e["house_way"]["win"] += w * (u % 7)
        e["house_way"]["loss"] += w * (u % 11)
        e["optimal"]["win"] += w * (u % 7 + k)
        e["optimal"]["loss"] += w * (u % 11)
        e["not_optimal"] += nopt
        e["cost"] += w * cost
        for table, key in ((types, u % 3), (rows, 1 + u % 2)):
            old = table.get(key, [0, 0, 0])
            table[key] = [old[0] + w, old[1] + nopt, old[2] + w * cost]
        example = sorted(deck[(u + 2 * i) % len(deck)] for i in range(7))
        label = strategy_stub.label_of(example)
        old = pats.get(label, [0, 0, 0, None, -1, None])
        worst = old[3:] if old[4] >= cost else (example, cost, example[:2])  # the first highest
        pats[label] = [old[0] + w, old[1] + nopt, old[2] + w * cost, *worst]
    e["by_type"] = [[k] + types[k] for k in sorted(types)]
    e["by_row"] = [[k] + rows[k] for k in sorted(rows)]
    e["patterns"] = [[k] + pats[k] for k in sorted(pats)]
    return e


def stub_spec(chunk_size=7, deck=DECK, rules="casino-standard"):
    return job_spec.spec_for(load_ruleset(rules), deck=deck, chunk_size=chunk_size, backend=STUB,
                       threads=1)


def chunk_files(work):
    return sorted(p.name for p in work.iterdir() if p.name.startswith("chunk-"))


def test_chunks_cover_the_units_in_order():
    assert chunk_store.chunks(10, 3) == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert chunk_store.chunks(6, 3) == [(0, 3), (3, 6)]
    assert chunk_store.chunks(0, 3) == []


def test_job_key_is_stable_and_changes_with_what_decides_the_results():
    base = stub_spec().key()
    assert stub_spec().key() == base
    assert len(base) == 20
    assert stub_spec(chunk_size=8).key() != base
    assert stub_spec(deck=deck_of_ranks("9TJQK")).key() != base
    assert stub_spec(rules="emperors-challenge").key() != base     # wheel, house way
    assert stub_spec(rules="outlaw9-mikes").key() != base           # commission 0/1
    cs = load_ruleset("casino-standard")
    compiled = job_spec.spec_for(cs, deck=DECK, chunk_size=7, backend="compiled", threads=1)
    python = job_spec.spec_for(cs, deck=DECK, chunk_size=7, backend="python", threads=4)
    assert len({compiled.key(), python.key(), base}) == 3   # units differ: no sharing
    # a house-way file: its compiled program's hash is in the key
    filed = job_spec.spec_for(cs.with_overrides(house_way="foxwoods"), deck=DECK, chunk_size=7,
                        backend="compiled", threads=1)
    assert len(filed.house_way_program) == 64 and filed.house_way_text
    assert filed.key() != compiled.key()


def test_a_run_gives_the_known_sums_and_equals_one_run_of_all_units(tmp_path):
    spec = stub_spec()
    raw, info = sj.run_job(spec, work=tmp_path)
    assert raw == expected_sums(DECK)
    job = strategy_stub.FakeJob(list(DECK), settlement=SettlementRule.at(Fraction(1, 20)))
    assert raw == job.run(0, job.units)
    assert (info.units, info.chunks, info.chunks_done, info.chunks_resumed) == (51, 8, 8, 0)
    assert info.build_seconds == strategy_stub.FakeJob.build_seconds
    assert len(info.chunk_seconds) == 8 and info.units_per_second > 0
    assert info.classes_per_second == pytest.approx(info.units_per_second)  # one class each
    assert chunk_files(tmp_path) == sorted(f"chunk-{lo}-{min(lo + 7, 51)}.json"
                                           for lo in range(0, 51, 7))
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_an_interrupted_run_resumes_to_the_same_sums(tmp_path, monkeypatch):
    spec = stub_spec()
    monkeypatch.setenv("STUB_FAIL_AFTER", "3")
    with pytest.raises(KeyboardInterrupt):
        sj.run_job(spec, work=tmp_path)
    # chunks are taken spread over the range (0, n/2, n/4, 3n/4, ...): of 8, the 1st, 5th, 3rd
    assert chunk_files(tmp_path) == ["chunk-0-7.json", "chunk-14-21.json", "chunk-28-35.json"]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.setenv("STUB_FAIL_AFTER", "2")      # interrupted again, later
    with pytest.raises(KeyboardInterrupt):
        sj.run_job(spec, work=tmp_path)
    assert len(chunk_files(tmp_path)) == 5
    monkeypatch.delenv("STUB_FAIL_AFTER")
    raw, info = sj.run_job(spec, work=tmp_path)
    assert (info.chunks_resumed, info.chunks_done, info.chunks_redone) == (5, 3, 0)
    assert raw == expected_sums(DECK)
    def no_build(*_a, **_k):
        raise AssertionError("a finished job is built again")
    monkeypatch.setattr(strategy_stub.FakeJob, "__init__", no_build)
    raw2, info2 = sj.run_job(spec, work=tmp_path)   # all done: nothing built nor run
    assert (info2.chunks_resumed, info2.chunks_done) == (8, 0) and raw2 == raw
    assert (info2.units, info2.build_seconds) == (51, 0.0)


def test_a_corrupt_chunk_file_is_redone_with_a_note(tmp_path, capsys):
    spec = stub_spec()
    sj.run_job(spec, work=tmp_path)
    truncated = tmp_path / "chunk-7-14.json"
    truncated.write_text(truncated.read_text()[:50])
    tampered = tmp_path / "chunk-21-28.json"
    doc = json.loads(tampered.read_text())
    doc["raw"]["house_way"]["win"] += 1                    # valid JSON, wrong sums
    tampered.write_text(json.dumps(doc))
    other = tmp_path / "chunk-28-35.json"
    doc = json.loads(other.read_text())
    doc["key"] = "0" * 20                                  # another job's chunk
    other.write_text(json.dumps(doc))
    capsys.readouterr()
    raw, info = sj.run_job(spec, work=tmp_path)
    err = capsys.readouterr().err
    assert (info.chunks_redone, info.chunks_done, info.chunks_resumed) == (3, 3, 5)
    assert raw == expected_sums(DECK)
    assert "chunk-7-14.json" in err and "not JSON" in err
    assert "chunk-21-28.json" in err and "damaged" in err
    assert "another job" in err
    assert chunk_store.load_chunk(tmp_path, spec.key(), 51, 7, 14) is not None   # rewritten


def test_a_chunk_write_interrupted_leaves_no_file(tmp_path, monkeypatch):
    def boom(*_a):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        chunk_store.save_chunk(tmp_path, "k", 10, 0, 5, {"x": 1}, 0.1)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_pure_python_twin_through_the_runner(tmp_path):
    from verifier.strategy import optimal, twin
    deck = deck_of_ranks("JQKA")[:15]
    cs = load_ruleset("casino-standard")
    spec = job_spec.spec_for(cs, deck=deck, chunk_size=1000, backend="python", threads=1)
    raw, info = sj.run_job(spec, work=tmp_path)
    job = twin.PythonJob(list(deck), spec.wheel_second, spec.house_way, spec.settlement)
    assert raw == job.run(0, job.units) and info.chunks == math.ceil(job.units / 1000)


# ---------------------------------------------------------------------------------
# Ray

@pytest.mark.full                   # starting Ray costs 20 s: run once, with the full suite
def test_ray_local_run_and_resume_across_local_and_ray(tmp_path, monkeypatch):
    ray = need("ray")
    import verifier
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(verifier.__file__))   # the verifier this test runs
    monkeypatch.chdir(tmp_path)     # Ray puts the driver's folder first on the workers' path
    ray.init(num_cpus=2, log_to_driver=False, logging_level="ERROR",
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([root, here])}})
    try:
        spec = stub_spec()
        raw, info = sj.run_job(spec, work=tmp_path / "a", ray_address="local")
        assert raw == expected_sums(DECK)
        assert (info.chunks_done, info.ray) == (8, "local")
        # half a local run, finished on Ray, then nothing left for a local run
        monkeypatch.setenv("STUB_FAIL_AFTER", "4")
        with pytest.raises(KeyboardInterrupt):
            sj.run_job(spec, work=tmp_path / "b")
        monkeypatch.delenv("STUB_FAIL_AFTER")
        raw_b, info_b = sj.run_job(spec, work=tmp_path / "b", ray_address="local")
        assert (info_b.chunks_resumed, info_b.chunks_done) == (4, 4) and raw_b == raw
        raw_c, info_c = sj.run_job(spec, work=tmp_path / "b")
        assert (info_c.chunks_resumed, info_c.chunks_done) == (8, 0) and raw_c == raw
        # the pure twin in the actors, with a house-way file they define from its text
        cs = load_ruleset("casino-standard").with_overrides(house_way="foxwoods")
        spec = job_spec.spec_for(cs, deck=deck_of_ranks("JQKA")[:15], chunk_size=2000,
                           backend="python")
        on_ray, info = sj.run_job(spec, work=tmp_path / "r", ray_address="local")
        here, _ = sj.run_job(spec, work=tmp_path / "h")
        assert on_ray == here and info.chunks_done == 4
        if backend.PURE_PYTHON:
            return
        # the compiled job in the actors, on a suit-closed reduced deck (orbits of 24):
        # the same sums as here, and the house-way column is the pairwise count
        from verifier.engine import _pairwise
        from verifier.engine import engine_spec
        deck = deck_of_ranks("89TJA")
        spec = job_spec.spec_for(cs, deck=deck, chunk_size=300, backend="compiled", threads=1)
        on_ray, info = sj.run_job(spec, work=tmp_path / "cr", ray_address="local")
        here, _ = sj.run_job(spec, work=tmp_path / "ch")
        assert on_ray == here and info.chunks_done == math.ceil(info.units / 300) > 2
        wheel_second, house_way = engine_spec(cs.rules).checked()
        pairwise = _pairwise.pairwise_counts(deck, wheel_second, house_way, 1)
        assert on_ray["house_way"] == {"win": pairwise["win"], "loss": pairwise["loss"]}
        assert on_ray["player_hands"] == math.comb(21, 7)
        # a job the actors cannot build: one line
        bad = job_spec.JobSpec(deck=tuple(DECK), backend="strategy_stub:NoSuchJob")
        with pytest.raises(VerifierError, match="not in this build"):
            sj.run_job(bad, work=tmp_path / "c", ray_address="local")
    finally:
        ray.shutdown()


@pytest.mark.full                   # needs Ray, which only the full run installs (test-full)
def test_bad_ray_addresses_are_one_line(tmp_path):
    need("ray")
    with pytest.raises(VerifierError, match="bad --ray address"):
        cluster.check_ray_address("not an address")
    with pytest.raises(VerifierError, match="no Ray cluster at 127.0.0.1:1"):
        cluster.check_ray_address("127.0.0.1:1")


# ---------------------------------------------------------------------------------
# the command

def run_cli(capsys, *argv):
    status = main(["strategy", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def stub_cli(tmp_path, *argv):
    return ("--deck-ranks", "TJQK", "--backend", STUB, "--work", str(tmp_path),
            "--chunk-size", "7", "--no-progress", *argv)


def test_help_says_what_it_computes_and_how_long(capsys):
    status, out, _err = run_cli(capsys, "--help")
    text = " ".join(out.split())
    assert status == 0
    for words in ("154,143,080 player hands", "about a minute", "print at once",
                  "--recompute", "--ray", "--work", "resumes"):
        assert words in text


@pytest.mark.parametrize("argv, message", [
    (("--rules", "no-such-rules"), "no-such-rules"),
    (("--ray", "not an address"), "bad --ray address"),
    (("--chunk-size", "0"), "out of range"),
])
def test_bad_input_is_one_line(capsys, tmp_path, argv, message):
    status, out, err = run_cli(capsys, *stub_cli(tmp_path), *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_an_unwritable_work_directory_is_one_line(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    status, _out, err = run_cli(capsys, *stub_cli(blocker / "work"))
    assert status == 2 and len(err.strip().splitlines()) == 1 and "work directory" in err
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who may write anywhere")
        status, _out, err = run_cli(capsys, *stub_cli(locked / "work"))
        assert status == 2 and len(err.strip().splitlines()) == 1
    finally:
        locked.chmod(0o700)


def test_pure_python_full_deck_is_refused_in_one_line(capsys, monkeypatch):
    import verifier.engine.backend
    monkeypatch.setattr(verifier.engine.backend, "PURE_PYTHON", True)
    status, out, err = run_cli(capsys, "--rules", "casino-standard", "--recompute")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "compiled core" in err


def test_json_figures_from_the_stub_sums(capsys, tmp_path):
    status, out, _err = run_cli(capsys, *stub_cli(tmp_path, "--json", "--rules",
                                                  "casino-standard"))
    assert status == 0
    r = json.loads(out)
    e = expected_sums(DECK)
    total = e["player_hands"] * e["banker_hands"]
    for side in ("house_way", "optimal"):
        w, l = e[side]["win"], e[side]["loss"]
        probs = r[side]["probabilities"]
        assert probs["win"]["exact"] == str(Fraction(w, total))
        assert probs["loss"]["exact"] == str(Fraction(l, total))
        assert probs["push"]["exact"] == str(Fraction(total - w - l, total))
        edge = -(Fraction(w) * Fraction(19, 20) - l) / total
        assert r[side]["house_edge"] == {"exact": str(edge), "decimal": float(edge)}
    cost = Fraction(e["cost"], 20 * e["banker_hands"] * e["player_hands"])
    assert r["not_optimal"]["hands"] == e["not_optimal"]
    assert r["not_optimal"]["cost"]["exact"] == str(cost)
    # the cost is the best setting's return minus the house way's: the stand-in holds
    # together as a real job's sums do
    assert cost == Fraction(r["house_way"]["house_edge"]["exact"]) - \
        Fraction(r["optimal"]["house_edge"]["exact"])
    top = sorted((p for p in e["patterns"] if p[2]), key=lambda p: (-p[3], p[0]))[:20]
    assert [p["pattern"] for p in r["patterns"]] == [p[0] for p in top]
    assert [row["hands"] for row in r["by_type"]] == [t[1] for t in e["by_type"]]
    assert r["run"]["chunks_done"] == 8 and r["source"] == "computed"
    status, out, _err = run_cli(capsys, *stub_cli(tmp_path, "--rules", "casino-standard"))
    assert status == 0 and "house way not optimal" in out and "8 resumed" in out


def test_out_refuses_sums_that_are_not_the_certificates_in_one_line(capsys, tmp_path):
    """``certificate.attach`` holds the sums against the base game: the stand-in job's
    made-up sums are refused in one line and nothing is written."""
    cert_path = tmp_path / "cert.json"
    status, _out, err = run_cli(capsys, *stub_cli(tmp_path / "w", "--out", str(cert_path)))
    assert status == 2 and len(err.strip().splitlines()) == 1 and "strategy" in err
    assert not cert_path.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_pure_python_twin_sums_go_into_a_certificate_that_checks(tmp_path):
    from verifier import certificate
    from verifier.certificate.build import rule_set_certificate
    deck = deck_of_ranks("JQKA")[:15]
    cs = load_ruleset("casino-standard")
    raw, _info = sj.run_job(job_spec.spec_for(cs, deck=deck, chunk_size=1000, backend="python"),
                            work=tmp_path)
    cert = rule_set_certificate(cs, deck=deck, base_game=True).cert
    from verifier.certificate.build import attach_strategy
    cert = attach_strategy(cert, raw, cs)
    assert certificate.check(cert) == []
    assert cert["sections"]["strategy"]["results"]["player_hands"] == math.comb(15, 7)


@pytest.mark.slow
def test_shipped_figures_print_at_once(capsys, tmp_path, monkeypatch):
    from verifier import certificate
    from verifier.certificate import shipped as shipped_module
    shipped = certificate.load(shipped_module.shipped_certificate_path("casino-standard"))
    figures = {"house_way": "HW", "optimal": "OPT"}
    shipped["sections"]["strategy"] = {"results": figures}
    path = tmp_path / "casino-standard.json"
    path.write_text(json.dumps(shipped))
    monkeypatch.setattr(shipped_module, "shipped_certificate_path",
                        lambda name, house_way=None: tmp_path / f"{name}.json")
    status, out, err = run_cli(capsys, "--rules", "casino-standard", "--json")
    assert status == 0 and "shipped figures" in err and "--recompute" in err
    assert str(tmp_path) not in err     # the name, not a path inside site-packages
    r = json.loads(out)
    assert (r["house_way"], r["optimal"]) == ("HW", "OPT")
    # another house way than the certificate's: not these figures
    assert shipped_module.shipped_figures(load_ruleset("casino-standard").with_overrides(
        house_way="emperors")) == (None, None)


@pytest.mark.slow
def test_cli_with_ray_started_by_the_command(capsys, tmp_path, monkeypatch):
    ray = need("ray")
    if ray.is_initialized():
        ray.shutdown()
    here = os.path.dirname(os.path.abspath(__file__))
    monkeypatch.setenv("PYTHONPATH", here)          # the workers import the stand-in
    status, out, err = run_cli(capsys, *stub_cli(tmp_path, "--ray", "local", "--json"))
    assert status == 0, err
    r = json.loads(out)
    assert r["run"]["ray"] == "local" and r["run"]["chunks_done"] == 8
    assert not ray.is_initialized()                  # the command stopped its Ray
    e = expected_sums(DECK)
    assert r["not_optimal"]["hands"] == e["not_optimal"]


def test_without_ray_installed_ray_is_one_line(capsys, tmp_path, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "ray", None)       # import ray: ImportError
    status, out, err = run_cli(capsys, *stub_cli(tmp_path, "--ray", "local"))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "pip install ray" in err
    assert chunk_files(tmp_path) == []


def test_a_local_run_takes_adjacent_chunks_together():
    """The compiled job runs several chunks at once (``run_many``): runs of adjacent
    chunks in unit order, the runs spread over the range."""
    parts = [(lo, lo + 10) for lo in range(0, 100, 10)]
    runs = sj.together(sj.spread(parts), 4)
    assert runs == [parts[0:4], parts[8:10], parts[4:8]]
    assert sj.together(parts, 1) == [[p] for p in sj.spread(parts)]


def test_chunks_are_taken_spread_over_the_range():
    """The work per unit falls along the units, so chunks run in bit-reversed order of
    their index: every prefix of the order samples the whole range (the rate and the time
    left are the whole job's from the first chunks)."""
    assert sj.spread(range(8)) == [0, 4, 2, 6, 1, 5, 3, 7]
    order = sj.spread(range(220))
    assert sorted(order) == list(range(220))
    for k in (4, 16, 64):
        first = sorted(order[:k])
        assert max(b - a for a, b in zip([0] + first, first + [220])) <= 2 * 220 // k + 1


# ---------------------------------------------------------------------------------
# the job's chunks in the certificate, and `check --recompute --chunks` (issue 24: the
# shipped strategy sections are checked by a seeded sample of chunks run again)
# ---------------------------------------------------------------------------------

def _digest(raw):
    """The SHA-256 of a chunk's raw sums, written out here from the format of the chunk
    files (JSON, keys sorted, no spaces)."""
    import hashlib
    return hashlib.sha256(json.dumps(raw, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()


@pytest.fixture(scope="module")
def chunked(tmp_path_factory):
    """`strategy --out` on a reduced deck (the compiled job, chunks of 3 units): the
    certificate and the work directory with the job's own chunk files."""
    tmp = tmp_path_factory.mktemp("chunked")
    out, work = tmp / "c.json", tmp / "work"
    assert main(["strategy", "--deck-ranks", "JQKA", "--recompute", "--no-progress",
                 "--chunk-size", "3", "--work", str(work), "--out", str(out), "--json"]) == 0
    return out, work


def _chunk_files(work):
    docs = [json.loads((work / name).read_text()) for name in chunk_files(work)]
    return sorted(docs, key=lambda d: d["lo"])


@pytest.mark.compiled
def test_the_certificate_keeps_every_chunk_as_its_file_has_it(chunked):
    out, work = chunked
    doc = json.loads(out.read_text())["sections"]["strategy"]["chunks"]
    files = _chunk_files(work)
    assert (doc["backend"], doc["chunk_size"], doc["units"]) == ("compiled", 3, files[0]["units"])
    assert [(r["lo"], r["hi"]) for r in doc["list"]] == [(f["lo"], f["hi"]) for f in files]
    assert [r["lo"] for r in doc["list"]] == list(range(0, doc["units"], 3))
    for rec, f in zip(doc["list"], files):
        assert rec["raw_sha256"] == _digest(f["raw"])
        assert rec["sums"] == {k: v for k, v in f["raw"].items() if k != "patterns"}


@pytest.mark.compiled
def test_the_chunks_sums_add_up_to_the_sections_totals(chunked):
    out, _work = chunked
    section = json.loads(out.read_text())["sections"]["strategy"]
    sums = [r["sums"] for r in section["chunks"]["list"]]
    for k in ("player_hands", "player_classes", "not_optimal", "cost"):
        assert sum(s[k] for s in sums) == section["raw"][k]
    for side in ("house_way", "optimal"):
        for k in ("win", "loss"):
            assert sum(s[side][k] for s in sums) == section["raw"][side][k]


@pytest.mark.compiled
def test_check_recompute_runs_every_chunk_again(chunked, capsys):
    out, _work = chunked
    n = len(json.loads(out.read_text())["sections"]["strategy"]["chunks"]["list"])
    assert main(["check", str(out), "--recompute", "--chunks", "all", "--no-progress"]) == 0
    assert f"recomputed {n} of the strategy job's {n} chunks" in capsys.readouterr().out


@pytest.mark.compiled
def test_a_seeded_draw_of_chunks(chunked, capsys):
    out, _work = chunked
    records = json.loads(out.read_text())["sections"]["strategy"]["chunks"]["list"]
    draw = chunk_store.chunk_sample(records, 4, seed=7)
    assert draw == chunk_store.chunk_sample(records, 4, seed=7) != chunk_store.chunk_sample(records, 4, seed=8)
    assert len(draw) == 4 and draw == sorted(draw, key=lambda r: r["lo"])
    assert main(["check", str(out), "--recompute", "--chunks", "4", "--seed", "7",
                 "--no-progress"]) == 0
    assert (f"recomputed 4 of the strategy job's {len(records)} chunks"
            in capsys.readouterr().out)


def _resealed(path, edit, tmp):
    from verifier import certificate
    cert = json.loads(path.read_text())
    edit(cert["sections"]["strategy"]["chunks"]["list"])
    certificate.seal(cert)          # re-hashed: only the chunks themselves can tell
    forged = tmp / "forged.json"
    forged.write_text(json.dumps(cert))
    return forged


@pytest.mark.compiled
def test_a_forged_chunk_digest_is_found_by_running_it_again(chunked, tmp_path, capsys):
    out, _work = chunked
    forged = _resealed(out, lambda recs: recs[5].update(raw_sha256="0" * 64), tmp_path)
    assert main(["check", str(forged)]) == 0        # the digest alone cannot be re-derived
    capsys.readouterr()
    assert main(["check", str(forged), "--recompute", "--chunks", "all", "--no-progress"]) == 1
    shown = capsys.readouterr().out
    assert "MISMATCH sections.strategy.chunks units 15-18: recomputed sums have SHA-256" in shown


@pytest.mark.compiled
def test_sums_moved_between_chunks_are_found_by_running_them_again(chunked, tmp_path, capsys):
    """The totals still add up, so only the chunks run again can tell."""
    out, _work = chunked

    def move(recs):
        recs[0]["sums"]["player_hands"] += 1
        recs[1]["sums"]["player_hands"] -= 1
    forged = _resealed(out, move, tmp_path)
    assert main(["check", str(forged)]) == 0
    capsys.readouterr()
    assert main(["check", str(forged), "--recompute", "--chunks", "all", "--no-progress"]) == 1
    shown = capsys.readouterr().out
    assert "sections.strategy.chunks units 0-3.player_hands" in shown
    assert "sections.strategy.chunks units 3-6.player_hands" in shown


@pytest.mark.compiled
@pytest.mark.parametrize("edit, says", [
    (lambda recs: recs[2]["sums"].update(cost=recs[2]["sums"]["cost"] + 1),
     "their cost do not add up"),
    (lambda recs: recs.pop(), "do not cover"),
    (lambda recs: recs[1].update(lo=4), "not the job's chunk 3-6"),
    (lambda recs: recs[1].update(raw_sha256="abc"), "not a SHA-256"),
], ids=["a chunk's sum", "a chunk missing", "a range moved", "not a digest"])
def test_chunks_that_do_not_hold_together_fail_check(chunked, tmp_path, capsys, edit, says):
    out, _work = chunked
    assert main(["check", str(_resealed(out, edit, tmp_path))]) == 1
    shown = capsys.readouterr().out
    assert "MISMATCH sections.strategy" in shown and says in shown


@pytest.mark.compiled
def test_without_chunks_check_recompute_says_what_it_left(chunked, tmp_path, capsys):
    from verifier import certificate
    out, _work = chunked
    cert = json.loads(out.read_text())
    del cert["sections"]["strategy"]["chunks"]
    certificate.seal(cert)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(cert))
    assert main(["check", str(old)]) == 0
    assert main(["check", str(old), "--recompute", "--chunks", "0", "--no-progress"]) == 0
    assert "not recomputed: the optimal-strategy job" in capsys.readouterr().out
    assert main(["check", str(old), "--recompute", "--no-progress"]) == 1
    assert "keeps no chunks of the strategy job" in capsys.readouterr().out


def test_a_bad_chunk_count_is_one_line(capsys):
    from conftest import one_line_error
    one_line_error(["check", "any.json", "--recompute", "--chunks", "some"], capsys, "--chunks")
