"""The workbench's one schema step: every endpoint declares what its request carries (a
JSON object, a form or a page's query), and ``accepts`` checks the request against it
before the endpoint sees it, so that a request of the wrong shape is a 4xx answer with one
line, never a 500 (a test sends a hostile set to every route the application has).

The JSON guard (``parsed``) counts the brackets outside strings in one left-to-right scan
before the parser sees the text (the parser's own recursion is no limit), and it runs in a
worker thread, off the event loop, as every check here does."""
from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from verifier.support.errors import VerifierError

#: the deepest nesting of a JSON request (the editor's deepest is 3)
MAX_DEPTH = 8
#: a string of JSON, or an unclosed one up to the end of the text: possessive, so that the
#: scan never steps back (a text of one quote and N escaped quotes is read once, not N times)
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?')
_BRACKETS = re.compile(r"[\[\]{}]")


def parsed(text: str) -> Any:
    """JSON text nested at most ``MAX_DEPTH`` deep, counted before it is parsed; else a
    one-line ``VerifierError``. Linear in the text's length."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise VerifierError(f"the request is nested more than {MAX_DEPTH} deep")
        else:
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise VerifierError("the request is not JSON") from None


# ----------------------------------------------------------------------------- the kinds
class Spec:
    """What one value may be: ``check`` returns it (or refuses it in one line)."""
    #: how the kind is named in a refusal ("text", "a list of text")
    name = "a value"

    def check(self, value: Any, where: str) -> Any:
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Spec):
    """A string of at most ``longest`` characters (or null, where ``null``)."""
    longest: int = 80
    null: bool = False
    name = "text"

    def check(self, value: Any, where: str) -> Any:
        if value is None and self.null:
            return None
        if not isinstance(value, str):
            raise VerifierError(f"{where}: not {self.name}")
        if len(value) > self.longest:
            raise VerifierError(f"{where}: longer than {self.longest} characters")
        return value


@dataclass(frozen=True)
class Number(Spec):
    """A finite JSON number or a text of at most ``longest`` characters (an amount, an
    edge: read after by the command line's own readers)."""
    longest: int = 40
    name = "a number or text"

    def check(self, value: Any, where: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise VerifierError(f"{where}: not {self.name}")
        if isinstance(value, float) and not math.isfinite(value):
            raise VerifierError(f"{where}: not a finite number")
        if isinstance(value, int) and value.bit_length() > 128:
            raise VerifierError(f"{where}: a number of more than 38 digits")
        if isinstance(value, str) and len(value) > self.longest:
            raise VerifierError(f"{where}: longer than {self.longest} characters")
        return value


@dataclass(frozen=True)
class Flag(Spec):
    """true or false."""
    name = "true or false"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, bool):
            raise VerifierError(f"{where}: not {self.name}")
        return value


@dataclass(frozen=True)
class Index(Spec):
    """A certificate's number: a whole number or its text (``Shelf.index`` bounds it)."""
    name = "a certificate number"

    def check(self, value: Any, where: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise VerifierError(f"{where}: not {self.name}")
        return value if isinstance(value, int) and abs(value) < 1 << 31 else str(value)[:20]


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    most: int
    name = "a list"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise VerifierError(f"{where}: not a list")
        if len(value) > self.most:
            raise VerifierError(f"{where}: more than {self.most} items")
        return [self.item.check(v, f"{where}[{i}]") for i, v in enumerate(value)]


@dataclass(frozen=True)
class MapOf(Spec):
    """An object of text keys (at most ``key`` characters) to values of ``value``."""
    value: Spec
    most: int = 64
    key: int = 80
    name = "an object"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise VerifierError(f"{where}: not an object")
        if len(value) > self.most:
            raise VerifierError(f"{where}: more than {self.most} entries")
        for k in value:
            Text(self.key).check(k, f"{where}: a key")
        return {k: self.value.check(v, f"{where}[{k!r}]") for k, v in value.items()}


@dataclass(frozen=True)
class Object(Spec):
    """An object of the named fields (any may be absent; no other is taken)."""
    fields: dict[str, Spec] = field(default_factory=dict)
    name = "an object"

    def check(self, value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise VerifierError(f"{where} is not a JSON object")
        for key in value:
            if key not in self.fields:
                raise VerifierError(f"unknown field {str(key)[:40]!r} (this request takes "
                                    f"{', '.join(self.fields) or 'none'})")
        return {k: spec.check(value[k], k) for k, spec in self.fields.items() if k in value}


@dataclass(frozen=True)
class JsonText(Spec):
    """A form field holding JSON text (the editor's pays in a download form)."""
    inner: Spec
    longest: int = 64 << 10
    name = "JSON text"

    def check(self, value: Any, where: str) -> Any:
        return self.inner.check(parsed(Text(self.longest).check(value, where)), where)


@dataclass(frozen=True)
class File(Spec):
    """An uploaded file (its size is bounded when it is read)."""
    what: str = "file"
    name = "a file"

    def check(self, value: Any, where: str) -> Any:
        if isinstance(value, str) or not hasattr(value, "read"):
            raise VerifierError(f"choose a {self.what} to upload")
        return value


@dataclass(frozen=True)
class Many(ListOf):
    """A form field that may be given several times (a list of its values)."""


@dataclass(frozen=True)
class Form(Spec):
    """A form's fields, or a page's query (a multi-dict): each declared field once (a
    ``Many`` as often as it allows); fields not declared (the token, a button) are left."""
    fields: dict[str, Spec] = field(default_factory=dict)
    name = "a form"

    def check(self, value: Any, where: str = "the form") -> dict[str, Any]:
        out = {}
        for key, spec in self.fields.items():
            given = value.getlist(key)
            if isinstance(spec, Many):
                out[key] = spec.check(given, key)
            elif len(given) > 1:
                raise VerifierError(f"{key}: given {len(given)} times")
            elif given:
                out[key] = spec.check(given[0], key)
        return out


# ---------------------------------------------------------------------- the one step
JSON_REQUEST = "the request"


def json_body(body: bytes, spec: Object) -> dict[str, Any]:
    """A JSON request's bytes checked against ``spec``: its fields, or a one-line error."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise VerifierError("the request is not JSON (not UTF-8)") from None
    return spec.check(parsed(text), JSON_REQUEST)


async def read(request: Any, spec: Spec) -> dict[str, Any]:
    """The request's fields, checked against ``spec`` in a worker thread."""
    from starlette.concurrency import run_in_threadpool
    if isinstance(spec, Object):
        return await run_in_threadpool(json_body, await request.body(), spec)
    assert isinstance(spec, Form)
    if request.method == "GET":
        source = request.query_params
    else:
        try:
            source = await request.form()
        except Exception as exc:    # noqa: BLE001 (python-multipart's several errors)
            raise VerifierError(f"the form cannot be read: {str(exc)[:80]}") from None
    return await run_in_threadpool(spec.check, source)


Refusal = Callable[[Any, str], Awaitable[Any]]


async def refuse_json(request: Any, message: str) -> Any:
    from starlette.responses import JSONResponse
    return JSONResponse({"error": message}, status_code=400)


def accepts(spec: Spec, refuse: Refusal = refuse_json) -> Callable[..., Any]:
    """An endpoint ``handler(request, data)`` whose request has passed ``spec``; else
    ``refuse(request, the one line)``. The endpoint keeps its ``spec`` (the hostile test
    reads it from every route)."""
    def wrap(handler: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(handler)
        async def endpoint(request: Any) -> Any:
            try:
                data = await read(request, spec)
            except VerifierError as exc:
                return await refuse(request, str(exc))
            return await handler(request, data)
        setattr(endpoint, "spec", spec)     # noqa: B010 (a function's own attribute)
        return endpoint
    return wrap
