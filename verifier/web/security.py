"""The workbench's guards: every request that changes or computes anything (a POST) must
come from a page of this server, and no request may be larger than the uploads allow.

- Cross-site requests: a per-browser random token in a cookie (``SameSite=Strict``,
  ``HttpOnly``) that every form carries in a hidden field and every script call in the
  ``X-CSRF-Token`` header; a POST whose token does not match the cookie is refused
  (``protected``). A POST must also name this server as its origin (``Origin``, else
  ``Referer``): ``OriginGuard``.
- DNS rebinding: only the host names the server was started for are served
  (Starlette's ``TrustedHostMiddleware``, set up in app.py).
- Size: a request body over ``MAX_BODY`` bytes (``LARGE_BODIES`` for a certificate
  upload) is refused before it is read in full.
- Framing and foreign scripts: every answer forbids being framed by another site and
  loading anything but this server's script and style (``HEADERS``)."""
from __future__ import annotations

import functools
import hmac
import secrets
from urllib.parse import urlsplit
from typing import Any, Awaitable, Callable

COOKIE = "workbench_csrf"
HEADER = "x-csrf-token"
FIELD = "csrf_token"
#: the largest request body (bytes): the largest upload and a form around it
MAX_BODY = 256 << 10
#: the paths that take a larger body, and theirs: a certificate upload (a shipped
#: certificate is about 5.5 MB)
LARGE_BODIES = {"/certificates/upload": (16 << 20) + (64 << 10)}
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
#: on every answer: no page of another site may frame these pages (clickjacking), and they
#: run no script and load nothing but this server's
HEADERS = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"same-origin"),
           (b"content-security-policy",
            b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            b"img-src 'self' data:; frame-ancestors 'none'; form-action 'self'")]


def token_of(request: Any) -> str:
    """The browser's token (made by ``OriginGuard`` on its first visit)."""
    return request.scope.get("state", {}).get("csrf") or request.cookies.get(COOKIE, "")


def _refuse(status, message):
    from starlette.responses import PlainTextResponse
    return PlainTextResponse(f"refused: {message}\n", status_code=status)


class OriginGuard:
    """ASGI middleware: gives a browser its token cookie, refuses a POST from another
    origin, and a body larger than ``MAX_BODY``."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        cookie = _cookie(headers.get("cookie", ""))
        fresh = None
        if not cookie:
            fresh = secrets.token_urlsafe(32)
        scope.setdefault("state", {})["csrf"] = cookie or fresh
        limit = LARGE_BODIES.get(scope.get("path", ""), MAX_BODY)
        if scope["method"] in UNSAFE:
            problem = _origin_problem(headers)
            if problem is None and int(headers.get("content-length") or 0) > limit:
                problem = (413, f"the request is larger than {_size(limit)}")
            if problem:
                return await _refuse(*problem)(scope, receive, send)
            receive = _limited(receive, limit)

        async def send_with_cookie(message):
            if message["type"] == "http.response.start":
                extra = list(HEADERS)
                if fresh:
                    extra.append((b"set-cookie", f"{COOKIE}={fresh}; Path=/; HttpOnly; "
                                                 "SameSite=Strict".encode()))
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)
        try:
            await self.app(scope, receive, send_with_cookie)
        except _TooLarge:
            await _refuse(413, f"the request is larger than {_size(limit)}")(
                scope, receive, send)


def _size(limit):
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


class _TooLarge(Exception):
    pass


def _limited(receive, limit=MAX_BODY):
    """``receive`` that stops a body (chunked, with no length) once it passes ``limit``."""
    seen = 0

    async def wrapped():
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise _TooLarge()
        return message
    return wrapped


def _cookie(text):
    for part in text.split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE and value:
            return value
    return ""


def _origin_problem(headers):
    """A POST names this server as its origin: (status, message) when it does not."""
    host = headers.get("host", "")
    origin = headers.get("origin")
    if origin in (None, "", "null"):
        referer = headers.get("referer")
        if not referer:
            return (403, "a POST must come from a page of this workbench (no Origin or "
                         "Referer)")
        origin = referer
    if urlsplit(origin).netloc != host:
        return (403, f"cross-site request from {origin[:80]!r}")
    return None


def protected(endpoint: Callable[..., Awaitable]) -> Callable[..., Awaitable]:
    """A POST endpoint that runs only when the request carries the browser's token
    (header, or the form's hidden field). Every POST route is made with this (a test
    holds it)."""
    @functools.wraps(endpoint)
    async def guarded(request):
        expected = request.cookies.get(COOKIE, "")
        given = request.headers.get(HEADER, "")
        if not given and "form" in request.headers.get("content-type", ""):
            form = await request.form()
            given = str(form.get(FIELD, ""))
        if not expected or not given or not hmac.compare_digest(expected, given):
            return _refuse(403, "the form's security token is missing or stale: reload the "
                                "page and try again")
        return await endpoint(request)
    setattr(guarded, "csrf_protected", True)    # noqa: B010 (a function's own attribute)
    return guarded
