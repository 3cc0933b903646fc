"""Property-based fuzzing of every reader (issue 14): random and mutated inputs, derived
from the real example files, fed to the command that reads them. Whatever the input:
exit status 0, 1 or 2 only, at most one line on stderr, never a traceback, bounded time.

The default run is a short profile (a few dozen examples per reader); the marker ``fuzz``
selects the long one (``pytest -m fuzz``), which CI also runs."""
import io
import json
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from verifier.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEEDS = {
    "pay table": (ROOT / "examples" / "paytables" / "outlaw9-three-pairs-2.toml").read_text(),
    "rule set": (ROOT / "examples" / "rulesets" / "casino-emperors-4pct.toml").read_text(),
    "round": (ROOT / "examples" / "round.json").read_text(),
    "house way": (ROOT / "verifier" / "data" / "house_ways" / "foxwoods.toml").read_text(),
}
SHORT = settings(max_examples=25, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def mutated(text):
    """The example text with random edits: cuts, repeats, replaced or inserted pieces."""
    pieces = st.sampled_from(['"', "[", "]", "{", "}", "=", ",", "\n", "0", "-1", "1e400",
                              "9" * 50, "true", "nan", "[pays]", "[settlement]", "seat",
                              "when", "front", "rows", "top_single", "A", "==", "(", "*",
                              "\x00", "é", " ", "#"])

    @st.composite
    def edit(draw):
        out = text
        for _ in range(draw(st.integers(1, 6))):
            i = draw(st.integers(0, len(out)))
            j = draw(st.integers(i, min(len(out), i + 40)))
            kind = draw(st.sampled_from(["cut", "insert", "replace", "repeat"]))
            piece = draw(pieces)
            if kind == "cut":
                out = out[:i] + out[j:]
            elif kind == "insert":
                out = out[:i] + piece + out[i:]
            elif kind == "replace":
                out = out[:i] + piece + out[j:]
            else:
                out = out[:i] + out[i:j] * draw(st.integers(2, 50)) + out[j:]
        return out
    return edit()


def inputs(kind):
    return st.one_of(mutated(SEEDS[kind]), st.text(max_size=300))


def run_cli(argv):
    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as exc:           # pragma: no cover - main returns statuses
            rc = exc.code
    return rc, err.getvalue(), time.monotonic() - start


def assert_behaves(argv):
    rc, err, seconds = run_cli(argv)
    assert rc in (0, 1, 2), (rc, err)
    assert "Traceback" not in err and len(err.splitlines()) <= 1, err
    assert seconds < 60


def _write(tmp_path_factory, name, text):
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return str(path)


def make_tests(profile):
    @profile
    @given(text=inputs("pay table"))
    def pay_tables(tmp_path_factory, text):
        # a rule set naming the pay table: `rules` reads it whole (cheaper than compare,
        # which checks a whole certificate first)
        table = _write(tmp_path_factory, "t.toml", text)
        rule_set = Path(table).with_name("r.toml")
        rule_set.write_text('base = "outlaw9-mikes"\n[bets]\noutlaw9 = "t.toml"\n'
                            'wrangler_push = "t.toml"\n')
        assert_behaves(["rules", str(rule_set)])

    @profile
    @given(text=inputs("rule set"))
    def rule_sets(tmp_path_factory, text):
        assert_behaves(["rules", _write(tmp_path_factory, "r.toml", text)])

    @profile
    @given(text=inputs("round"))
    def round_files(tmp_path_factory, text):
        assert_behaves(["settle", _write(tmp_path_factory, "r.json", text)])

    @profile
    @given(cards=st.one_of(st.text(max_size=40),
                           st.lists(st.sampled_from("23456789TJQKA") | st.sampled_from("shdc")
                                    | st.just(" ") | st.just("Jk"), max_size=20).map("".join)))
    def cards(cards):
        assert_behaves(["hand", cards])

    @profile
    @given(text=inputs("house way"))
    def house_ways(tmp_path_factory, text):
        assert_behaves(["hand", "Th Td 5c 5s Ah 3d 2c", "--house-way",
                        _write(tmp_path_factory, "w.toml", text)])

    return pay_tables, rule_sets, round_files, cards, house_ways


@pytest.fixture(scope="module")
def certificate_text(tmp_path_factory):
    """A real certificate with every kind of section a base game brings, small enough that
    each check of a mutated copy takes a fraction of a second: Mike's rules on the 25-card
    deck of nines to aces, the base game counted."""
    from verifier.cli import main
    path = tmp_path_factory.mktemp("cert") / "mikes-9TJQKA.json"
    assert main(["run", "--deck-ranks", "9TJQKA", "--base-game", "--no-progress",
                 "--out", str(path)]) == 0
    return path.read_text()


@pytest.mark.slow
@SHORT
@given(data=st.data())
def test_fuzz_certificates_short(tmp_path_factory, certificate_text, data):
    cert = json.loads(certificate_text)
    # mutate one value deep inside the real certificate, or its text
    path, node = [], cert
    while isinstance(node, (dict, list)) and node:
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                        else range(len(node))))
        path.append(key)
        if data.draw(st.booleans()):
            break
        node = node[key]
    value = data.draw(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                                st.lists(st.integers(), max_size=2)))
    target = cert
    for key in path[:-1]:
        target = target[key]
    if path:
        target[path[-1]] = value
    assert_behaves(["check", _write(tmp_path_factory, "c.json", json.dumps(cert))])


(short_pay_tables, short_rule_sets, short_round_files, short_cards,
 short_house_ways) = make_tests(SHORT)
test_fuzz_house_ways_short = short_house_ways
test_fuzz_pay_tables_short = short_pay_tables
test_fuzz_rule_sets_short = short_rule_sets
test_fuzz_round_files_short = short_round_files
test_fuzz_cards_short = short_cards

(long_pay_tables, long_rule_sets, long_round_files, long_cards,
 long_house_ways) = make_tests(LONG)
test_fuzz_house_ways_long = pytest.mark.slow(pytest.mark.fuzz(long_house_ways))
test_fuzz_pay_tables_long = pytest.mark.slow(pytest.mark.fuzz(long_pay_tables))
test_fuzz_rule_sets_long = pytest.mark.slow(pytest.mark.fuzz(long_rule_sets))
test_fuzz_round_files_long = pytest.mark.slow(pytest.mark.fuzz(long_round_files))
test_fuzz_cards_long = pytest.mark.slow(pytest.mark.fuzz(long_cards))
