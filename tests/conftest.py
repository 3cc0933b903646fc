"""Shared test set-up: both engines in one run.

As multidict's conftest does with its C and pure-Python implementations, a test that
takes the ``engine`` fixture runs twice, once on the compiled core and once on its
pure-Python twin (``verifier.engine.backend.using`` switches every engine call of the
process for the test's duration): the rule vectors hold both engines to the rules. Tests
marked ``compiled`` or ``full`` need the compiled core's speed and run on it alone.

``PAIGOW_PUREPYTHON=1 pytest`` (a machine without a C compiler) runs everything on the
twin and skips the ``compiled`` and ``full`` tests.
"""
import shutil
from pathlib import Path

import pytest

from verifier.engine.threads import quiet_waits

quiet_waits()   # an entry point: the thread policy of the command line, before the engine loads

from verifier.engine import backend  # noqa: E402


def pytest_report_header(config):
    return f"paigow-verifier engines: {', '.join(engines_for(None))}"


def engines_for(item):
    """The engines a test runs on: the twin alone under PAIGOW_PUREPYTHON=1, the compiled
    core alone for a test that needs its speed, else both."""
    if backend.PURE_PYTHON:
        return ["pure-python"]
    if item is not None and ("compiled" in item.keywords or "full" in item.keywords):
        return ["compiled"]
    return list(backend.BACKENDS)


def pytest_generate_tests(metafunc):
    if "engine" in metafunc.fixturenames:
        marks = {m.name for m in metafunc.definition.iter_markers()}
        names = ["compiled"] if marks & {"compiled", "full"} and not backend.PURE_PYTHON \
            else engines_for(None)
        metafunc.parametrize("engine", names, indirect=True)


#: seconds a test waits for a process, a page or a server before it calls it hung: a guard
#: against a hang, never a measure of speed (a loaded machine may be many times slower)
HANG = 600

#: the checkout the tests run from (its proofs/, examples/, cext/: files the tests read)
CHECKOUT = Path(__file__).resolve().parent.parent
#: where the package under test is imported from: the checkout when built in place, else
#: the environment's site-packages (after `pip install .` a checkout's verifier/ has no
#: compiled core): the PYTHONPATH of a command a test starts in a process of its own
PACKAGE_PATH = str(Path(backend.__file__).resolve().parents[2])


def read_stderr_until(proc, text):
    """The bytes of ``proc``'s stderr (a pipe, unbuffered reads) up to and including the
    first ``text`` (bytes): a signal is then sent at a known stage, not after a guessed
    time. Fails if the process ends first or nothing comes within ``HANG``."""
    import os
    import time
    err, deadline = b"", time.monotonic() + HANG
    while text not in err:
        chunk = os.read(proc.stderr.fileno(), 4096)
        assert chunk and time.monotonic() < deadline, f"no {text!r} on stderr"
        err += chunk
    return err


class SignalCost:
    """What a process spent answering a signal, in CPU seconds (the process's every thread
    and every process under it), not in wall seconds: a loaded machine stretches the wall
    clock many times (CI saw a polled stage answer late three times running), while the
    CPU a stage burns before it polls does not change. A stage that polls no signal for
    two seconds on two threads spends about four; one that polls spends a few hundredths,
    then the exit's own.

    ``start()`` before the process is started, ``sent(pid)`` just before the signal,
    ``spent()`` once it has been waited for."""

    def start(self):
        self.base = self._children()
        return self

    def sent(self, pid):
        self.at = self.of_tree(pid)

    def spent(self):
        return self._children() - self.base - self.at

    @staticmethod
    def _children():
        import resource
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    @staticmethod
    def of_tree(pid):
        """CPU seconds so far of ``pid`` and of every process under it (/proc: user and
        system time of all threads, and of the children each has waited for)."""
        import os
        tick, total, todo = os.sysconf("SC_CLK_TCK"), 0.0, [pid]
        while todo:
            p = todo.pop()
            try:
                with open(f"/proc/{p}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += sum(int(v) for v in fields[11:15]) / tick
                for task in os.listdir(f"/proc/{p}/task"):
                    with open(f"/proc/{p}/task/{task}/children") as f:
                        todo += [int(c) for c in f.read().split()]
            except OSError:                  # ended meanwhile: its time is its parent's
                continue
        return total


def signal_run_at(tmp_path, text, sig):
    """``run --progress --out c.json`` started in ``tmp_path`` and sent ``sig`` once
    ``text`` (bytes) shows on its stderr: (its exit code, all its stderr)."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    proc = subprocess.Popen([sys.executable, "-m", "verifier.cli", "run", "--progress",
                             "--out", "c.json"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = read_stderr_until(proc, text)
    proc.send_signal(sig)
    try:
        _out, rest = proc.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"signal {sig} not answered within {HANG} s") from None
    return proc.returncode, err + rest

#: the longest single tests (minutes on one worker: a fresh venv's installs, a wheel built
#: from the sdist, a filing of every rule set; then the full run's full-deck checks of
#: about a minute on two threads), handed out first, so that pytest-xdist's other worker
#: takes the rest meanwhile instead of waiting at the end for the last one
LONGEST_FIRST = ("tests/test_readme_install.py", "tests/test_packaging.py",
                 "tests/test_filing_full.py",
                 "tests/test_house_way_compare.py::test_the_full_deck_by_classes_is_the_visit",
                 "tests/test_enumeration.py::test_the_memo_agrees_with_classifying_every_hand",
                 "tests/test_pairwise.py::test_monte_carlo_full_deck_1e8",
                 "tests/test_strategy.py")


def _longest_first(item):
    return next((i for i, p in enumerate(LONGEST_FIRST) if item.nodeid.startswith(p)),
                len(LONGEST_FIRST))


#: the modules CI runs again on the pure-Python twin alone (issue 54: `PAIGOW_PUREPYTHON=1
#: pytest -m "twin and not full"`, .ci/run): the commands through the door (run, check,
#: compare, solve, formula, simulate) on reduced decks, with no compiled module loaded
TWIN_MODULES = ("tests/test_certificate.py", "tests/test_cli_odds.py", "tests/test_exact.py",
                "tests/test_table_simulate.py")

#: modules whose tests run on one pytest-xdist worker, by the name of their group: they
#: share an expensive module fixture or table (shipped certificates read and rendered, a
#: reduced-deck job run, a brute force memoised), which that worker builds once instead of
#: each worker; or they must not run at once (one Ray at a time: test_strategy_job; one
#: server: the workbench's). test_face_up reads test_push_when's memoised brute forces, so
#: the two share one; the sdist is built once for both of test_packaging's tests;
#: test_strategy's brute force of each reduced deck (about 5 s each) is made once, where on
#: two workers three of the four were made on both (the module handed out early:
#: LONGEST_FIRST); the modules of the group "pdfs" read PDFs rendered once (the fixture
#: ``rendered``).
ONE_WORKER_MODULES = {name: name for name in (
    "test_operator", "test_custom_bets", "test_bet_reads_table", "test_parsheet",
    "test_formula", "test_filing", "test_audit", "test_hostile_input",
    "test_strategy_job", "test_house_way_files", "test_pairwise", "test_optimal",
    "test_push_when", "test_packaging", "test_strategy")} | {
    "test_face_up": "test_push_when", "test_xlsx": "xlsx", "test_xlsx_any_pays": "xlsx",
    "test_web": "web", "test_web_designer": "web", "test_parsheet": "pdfs",
    "test_print_layout": "pdfs", "test_names_everywhere": "pdfs"}


@pytest.fixture(scope="session")
def rendered(tmp_path_factory):
    """``rendered(command, *arguments)``: the PDF that ``paigow-verify COMMAND ARGUMENTS
    --out FILE`` writes (``report ... --format pdf``, ``filing``), rendered once a worker
    (WeasyPrint: some seconds a PDF) for every test that reads the same one, none of which
    writes to it. The modules that read one PDF (the group "pdfs" of ONE_WORKER_MODULES:
    Emperor's Challenge's par sheet, the filing of seed 001) run on one worker."""
    from verifier.cli import main
    made = {}

    def render(command, *arguments):
        if (command, *arguments) not in made:
            pdf = tmp_path_factory.mktemp(command) / f"{command}.pdf"
            assert main([command, *map(str, arguments), "--out", str(pdf), "--no-progress"]) == 0
            made[(command, *arguments)] = pdf
        return made[(command, *arguments)]
    return render


def group_of(nodeid):
    """The scheduling unit of a test (``--dist loadgroup``): its module's group, else the
    test alone."""
    stem = nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
    return ONE_WORKER_MODULES.get(stem, nodeid)


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` by ONE_WORKER_MODULES. pytest-xdist's own loadgroup reads a
    group that each worker writes into the test's node id (``xdist_group`` marks), which
    pytest 9's structured node ids no longer take: the groups were silently lost, each
    worker built the shared fixtures again and two Ray tests could run at once
    (pytest-dev/pytest-xdist#1386). Here the controller groups the ids it is given, and
    hands the groups out in the order of the collection (LONGEST_FIRST's): the scheduler's
    own order (``--loadscope-reorder``, its default) is by the number of tests a group
    holds, which would send the one-test fresh venvs after every group of two or more."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling
    config.option.loadscopereorder = False

    class ByModuleGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return group_of(nodeid)

    return ByModuleGroup(config, log)

#: what a fresh venv's pip installs are run with (tests/test_readme_install.py,
#: tests/test_packaging.py): pip writes no bytecode of the packages it installs (seconds of
#: CPU for the thousands of modules never imported there); a command imports what it needs
#: and Python writes that module's bytecode then; nothing either test checks reads it.
#: (pip's --compile off: pip reads PIP_NO_COMPILE=1 as that option's value, compile on.)
PIP_NO_BYTECODE = {"PIP_COMPILE": "0"}

#: the fixtures of the browser-driven checks (a server and headless Chromium): a test that
#: takes one runs once, in CI's full run, as the slow checks do
RUN_ONCE_FIXTURES = ("browser", "background")


def runs_once(item):
    """A slow or browser-driven check: ``full``, run once by ``pytest -m full`` (CI)."""
    return "slow" in item.keywords or not set(RUN_ONCE_FIXTURES).isdisjoint(
        getattr(item, "fixturenames", ()))


@pytest.hookimpl(tryfirst=True)          # before ``-m`` selects: the marks added count
def pytest_collection_modifyitems(config, items):
    items.sort(key=_longest_first)               # stable: the others keep their order
    skip = pytest.mark.skip(reason="needs the compiled core (PAIGOW_PUREPYTHON=1)")
    for item in items:
        if backend.PURE_PYTHON and ("compiled" in item.keywords or "full" in item.keywords):
            item.add_marker(skip)
        if runs_once(item):
            item.add_marker(pytest.mark.full)
        if item.nodeid.startswith(TWIN_MODULES):
            item.add_marker(pytest.mark.twin)


# Five-card keys written by hand (docs/ENGINE.md), for the rule vectors of the tests.
R = {ch: i for i, ch in enumerate("23456789TJQKA")}
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF, FIVE_ACES = range(10)


def key(cls, *ranks):
    """cls << 20 | rank nibbles from bit 16 down (ranks given as characters or ints)."""
    payload, shift = 0, 16
    for r in ranks:
        payload |= (R[r] if isinstance(r, str) else r) << shift
        shift -= 4
    return cls << 20 | payload


def import_proof(name):
    """A module of proofs/."""
    import importlib
    return importlib.import_module(f"verifier.proofs.{name}")


def one_line_error(argv, capsys, contains=""):
    """Runs the command line in-process: bad input is exit 2, nothing on stdout and one
    line ``paigow-verify: error: ...`` on stderr (containing ``contains``); the line."""
    from verifier.cli import main
    assert main([str(a) for a in argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith("paigow-verify: error: ")
    assert contains in line, line
    return line


def missing(what):
    """A tool or package a test needs is not installed: the test skips on a developer's
    machine and fails in CI (``CI`` set, as CI sets it, or PAIGOW_REQUIRE_RENDERERS), where
    .ci/run installs everything the README names."""
    import os
    if os.environ.get("CI") or os.environ.get("PAIGOW_REQUIRE_RENDERERS"):
        pytest.fail(f"{what} is missing, and CI installs it (README, Tests)")
    pytest.skip(f"{what} is not installed (README, Tests, names what the tests need)")


def need(module, extra="test-full"):
    """``module`` imported, for a test that needs a package of an extra (the full run's
    Ray, formulas, mypy, Selenium and build: ``test-full``): when it is not installed,
    ``missing``."""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        missing(f"{module} (pip install '.[{extra}]')")


@pytest.fixture
def engine(request):
    """The engine under test (parametrized by ``pytest_generate_tests``): the compiled
    core, or its pure-Python twin, in use for every engine call while the test runs."""
    with backend.using(request.param) as module:
        yield module


@pytest.fixture(scope="session")
def full_enumeration():
    """The whole 154,143,080-hand job with the default rules, run once per session."""
    from verifier.engine.enumeration import enumerate_hands
    return enumerate_hands()


# ---------------------------------------------------------------------------------------
# the workbench in a real browser: one server and one headless Chromium for every browser
# test (tests/test_web.py, tests/test_web_designer.py: one xdist group, "web")

WEB_CERT = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / \
    "outlaw9-mikes.json"


@pytest.fixture(scope="session")
def background():
    from verifier.web.server import missing_dependency
    problem = missing_dependency()
    if problem:
        missing(problem)
    from verifier.web.server import Background
    workbench = Background([WEB_CERT], warm=True)          # checks the certificate meanwhile
    with workbench:
        yield workbench


@pytest.fixture(scope="session")
def server(background):
    return background.url


@pytest.fixture(scope="session")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="session")
def browser(downloads):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing("selenium (pip install '.[test-full]')")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not (Path(driver_path).exists() and Path(chromium).exists()):
        missing("chromium and chromium-driver (Debian packages)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads), "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    yield driver
    driver.quit()
