"""The code's shape (issue 11): no import cycle among the verifier's modules, counting
imports inside functions too, and one certificate layer that computes nothing itself."""
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


def test_the_odds_layers_know_nothing_of_certificates():
    edges = import_graph()
    for module in ("verifier.exact", "verifier.emperors", "verifier.basegame",
                   "verifier.rulesets", "verifier.paytables"):
        assert not {m for m in edges[module] if m.startswith("verifier.certificate")}, module


def test_the_certificate_format_layer_imports_no_layer_above_it():
    edges = import_graph()
    assert not edges["verifier.certificate.format"] & {
        "verifier.certificate.sections", "verifier.certificate.build",
        "verifier.certificate.check", "verifier.certificate.odds", "verifier.exact"}
