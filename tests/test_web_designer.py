"""The workbench a designer keeps open (issue 39), in headless Chromium on the server and
browser every browser test shares (tests/conftest.py): the session kept in the address
and the browser (reload, switching bet and back, the address opened afresh), the figures
bar in view at 1024x768 with four pinned tables, the pay-table search against the
certificate's odds, the compare against the filed table, a certificate upload checked as
``check`` does, and the small pages. The expectations come from ``compare --json``,
``check``, ``verifier.certificate``'s odds and closed forms, never from the page."""
import hashlib
import json
import re
import urllib.error
import urllib.request
from fractions import Fraction

import pytest

from test_web import CERT, FILED, cli, open_editor, set_pay, text_of, wait_for
from conftest import HANG



def click(browser, element_id):
    """Clicks an element after scrolling it to the middle of the window (the sticky
    figures bar covers the top of the page)."""
    from selenium.webdriver.common.by import By
    element = browser.find_element(By.ID, element_id) if isinstance(element_id, str) \
        else element_id
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def compare_json(capsys, *paytables):
    """``paigow-verify compare --json``: each pay table's exact results."""
    status, out, _ = cli(["compare", CERT, "--json"]
                         + [x for p in paytables for x in ("--paytable", p)], capsys)
    assert status == 0
    return [t["results"] for t in json.loads(out)["paytables"]]


def compare_rows(browser):
    from selenium.webdriver.common.by import By
    table = browser.find_element(By.ID, "compare-table")
    return {tr.find_elements(By.TAG_NAME, "td")[0].text: tr
            for tr in table.find_elements(By.CSS_SELECTOR, "tbody tr")}


def pinned_columns(browser):
    from selenium.webdriver.common.by import By
    return len(browser.find_elements(By.CSS_SELECTOR, "#compare-table thead th"))


def test_a_reload_keeps_the_edited_pays_and_the_pinned_tables(browser, server, tmp_path,
                                                              capsys):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    mine = tmp_path / "full-house-4.toml"
    mine.write_text(re.sub(r"(?m)^full_house = 5 ", "full_house = 4 ", FILED.read_text()))
    filed, designed = compare_json(capsys, FILED, mine)
    lines = filed["lines"]
    edge = f"{designed['house_edge']['decimal'] * 100:.6f}%"
    assert edge == "2.060540%"                    # README, solve: Full House at 4 to 1
    delta = (Fraction(designed["house_edge"]["exact"]) - Fraction(filed["house_edge"]["exact"]))
    pay = open_editor(browser, server)
    set_pay(browser, pay("full_house"), "4")
    wait_for(lambda: text_of(browser, "#house-edge") == edge, "the designed edge")
    click(browser, "pin")
    wait_for(lambda: pinned_columns(browser) == 4, "the filed table, the pinned one and Δ")

    def kept():
        wait_for(lambda: text_of(browser, "#house-edge") == edge, "the edge after reload")
        assert pay("full_house").get_attribute("value") == "4"
        wait_for(lambda: pinned_columns(browser) == 4, "the pinned table after reload")
        rows = compare_rows(browser)
        cells = [td.text for td in rows["House edge"].find_elements(By.TAG_NAME, "td")]
        assert cells == ["House edge", f"{filed['house_edge']['decimal'] * 100:.6f}%", edge,
                         f"+{float(delta) * 100:.6f}%"]
        assert rows["Status"].find_elements(By.TAG_NAME, "td")[1].text == "filed"
        assert "changed" in rows["Full House: pays"].get_attribute("class")
        assert "changed" not in rows["Flush: pays"].get_attribute("class")
        # readable: the five figures, each line's pays, the losing outcome, and the details
        # (combinations, probability, contribution) of the changed line alone
        shown = browser.execute_script(
            "return [...document.querySelectorAll('#compare-table tbody tr')]"
            ".filter(tr => getComputedStyle(tr).display !== 'none').length")
        assert shown == 5 + len(lines) + 1 + 3, shown

    browser.refresh()
    kept()
    Select(browser.find_element(By.ID, "bet")).select_by_value("wrangler_push")
    wait_for(lambda: "bet=wrangler_push" in browser.current_url, "the other bet")
    wait_for(lambda: text_of(browser, "#house-edge") not in ("", "…"), "its figures")
    Select(browser.find_element(By.ID, "bet")).select_by_value("outlaw9")
    kept()                                         # switching bet and back
    browser.get(f"{server}/hand")
    click(browser, browser.find_element(By.LINK_TEXT, "Pay-table editor"))
    kept()                                         # another page and back, by the menu
    address = browser.current_url
    browser.execute_script("window.localStorage.clear()")
    browser.get("about:blank")
    browser.get(address)                           # the address alone, elsewhere
    kept()


def test_the_house_edge_stays_in_view_at_1024x768_with_four_pinned_tables(browser, server):
    browser.set_window_size(1024, 768)
    try:
        open_editor(browser, server)
        click(browser, "show-exact")
        for n in range(4):
            click(browser, "pin")
            wait_for(lambda: pinned_columns(browser) == 2 + 2 * (n + 1), f"{n + 1} pinned")
        for where in ("0", "document.getElementById('compare').offsetTop",
                      "document.body.scrollHeight"):
            browser.execute_script(f"window.scrollTo(0, {where})")
            box = browser.execute_script(
                "var r = document.getElementById('house-edge').getBoundingClientRect();"
                "return [r.top, r.bottom, r.left, r.right, window.innerHeight,"
                " window.innerWidth, document.documentElement.scrollWidth];")
            top, bottom, left, right, height, width, page_width = box
            assert 0 <= top < bottom <= height and 0 <= left < right <= width, (where, box)
            assert page_width <= width, "a table overflows the page"
    finally:
        browser.set_window_size(1400, 1000)


def test_the_edge_bar_covers_no_control_scrolled_to_the_top(browser, server):
    """Issue 51: at 1024 and 700 px wide (the bar wraps to two and three lines) a control
    scrolled to the top of the window (as a link, a find or a script scrolls it) lies below
    the sticky bar, and one focused under it is moved below it."""
    from selenium.webdriver.common.by import By
    where = ("arguments[0].scrollIntoView(true); return [arguments[0].getBoundingClientRect()"
             ".top, document.getElementById('edge-box').getBoundingClientRect().bottom];")
    try:
        for width in (1024, 700):
            browser.set_window_size(width, 768)
            open_editor(browser, server)
            for control in ("table-name", "target-edge", "search-low", "pin", "download-toml"):
                element = browser.find_element(By.ID, control)
                wait_for(lambda: (lambda top, bar: top >= bar)(
                    *browser.execute_script(where, element)), f"{control} below the bar")
            element = browser.find_element(By.ID, "search-low")
            browser.execute_script(where, browser.find_element(By.ID, "search"))
            top, bar = browser.execute_script(
                "arguments[0].focus(); return [arguments[0].getBoundingClientRect().top, "
                "document.getElementById('edge-box').getBoundingClientRect().bottom];", element)
            assert top >= bar, (width, top, bar)
    finally:
        browser.set_window_size(1400, 1000)


def test_an_edited_table_is_headed_by_its_designed_name_not_as_filed(browser, server):
    """Issue 51: the heading is the filed table's name ("..., as filed") only while the
    grid holds the filed pays (seed 001's table, verifier/data/outlaw9_filed.toml)."""
    from selenium.webdriver.common.by import By
    from verifier.game.paytables import load
    filed = load(str(FILED)).name
    assert filed.endswith("as filed")
    open_editor(browser, server)
    assert text_of(browser, "#table-title") == filed
    pay = browser.find_element(By.CSS_SELECTOR, 'input.pay[data-line="full_house"]')
    set_pay(browser, pay, "4")
    wait_for(lambda: "as filed" not in text_of(browser, "#table-title"), "the edited heading")
    assert text_of(browser, "#table-title").startswith(
        browser.find_element(By.ID, "table-name").get_attribute("value"))
    set_pay(browser, pay, "5")
    wait_for(lambda: text_of(browser, "#table-title") == filed, "the filed heading again")


def test_the_search_lists_tables_whose_edges_the_certificates_odds_confirm(browser, server):
    from selenium.webdriver.common.by import By
    from verifier import certificate
    from verifier.game.paytables import load
    lines = ("full_house", "flush", "straight")
    open_editor(browser, server)
    for line in lines:
        click(browser, browser.find_element(By.CSS_SELECTOR, f'input.solve-line[value="{line}"]'))
    for field, value in (("search-low", "1.5%"), ("search-high", "2.5%"),
                         ("search-target", "2%")):
        browser.find_element(By.ID, field).send_keys(*(["\b"] * 8), value)
    click(browser, "search")
    rows = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#search-table tr[data-pays]"),
                    "the tables found")
    cert = certificate.read(CERT)
    filed = load(str(FILED))
    found = []
    for tr in rows[:6]:
        pays = json.loads(tr.get_attribute("data-pays"))
        table = filed
        for line, pay in pays.items():
            table = table.with_pay(line, pay)
        odds = certificate.odds_from_certificate(cert.raw, table)
        shown = tr.find_element(By.CSS_SELECTOR, "td.house-edge").text
        assert shown == f"{float(odds.house_edge) * 100:.6f}%"
        assert tr.get_attribute("data-edge-exact") == str(odds.house_edge)
        assert Fraction(3, 200) <= odds.house_edge <= Fraction(1, 40)
        found.append((abs(odds.house_edge - Fraction(1, 50)), pays))
    assert [d for d, _ in found] == sorted(d for d, _ in found)      # nearest 2% first
    assert any(Fraction(p) % 1 for _, pays in found for p in pays.values())  # half pays
    first = rows[0].find_element(By.CSS_SELECTOR, "td.house-edge").text
    for button in browser.find_elements(By.CSS_SELECTOR, "#search-table button.load-found"):
        left, right, box_right, width = browser.execute_script(     # at 1400 px: in view
            "var r = arguments[0].getBoundingClientRect(), b = document.getElementById("
            "'search-result').getBoundingClientRect(); return [r.left, r.right, b.right, "
            "window.innerWidth];", button)
        assert 0 <= left < right <= min(box_right, width)
    click(browser, "load-found-0")
    wait_for(lambda: text_of(browser, "#house-edge") == first, "the found table in the grid")


def test_a_certificate_upload_is_checked_as_check_does(browser, server, tmp_path, capsys):
    from selenium.webdriver.common.by import By
    tampered = tmp_path / "tampered.json"
    text = CERT.read_text()
    assert '"royal_flushes": 26132' in text
    tampered.write_text(text.replace('"royal_flushes": 26132', '"royal_flushes": 26133'))
    status, out, _ = cli(["check", tampered], capsys)
    assert status == 1
    first = out.splitlines()[0].removeprefix("MISMATCH ")
    browser.get(f"{server}/certificates")
    browser.find_element(By.ID, "certificate-file").send_keys(str(tampered))
    click(browser, "upload-certificate")
    error = wait_for(lambda: browser.find_elements(By.ID, "error"), "the refusal")[0].text
    assert error.startswith("tampered.json fails its check: ") and first in error
    assert "\n" not in error
    browser.find_element(By.ID, "certificate-file").send_keys(str(CERT))
    click(browser, "upload-certificate")
    wait_for(lambda: re.search(r"/certificate/\d+$", browser.current_url), "its page")
    assert text_of(browser, "#check").startswith("Check: OK")
    browser.get(f"{server}/certificates")
    sha = json.loads(text)["sha256"]
    cells = [tr.text for tr in browser.find_elements(By.CSS_SELECTOR, "#certificates tbody tr")]
    assert any("outlaw9-mikes.json (uploaded)" in c and sha[:16] in c for c in cells)


def test_a_new_custom_bet_opens_with_its_lines_hands_and_no_error(browser, server):
    from selenium.webdriver.common.by import By
    browser.get(f"{server}/editor?cert=0&bet=custom:seven-card")
    five_aces = 'tr[data-line="five_aces"] .combinations'
    wait_for(lambda: text_of(browser, five_aces), "the line frequencies")
    assert text_of(browser, five_aces) == "1,128"            # four aces, the joker: C(48,2)
    assert browser.find_element(By.ID, "error").text == ""
    assert "type a pay" in text_of(browser, "#editor-note")


def test_not_found_is_a_page_and_the_indexes_are_tables(server):
    try:
        urllib.request.urlopen(f"{server}/no-such-page")
    except urllib.error.HTTPError as exc:
        status, page = exc.code, exc.read().decode()
    assert status == 404 and "<header>" in page and "Not Found" in page
    with urllib.request.urlopen(f"{server}/favicon.ico") as answer:
        assert answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.read().startswith(b"<svg")
    from verifier.houseway import load
    with urllib.request.urlopen(f"{server}/house-ways") as answer:
        page = answer.read().decode()
    digest = hashlib.sha256(open(load("mikes").path, "rb").read()).hexdigest()
    assert 'id="house-way-index"' in page and digest[:16] in page


def test_a_certificate_over_the_upload_limit_is_refused_before_it_is_read(server):
    """The upload's own limit (16 MiB and the form), said by its Content-Length: refused
    in one line before a byte of the body is read."""
    import http.client
    from urllib.parse import urlsplit
    from verifier.web.security import LARGE_BODIES
    host = urlsplit(server).netloc
    connection = http.client.HTTPConnection(host, timeout=HANG)
    connection.putrequest("POST", "/certificates/upload")
    connection.putheader("Origin", server)
    connection.putheader("Content-Type", "multipart/form-data; boundary=x")
    connection.putheader("Content-Length", str(LARGE_BODIES["/certificates/upload"] + 1))
    connection.endheaders()
    answer = connection.getresponse()
    assert (answer.status, answer.read().decode()) == (
        413, "refused: the request is larger than 16 MiB\n")
    connection.close()
