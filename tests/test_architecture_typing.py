"""The code's types (docs/ARCHITECTURE.md): no module outside certificate/ reads a
certificate's JSON dict (they read the typed model), and every public function of the
packages in HINTED carries hints. The module walk is tests/test_architecture.py's."""
import ast

import pytest

from test_architecture import PACKAGE, modules

# --------------------------------------------------------------------------------------
# the certificate's dict stays inside certificate/

#: keys only a certificate's JSON has (its top level and its counts)
CERTIFICATE_KEYS = {"sections", "result_sha256", "paytables", "key_histogram",
                    "house_way_rows", "outlaw9_sets", "best_for_bet_sets"}


def certificate_dict_reads(tree):
    """(line, code) of each read of a certificate's dict by string path in a module: a
    subscript or ``.get`` of a variable named for a certificate (``cert``, ``cert_a``,
    ``certificate``), or of any value by a key only a certificate has; and every use of
    a model's ``.raw`` other than handing it to a function (the dict goes back to
    certificate/'s functions, unread)."""
    import re
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        target = key = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            target, key = node.value, node.slice
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "get" and node.args):
            target, key = node.func.value, node.args[0]
        if target is not None and (
                (isinstance(target, ast.Name) and re.search("cert", target.id))
                or (isinstance(key, ast.Constant) and key.value in CERTIFICATE_KEYS)):
            found.append((node.lineno, ast.unparse(node)))
        if isinstance(node, ast.Attribute) and node.attr == "raw":
            parent = parents.get(node)
            if not (isinstance(parent, ast.Call) and node in parent.args):
                found.append((node.lineno, ast.unparse(parent or node)))
    return found


def test_the_rule_finds_reads_of_a_certificates_dict():
    code = ("cert['sections']\ncert_a.get('rules')\ndata['sections']['x']\n"
            "x = model.raw['tool']\nf(model.raw)\nmodel.bets['outlaw9']\nr['counts']\n")
    assert [line for line, _ in certificate_dict_reads(ast.parse(code))] == [1, 2, 3, 4]


def test_no_module_outside_certificate_reads_a_certificates_dict():
    """Readers outside certificate/ read the typed model (``Certificate``,
    verifier/certificate/model.py), never the JSON dict by string paths; a bet module's
    hooks too: its section is derived from a ``SectionSource`` (verifier/certificate/
    source.py), its par-sheet entry from the model."""
    found = []
    for name, path in sorted(modules().items()):
        if name.startswith("verifier.certificate"):
            continue
        found += [f"{path.relative_to(PACKAGE.parent)}:{line}: {code}"
                  for line, code in certificate_dict_reads(ast.parse(path.read_text()))]
    assert found == []


def section_results_reads(tree):
    """(line, code) of each read of a section's JSON results by string key: a subscript
    by a string of ``<anything>.results``, or of a name (or of a subscript of one) bound
    to such a value in the module (``r = cert.section("x").results; r["y"]["z"]``)."""
    def from_results(node):
        return any(isinstance(n, ast.Attribute) and n.attr == "results" for n in ast.walk(node))
    bound = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and from_results(node.value) for t in node.targets if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                and isinstance(node.slice.value, str)):
            continue
        root = node.value
        while isinstance(root, ast.Subscript):
            root = root.value
        if from_results(node.value) or (isinstance(root, ast.Name) and root.id in bound):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_rule_finds_reads_of_a_sections_results():
    code = ("cert.section('strategy').results['optimal']\nr = cert.bets['x'].results\n"
            "r['lines'][0]\nr['a']['b']\nfig = cert.strategy_figures\nfig.optimal\n"
            "cert.bets['x'].figures\n")
    assert [line for line, _ in section_results_reads(ast.parse(code))] == [1, 3, 4, 4]


def test_no_module_outside_certificate_reads_a_sections_results_by_key():
    """A section's results are typed (verifier/certificate/results.py, results_tables.py):
    readers outside certificate/ read their attributes, never the JSON by string key."""
    found = []
    for name, path in sorted(modules().items()):
        if name.startswith("verifier.certificate"):
            continue
        where = str(path.relative_to(PACKAGE.parent))
        found += [f"{where}:{line}: {code}"
                  for line, code in section_results_reads(ast.parse(path.read_text()))]
    assert found == []


# --------------------------------------------------------------------------------------
# hints on every public function

#: the packages whose every public function (and public method of a public class) is
#: hinted, each parameter and the return; a package joins when it is done
HINTED = ("support", "game", "houseway", "odds", "report", "audit", "web", "bets",
          "certificate", "rules", "proofs", "cli", "strategy", "engine",
          "table")


def unhinted_functions(tree):
    """The names of the public functions of a module that lack a hint on a parameter
    (``self`` and ``cls`` aside) or on the return."""
    out = []

    def visit(body):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name.startswith("_"):
                    continue
                args = node.args
                params = [a for a in args.posonlyargs + args.args + args.kwonlyargs
                          if a.arg not in ("self", "cls")]
                params += [a for a in (args.vararg, args.kwarg) if a is not None]
                if node.returns is None or any(a.annotation is None for a in params):
                    out.append(node.name)
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body)
    visit(tree.body)
    return out


def test_the_rule_finds_an_unhinted_public_function():
    code = ("def a(x: int) -> int: ...\ndef b(x) -> int: ...\ndef c(x: int): ...\n"
            "def _d(x): ...\nclass E:\n    def f(self, y: int) -> None: ...\n"
            "    def g(self, *rest) -> None: ...\n")
    assert unhinted_functions(ast.parse(code)) == ["b", "c", "g"]


@pytest.mark.parametrize("package", HINTED)
def test_every_public_function_of_a_hinted_package_is_hinted(package):
    found = [f"{path.relative_to(PACKAGE.parent)}: {name}"
             for module, path in sorted(modules().items())
             if module.split(".")[1:2] == [package]
             and (path.name == "__init__.py" or not path.stem.startswith("_"))
             for name in unhinted_functions(ast.parse(path.read_text()))]
    assert found == []
