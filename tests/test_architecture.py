"""The code's shape (docs/ARCHITECTURE.md): packages in layers, each importing only the
layers below it (imports inside functions count too), no import cycle among modules or
packages, and one certificate layer that computes nothing itself."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "verifier"


def modules():
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
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
}
LAYERS["cli"] = set(LAYERS)


def package_of(module):
    """``verifier.engine.pairwise`` -> ``engine``; the top module -> None."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else None


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
    edges = {p: set() for p in LAYERS}
    for module, targets in import_graph().items():
        here = package_of(module)
        for target in targets:
            there = package_of(target)
            if here and there and there != here:
                edges[here].add(there)
    assert cycles(edges) == []


def test_the_layer_table_has_no_cycle_and_names_only_packages():
    assert cycles(LAYERS) == []
    assert set(LAYERS) == {p.name for p in PACKAGE.iterdir()
                           if (p / "__init__.py").is_file()}


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
