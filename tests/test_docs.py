"""The docs are executed (issue 16): every shell example and Python snippet in docs/*.md
runs, and where the doc shows output, the output is what the doc shows (README.md's
examples run in tests/test_readme_install.py, from a fresh venv).

What is run:
- ```` ```console ```` blocks: each line starting with ``$ `` is a command (run by bash, with
  ``paigow-verify`` the tool under test); the lines after it, up to the next command, are
  its output as the doc shows it. Every shown line must appear in the real output, in
  order (a line ``...`` stands for any lines; a line ending in ``...`` for any line that
  starts as shown). A command whose shown output contains
  ``paigow-verify: error:`` must fail with exit status 2; any other must succeed.
- ```` ```python ```` blocks: run as a script (their ``assert`` lines are the doc's claims).
- An HTML comment right before a block, ``<!-- doctest: full -->``, marks a block that runs
  the whole deck (pytest marker ``full``); ``<!-- doctest: skip REASON -->`` one that is not
  run here (installing, a placeholder); both are listed by the test ids.
Commands run in a scratch folder holding links to the repository's ``examples/``,
``proofs/`` and ``docs/``, so that relative paths in the docs work and nothing is written
into the tree.
"""
import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PACKAGE_PATH

ROOT = Path(__file__).resolve().parent.parent
#: README.md's examples run, checked by the same functions, in a fresh venv after the
#: README's own install (tests/test_readme_install.py, ``full``): once in CI, not twice
DOCS = sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"(?:^<!-- doctest: (?P<mark>[^>]*?) -->\n)?^```(?P<lang>\w*)\n(?P<body>.*?)^```",
                   re.S | re.M)
RUNNABLE = ("console", "python")


def blocks():
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if m.group("lang") not in RUNNABLE:
                continue
            line = text.count("\n", 0, m.start("body"))
            mark = (m.group("mark") or "").strip()
            marks = []
            if mark == "full":
                marks.append(pytest.mark.full)
            elif mark.startswith("skip"):
                marks.append(pytest.mark.skip(reason=mark[4:].strip() or "not run"))
            out.append(pytest.param(m.group("lang"), m.group("body"), marks=marks,
                                    id=f"{doc.relative_to(ROOT)}:{line}"))
    return out


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A working folder with the repository's example files, and ``paigow-verify`` on the
    PATH running the ``verifier`` package these tests import."""
    folder = tmp_path_factory.mktemp("docs")
    for name in ("examples", "docs", "proofs"):       # no verifier/: the package imported
        (folder / name).symlink_to(ROOT / name)       # is the one tested
    bindir = folder / ".bin"
    bindir.mkdir()
    tool = bindir / "paigow-verify"
    tool.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m verifier.cli "$@"\n')
    tool.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
    env["PYTHONPATH"] = PACKAGE_PATH
    env["COLUMNS"] = "100"
    return folder, env


def console_steps(body):
    """[(command, [shown output lines])] of a console block."""
    steps = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line.rstrip())
        elif line.strip():
            raise AssertionError(f"console block starts with output, not a command: {line!r}")
    return steps


def _same(want, got):
    """A shown line ending in "..." shows the start of the real line."""
    return got.startswith(want[:-3]) if want.endswith("...") else got == want


def shown_in(shown, actual):
    """The first shown line that does not stand where it is shown in ``actual``, or None.
    Shown lines are the printed lines in order with none left out, except where a line
    "..." stands for lines left out (any number, at the start, between or at the end);
    blank lines are passed over on both sides."""
    lines = [a.rstrip() for a in actual.splitlines() if a.strip()]
    want = [w.rstrip() for w in shown if w.strip()]

    @functools.lru_cache(maxsize=None)
    def fits(w, i):
        """Whether want[w:] shows lines[i:]."""
        if w == len(want):
            return i == len(lines)
        if want[w].strip() == "...":
            return any(fits(w + 1, j) for j in range(i, len(lines) + 1))
        return i < len(lines) and _same(want[w], lines[i]) and fits(w + 1, i + 1)

    if fits(0, 0):
        return None
    w = i = 0                  # where it goes wrong, for the message: greedy placement
    while w < len(want):
        if want[w].strip() == "...":
            w += 1
            continue
        while i < len(lines) and not _same(want[w], lines[i]):
            i += 1
        if i == len(lines):
            return want[w]
        w, i = w + 1, i + 1
    return "(lines left out with no \"...\" where they are left out)"


def test_the_docs_have_runnable_examples():
    found = blocks()
    assert len(found) >= 8
    from test_readme_install import shell_blocks        # the README's, run there
    readme = shell_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert sum(kind in RUNNABLE for kind, _ in readme) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("lang,body", blocks())
def test_doc_example_runs_as_shown(lang, body, scratch):
    folder, env = scratch
    if lang == "python":
        out = subprocess.run([sys.executable, "-c", body], cwd=folder, env=env,
                             capture_output=True, text=True, timeout=900)
        assert out.returncode == 0, out.stderr[-2000:]
        return
    for command, shown in console_steps(body):
        out = subprocess.run(["bash", "-c", command], cwd=folder, env=env,
                             capture_output=True, text=True, timeout=900)
        actual = out.stdout + out.stderr
        fails = any(s.startswith("paigow-verify: error:") for s in shown)
        if fails:
            assert out.returncode == 2, f"$ {command}\nexpected exit 2, got {out.returncode}"
        else:
            assert out.returncode == 0, f"$ {command}\nexit {out.returncode}:\n{actual[-2000:]}"
        missing = shown_in(shown, actual)
        assert missing is None, (f"$ {command}\nthe doc shows {missing!r}, the tool printed:\n"
                                 f"{actual[-3000:]}")


OUTSIDE = ("/work/", "../shared", "site-packages", "/root/", "/home/", "/tmp/")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_points_outside_the_repository(doc):
    """Issue 16: the repository carries what it cites. No doc names a path outside the
    repository, and every relative Markdown link resolves to a file in it."""
    text = doc.read_text(encoding="utf-8")
    for needle in OUTSIDE:
        assert needle not in text, f"{doc.name} points outside the repository: {needle}"
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if re.match(r"[a-z]+:", target):
            continue                                  # https:, mailto:
        resolved = (doc.parent / target).resolve()
        assert resolved.exists(), f"{doc.name} links to {target}, which is not in the repository"
        assert ROOT in resolved.parents or resolved == ROOT
