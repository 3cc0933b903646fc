"""The code's shape (docs/ARCHITECTURE.md): packages in layers, each importing only the
layers below it (imports inside functions count too), no import cycle among modules or
packages, and one certificate layer that computes nothing itself."""
import ast
import os
import shutil
import subprocess
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "verifier"
#: the top-level proofs/, installed as verifier.proofs (setup.py package_dir)
PROOFS = PACKAGE.parent / "proofs"


def modules():
    out = {}
    for folder, prefix in ((PACKAGE, ("verifier",)), (PROOFS, ("verifier", "proofs"))):
        for path in folder.rglob("*.py"):
            parts = prefix + path.relative_to(folder).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


def import_graph():
    """module -> the verifier modules it imports (anywhere in its text). ``from . import
    x`` counts as an import of the submodule x only."""
    mods = modules()
    edges = {m: set() for m in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - (node.level - 1)])
                    target = f"{base}.{node.module}" if node.module else base
                else:
                    target = node.module or ""
                subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in mods]
                for t in subs or [target]:
                    if t in mods and t != name:
                        edges[name].add(t)
            elif isinstance(node, ast.Import):
                edges[name] |= {a.name for a in node.names if a.name in mods and a.name != name}
    return edges


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_among_the_verifier_modules():
    assert cycles(import_graph()) == []


#: each package and the packages it may import (docs/ARCHITECTURE.md): the layers from
#: the bottom up; ``cli`` may import every other package, and nothing imports ``cli``
LAYERS = {
    "support": set(),
    "game": {"support"},
    "houseway": {"game", "support"},
    "rules": {"houseway", "game", "support"},
    "engine": {"rules", "houseway", "game", "support"},
    "odds": {"rules", "houseway", "game", "support"},
    "strategy": {"engine", "odds", "rules", "houseway", "game", "support"},
    "table": {"engine", "odds", "rules", "houseway", "game", "support"},
    "certificate": {"strategy", "engine", "odds", "rules", "houseway", "game", "support"},
    "report": {"certificate", "strategy", "odds", "rules", "houseway", "game", "support"},
    "proofs": {"engine", "odds", "rules", "game", "support"},
    "audit": {"report", "certificate", "odds", "rules", "game", "support"},
    # the filing pack: the par sheet, worked examples found by the engine and settled by
    # the table's code (Face Up's: the best response, strategy/faceup.py)
    "filing": {"report", "certificate", "table", "strategy", "engine", "odds", "rules",
               "houseway", "game", "support"},
    "web": {"report", "certificate", "strategy", "odds", "engine", "houseway", "rules",
            "game", "support"},
    # the named bets, one module each: a plugin package that game/bets.py's registry finds
    # by walking it, never imported by name (test below); a bet's hooks reach the layers
    # its certificate section and par-sheet entry need
    "bets": {"report", "certificate", "odds", "rules", "houseway", "game", "support"},
}
LAYERS["cli"] = set(LAYERS)


def package_of(module):
    """``verifier.engine.pairwise`` -> ``engine``; the top module -> None."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else None


def package_edges():
    """package -> the other packages its modules import."""
    edges = {p: set() for p in LAYERS}
    for module, targets in import_graph().items():
        here = package_of(module)
        for target in targets:
            there = package_of(target)
            if here and there and there != here:
                edges[here].add(there)
    return edges


def test_the_architecture_page_draws_the_imports_the_code_has():
    """docs/ARCHITECTURE.md's table of imports is the code's: each package, what it
    imports, and what its layers allow that it does not use."""
    page = (PACKAGE.parent / "docs" / "ARCHITECTURE.md").read_text()
    table = page.split("<!-- imports: generated")[1].split("<!-- end imports -->")[0]

    def names(cell):
        return {n.strip(" `") for n in cell.split(",") if n.strip(" `")}
    drawn = {}
    for row in table.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            drawn[cells[0].strip("`")] = (names(cells[1]), names(cells[2]))
    edges = package_edges()
    assert drawn == {p: (edges[p], LAYERS[p] - edges[p]) for p in LAYERS}


def test_every_module_lives_in_a_layer():
    loose = [m for m in modules() if m != "verifier" and package_of(m) is None]
    assert loose == [], "modules outside the layer packages"


def test_each_package_imports_only_the_layers_below_it():
    broken = []
    for module, targets in import_graph().items():
        here = package_of(module)
        if here is None:
            continue                      # the package's face: verifier/__init__.py
        for target in targets:
            there = package_of(target)
            if there != here and there not in LAYERS[here]:
                broken.append(f"{module} -> {target}")
    assert broken == []


def test_no_cycle_among_the_packages():
    assert cycles(package_edges()) == []


def test_the_layer_table_has_no_cycle_and_names_only_packages():
    assert cycles(LAYERS) == []
    assert set(LAYERS) == {p.name for p in PACKAGE.iterdir()
                           if (p / "__init__.py").is_file()} | {"proofs"}


def test_no_module_imports_the_named_bets_by_name():
    """verifier/bets/ is found by the registry (``game.bets.registry``), so that every
    layer iterates the bets and none names one: nothing imports it."""
    importers = [m for m, targets in import_graph().items() for t in targets
                 if t.startswith("verifier.bets") and not m.startswith("verifier.bets")]
    assert importers == []


def test_the_engines_twins_stand_below_the_switch():
    """engine/reference/ (the pure-Python twins, docs/ARCHITECTURE.md) imports nothing else
    of engine/: ``backend.module`` chooses between a compiled module and its twin, so a
    twin that asked the switch would stand above it."""
    up = [f"{m} -> {t}" for m, targets in import_graph().items()
          if m.startswith("verifier.engine.reference") for t in targets
          if t.startswith("verifier.engine.") and not t.startswith("verifier.engine.reference")]
    assert up == []


def test_outside_the_engine_only_its_door_is_imported():
    """``verifier.engine`` (its ``__init__``) is the engine's one door (docs/ARCHITECTURE.md):
    code outside engine/ imports it and no module under it."""
    through = [f"{m} -> {t}" for m, targets in import_graph().items()
               if m != "verifier.engine" and not m.startswith("verifier.engine.")
               for t in targets if t.startswith("verifier.engine.")]
    assert through == []


def test_the_benchmarks_go_through_the_engines_door():
    """benchmarks/ imports ``verifier.engine`` (the door), no module under it."""
    through = []
    for path in sorted((PACKAGE.parent / "benchmarks").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom) else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            through += [f"{path.name} -> {n}" for n in names
                        if n.startswith("verifier.engine.")]
    assert through == []


#: the most lines a source file may have (docs/ARCHITECTURE.md)
MAX_LINES = 400


def test_every_source_file_is_under_the_line_limit():
    """Every .py, .pyx, .pxd, .pxi and .h of verifier/, proofs/ and cext/ (the generated
    cext/vocab.h too) has at most MAX_LINES lines."""
    long = {}
    for folder in (PACKAGE, PROOFS, PACKAGE.parent / "cext"):
        for path in folder.rglob("*"):
            if path.suffix in (".py", ".pyx", ".pxd", ".pxi", ".h") and path.is_file():
                lines = len(path.read_text().splitlines())
                if lines > MAX_LINES:
                    long[str(path.relative_to(PACKAGE.parent))] = lines
    assert long == {}


#: the most lines a function may have, its decorators and docstring counted
#: (docs/ARCHITECTURE.md)
MAX_FUNCTION_LINES = 80


def long_functions(folder, limit=MAX_FUNCTION_LINES):
    """``path:name`` -> lines, for every function or method under ``folder`` (nested ones
    too) longer than ``limit``, from its first decorator to its last line."""
    long = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                lines = node.end_lineno - first + 1
                if lines > limit:
                    long[f"{path.relative_to(folder.parent)}:{node.name}"] = lines
    return long


def test_the_function_counter_counts_a_long_function(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    body = "".join(f"    x{i} = {i}\n" for i in range(79))
    (pkg / "m.py").write_text("@staticmethod\ndef long():\n" + body + "\n"
                              "def short():\n" + body)
    assert long_functions(pkg) == {"pkg/m.py:long": 81}


def test_no_function_is_over_the_line_limit():
    """Every function of verifier/ and proofs/ has at most MAX_FUNCTION_LINES lines: a
    longer one is split along its seams, each piece doing one thing."""
    long = {}
    for folder in (PACKAGE, PROOFS):
        long.update(long_functions(folder))
    assert long == {}


def test_the_odds_layers_know_nothing_of_certificates():
    edges = import_graph()
    for module in ("verifier.odds.exact", "verifier.odds.emperors", "verifier.odds.basegame",
                   "verifier.rules.rulesets", "verifier.game.paytables"):
        assert not {m for m in edges[module] if m.startswith("verifier.certificate")}, module


def test_the_certificate_format_layer_imports_no_layer_above_it():
    edges = import_graph()
    assert not edges["verifier.certificate.format"] & {
        "verifier.certificate.sections", "verifier.certificate.build",
        "verifier.certificate.check", "verifier.certificate.odds", "verifier.odds.exact"}


# --------------------------------------------------------------------------------------
# the constants Python and C share, read from the headers

CEXT = PACKAGE.parent / "cext"


def header_text(header):
    """A header's text; cext/vocab.h as the generator writes it from the Python tables (the
    file itself exists only once the core is built)."""
    return generator().header_text() if header == "vocab.h" else (CEXT / header).read_text()


def c_enum(header, first):
    """The names of the C enum of ``header`` that starts with ``first``, in order."""
    import re
    text = re.sub(r"/\*.*?\*/", "", header_text(header), flags=re.S)
    for body in re.findall(r"enum\s*\{(.*?)\}", text, flags=re.S):
        names = [n.split("=")[0].strip() for n in body.split(",") if n.strip()]
        if names and names[0] == first:
            return names
    raise AssertionError(f"no enum starting with {first} in cext/{header}")


def c_define(header, name):
    import re
    m = re.search(rf"#define\s+{name}\s+(\d+)", header_text(header))
    assert m, f"{name} is not defined in cext/{header}"
    return int(m.group(1))


def generator():
    """cext/gen_vocab.py, which writes cext/vocab.h from the Python tables at build time."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("gen_vocab", CEXT / "gen_vocab.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_built_vocabulary_header_is_the_python_tables_of_now():
    """cext/vocab.h, which the build generated, is what the Python tables give today: the
    compiled core was built from them (a changed table rebuilds the header, and setup.py
    lists it among the extensions' depends)."""
    if not (CEXT / "vocab.h").is_file():
        pytest.skip("cext/vocab.h is made by the build, and the core is not built here")
    assert (CEXT / "vocab.h").read_text() == generator().header_text()


def test_the_vocabulary_generator_imports_no_engine_and_nothing_outside_the_standard_library():
    """It runs before anything is compiled, in the build's bare environment."""
    import sys
    probe = ("import importlib.util, sys; before = set(sys.modules); "
             "s = importlib.util.spec_from_file_location('g', "
             f"{str(CEXT / 'gen_vocab.py')!r}); m = importlib.util.module_from_spec(s); "
             "s.loader.exec_module(m); m.header_text(); "
             "print(' '.join(sorted(set(sys.modules) - before)))")
    done = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True,
                          cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.split()
    assert "verifier.game.categories" in loaded and "verifier.houseway.layout" in loaded
    assert [m for m in loaded if m.startswith("verifier.engine")] == []
    outside = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"verifier"}
    assert {m for m in outside if not m.startswith("_")} == set()


def c_names(header):
    """The names a header defines: its enums' members and its #defines."""
    import re
    text = re.sub(r"/\*.*?\*/", "", header_text(header), flags=re.S)
    names = set(re.findall(r"#define\s+(\w+)", text))
    for body in re.findall(r"enum\s*\{(.*?)\}", text, flags=re.S):
        names |= {n.split("=")[0].strip() for n in body.split(",") if n.strip()}
    return names


def test_no_header_writes_a_shared_name_again():
    """Each name of cext/vocab.h is defined there only: no hand-written copy beside it."""
    shared = c_names("vocab.h") - {"PAIGOW_VOCAB_H"}
    assert {"CAT_FIVE_ACES", "BFB_HIGH_CARD", "F_QUADS", "H_NO_PAIR", "HW_CODE", "HW_OP_NOT",
            "FRONT_PAIR_BASE", "HW_MAX_ROWS", "JOKER", "ACE", "FRONT_KEYS", "TS_R_BASE",
            "TS_LINES"} <= shared
    again = {h: sorted(c_names(h) & shared) for h in HEADER_ORDER if h != "vocab.h"}
    assert {h: n for h, n in again.items() if n} == {}


def test_python_defines_the_pair_base_of_the_front_keys_once():
    """FRONT_PAIR_BASE (two-card key of a pair of rank r: FRONT_PAIR_BASE + r) is assigned
    in verifier/game/ranking.py only; every other module imports it."""
    places = [str(path.relative_to(PACKAGE.parent)) for path in modules().values()
              for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Assign)
              for target in node.targets
              if isinstance(target, ast.Name) and target.id == "FRONT_PAIR_BASE"]
    assert places == ["verifier/game/ranking.py"]


def test_the_cards_the_front_keys_and_the_tables_reads_come_from_python():
    """JOKER and ACE (game/cards.py), FRONT_KEYS (game/ranking.py), the table's reads
    TS_R_* in the order of TABLE_READS and TS_LINES (game/bets.py): generated into
    cext/vocab.h from the Python names, the C name the Python one in capitals."""
    from verifier.game import cards
    from verifier.game.bets import TABLE_LINES, TABLE_READS
    from verifier.game.ranking import FRONT_KEY_COUNT, FRONT_PAIR_BASE
    assert (c_define("vocab.h", "JOKER"), c_define("vocab.h", "ACE")) == (cards.JOKER, cards.ACE)
    assert c_define("vocab.h", "FRONT_KEYS") == FRONT_KEY_COUNT == FRONT_PAIR_BASE + 13
    assert c_enum("vocab.h", "TS_R_BASE") == [
        "TS_R_" + r.upper().replace("-", "_") for r in TABLE_READS]
    assert c_define("vocab.h", "TS_LINES") == TABLE_LINES


def test_the_category_bits_of_python_and_c_agree():
    from verifier.game.categories import CATEGORY_NAMES
    assert [n[len("CAT_"):].lower() for n in c_enum("vocab.h", "CAT_SEVEN_CARD_STRAIGHT_FLUSH")] \
        == CATEGORY_NAMES


def test_the_best_for_bet_bits_of_python_and_c_agree():
    from verifier.game.categories import BEST_FOR_BET_LINES
    assert [n[len("BFB_"):].lower() for n in c_enum("vocab.h", "BFB_FIVE_ACES_PLUS_PAIR")] == \
        BEST_FOR_BET_LINES


def test_the_hand_classes_of_python_and_c_agree():
    from verifier.game.ranking import CLASS_NAMES
    assert [n.lower() for n in c_enum("vocab.h", "HIGH_CARD")] == CLASS_NAMES


def test_the_house_way_features_and_hand_types_of_python_and_c_agree():
    from verifier.houseway.conditions import FEATURE_IDS
    from verifier.houseway.interpret import HAND_TYPES
    features = c_enum("vocab.h", "F_QUADS")
    assert features[-1] == "HW_NFEATURES"
    assert {f"F_{name.upper()}": i for name, i in FEATURE_IDS.items()} == \
        {name: i for i, name in enumerate(features[:-1])}
    types = c_enum("vocab.h", "H_FIVE_ACES")
    assert types[-1] == "HW_NHAND_TYPES"
    assert [f"H_{t.upper().replace('-', '_')}" for t in HAND_TYPES] == types[:-1]


def test_the_house_way_file_limits_are_the_compiled_routes():
    from verifier.houseway import fields
    assert (fields.MAX_ROWS, fields.MAX_BANDS, fields.MAX_CODE) == (
        c_define("vocab.h", "HW_MAX_ROWS"), c_define("vocab.h", "HW_MAX_BANDS"),
        c_define("vocab.h", "HW_MAX_CODE"))


# --------------------------------------------------------------------------------------
# the C headers in layers (cext/*.h): each includes only headers of the layers below it,
# all at its top, and compiles on its own

#: the headers from the bottom up: a header may include only those before it
HEADER_ORDER = [
    "vocab.h", "cards.h", "keys.h", "multiset.h", "maskcount.h", "shared_cards.h", "splits.h",
    "shape.h", "tally.h",
    "eval_tables.h", "houseway.h", "builtin_ways.h", "engine.h", "enumerate.h", "compare_classes.h",
    "strategy.h",
    "table_rng.h", "cpython_random.h", "table_rules.h", "table_settle.h", "table_reads.h",
    "table_sim.h",
    "pairwise_keys.h", "pairwise_dominance.h", "pairwise_walk.h", "pairwise_orbits.h",
    "pairwise_ranks.h",
    "pairwise.h", "pairwise_oracles.h", "strategy_prefix.h", "strategy_tables.h", "strategy_build.h",
    "strategy_ck.h",
    "strategy_select.h", "strategy_unit.h", "strategy_job.h", "strategy_cells.h",
    "strategy_batch.h", "strategy_run.h"]


def header_includes(header):
    """The project headers ``header`` includes, and whether every include comes before
    its first line of code (comments, include guards and blank lines aside)."""
    import re
    text = re.sub(r"/\*.*?\*/", "", header_text(header), flags=re.S)
    names, code_seen, all_on_top = [], False, True
    for line in text.splitlines():
        s = line.strip()
        m = re.match(r'#\s*include\s+"([^"]+)"', s)
        if m:
            names.append(m.group(1))
            all_on_top &= not code_seen
        elif s and not s.startswith(("#", "//")):   # preprocessor lines are not code
            code_seen = True
    return names, all_on_top


def test_every_header_has_its_place_in_the_layers():
    assert sorted(HEADER_ORDER) == sorted({p.name for p in CEXT.glob("*.h")} | {"vocab.h"})


@pytest.mark.parametrize("header", HEADER_ORDER)
def test_a_header_includes_only_the_layers_below_it_at_its_top(header):
    names, all_on_top = header_includes(header)
    below = HEADER_ORDER[:HEADER_ORDER.index(header)]
    assert [n for n in names if n not in below] == []
    assert all_on_top, f"cext/{header} includes a header below its first line of code"


def test_the_house_way_program_and_the_engine_are_not_in_a_circle():
    assert "engine.h" not in header_includes("houseway.h")[0]
    assert {"houseway.h", "splits.h", "shape.h"} <= set(header_includes("engine.h")[0])


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="no C compiler")
@pytest.mark.parametrize("header", HEADER_ORDER)
def test_a_header_compiles_on_its_own(header, tmp_path):
    """What a header uses it includes: alone it compiles, with no function used undeclared."""
    cmd = [os.environ.get("CC", "cc"), "-fsyntax-only", "-x", "c", "-std=gnu11",
           "-Wall", "-Werror=implicit-function-declaration", "-Wno-unknown-pragmas",
           "-Wno-unused-function", "-Wno-unused-variable", f"-I{tmp_path}", f"-I{CEXT}",
           str((tmp_path if header == "vocab.h" else CEXT) / header)]
    (tmp_path / "vocab.h").write_text(generator().header_text())   # the core built or not
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def c_enum_values(header, first, **known):
    """{name: value} of the C enum of ``header`` that starts with ``first``: implicit values
    counted on, explicit ones (sums and products of earlier names, ``known`` and the
    header's #defines) worked out."""
    import re
    text = header_text(header)
    names = dict(known)
    names.update({m.group(1): int(m.group(2))
                  for m in re.finditer(r"#define\s+(\w+)\s+(\d+)\b", text)})
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for body in re.findall(r"enum\s*\{(.*?)\}", text, flags=re.S):
        items = [n.strip() for n in body.split(",") if n.strip()]
        if items[0].split("=")[0].strip() != first:
            continue
        out, value = {}, -1
        for item in items:
            name, _, expr = item.partition("=")
            value = eval(expr, {"__builtins__": {}}, {**names, **out}) if expr else value + 1
            out[name.strip()] = value
        return out
    raise AssertionError(f"no enum starting with {first} in cext/{header}")


def test_the_house_way_program_layout_of_python_and_c_agree():
    """verifier/engine/program.py writes the rows (at the offsets of
    verifier/houseway/layout.py) that cext/houseway.h reads."""
    from verifier.engine import program as hp
    from verifier.houseway import fields
    c = c_enum_values("vocab.h", "HW_LABEL")
    python = {"HW_LABEL": hp.LABEL, "HW_HANDS": hp.HANDS, "HW_NBANDS": hp.NBANDS,
              "HW_BANDS": hp.BANDS, "HW_FRONT": hp.FRONT, "HW_BACK": hp.BACK,
              "HW_IMPROVES": hp.IMPROVES, "HW_HAS_ELSE": hp.HAS_ELSE, "HW_ELSE": hp.ELSE,
              "HW_CODE_LEN": hp.CODE_LEN, "HW_CODE": hp.CODE, "HW_FRONT_MIN": hp.FRONT_MIN,
              "HW_HIGHEST_FRONT": hp.HIGHEST_FRONT}
    assert python == c
    assert hp.ROW_INTS == c_define("vocab.h", "HW_ROW_INTS")
    assert c["HW_CODE"] + c_define("vocab.h", "HW_MAX_CODE") <= c["HW_FRONT_MIN"]
    assert c["HW_BANDS"] + 3 * fields.MAX_BANDS <= c["HW_FRONT"]     # 3 ints per band
    kinds = c_enum_values("vocab.h", "HW_FRONT_RANKS")
    assert hp.FRONT_KINDS == {"highest": kinds["HW_FRONT_HIGHEST"],
                              "best-of-rest": kinds["HW_FRONT_BEST_OF_REST"]}
    assert kinds["HW_FRONT_RANKS"] == 0          # two ranks or features (engine/program.py)


def test_the_house_way_condition_codes_of_python_and_c_agree():
    from verifier.houseway import conditions
    c = c_enum_values("vocab.h", "HW_OP_CONST")
    assert {name: getattr(conditions, name[len("HW_"):]) for name in c} == c
    assert set(c) == {f"HW_{n}" for n in vars(conditions) if n.startswith("OP_")}


def test_one_compiled_module_owns_the_engines():
    """verifier.engine._core makes every engine and holds the house-way programs; the other
    compiled modules cimport its engine_for (verifier/engine/_core.pxd), so a house-way
    file is defined once, not once per module."""
    from verifier.engine import backend
    if backend.PURE_PYTHON:
        pytest.skip("the compiled core")
    core = backend.compiled("_core")
    assert hasattr(core, "define_house_way") and hasattr(core, "engine_for")
    for name in set(backend.COMPILED_MODULES) - {"_core"}:
        module = backend.compiled(name)
        assert not hasattr(module, "define_house_way"), name
        assert not hasattr(module, "Engine"), name
    assert not (CEXT / "engine_owner.pxi").exists()


#: the one module that imports the compiled core (cext/*.pyx built into verifier/engine/):
#: ``backend.compiled`` and ``backend.module`` hand it out, so every other module asks it
COMPILED_DOOR = "verifier.engine.backend"


def compiled_imports(tree, names):
    """(line, code) of each import of a compiled module of ``names`` in a module: by an
    import statement (``from verifier.engine import _core``, ``import
    verifier.engine._core``, ``from . import _core``) or by ``importlib``/``__import__``
    with its name written out."""
    found = []
    for node in ast.walk(tree):
        hit = False
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            hit = (module.rsplit(".", 1)[-1] in names or any(
                a.name in names for a in node.names if module in ("verifier.engine", "")))
        elif isinstance(node, ast.Import):
            hit = any(a.name.rsplit(".", 1)[-1] in names for a in node.names)
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith(
                ("import_module", "__import__")):
            hit = any(isinstance(c, ast.Constant) and isinstance(c.value, str)
                      and c.value.rsplit(".", 1)[-1] in names for c in ast.walk(node))
        if hit:
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_rule_finds_an_import_of_the_compiled_core():
    code = ("from verifier.engine import _core\nimport verifier.engine._table\n"
            "from . import _pairwise\nimportlib.import_module('verifier.engine._strategy')\n"
            "from verifier.engine import backend\nfrom verifier.engine.reference import core\n")
    names = ("_core", "_pairwise", "_strategy", "_table")
    assert [line for line, _ in compiled_imports(ast.parse(code), names)] == [1, 2, 3, 4]


def test_the_compiled_core_is_loaded_in_one_declared_place():
    """verifier/engine/backend.py imports each compiled module by a plain import (a reader
    of its imports sees the tie; no ``importlib`` with a computed name), and no other
    module of verifier/, proofs/ or benchmarks/ imports one: they ask the backend."""
    from verifier.engine.backend import COMPILED_MODULES
    door = modules()[COMPILED_DOOR]
    mine = {code.rsplit(" ", 1)[-1] for _, code in
            compiled_imports(ast.parse(door.read_text()), COMPILED_MODULES)}
    assert mine == set(COMPILED_MODULES)
    assert not [n for n in ast.walk(ast.parse(door.read_text()))
                if isinstance(n, (ast.Import, ast.ImportFrom)) and "importlib" in ast.unparse(n)]
    paths = {n: p for n, p in modules().items() if n != COMPILED_DOOR}
    paths.update({f"benchmarks.{p.stem}": p for p in (PACKAGE.parent / "benchmarks").glob("*.py")})
    found = [f"{name}:{line}: {code}" for name, path in sorted(paths.items())
             for line, code in compiled_imports(ast.parse(path.read_text()), COMPILED_MODULES)]
    assert found == []


#: the packages whose every function, private ones too, is hinted: mypy's
#: ``disallow_untyped_defs`` on them (pyproject.toml, ``[[tool.mypy.overrides]]``)
FULLY_HINTED = ("game", "bets", "certificate", "report")


def test_mypy_refuses_an_unhinted_function_in_the_fully_hinted_packages():
    from verifier.support.toml import tomllib
    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = {m for o in config.get("overrides", []) if o.get("disallow_untyped_defs")
              for m in ([o["module"]] if isinstance(o["module"], str) else o["module"])}
    assert {f"verifier.{p}.*" for p in FULLY_HINTED} <= strict


# the one check of the whole tree's hints, which every change must keep: from a fresh
# clone (no mypy cache) 20 s and more of CPU, so it runs once, in CI's full run; before a
# commit that touches hints: `pytest -m full tests/test_architecture.py -k mypy`
@pytest.mark.slow
def test_the_type_hints_hold_under_mypy():
    """verifier/py.typed tells other projects the package's hints hold: mypy (the
    ``[tool.mypy]`` section of pyproject.toml) finds no error in verifier/."""
    import subprocess
    import sys
    from conftest import need
    need("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=PACKAGE.parent,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_the_engine_doors_list_and_its_type_imports_name_the_same():
    """``verifier/engine/__init__.py`` lists what the door offers twice: ``_DOOR`` (the
    lazy imports) and the imports for the type checker. The two name the same names from
    the same modules."""
    import ast
    import verifier.engine as door
    tree = ast.parse(Path(door.__file__).read_text())
    typed: dict = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom)
                module = imp.module.removeprefix("verifier.engine.")
                typed.setdefault(module, set()).update(a.name for a in imp.names)
    assert typed == {m: set(names) for m, names in door._DOOR.items()}
