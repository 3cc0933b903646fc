"""The engine's spec (verifier/engine/spec.py, docs/ARCHITECTURE.md): a command resolves
its rules into one ``EngineSpec`` (the house way loaded and numbered once) and hands it to
every job; the jobs ask the backend switch for the engine at each call, so switching
engines reaches every one of them."""
import json
import os
from pathlib import Path

import pytest

from verifier import engine
from verifier.cli import main
from verifier.engine import BUILT_IN, FILE, SHIPPED, EngineSpec, backend, engine_spec
from verifier.game.cards import deck_of_ranks, parse_cards
from verifier.houseway import fileformat
from verifier.rules import readings
from verifier.rules.readings import Rules

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"
PAYTABLES = ROOT / "examples" / "paytables"


@pytest.fixture
def counted(monkeypatch):
    """How many ``Rules`` and ``EngineSpec`` are made, and which house-way files are
    read from disk, from here on (the one ``Rules`` of each readings forgotten first)."""
    made = {"Rules": 0, "EngineSpec": 0}
    for cls in (Rules, EngineSpec):
        def post_init(self, _original=cls.__post_init__, _name=cls.__name__):
            made[_name] += 1
            _original(self)
        monkeypatch.setattr(cls, "__post_init__", post_init)
    reads = []
    read_text = fileformat.read_text

    def reading(path, *args, **kwargs):
        reads.append(str(path))
        return read_text(path, *args, **kwargs)
    monkeypatch.setattr(fileformat, "read_text", reading)
    readings._rules_of.cache_clear()
    from verifier.engine import spec as spec_module
    monkeypatch.setattr(spec_module, "_SPECS", {})
    # the rule sets built before (a neighbour's, under xdist) forgotten too: their Rules
    # and specs would otherwise not be made again here, and the counts be theirs
    from collections import OrderedDict
    from verifier.rules import definitions, rulesets
    monkeypatch.setattr(definitions, "_DEFINED", OrderedDict())
    rulesets._shipped.cache_clear()
    return made, reads


def run_with_a_house_way_file(tmp_path, *options):
    way = tmp_path / "way.toml"
    way.write_text(fileformat.shipped_path("foxwoods").read_text())
    out = tmp_path / "c.json"
    assert main(["run", "--rules", "casino-standard", "--house-way", str(way),
                 "--no-progress", "--out", str(out), *options]) == 0
    return str(way), json.loads(out.read_text())["sections"]


def test_one_run_with_a_house_way_file_reads_it_once_and_makes_its_rules_and_spec_once(
        counted, tmp_path, capsys):
    """Every layer of ``run`` (the rule set, the enumeration, the file's check over the
    53-card deck, the certificate's sections, the summary) works from the one spec: the
    file is read from disk once, ``Rules`` made once, the spec once (issue 34)."""
    made, reads = counted
    way, _sections = run_with_a_house_way_file(tmp_path, "--deck-ranks", "QKA",
                                               "--no-base-game")
    capsys.readouterr()
    assert reads == [way]
    assert made == {"Rules": 1, "EngineSpec": 1}


@pytest.mark.slow
def test_the_base_game_of_that_run_takes_the_same_spec(counted, tmp_path, capsys):
    made, reads = counted
    way, sections = run_with_a_house_way_file(tmp_path, "--deck-ranks", "JQKA",
                                              "--base-game")
    capsys.readouterr()
    assert "base_game" in sections                   # the pairwise count ran on the spec
    assert reads == [way]
    assert made == {"Rules": 1, "EngineSpec": 1}


def checked_copy(tmp_path):
    """A copy of the shipped certificate, outside the shipped folder: read and checked in
    full (the shipped file itself is read by its pinned digest, with no check)."""
    import shutil
    return shutil.copy(CERTS / "outlaw9-mikes.json", tmp_path / "outlaw9-mikes.json")


@pytest.mark.slow
def test_compare_of_a_shipped_certificate_makes_its_rules_at_most_once_per_section(
        counted, capsys, tmp_path):
    made, _reads = counted
    cert = checked_copy(tmp_path)
    assert main(["compare", str(cert), "--paytable",
                 str(PAYTABLES / "outlaw9-three-pairs-2.toml"), "--paytable",
                 str(PAYTABLES / "outlaw9-no-pai-gow.toml")]) == 0
    capsys.readouterr()
    sections = json.loads(cert.read_text())["sections"]
    assert 1 <= made["Rules"] <= len(sections)
    assert made["Rules"] == 1                        # the certificate's readings, once
    assert made["EngineSpec"] == 1      # the check, the rows, the strategy figures: one


def test_the_same_rules_give_the_same_spec_and_a_changed_file_a_new_one(counted,
                                                                       tmp_path):
    made, _reads = counted
    way = tmp_path / "way.toml"
    way.write_text(fileformat.shipped_path("foxwoods").read_text())
    rules = Rules.of(house_way=str(way))
    first = engine_spec(rules)
    assert engine_spec(rules) is first and engine_spec(Rules.of()) is engine_spec()
    text = way.read_text()
    way.write_text(text.replace("\n", "\n# changed\n", 1))
    os.utime(way, ns=(1, 1))            # another version of the file, whatever the clock
    assert engine_spec(rules) is first      # these rules carry the file they loaded
    changed = Rules.of(house_way=str(way))  # the rules made again see the new version
    assert changed is not rules and changed.way is not rules.way
    again = engine_spec(changed)
    assert again is not first and again.file is not first.file and again.file is changed.way
    assert engine_spec(rules, threads=1) is not again      # another thread count


@pytest.fixture
def rule_sets_built(monkeypatch):
    """Every ``RuleSet`` built from here on, as (name, its definition's text, source); the
    caches of shipped rule sets and of certificates' definitions emptied first."""
    from verifier.rules import definitions, rulesets
    built = []
    init = rulesets.RuleSet.__init__

    def counting(self, *args, **kwargs):
        init(self, *args, **kwargs)
        built.append((self.name, json.dumps(self.to_dict(), sort_keys=True, default=str),
                      self.source))
    monkeypatch.setattr(rulesets.RuleSet, "__init__", counting)
    rulesets._shipped.cache_clear()
    monkeypatch.setattr(definitions, "_DEFINED", type(definitions._DEFINED)())
    return built


def test_one_run_builds_each_rule_set_once(rule_sets_built, tmp_path, capsys):
    """The command's rule set (casino-standard with the file's house way) is built once,
    and the certificate's sections find it by its definition rather than building it
    again; a shipped rule set another part reads (the fee schedule's) once (issue 34)."""
    run_with_a_house_way_file(tmp_path, "--deck-ranks", "QKA", "--no-base-game")
    capsys.readouterr()
    assert len(rule_sets_built) == len(set(rule_sets_built))      # none built twice
    changed = [b for b in rule_sets_built if "way.toml" in b[1]]
    assert len(changed) == 1                                        # the command's own


def test_compare_of_a_shipped_certificate_builds_its_rule_set_once(rule_sets_built,
                                                                    capsys, tmp_path):
    """Every section, the check and the comparison ask for the certificate's rule set:
    it is built once from its definition, and the shipped one it is held against (the
    same name must be the same game) once."""
    assert main(["compare", str(checked_copy(tmp_path)), "--paytable",
                 str(PAYTABLES / "outlaw9-three-pairs-2.toml"), "--paytable",
                 str(PAYTABLES / "outlaw9-no-pai-gow.toml")]) == 0
    capsys.readouterr()
    assert len(rule_sets_built) == len(set(rule_sets_built))      # none built twice
    sources = [source for name, _definition, source in rule_sets_built
               if name == "outlaw9-mikes"]
    assert sorted(bool(s) for s in sources) == [False, True]   # the definition, the file


def test_a_table_makes_its_spec_once_not_once_per_round(counted, capsys):
    made, _reads = counted
    assert main(["simulate", "--rounds", "300", "--threads", "1", "--house-way",
                 "foxwoods", "--no-progress"]) == 0
    capsys.readouterr()
    assert made["EngineSpec"] == 1


# ------------------------------------------------------------------ what the spec holds

def test_the_spec_tells_a_compiled_in_house_way_from_a_shipped_file_and_a_users_file(
        tmp_path):
    """Mike's Cardroom and Emperor's Challenge are compiled in (engine numbers 0 and 1,
    cext/builtin_ways.h; Mike's rows are the eleven of docs/RULES.md); a shipped file has
    the rows its text lists (no [variants] in foxwoods.toml); a user's copy of it is a
    user's file (checked before a job sets hands by it) with the same program."""
    mikes = engine_spec(Rules.of())
    assert (mikes.source, mikes.number, mikes.rows, mikes.file) == (BUILT_IN, 0, 11, None)
    emperors = engine_spec(Rules.of(wheel="second", house_way="emperors"))
    assert (emperors.source, emperors.number, emperors.wheel_second) == (BUILT_IN, 1, True)
    text = fileformat.shipped_path("foxwoods").read_text()
    shipped = engine_spec(Rules.of(house_way="foxwoods"))
    assert shipped.source == SHIPPED and shipped.number >= 2
    assert shipped.rows == text.count("\n[[rows]]\n") == 19
    copy = tmp_path / "mine.toml"
    copy.write_text(text)
    mine = engine_spec(Rules.of(house_way=str(copy)), threads=1, deck=deck_of_ranks("QKA"))
    assert mine.source == FILE and mine.number == shipped.number
    assert (mine.threads, len(mine.cards())) == (1, 13)          # 3 ranks x 4 suits + joker
    assert not mine.order_dependent


def test_a_house_way_that_sets_a_hand_by_its_suits_order_is_refused_by_a_symmetric_count(
        tmp_path):
    """``highest_front = "card-by-card"`` sets a hand by the order of its suits
    (verifier.houseway.fields ORDER_DEPENDENT): the enumeration visits every hand, the
    counts by the suits' symmetry refuse it in one line."""
    from verifier.houseway.fields import OrderDependentError
    text = fileformat.shipped_path("trump-plaza").read_text()
    way = tmp_path / "by-suits.toml"
    way.write_text(text.replace('highest_front = "highest-hand"',
                                'highest_front = "card-by-card"'))
    spec = engine_spec(Rules.of(house_way=str(way)), deck=deck_of_ranks("JQKA"))
    assert spec.order_dependent
    with pytest.raises(OrderDependentError, match="card-by-card"):
        engine.pairwise_counts(rules=spec)


def test_a_spec_goes_to_another_process_as_its_rules_and_a_changed_file_stays(tmp_path):
    """A worker of ``simulate`` gets the table's spec pickled: it is resolved again from
    its rules there (a house way's engine number is the process's own); a spec whose
    file was replaced (other readings, ``house-ways ratings --reading``) is not sent."""
    import pickle
    spec = engine_spec(Rules.of(house_way="foxwoods"), threads=1)
    assert pickle.loads(pickle.dumps(spec)) == spec
    way = fileformat.load("foxwoods").with_readings({"highest_front": "card-by-card"})
    with pytest.raises(TypeError):
        pickle.dumps(spec.with_file(way))


# ------------------------------------------------------------------ the twins and the switch

def public_functions(module):
    """The public functions of a module (not its classes, nor what it imports)."""
    import inspect
    return {name: f for name, f in vars(module).items()
            if not name.startswith("_") and callable(f) and not inspect.isclass(f)
            and getattr(f, "__module__", None) == module.__name__}


def unhinted(function):
    """A function's signature without its hints (the twins are hinted, Cython records
    none): the parameters, defaults and kinds."""
    import inspect
    sig = inspect.signature(function)
    empty = inspect.Parameter.empty
    return sig.replace(parameters=[p.replace(annotation=empty) for p in sig.parameters.values()],
                       return_annotation=inspect.Signature.empty)


@pytest.mark.compiled
def test_the_twins_have_every_function_of_the_compiled_modules_with_its_signature():
    """Each compiled module with a twin (``backend.TWINS``) and its twin: every public
    function of the compiled one (its signature as Cython records it, ``binding=True``)
    is the twin's, with the same parameters, defaults and kinds, so no job asks which
    engine it has (the classes, ``Engine``, ``PairwiseTable``, ``StrategyJob``, are the
    compiled jobs' own: their twins are the Python jobs above the switch)."""
    import inspect
    from verifier.engine import backend
    seen = 0
    for name in backend.TWINS:
        compiled, twin = backend.module(name, "compiled"), backend.module(name, "pure-python")
        functions = public_functions(compiled)
        assert functions, name
        for attr, function in sorted(functions.items()):
            assert hasattr(twin, attr), f"{twin.__name__} lacks {attr}"
            assert unhinted(getattr(twin, attr)) == unhinted(function), \
                f"{twin.__name__}.{attr}{unhinted(getattr(twin, attr))} is not " \
                f"{compiled.__name__}.{attr}{unhinted(function)}"
            seen += 1
    # _core's 20 functions (tier_hands and shared_card_sums, then shuffled_deals the last),
    # _pairwise's 3, _strategy's 2 (cext/*.pyx)
    assert seen == 20 + 3 + 2



HAND = "As Ks Qs Js Ts Kh Qh"
TWIN_CALLS = {"core": ("enumerate_counts", "set_hand", "set_hands", "best_for_bet",
                       "compare_house_ways"),
              "pairwise": ("pairwise_counts", "versus_banker"),
              "strategy": ("strategy_counts",)}


def test_switching_engines_reaches_every_job(monkeypatch):
    """Inside ``backend.using("pure-python")`` every job runs on the twins, whatever it
    was imported as (the house ways compared and the house-way check bound the compiled
    core at import before issue 34). The twins' pairwise counts are only recorded here
    (their figures are tests/test_pairwise.py's): each answers every pair a win."""
    from verifier.engine.reference import core, pairwise, strategy
    from verifier.strategy.houseways import compare_house_ways
    called = []

    def every_pair_a_win(deck, *args, **kwargs):
        total = engine.total_pairs(len(deck))
        return dict(dict.fromkeys(engine.COUNT_NAMES, 0), total=total, win=total)
    for module in (core, pairwise, strategy):
        for name in TWIN_CALLS[module.__name__.rsplit(".", 1)[1]]:
            answer = every_pair_a_win if module is pairwise else getattr(module, name)

            def record(*args, _f=answer, _name=name, **kwargs):
                called.append(_name)
                return _f(*args, **kwargs)
            monkeypatch.setattr(module, name, record)
    fourteen = deck_of_ranks("QKA") + [0]
    eight = sorted(fourteen)[:8]
    cards = parse_cards(HAND, count=7)
    player = sorted(fourteen)[:7]
    with backend.using("pure-python"):
        jobs = {
            "enumerate_counts": lambda: engine.enumerate_hands(Rules.of(), deck=eight),
            "set_hand": lambda: engine.set_hand(HAND),
            "set_hands": lambda: engine.set_hands([cards]),
            "best_for_bet": lambda: engine.best_for_bet(cards),
            "pairwise_counts": lambda: engine.pairwise_counts(deck=fourteen),
            "versus_banker": lambda: engine.versus_banker(player, deck=fourteen),
            "strategy_counts": lambda: engine.strategy_counts(player, deck=fourteen),
            "compare_house_ways": lambda: compare_house_ways(["mikes", "emperors"],
                                                             deck=fourteen, threads=1),
        }
        for name, job in jobs.items():
            called.clear()
            job()
            assert name in called, name
        called.clear()
        engine.check_house_way("mikes", deck=eight)
        assert "enumerate_counts" in called
