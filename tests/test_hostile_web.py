"""Hostile input at the workbench's door (issue 35): each malformed request is a 4xx with
its one line, never a 500; no GET route computes a par sheet (a page on any site could
make a visitor's browser render PDFs, seconds of CPU each); par sheets are rendered at
most two at a time. The server runs in a thread of this process (as in test_web.py), so
what it computes is watched by replacing ``editor.parsheet``."""
import functools
import json
import re
import threading
import time
import urllib.error
import urllib.parse
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
                    "cert: not a certificate number"),
    "cert true": (json.dumps({"cert": True, "bet": "outlaw9"}).encode(),
                  "cert: not a certificate number"),
    "pays text": (json.dumps({"cert": 0, "bet": "outlaw9", "pays": "x"}).encode(),
                  "pays: not an object"),
    "a pay a list": (json.dumps({"cert": 0, "bet": "outlaw9", "pays": {"flush": ["4"]}}
                                ).encode(), "pays['flush']: not text"),
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
    running, most, lock, two = [0], [0], threading.Lock(), threading.Event()

    def slow(*args, **kwargs):
        """A render that holds until a second one runs beside it (a loaded machine may
        start the requests far apart: no fixed sleep decides the overlap), then a moment
        more, in which a third would start were it let in."""
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            if running[0] >= 2:
                two.set()
        two.wait(30)
        time.sleep(0.2)
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
    "lines text": ({"lines": "full_house"}, "lines: not a list"),
    "lines holding a list (H7)": ({"lines": [["flush"]]}, "lines[0]: not text"),
    "lines holding an object (H7)": ({"lines": [{"a": 1}]}, "lines[0]: not text"),
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


# ------------------------------------------------------------------ every route, one set
#: values no field takes as they are (wrong kinds, too long, out of range, bombs)
HOSTILE = [["x"], {"a": 1}, [[1]], [{"a": 1}], None, True, -1, 10 ** 40, 0.5, "",
           "x" * 100_000, "9" * 5000, "1e999999999", "1e400", "\x00", "../../etc/passwd",
           '"' + '\\"' * 5000]
#: whole bodies no JSON endpoint takes: a nesting bomb, one quote and many escaped
#: quotes (H8: the old guard's time grew with the square of its length), not UTF-8...
BODIES = [b"[" * 100_000, b'"' + b'\\"' * 120_000, b"\xff\xfe", b"[1]", b"", b"Infinity",
          b'{"cert": Infinity}', json.dumps({"no such field": 1}).encode()]


def _every_route():
    from verifier.web.app import create_app
    from starlette.routing import Route
    app = create_app([CERT], warm=False)
    return [r for r in app.routes if isinstance(r, Route)], app


def test_every_route_checks_its_request_by_one_declared_schema():
    """A new endpoint cannot skip the schema step: every route of the application has
    one (``schema.accepts``), and the hostile test below reads it from there."""
    from verifier.web.schema import Form, Object
    routes, _app = _every_route()
    assert len(routes) >= 20
    missing = [r.path for r in routes if not isinstance(getattr(r.endpoint, "spec", None),
                                                          (Form, Object))]
    assert missing == []


def _requests(route, server):
    """(method, path, body, content type) of the hostile set for one route."""
    from verifier.web.schema import File, Object
    spec = route.endpoint.spec
    path = route.path.replace("{number}", "0").replace("{job}", "x").replace("{fmt}",
                                                                             "markdown")
    for method in sorted(route.methods - {"HEAD"}):
        if isinstance(spec, Object):
            for body in BODIES:
                yield method, path, body, "application/json"
            for name in spec.fields:
                for value in HOSTILE:
                    yield method, path, json.dumps({name: value}).encode(), "application/json"
            continue
        if method == "POST":                       # a form that cannot be read
            yield method, path, b"\xff%%=&&=", "application/x-www-form-urlencoded"
            yield method, path, b"--x\r\nbroken", "multipart/form-data; boundary=x"
        for name, field in spec.fields.items():
            for value in HOSTILE:
                if not isinstance(value, str):
                    continue
                query = urllib.parse.urlencode({name: value})
                if method == "GET":
                    yield method, f"{path}?{query}", None, None
                else:
                    yield method, path, query.encode(), "application/x-www-form-urlencoded"
            if method == "POST" and not isinstance(field, File):       # a file, not text
                yield method, path, *_multipart(name)
            yield (method, path + ("?" if method == "GET" else ""),
                   f"{name}=a&{name}=b".encode(), "application/x-www-form-urlencoded")
    if "{" in route.path:                                          # hostile path parts
        for part in ("9" * 5000, "..", "%00", "-1"):
            yield "GET", re.sub(r"\{\w+\}", part, route.path), None, None


def _multipart(name):
    boundary = "hostile"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n--{boundary}--\r\n')
    return body.encode(), f"multipart/form-data; boundary={boundary}"


def test_the_hostile_set_sent_to_every_route_is_answered_without_a_500(server, session):
    """Each route (read from the application, so none is left out) gets wrong kinds in
    each of its declared fields, bombs as whole bodies, fields given twice, files for
    text and hostile path parts: every answer is below 500, and a JSON endpoint's 4xx is
    one line."""
    cookie, token = session
    routes, _app = _every_route()
    failures, sent = [], 0
    for route in routes:
        for method, path, body, kind in _requests(route, server):
            headers = {"Cookie": cookie, "X-CSRF-Token": token, "Origin": server}
            if kind:
                headers["Content-Type"] = kind
            if method == "GET":
                status, text = _get(f"{server}{path}")
                text = text.decode("utf-8", "replace")
            else:
                status, text = _post(f"{server}{path}", body or b"", headers)
            sent += 1
            if status >= 500:
                failures.append((method, path[:60], (body or b"")[:60], status, text[:120]))
            elif status == 400 and kind == "application/json" and route.path.startswith("/api"):
                error = json.loads(text)["error"]
                if "\n" in error or len(error) > 300:
                    failures.append((method, path[:60], body[:60], "not one line", error[:200]))
    assert sent > 500 and failures == []


@functools.lru_cache(maxsize=None)
def _amount_bounded():
    """Whether ``verifier.game.progressive.amount`` (hostile-readers' part of issue 52)
    bounds an amount's exponent: else 1e999999999 computes 10**999999999 and holds the
    interpreter (tried in a process of its own, given 10 s)."""
    import subprocess
    import sys
    code = ("from verifier.game.progressive import amount\n"
            "try:\n    amount('1e999999999', 'meter')\nexcept Exception:\n    pass\n")
    try:
        return subprocess.run([sys.executable, "-c", code], timeout=10).returncode == 0
    except subprocess.TimeoutExpired:
        return False


@pytest.mark.parametrize("meter", ["1e400", "1e999999999"])
def test_a_meter_past_any_amount_is_a_4xx_not_a_500_or_a_freeze(meter, server, session):
    """H1, H2: the meter is read by the command line's own ``amount``."""
    if not _amount_bounded():
        pytest.skip("verifier.game.progressive.amount does not bound exponents yet")
    body = {"cert": 0, "table": "emperors_jackpot_example", "meters": {"jackpot": meter}}
    status, text = api(server, session, json.dumps(body).encode(), "/api/progressive")
    assert status == 400, (status, text[:200])
    assert "\n" not in json.loads(text)["error"]
    assert _get(f"{server}/editor")[0] == 200


def test_the_json_guard_runs_off_the_event_loop(server, session, monkeypatch):
    """H8: while one request's body is being checked, another page is answered (the
    guard is held until the page has come)."""
    from verifier.web import schema
    entered, release = threading.Event(), threading.Event()
    real = schema.parsed

    def held(text):
        entered.set()
        release.wait(HANG)
        return real(text)
    monkeypatch.setattr(schema, "parsed", held)
    answer = []
    worker = threading.Thread(target=lambda: answer.append(api(server, session, b'{"cert": 0}')))
    worker.start()
    assert entered.wait(HANG)
    try:
        assert _get(f"{server}/editor")[0] == 200
        assert not answer                         # the other request is still held
    finally:
        release.set()
        worker.join(HANG)
    assert answer and answer[0][0] in (200, 400)


def test_the_json_guard_reads_a_quote_bomb_once():
    """H8: a body of one quote and many escaped quotes is refused by one pass (a
    possessive pattern never steps back), with the nesting of what precedes it counted."""
    from verifier.web.schema import MAX_DEPTH, parsed
    from verifier.support.errors import VerifierError
    for text in ('"' + '\\"' * 200_000, '["' + '\\"' * 200_000, '{"a": "\\\\"}' * 3):
        with pytest.raises(VerifierError, match="not JSON"):
            parsed(text)
    with pytest.raises(VerifierError, match="nested more than"):
        parsed("[" * (MAX_DEPTH + 1) + '"' + '\\"' * 1000)
    assert parsed('{"a": "[[[[[[[[[[\\"]]"}') == {"a": '[[[[[[[[[["]]'}
