"""The workbench's certificates (verifier/web/shelf.py, issue 50 item 5): no page waits for
a certificate's check; the check runs in a process of its own from the server's start,
and one that fails is refused from then on with ``check``'s own first mismatch (the
command run here is the expectation). Without the background check (``warm=False``) a
certificate is checked on its first use, before any figure."""
import json
import time
import urllib.error
import urllib.request

import pytest

from conftest import HANG, WEB_CERT

pytestmark = [pytest.mark.slow]       # full checks of a certificate, a server in a thread


@pytest.fixture(scope="module")
def tampered(tmp_path_factory):
    path = tmp_path_factory.mktemp("shelf") / "tampered.json"
    text = WEB_CERT.read_text()
    assert '"royal_flushes": 26132' in text
    path.write_text(text.replace('"royal_flushes": 26132', '"royal_flushes": 26133'))
    return path


def _first_mismatch(path):
    from verifier import certificate
    return str(certificate.check(certificate.load(path))[0].message)


def _until(condition, what):
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_certificate_is_checked_on_first_use_without_the_background_check(tampered):
    from verifier.support.errors import VerifierError
    from verifier.web.shelf import CHECKED, Shelf
    shelf = Shelf([tampered, WEB_CERT])
    with pytest.raises(VerifierError, match="fails its check") as refused:
        shelf.load(0)
    assert _first_mismatch(tampered) in str(refused.value)
    assert shelf.status(0) == str(refused.value)
    assert shelf.load(1).rule_set.name == "outlaw9-mikes" and shelf.status(1) == CHECKED


def test_the_background_check_refuses_a_tampered_certificate_and_passes_a_good_one(tampered):
    from verifier.support.errors import VerifierError
    from verifier.web.shelf import CHECKED, CHECKING, Shelf
    shelf = Shelf([tampered, WEB_CERT])
    shelf.start_checks()
    try:
        cert = shelf.load(1)                 # read at once; its check may still run
        assert cert.rule_set.name == "outlaw9-mikes"
        assert shelf.status(1) in (CHECKING, CHECKED)
        assert shelf.get(1) is cert and shelf.status(1) == CHECKED
        with pytest.raises(VerifierError, match="fails its check") as refused:
            shelf.get(0)
        assert _first_mismatch(tampered) in str(refused.value)
        with pytest.raises(VerifierError, match="fails its check"):
            shelf.load(0)                    # refused from then on
    finally:
        shelf.stop()


def _post(url, body, cookie, token):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Cookie": cookie, "X-CSRF-Token": token,
                                              "Origin": url.rsplit("/api", 1)[0]})
    try:
        with urllib.request.urlopen(request, timeout=HANG) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_editor_answers_before_the_check_and_refuses_once_it_has_failed(tampered):
    """The page opens (its grid, and the note that the check runs, or its refusal); the
    figures come, marked "checking", until the check has ended: then the good certificate's
    are "checked" and the tampered one's are its one-line refusal."""
    import re
    from verifier.web.server import Background, missing_dependency
    if missing_dependency():
        pytest.skip(missing_dependency())
    with Background([tampered, WEB_CERT], warm=True) as url:
        with urllib.request.urlopen(f"{url}/editor?cert=1", timeout=HANG) as response:
            cookie = response.headers["Set-Cookie"].split(";")[0]
            page = response.read().decode()
        token = re.search(r'name="csrf-token" content="([^"]+)"', page)[1]
        assert 'id="grid"' in page and 'id="check-state"' in page
        pays = {"full_house": "4", "flush": "4", "straight": "2"}
        status, answer = _post(f"{url}/api/figures", {"cert": 1, "bet": "outlaw9",
                                                      "pays": pays}, cookie, token)
        assert status == 200 and answer["check"] in ("checking", "checked")
        _until(lambda: _post(f"{url}/api/figures", {"cert": 1, "bet": "outlaw9",
                                                    "pays": pays}, cookie, token)[1]
               .get("check") == "checked", "the good certificate's check")
        status, answer = _until(lambda: (lambda r: r if r[0] == 400 else None)(
            _post(f"{url}/api/figures", {"cert": 0, "bet": "outlaw9", "pays": pays},
                  cookie, token)), "the tampered certificate's refusal")
        assert _first_mismatch(tampered) in answer["error"] and "\n" not in answer["error"]



def test_the_checker_ends_when_the_server_does():
    """However the server ends (Ctrl-C ends ``serve`` past its clean-up), the checker ends
    with it rather than checking every certificate: it stops once its standard input, the
    server's end of the pipe, closes. Given the certificate twenty times, it has answered
    for fewer when it ends."""
    import subprocess
    import sys
    checker = subprocess.Popen([sys.executable, "-m", "verifier.web.checker",
                                *[str(WEB_CERT)] * 20], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    first = json.loads(checker.stdout.readline())
    assert first == {"index": 0, "sha256": first["sha256"], "error": None}
    checker.stdin.close()                          # the server has gone
    rest = checker.stdout.read().splitlines()
    assert checker.wait(HANG) == 0
    checker.stdout.close()
    assert len(rest) < 19
