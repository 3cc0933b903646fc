"""Hostile input at the workbench's door (issue 35): each malformed request is a 4xx with
its one line, never a 500; no GET route computes a par sheet (a page on any site could
make a visitor's browser render PDFs, seconds of CPU each); par sheets are rendered at
most two at a time. The server runs in a thread of this process (as in test_web.py), so
what it computes is watched by replacing ``editor.parsheet``."""
import json
import re
import threading
import time
import urllib.error
import urllib.request

import pytest

from test_web import CERT, _post
from conftest import HANG
from verifier.report.formats import PARSHEET_FORMATS

pytestmark = [pytest.mark.slow]       # a server in a thread, as test_web.py's


@pytest.fixture(scope="module")
def server():
    from verifier.web.server import missing_dependency
    problem = missing_dependency()
    if problem:
        from conftest import missing
        missing(problem)
    from verifier.web.server import Background
    workbench = Background([CERT], warm=True)
    with workbench as url:
        yield url


@pytest.fixture(scope="module")
def session(server):
    """(cookie, token) of a browser that opened the editor."""
    with urllib.request.urlopen(f"{server}/editor", timeout=HANG) as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]
        token = re.search(r'name="csrf-token" content="([^"]+)"', response.read().decode())[1]
    return cookie, token


def _get(url):
    try:
        with urllib.request.urlopen(url, timeout=HANG) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def api(server, session, body, route="/api/figures"):
    cookie, token = session
    return _post(f"{server}{route}", body, {"Content-Type": "application/json",
                                            "Cookie": cookie, "X-CSRF-Token": token,
                                            "Origin": server})


MALFORMED = {
    "nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, "nested more than 8 deep"),
    "nested in a field": (json.dumps({"pays": {"a": [[[[[[[[[1]]]]]]]]]}}).encode(),
                          "nested more than 8 deep"),
    "bet a list": (json.dumps({"cert": 0, "bet": ["outlaw9"], "pays": {}}).encode(),
                   "bet: not text"),
    "bet an object": (json.dumps({"cert": 0, "bet": {"a": 1}, "pays": {}}).encode(),
                      "bet: not text"),
    "cert a list": (json.dumps({"cert": [0], "bet": "outlaw9"}).encode(),
                    "cert: not int or text"),
    "cert true": (json.dumps({"cert": True, "bet": "outlaw9"}).encode(),
                  "cert: not int or text"),
    "pays text": (json.dumps({"cert": 0, "bet": "outlaw9", "pays": "x"}).encode(),
                  "pays: not dict"),
    "unknown field": (json.dumps({"cert": 0, "bett": "outlaw9"}).encode(),
                      "unknown field 'bett'"),
    "not UTF-8": (b'{"bet": "\xff"}', "not JSON (not UTF-8)"),
    "not an object": (b"[1, 2]", "not a JSON object"),
    "a 5,000-digit certificate": (json.dumps({"cert": "9" * 5000, "bet": "outlaw9",
                                              "pays": {}}).encode(),
                                  "no certificate number '99999999999999999999'"),
}


@pytest.mark.parametrize("probe", MALFORMED)
def test_a_malformed_json_request_is_a_4xx_with_its_one_line(probe, server, session):
    body, says = MALFORMED[probe]
    status, text = api(server, session, body)
    assert status == 400, (status, text[:200])
    assert says in json.loads(text)["error"]


def test_a_download_whose_pays_nest_too_deep_is_a_4xx(server, session):
    cookie, token = session
    pays = "%5B" * 50_000
    status, text = _post(f"{server}/download", f"what=toml&cert=0&bet=outlaw9&pays={pays}"
                         f"&csrf_token={token}".encode(), {
                             "Content-Type": "application/x-www-form-urlencoded",
                             "Cookie": cookie, "Origin": server})
    assert status == 400 and "nested more than 8 deep" in text


@pytest.mark.parametrize("number", ["9" * 5000, "-1", "x", "0" * 30])
def test_a_certificate_number_out_of_bounds_is_a_4xx(number, server, session):
    status, text = _get(f"{server}/certificate/{number}")
    assert status == 400 and b"no certificate number" in text
    cookie, token = session
    status, text = _post(f"{server}/certificate/{number}/parsheet.markdown",
                         f"csrf_token={token}".encode(), {
                             "Content-Type": "application/x-www-form-urlencoded",
                             "Cookie": cookie, "Origin": server})
    assert status == 400 and "no certificate number" in text


def test_no_get_route_computes_a_par_sheet_without_the_token(server, session, monkeypatch):
    from verifier.web import editor
    calls = []
    real = editor.parsheet
    monkeypatch.setattr(editor, "parsheet", lambda *a, **k: calls.append(a) or real(*a, **k))
    for fmt in PARSHEET_FORMATS:
        status, _ = _get(f"{server}/certificate/0/parsheet.{fmt}")
        assert status == 405, fmt                   # a GET computes nothing
    for path in ("/", "/editor", "/editor?cert=0&bet=outlaw9", "/hand", "/house-ways",
                 "/house-ways?name=mikes", "/certificates", "/certificate/0"):
        assert _get(f"{server}{path}")[0] == 200, path
    assert calls == []
    cookie, token = session
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
               "Origin": server}
    assert _post(f"{server}/certificate/0/parsheet.markdown", b"", headers)[0] == 403
    assert calls == []
    status, text = _post(f"{server}/certificate/0/parsheet.markdown",
                         f"csrf_token={token}".encode(), headers)
    assert status == 200 and text.startswith("# Par sheet: ")
    assert len(calls) == 1


def test_par_sheets_are_rendered_at_most_two_at_a_time(server, session, monkeypatch):
    from verifier.web import editor
    running, most, lock = [0], [0], threading.Lock()

    def slow(*args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.3)
        with lock:
            running[0] -= 1
        return b"sheet"
    monkeypatch.setattr(editor, "parsheet", slow)
    cookie, token = session
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
               "Origin": server}
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(_post(
        f"{server}/certificate/0/parsheet.pdf", f"csrf_token={token}".encode(),
        headers)[0])) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert answers == [200] * 6
    assert most[0] == 2


SEARCHES = {
    "lines text": ({"lines": "full_house"}, "lines: not list"),
    "no line": ({"lines": []}, "tick the lines to search"),
    "a line twice": ({"lines": ["flush", "flush"]}, "tick the lines to search"),
    "a tiny step": ({"step": "1/1000000000"}, "pays on one line"),
    "a range upside down": ({"low": "3%", "high": "1%"}, "is above the highest"),
    "an unknown rank": ({"rank": "luck"}, "choose distance or volatility"),
    "a step list": ({"step": ["1"]}, "step: not text"),
}


@pytest.mark.parametrize("probe", SEARCHES)
def test_a_bad_search_request_is_a_4xx_with_its_one_line(probe, server, session):
    change, says = SEARCHES[probe]
    body = {"cert": 0, "bet": "outlaw9", "pays": {"full_house": "5", "flush": "4"},
            "lines": ["full_house", "flush"], "low": "1%", "high": "3%", "step": "0.5"}
    body.update(change)
    status, text = api(server, session, json.dumps(body).encode(), "/api/search")
    assert status == 400, (status, text[:200])
    error = json.loads(text)["error"]
    assert says in error and "\n" not in error
