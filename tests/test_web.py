"""The workbench (``paigow-verify serve``) in a real browser: a server started here (uvicorn
in a thread, on a free port) and headless Chromium driven by Selenium. The expectations
come from the command line run in the test (``compare``, ``solve``, ``house-ways check``)
and from the README's printed figures, never from the page itself."""
import contextlib
import io
import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from verifier.cli import main
from conftest import HANG

#: one worker runs them all (pytest-xdist): one server and one browser for the file
# a real server and a real browser: one worker; a test that takes either runs once, in CI's
# full run (tests/conftest.py marks it `full`), the others in every run

ROOT = Path(__file__).resolve().parent.parent
CERT = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
FILED = ROOT / "verifier" / "data" / "outlaw9_filed.toml"
WAIT = HANG


def wait_for(condition, what):
    """Polls ``condition`` until it is true; an element that is not there yet, or went
    stale because the page was replaced meanwhile (a form's answer: Chromium then says
    "stale element", or "Node with given id does not belong to the document" when the
    swap falls between finding a node and reading it), is "not yet"."""
    from selenium.common.exceptions import WebDriverException
    deadline, last = time.monotonic() + WAIT, None
    while time.monotonic() < deadline:
        try:
            value = condition()
        except WebDriverException as exc:     # NoSuchElement, StaleElementReference, ...
            value, last = None, exc
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}"
                         + (f" (last: {str(last.msg)[:200]})" if last is not None else ""))


def loaded(browser, element_id):
    """The element, once the page that holds it is parsed to its end (a page reloaded by
    its refresh is found while Chromium is still parsing it: its later rows not there yet),
    else None."""
    from selenium.webdriver.common.by import By
    if browser.execute_script("return document.readyState === 'complete' && "
                              "document.getElementById(arguments[0]) !== null", element_id):
        return browser.find_element(By.ID, element_id)
    return None


def cli(argv, capsys):
    capsys.readouterr()
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def compare_edges(capsys, *paytables):
    """The house edges ``paigow-verify compare`` prints for pay-table files."""
    from fractions import Fraction
    status, out, _ = cli(["compare", CERT, "--json"]
                         + [x for p in paytables for x in ("--paytable", p)], capsys)
    assert status == 0
    return [f"{float(Fraction(t['results']['house_edge']['exact']) * 100):.6f}%"
            for t in json.loads(out)["paytables"]]


def text_of(browser, css):
    from selenium.webdriver.common.by import By
    return browser.find_element(By.CSS_SELECTOR, css).text


def open_editor(browser, server):
    from selenium.webdriver.common.by import By
    browser.get(f"{server}/editor?cert=0&bet=outlaw9")
    wait_for(lambda: text_of(browser, "#house-edge") not in ("", "…"), "the first figures")
    return lambda line: browser.find_element(By.CSS_SELECTOR, f'input.pay[data-line="{line}"]')


def set_pay(browser, pay_input, value):
    from selenium.webdriver.common.keys import Keys
    pay_input.send_keys(Keys.CONTROL, "a")
    pay_input.send_keys(Keys.BACKSPACE)
    pay_input.send_keys(value)


def test_changing_a_pay_shows_the_edge_compare_prints(browser, server, tmp_path, capsys):
    mine = tmp_path / "full-house-4.toml"
    mine.write_text(re.sub(r"(?m)^full_house = 5 ", "full_house = 4 ", FILED.read_text()))
    filed, expected = compare_edges(capsys, FILED, mine)
    # README, solve: the table as filed -0.655023%, Full House at 4 to 1 2.060540%
    assert (filed, expected) == ("-0.655023%", "2.060540%")
    pay = open_editor(browser, server)
    assert text_of(browser, "#house-edge") == filed
    set_pay(browser, pay("full_house"), "4")
    wait_for(lambda: text_of(browser, "#house-edge") == expected,
             f"the house edge {expected}")
    row = text_of(browser, 'tr[data-line="full_house"]')
    assert "4,185,852" in row               # README: formula, the hands paid Full House


def test_a_bad_pay_is_one_line_on_the_page(browser, server):
    pay = open_editor(browser, server)
    set_pay(browser, pay("flush"), "lots")
    error = wait_for(lambda: text_of(browser, "#error"), "the error line")
    assert error == ("pay table: line Flush (flush): pay 'lots' is not a number (write N or "
                     "\"N to 1\", or push)")


def test_solving_a_line_puts_the_solution_in_the_grid(browser, server):
    """README, solve --line "Full House" --edge 0.02: the practical pay below the exact
    one is 4 to 1, house edge 2.060540% (the README's output is checked by test_docs)."""
    from selenium.webdriver.common.by import By
    pay = open_editor(browser, server)
    browser.find_element(By.CSS_SELECTOR, 'input.solve-line[value="full_house"]').click()
    set_pay(browser, browser.find_element(By.ID, "target-edge"), "0.02")
    browser.find_element(By.ID, "solve").click()
    wait_for(lambda: browser.find_elements(By.ID, "use-below"), "the solution")
    assert "house edge 2.060540%" in text_of(browser, "#use-below")
    browser.find_element(By.ID, "use-below").click()
    assert pay("full_house").get_attribute("value") == "4"
    wait_for(lambda: text_of(browser, "#house-edge") == "2.060540%", "the edge of 4 to 1")


def test_the_downloaded_pay_table_is_one_compare_reads(browser, server, downloads, capsys):
    from selenium.webdriver.common.by import By
    pay = open_editor(browser, server)
    set_pay(browser, pay("straight"), "2.5")
    set_pay(browser, pay("three_pairs"), "")
    wait_for(lambda: browser.find_element(By.ID, "editor").get_attribute("data-busy") == "0"
             and text_of(browser, 'tr[data-line="three_pairs"] .combinations') == "-",
             "the figures of the edited table")
    shown = text_of(browser, "#house-edge")
    browser.find_element(By.ID, "download-toml").click()
    (path,) = wait_for(lambda: [p for p in downloads.glob("*.toml")], "the download")
    text = path.read_text()
    assert "designed pay table" in text and "not filed" in text
    assert compare_edges(capsys, path) == [shown]
    # the par sheet of the same table, as a spreadsheet: labelled, with the same edge
    browser.find_element(By.CSS_SELECTOR, 'button[value="xlsx"]').click()
    (sheet,) = wait_for(lambda: list(downloads.glob("*.xlsx")), "the xlsx download")
    import openpyxl
    from fractions import Fraction
    workbook = openpyxl.load_workbook(sheet)
    bet = workbook["Outlaw 9 High or Better"]
    assert "designed pay table" in bet["A2"].value and "not filed" in bet["A2"].value
    edge = next(bet.cell(r, 3).value for r in range(1, bet.max_row + 1)
                if bet.cell(r, 1).value == "House edge")
    assert f"{float(Fraction(edge)) * 100:.6f}%" == shown


def test_a_bad_house_way_upload_shows_the_readers_one_line_error(browser, server, tmp_path,
                                                                 capsys, monkeypatch):
    from selenium.webdriver.common.by import By
    bad = tmp_path / "my-way.toml"
    bad.write_text('name = "mine"\ntitle = "Mine"\n[[rows]]\nname = "pairs"\nhand = "pair"\n'
                   'front = "nonsense"\n')
    monkeypatch.chdir(tmp_path)
    status, out, err = cli(["house-ways", "check", bad.name], capsys)
    assert status == 2 and out == ""
    expected = err.strip().removeprefix("paigow-verify: error: ")
    browser.get(f"{server}/house-ways")
    browser.find_element(By.ID, "house-way-file").send_keys(str(bad))
    browser.find_element(By.ID, "upload").click()
    assert wait_for(lambda: browser.find_elements(By.ID, "error"), "the error")[0].text == expected


def test_an_upload_over_the_limit_is_refused_in_one_line(browser, server, tmp_path):
    from selenium.webdriver.common.by import By
    big = tmp_path / "big-way.toml"
    big.write_text("# padding\n" * 7000)                 # 70,000 bytes: over 64 KiB
    browser.get(f"{server}/house-ways")
    browser.find_element(By.ID, "house-way-file").send_keys(str(big))
    browser.find_element(By.ID, "upload").click()
    error = wait_for(lambda: browser.find_elements(By.ID, "error"), "the error")[0].text
    assert error == "big-way.toml: too large for a house way (over 64 KiB)"


def test_a_shipped_house_way_checks_as_the_command_does(browser, server, capsys):
    from selenium.webdriver.common.by import By
    status, out, _ = cli(["house-ways", "check", "foxwoods", "--no-progress"], capsys)
    assert status == 0
    browser.get(f"{server}/house-ways?name=foxwoods")
    browser.find_element(By.ID, "check").click()
    result = wait_for(lambda: browser.find_elements(By.ID, "check-result"), "the check")[0].text
    assert "Hands no row covers 0" in result and "Hands set as a foul 0" in result
    rows = browser.find_element(By.ID, "rows").text
    for hands in re.findall(r"^\s+\d+ \(row \d+\)\s+([\d,]+)", out, re.M):
        assert hands in rows


def test_house_ways_compare_as_the_command_does(browser, server, background, capsys):
    """On the 17 cards J-Q-K-A and the joker (the full deck takes minutes): the page's
    figures are those of `house-ways compare --json`, and Foxwoods sets the 6 hands of
    five aces with a pair of kings differently (tests/test_house_way_files.py)."""
    from fractions import Fraction
    from selenium.webdriver.common.by import By
    from verifier.cli.settings import reduced_deck
    background.app.state.comparisons.deck = reduced_deck("JQKA")
    status, out, _ = cli(["house-ways", "compare", "mikes", "foxwoods", "--deck-ranks", "JQKA",
                          "--no-progress", "--json"], capsys)
    assert status == 0
    expected = json.loads(out)["house_ways"]
    browser.get(f"{server}/house-ways")
    assert browser.find_element(By.ID, "compare").is_displayed()     # not folded away
    for name in ("mikes", "foxwoods"):
        browser.find_element(By.CSS_SELECTOR, f'input[name="way"][value="{name}"]').click()
    browser.find_element(By.ID, "compare").click()
    table = [wait_for(lambda: loaded(browser, "by-type") and loaded(browser, "comparison"),
                      "the comparison, its page parsed to the end")]
    for box in ("comparison", "fees"):                # issue 51: no column cut off at 1400 px
        assert browser.execute_script("var b = document.getElementById(arguments[0])"
                                      ".parentNode; return b.scrollWidth <= b.clientWidth",
                                      box), box
    rows = table[0].text.splitlines()[1:]
    for row, hw in zip(rows, expected):             # each house way by its title, not its key
        win = Fraction(hw["probabilities"]["win"])
        assert row.startswith(hw["title"]) and f"{float(win) * 100:.4f}%" in row
    assert [hw["title"] for hw in expected] == ["Mike's Cardroom", "Foxwoods"]
    assert rows[1].endswith(f"{expected[1]['set_differently_from_first']:,}")
    by_type = browser.find_element(By.ID, "by-type").text
    assert "Five aces 6" in by_type             # the hand type by its name


def test_the_hand_page_sets_a_hand_as_the_readme_shows(browser, server):
    from selenium.webdriver.common.by import By
    browser.get(f"{server}/hand")
    browser.find_element(By.ID, "cards").send_keys("As Ah Ad Jk Ks 9s 4s")
    browser.find_element(By.CSS_SELECTOR, 'button[value="set"]').click()
    table = wait_for(lambda: browser.find_elements(By.ID, "hand-result"), "the hand")[0].text
    # README, Try it: paigow-verify hand "As Ah Ad Jk Ks 9s 4s"
    assert "Ad Ah — pair of As" in table
    assert "4s 9s Ks As Jk — flush, A-K-Q-9-4" in table
    assert "2 (four of a kind)" in table
    # docs/PAYTABLES.md, reads = "house-way": the back's class, with _plus_pair beside a
    # pair in front, and front_pair, each by its name
    assert "Flush, Flush plus pair, Front pair" in table


def _post(url, body, headers):
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=HANG) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_a_post_without_the_token_or_from_another_site_is_refused(server):
    with urllib.request.urlopen(f"{server}/editor", timeout=HANG) as response:
        assert response.headers["X-Frame-Options"] == "DENY"        # no framing elsewhere
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert "SameSite=Strict" in response.headers["Set-Cookie"]
        cookie = response.headers["Set-Cookie"].split(";")[0]
        token = re.search(r'name="csrf-token" content="([^"]+)"', response.read().decode())[1]
    body = json.dumps({"cert": 0, "bet": "outlaw9", "pays": {"flush": "4"}}).encode()
    json_type = {"Content-Type": "application/json"}
    ok = _post(f"{server}/api/figures", body, {**json_type, "Cookie": cookie,
                                               "X-CSRF-Token": token, "Origin": server})
    assert ok[0] == 200 and "house_edge" in ok[1]
    no_token = _post(f"{server}/api/figures", body, {**json_type, "Cookie": cookie,
                                                     "Origin": server})
    assert no_token[0] == 403 and "security token" in no_token[1]
    elsewhere = _post(f"{server}/api/figures", body, {
        **json_type, "Cookie": cookie, "X-CSRF-Token": token, "Origin": "http://evil.example"})
    assert elsewhere[0] == 403 and "cross-site" in elsewhere[1]
    form = _post(f"{server}/download", b"what=toml&cert=0&bet=outlaw9&pays=%7B%7D", {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
        "Origin": server})
    assert form[0] == 403
    rebinding = _post(f"{server}/api/figures", body, {**json_type, "Host": "evil.example"})
    assert rebinding[0] == 400


def test_every_post_route_checks_the_token():
    from verifier.web.server import missing_dependency
    if missing_dependency():
        pytest.skip(missing_dependency())
    from verifier.web.app import create_app
    app = create_app([CERT], warm=False)
    posts = [r for r in app.routes if "POST" in (getattr(r, "methods", None) or ())]
    assert len(posts) >= 6
    assert all(getattr(r.endpoint, "csrf_protected", False) for r in posts), \
        [r.path for r in posts if not getattr(r.endpoint, "csrf_protected", False)]


def test_the_package_data_covers_every_template_and_static_file():
    """An installed (not editable) package serves its pages: setup.py's package data
    globs name every file under verifier/web/templates and verifier/web/static."""
    import ast
    tree = ast.parse((ROOT / "setup.py").read_text())
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call)
                and getattr(n.func, "id", "") == "setup")
    data = ast.literal_eval(next(k.value for k in call.keywords if k.arg == "package_data"))
    base = ROOT / "verifier"
    covered = {p for pattern in data["verifier"] for p in base.glob(pattern)}
    files = {p for folder in ("web/templates", "web/static")
             for p in (base / folder).rglob("*") if p.is_file()}
    assert files and files <= covered, sorted(str(p) for p in files - covered)
    manifest = (ROOT / "MANIFEST.in").read_text()
    for suffix in {p.suffix for p in files}:
        assert f"*{suffix}" in manifest, suffix


def test_serve_refuses_a_missing_certificate_in_one_line(capsys):
    from conftest import one_line_error
    one_line_error(["serve", "no-such.cert.json"], capsys, "certificate file not found")
    one_line_error(["serve", "--port", "70000"], capsys, "out of range")


@pytest.mark.parametrize("host,warned", [("127.0.0.1", False), ("0.0.0.0", True)])
def test_serve_binds_here_and_warns_for_any_other_host(monkeypatch, capsys, host, warned):
    from verifier.web import server as web_server
    if web_server.missing_dependency():
        pytest.skip(web_server.missing_dependency())
    started = {}

    class Stub:
        def run(self):
            started["ran"] = True

    def make_server(paths, host, port, warm=True):
        started.update(paths=paths, host=host, port=port)
        return Stub()
    monkeypatch.setattr(web_server, "make_server", make_server)
    monkeypatch.setattr(web_server, "check_listen", lambda host, port: None)
    assert main(["serve", "--host", host, "--port", "8123"] if host != "127.0.0.1"
                else ["serve", "--port", "8123"]) == 0
    out, err = capsys.readouterr()
    assert started["ran"] and started["host"] == host and started["port"] == 8123
    assert len(started["paths"]) >= 3                   # the shipped certificates
    assert out.startswith(f"workbench: http://{host}:8123/")
    assert ("warning: serving on 0.0.0.0" in err) == warned
    assert web_server.allowed_hosts("127.0.0.1") == ["127.0.0.1", "::1", "localhost"]


def test_the_certificate_page_checks_a_signature_as_check_does(browser, server, tmp_path,
                                                               capsys):
    from selenium.webdriver.common.by import By
    private, public = tmp_path / "private.pem", tmp_path / "public.pem"
    assert cli(["keygen", private, public], capsys)[0] == 0
    status, out, _ = cli(["check", CERT, "--public-key", public], capsys)
    assert status == 1                                   # the shipped one is not signed
    expected = [line.removeprefix("MISMATCH ") for line in out.splitlines()
                if line.startswith("MISMATCH")]
    browser.get(f"{server}/certificate/0")
    assert "Check: OK" in text_of(browser, "#check")
    browser.find_element(By.ID, "public-key").send_keys(str(public))
    browser.find_element(By.ID, "verify").click()
    result = wait_for(lambda: browser.find_elements(By.ID, "signature-result"), "the check")
    assert result[0].text.splitlines() == expected
    not_a_key = tmp_path / "notes.pem"
    not_a_key.write_text("hello\n")
    browser.find_element(By.ID, "public-key").send_keys(str(not_a_key))
    browser.find_element(By.ID, "verify").click()
    wait_for(lambda: "notes.pem: not an unencrypted Ed25519 public key in PEM" in
             text_of(browser, "#signature-result"), "the key's one-line error")


def test_every_settings_value_as_docs_strategy_shows(browser, server):
    """docs/STRATEGY.md, hand "2h 3h 4c 7s 9c Jc As" --strategy --rules casino-standard."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    browser.get(f"{server}/hand")
    browser.find_element(By.ID, "cards").send_keys("2h 3h 4c 7s 9c Jc As")
    Select(browser.find_element(By.NAME, "rule_set")).select_by_visible_text("casino-standard")
    browser.find_element(By.CSS_SELECTOR, 'button[value="strategy"]').click()
    table = wait_for(lambda: browser.find_elements(By.ID, "strategy"), "the settings")[0]
    rows = table.text.splitlines()[1:]
    assert rows[0].startswith("4c Jc 2h 3h 7s 9c As") and "-413272753/535246800 best" in rows[0]
    assert [r for r in rows if r.startswith("9c Jc")][0].endswith("-70885503/89207800 house way")
    assert rows[-1].startswith("Jc As") and "foul" in rows[-1]
    assert "58733/2610960" in text_of(browser, "main")


def test_serve_on_a_port_in_use_is_one_line(capsys):
    import socket
    from conftest import one_line_error
    from verifier.web.server import missing_dependency
    if missing_dependency():
        pytest.skip(missing_dependency())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(["serve", "--port", port], capsys, f"cannot listen on 127.0.0.1:{port}")


def test_power_ratings_as_the_command_prints_them(browser, server, capsys):
    from selenium.webdriver.common.by import By
    status, out, _ = cli(["house-ways", "ratings", "foxwoods", "--no-progress"], capsys)
    assert status == 0
    row = re.compile(r"^(\S.*?)\s+([\d,]+)\s+(\d\.\d{6})\s+(\d\.\d{6})\s+(\d\.\d{6})$")
    expected = [m.groups() for m in map(row.match, out.splitlines()) if m]
    assert len(expected) > 90                 # 91 two-card hands, and the five-card rows
    browser.get(f"{server}/house-ways?name=foxwoods")
    browser.find_element(By.ID, "ratings").click()
    wait_for(lambda: browser.find_elements(By.ID, "ratings-2"), "the ratings")
    shown = [m.groups() for table in ("ratings-1", "ratings-2")
             for line in browser.find_element(By.ID, table).text.splitlines()
             for m in [row.match(line)] if m]
    assert shown == expected


def test_a_new_custom_bet_goes_from_the_grid_to_its_pdf_par_sheet(browser, server, downloads):
    """The designer's whole path without a file: a new seven-card custom bet paying 200 to 1
    on five aces and nothing else, its PDF par sheet downloaded. Five aces among seven of
    53 cards: the four aces and the joker with any 2 of the other 48 cards, C(48,2) = 1,128
    hands (a closed form); the return 201 * 1128 / C(53,7) - 1 per unit."""
    import math
    import subprocess
    from fractions import Fraction
    from selenium.webdriver.common.by import By
    browser.get(f"{server}/editor?cert=0&bet=custom:seven-card")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, 'input.pay[data-line="five_aces"]'),
             "the custom bet's grid")
    name = browser.find_element(By.ID, "table-name")
    set_pay(browser, name, "Five Aces Jackpot")
    set_pay(browser, browser.find_element(By.CSS_SELECTOR, 'input.pay[data-line="five_aces"]'),
            "200")
    edge = Fraction(-(201 * math.comb(48, 2) - math.comb(53, 7)), math.comb(53, 7))
    wait_for(lambda: text_of(browser, "#house-edge") == f"{float(edge) * 100:.6f}%",
             "the exact edge of the new bet")
    before = set(downloads.glob("*.pdf"))
    browser.find_element(By.ID, "download-pdf").click()
    # seconds of work on the server: the page says so while it renders (issue 39, progress)
    wait_for(lambda: "rendering on the server" in text_of(browser, "#download-status")
             or "done in" in text_of(browser, "#download-status"), "the download's stage")
    (pdf,) = wait_for(lambda: [p for p in downloads.glob("*.pdf") if p not in before
                               and p.stat().st_size > 0], "the PDF download")
    wait_for(lambda: "done in" in text_of(browser, "#download-status"), "the download's end")
    assert pdf.name in text_of(browser, "#download-status")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Five Aces Jackpot (new custom, reads seven-card)" in text
    assert "designed pay table" in text and "not filed" in text
    row = next(line for line in text.splitlines() if line.strip().startswith("5 Aces")
               and "200 to 1" in line)
    assert "1,128" in row


def test_the_par_sheet_reads_the_bonus_reading_the_grid_shows(browser, server, downloads):
    """Outlaw 9 under the house-way reading in the grid: the downloaded sheet says so and
    shows the edge the grid showed (the counts of both readings are in the certificate)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    open_editor(browser, server)
    seven = text_of(browser, "#house-edge")
    Select(browser.find_element(By.ID, "reading")).select_by_value("house-way")
    wait_for(lambda: text_of(browser, "#house-edge") not in (seven, "", "…"),
             "the house-way reading's edge")
    shown = text_of(browser, "#house-edge")
    before = set(downloads.glob("*.html"))
    browser.find_element(By.CSS_SELECTOR, 'button[value="html"]').click()
    (page,) = wait_for(lambda: [p for p in downloads.glob("*.html") if p not in before
                                and p.stat().st_size > 0], "the HTML download")
    html = page.read_text()
    assert "Categories read under the house-way reading (chosen for this designed sheet" in html
    outlaw9 = html[html.index("Outlaw 9 High or Better</h2>"):]
    assert shown in outlaw9[:outlaw9.index("</table>", outlaw9.index("House edge"))]


def test_the_hand_page_plays_face_up_against_the_dealers_exposed_hand(browser, server):
    """docs/FACE_UP.md: the hand against the dealer's seven cards under face-up, each
    setting's result as ``hand CARDS --dealer CARDS --rules face-up --json`` gives it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    hand, dealer = "As Kd 9h 7c 5s 3d 2c", "Kh Kc Jh 8c 6s 4d 2h"
    browser.get(f"{server}/hand")
    browser.find_element(By.ID, "cards").send_keys(hand)
    browser.find_element(By.ID, "dealer").send_keys(dealer)
    Select(browser.find_element(By.NAME, "rule_set")).select_by_visible_text("face-up")
    browser.find_element(By.CSS_SELECTOR, 'button[value="face_up"]').click()
    table = wait_for(lambda: browser.find_elements(By.ID, "face-up"), "the settings")[0]
    rows = table.text.splitlines()[1:]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["hand", hand, "--dealer", dealer, "--rules", "face-up", "--json"]) == 0
    want = json.loads(buf.getvalue())
    assert len(rows) == len(want["settings"])
    for row, r in zip(rows, want["settings"]):
        assert row.startswith(f"{r['front']} {r['back']} {r['comparison']} {r['result']}")
    assert f"Best: {want['best_result']}" in text_of(browser, "main")
    assert "Kc Kh" in browser.find_element(By.ID, "face-up-dealer").text


def test_a_progressive_meter_slider_moves_the_return_as_the_command_gives_it(browser, server,
                                                                             capsys):
    """docs/PROGRESSIVES.md: the Face Up Mega table on the page; moving the mega meter's
    slider gives the return ``progressive --meter mega=VALUE --json`` prints, and the
    break-even is marked where the command puts it; the sliders open at the meters' amounts
    the command reads from the file."""
    from fractions import Fraction
    from selenium.webdriver.common.by import By
    table = ROOT / "verifier" / "data" / "progressives" / "face_up_mega.toml"

    def command(*meters):
        status, out, _ = cli(["progressive", table, "--cert", CERT, "--json",
                              *[x for m in meters for x in ("--meter", m)]], capsys)
        assert status == 0
        return json.loads(out)

    browser.get(f"{server}/progressive?table=face_up_mega&cert=0")
    at_reset = command()
    shown = wait_for(lambda: text_of(browser, "#progressive-return"), "the return")
    assert shown == f"{at_reset['return']['decimal']:+.6f}"
    be = at_reset["meters"]["mega"]["break_even"]["decimal"]
    assert f"break-even ${be:,.2f}" in text_of(browser, "#meter-mega-break-even")
    for name, meter in at_reset["meters"].items():      # issue 51: open at the file's amounts
        amount = float(Fraction(meter["value"]))
        assert amount > 0
        assert float(browser.find_element(By.ID, f"meter-{name}").get_attribute("value")) \
            == pytest.approx(amount)
        assert text_of(browser, f"#meter-{name}-value") == f"{amount:,.2f}"
        be = meter["break_even"]["decimal"]                # a negative one as -$ (issue 51)
        assert f"break-even {'-' if be < 0 else ''}${abs(be):,.2f}" in text_of(
            browser, f"#meter-{name}-break-even")
    tiers = [td.text for td in browser.find_elements(By.CSS_SELECTOR,
                                                     "#progressive-tiers td:first-child")]
    assert tiers and not any("_" in t for t in tiers)           # names, not keys
    slider = browser.find_element(By.ID, "meter-mega")
    browser.execute_script("arguments[0].value = arguments[0].max; arguments[0].dispatchEvent("
                           "new Event('input'))", slider)
    value = slider.get_attribute("value")
    moved = command(f"mega={value}")
    want = f"{moved['return']['decimal']:+.6f}"
    assert want != shown
    wait_for(lambda: text_of(browser, "#progressive-return") == want, "the moved return")
    assert text_of(browser, "#progressive-return-exact") == moved["return"]["exact"]


def test_a_house_ways_comparison_reports_its_stages_to_its_page():
    """Issue 40: the workbench's comparison says how far it has got (its page shows the
    job's ``progress``): each pairwise count is a stage, reported to its end."""
    from verifier.cli.settings import reduced_deck
    from verifier.strategy.houseways import compare_house_ways
    from verifier.web.workbench import JobProgress
    job: dict = {"progress": ""}
    seen = []
    tracker = JobProgress(job)
    original = tracker.stage

    def stage(unit, desc=None, initial=0):
        ctx = original(unit, desc, initial)
        seen.append(job["progress"])
        return ctx
    tracker.stage = stage
    compare_house_ways(["mikes", "foxwoods"], deck=reduced_deck("JQKA"), progress=tracker)
    assert seen == ["stage 1: player v banker", "stage 2: player v banker"]
    assert job["progress"] == "stage 2: player v banker, 100%"
