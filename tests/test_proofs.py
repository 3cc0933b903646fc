"""The closed-form derivations (proofs/, installed as verifier.proofs): where the package
is found from a checkout; published values, identities, small brute
forces written here independently of the engine, the comparison catching a wrong
derivation, and (marked full) agreement with the whole enumeration."""
from itertools import combinations
from math import comb
from types import SimpleNamespace

import pytest

try:
    from verifier.proofs import (registry, compare, total, pai_gow, one_colour, royal, straight_flush7, four_of_a_kind, full_house, three_pairs, straight_flush, flush, best_five_structured, _common)
except ImportError:
    from verifier.proofs import registry
    from verifier.proofs import compare
    from verifier.proofs import total
    from verifier.proofs import pai_gow
    from verifier.proofs import one_colour
    from verifier.proofs import royal
    from verifier.proofs import straight_flush7
    from verifier.proofs import four_of_a_kind
    from verifier.proofs import full_house
    from verifier.proofs import three_pairs
    from verifier.proofs import straight_flush
    from verifier.proofs import flush
    from verifier.proofs import best_five_structured
    from verifier.proofs import _common

PUBLISHED = [e for e in registry.ENTRIES if e.published is not None]


@pytest.mark.slow
@pytest.mark.parametrize("entry", PUBLISHED, ids=[e.name for e in PUBLISHED])
def test_published_value(entry):
    assert entry.derive() == entry.published


@pytest.mark.slow
def test_derivations_return_ints():
    for entry in registry.ENTRIES:
        assert type(entry.derive()) is int, entry.name


# ---- identities ----------------------------------------------------------------

def test_joker_split():
    assert total.no_joker() + total.with_joker() == comb(53, 7) == total.total()


@pytest.mark.slow
def test_best_five_classes_sum_to_all_hands():
    classes, royal_count = best_five_structured.best_five()
    assert sum(classes.values()) == comb(53, 7)
    assert royal_count == royal.royal_flush() == straight_flush.royal_best_five()
    # the closed forms and the structured sum agree class by class
    assert classes["straight_flush"] == straight_flush.best_five()
    assert classes["four_of_a_kind"] == four_of_a_kind.best_five()
    assert classes["full_house"] == full_house.best_five()
    assert classes["flush"] == flush.best_five()
    assert classes["high_card"] == pai_gow.all_pai_gow()


@pytest.mark.slow
def test_structured_sum_without_joker_is_the_52_card_table():
    counts, royal_count = best_five_structured.class_counts(joker=False)
    assert counts[::-1] == [0, 41_584, 224_848, 3_473_184, 4_047_644, 6_180_020,
                            6_461_620, 31_433_400, 58_627_800, 23_294_460]
    assert royal_count == 4_324
    assert sum(counts) == comb(52, 7)
    joker_counts, _ = best_five_structured.class_counts(joker=True)
    assert sum(joker_counts) == comb(52, 6)


def test_quads_category_is_best_five_quads_plus_five_aces_plus_sf_overlap():
    # every five-aces hand shows A-A-A-A-x; the 96 three-aces+joker straight flushes
    assert four_of_a_kind.category() == four_of_a_kind.best_five() + 1_128 + 96


def test_categories_by_rank_shape():
    """Full house and three pairs as sums over rank shapes (a second method)."""
    ec, shape = _common.effective_counts, _common.count_by_rank_shape

    def fh(j):
        return lambda a, o: (lambda e: len(e) > 1 and e[0] >= 3 and e[1] >= 2)(ec(a, o, j))

    def tp(j):
        return lambda a, o: ec(a, o, j) == [2, 2, 2, 1]

    def quads(j):
        return lambda a, o: ec(a, o, j)[0] >= 4
    assert shape(7, False, fh(False)) + shape(6, True, fh(True)) == full_house.category()
    assert shape(7, False, tp(False)) == three_pairs.no_joker()
    assert shape(6, True, tp(True)) == three_pairs.with_joker()
    assert shape(7, False, quads(False)) + shape(6, True, quads(True)) == \
        four_of_a_kind.category()


def test_pai_gow_by_top_card():
    tops = [pai_gow.nine_high(), pai_gow.ten_high(), pai_gow.jack_high(),
            pai_gow.queen_high(), pai_gow.king_high(), pai_gow.ace_high()]
    assert sum(tops) == 23_294_460                     # 52-card seven-card high card
    assert pai_gow.ace_high_semi_wild() - pai_gow.ace_high() == 1_485_960


def test_rank_set_counts_closed_forms():
    c = _common.count_rank_sets
    assert c(5, "straight") == 10
    assert c(5, "no_straight") == comb(13, 5) - 10
    assert c(4, "joker_straight") == 10 * 5 - 9        # 4-runs lie in two windows
    assert c(7, "no_straight", top=7) == 2            # 9 high: missing the 5 or the 6
    for k in range(4, 8):
        assert c(k, "straight") + c(k, "no_straight") == comb(13, k)
    assert _common.suit_patterns_without_flush(7, 4) == 4 ** 7 - 4 * (21 * 9 + 7 * 3 + 1)


# ---- small brute forces (independent of the engine and of the derivations) -------

def _runs_with_ace(ranks):
    """Rank positions with the ace at both ends (ranks 0..12 = 2..A)."""
    s = {r + 2 for r in ranks}
    if 14 in s:
        s.add(1)
    return s


def test_brute_seven_card_straight_flushes():
    natural = joker = 0
    for k, with_j in ((7, False), (6, True)):
        for ranks in combinations(range(13), k):       # one suit
            pos = _runs_with_ace(ranks)
            fits = any(len(pos & set(range(lo, lo + 7))) >= k for lo in range(1, 9))
            if fits:
                if with_j:
                    joker += 1
                else:
                    natural += 1
    assert 4 * natural == straight_flush7.without_joker() == 32
    assert 4 * joker == straight_flush7.with_joker() == 196


def _window_hits(ranks):
    pos = _runs_with_ace(ranks)
    return max(len(pos & set(range(lo, lo + 5))) for lo in range(1, 11))


@pytest.mark.slow
def test_brute_one_colour():
    red = [(r, s) for r in range(13) for s in (0, 1)]   # two suits of one colour
    plain = with_j = 0
    for hand in combinations(red, 7):
        if max(sum(1 for c in hand if c[1] == s) for s in (0, 1)) >= 5:
            continue
        if _window_hits({c[0] for c in hand}) >= 5:
            continue
        plain += 1
    for hand in combinations(red, 6):
        if max(sum(1 for c in hand if c[1] == s) for s in (0, 1)) >= 4:
            continue
        if _window_hits({c[0] for c in hand}) >= 4:
            continue
        with_j += 1
    assert 2 * plain == one_colour.all_one_colour()
    assert 2 * with_j == one_colour.all_one_colour_with_joker()


def test_brute_royal_match():
    """Seven cards = a royal (natural or joker) + two more; count those where the two
    more are a suited K-Q, by building every candidate hand and deduplicating."""
    hands = set()
    K, Q = 11, 10
    for s in range(4):
        royal_cards = [(r, s) for r in range(8, 13)]
        cores = [tuple(royal_cards)] + [tuple(c for c in royal_cards if c != m) + ("Jk",)
                                        for m in royal_cards]
        for core in cores:
            for t in range(4):
                extra = ((K, t), (Q, t))
                if any(c in core for c in extra):
                    continue
                hands.add(frozenset(core + extra))
    assert len(hands) == royal.royal_match() == 72


# ---- the comparison catches a wrong derivation ----------------------------------

def _fake_result():
    """A stand-in EnumerationResult carrying the right numbers for a few entries."""
    classes, royal_count = best_five_structured.best_five()
    return SimpleNamespace(total_hands=comb(53, 7), best_five=classes,
                           royal_flushes=royal_count,
                           outlaw9_masks={"seven-card": {1 << 7: pai_gow.nine_high(),
                                                         1 << 8: pai_gow.ten_high()}})


@pytest.mark.slow
def test_comparison_agrees_on_correct_numbers():
    names = ["total hands C(53,7)", "best five: full house", "outlaw9: 9 high",
             "outlaw9: 10 high", "best five: royal flush"]
    entries = [registry.by_name(n) for n in names]
    rows = compare.run_all(_fake_result(), entries)
    assert compare.all_agree(rows)
    assert "all agree" in compare.format_table(rows)


@pytest.mark.slow
def test_perturbed_derivation_is_caught():
    good = registry.by_name("best five: full house")

    def off_by_one():
        # the full-house derivation with one term off by one
        return full_house.best_five() - 1
    bad = good._replace(derive=off_by_one, published=None)
    rows = compare.run_all(_fake_result(), [good, bad])
    assert rows[0].agree and not rows[1].agree
    assert not compare.all_agree(rows)
    assert "1 DISAGREE" in compare.format_table(rows)


@pytest.mark.slow
def test_cli_prove_exit_status(monkeypatch, capsys):
    from verifier.cli import prove
    from verifier.cli.settings import ProveSettings
    args = ProveSettings.from_args(SimpleNamespace(
        threads=None, no_enumeration=True, show_progress=False, rules=None, wheel=None,
        bonus_reading=None, house_way=None))
    assert prove.run(args) == 0
    assert "all agree" in capsys.readouterr().out
    bad = registry.ENTRIES[0]._replace(derive=lambda: comb(53, 7) + 1)
    monkeypatch.setattr(registry, "ENTRIES", [bad] + registry.ENTRIES[1:])
    monkeypatch.setattr(compare, "ENTRIES", registry.ENTRIES)
    assert prove.run(args) == 1


# ---- where the proofs are found ------------------------------------------------

def test_a_checkout_imports_the_top_level_proofs_as_verifier_proofs(tmp_path):
    """From a checkout (PYTHONPATH=<checkout>, as the tests' subprocesses and a developer
    run it, from any folder) ``verifier.proofs`` is the top-level proofs/ and its modules,
    and the shipped certificates are found there; the finder maps that one name only."""
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    if not (root / "proofs" / "__init__.py").is_file():
        pytest.skip("needs the source tree")
    probe = ("import importlib.util, verifier.proofs, verifier.proofs.registry as r; "
             "from verifier.certificate.shipped import shipped_certificate_path as s; "
             "print(verifier.proofs.__file__); print(r.__file__); print(s('outlaw9-mikes')); "
             "print(importlib.util.find_spec('verifier.tests'), importlib.util.find_spec('verifier.cext'))")
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(root)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    package, module, cert, others = done.stdout.splitlines()
    assert Path(package) == root / "proofs" / "__init__.py"
    assert Path(module) == root / "proofs" / "registry.py"
    assert Path(cert) == root / "proofs" / "certificates" / "outlaw9-mikes.json"
    assert others == "None None"
    # the published value of the first entry, through the package so found
    assert registry.ENTRIES[0].published == comb(53, 7)


# ---- against the enumeration ---------------------------------------------------

CHECKABLE = [e for e in registry.ENTRIES if e.extract is not registry._none]


@pytest.mark.full
@pytest.mark.parametrize("entry", CHECKABLE, ids=[e.name for e in CHECKABLE])
def test_agrees_with_enumeration(entry, full_enumeration):
    assert entry.extract(full_enumeration) == entry.derive()
