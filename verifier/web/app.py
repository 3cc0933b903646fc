"""The workbench's web application (Starlette): the pages, the small JSON endpoints the
editor calls as you type, and the downloads. Every figure comes from
verifier/web/editor.py and workbench.py, which call the functions the command line uses."""
from __future__ import annotations

import asyncio
import gc
import json
import os
import re
import secrets
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Sequence

from verifier.game.bets import BONUS_READING
from verifier.report.formats import FORMATS, PARSHEET_FORMATS
from verifier.support.errors import VerifierError
from verifier.web import certificates, editor, progressive, workbench
from verifier.web.security import FIELD, OriginGuard, protected, token_of

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
#: uploaded house ways kept for their check, at most this many (the oldest go first)
MAX_UPLOADS = 16
#: par sheets (a PDF: seconds of CPU, a gigabyte) rendered at once; the others wait
MAX_RENDERS = 2
#: the deepest nesting of a JSON request (the editor's deepest is 3)
MAX_DEPTH = 8
#: each field a JSON request may carry, and its types
FIELD_TYPES = {"cert": (int, str), "bet": (str,), "pays": (dict,), "reading": (str, type(None)),
               "lines": (list,), "edge": (str, int, float), "tables": (list,),
               "table": (str,), "meters": (dict,), "low": (str,), "high": (str,), "step": (str,),
               "rank": (str,), "target": (str,)}


def checked_body(body: bytes) -> dict:
    """A JSON request as the editor sends it: an object (``parsed``) of the fields of
    ``FIELD_TYPES``, each of its type; else a one-line ``VerifierError``."""
    try:
        data = parsed(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise VerifierError("the request is not JSON (not UTF-8)") from None
    if not isinstance(data, dict):
        raise VerifierError("the request is not a JSON object")
    for name, value in data.items():
        if name not in FIELD_TYPES:
            raise VerifierError(f"unknown field {name[:40]!r} (the editor sends "
                                f"{', '.join(FIELD_TYPES)})")
        types = FIELD_TYPES[name]
        if isinstance(value, bool) or not isinstance(value, types):
            raise VerifierError(f"{name}: not " + " or ".join(
                {"str": "text", "NoneType": "null"}.get(t.__name__, t.__name__)
                for t in types))
    return data


def parsed(text: str) -> Any:
    """JSON text nested at most ``MAX_DEPTH`` deep, counted before it is parsed (the
    parser's own recursion is no limit: it ends in a RecursionError); else a one-line
    ``VerifierError``."""
    depth = 0
    for ch in re.sub(r'"(?:[^"\\]|\\.)*"', "", text):   # the brackets outside strings
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise VerifierError(f"the request is nested more than {MAX_DEPTH} deep")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise VerifierError("the request is not JSON") from None


def _environment():
    import jinja2
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined)


def create_app(paths: Sequence[str | os.PathLike] | None = None,
               hosts: Sequence[str] = ("127.0.0.1", "localhost"), warm: bool = True) -> Any:
    """The application over the certificates at ``paths`` (default: the shipped ones).
    ``hosts``: the host names it answers to (others are refused: DNS rebinding).
    ``warm``: load and check the certificates in a background thread at start-up."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    shelf = workbench.Shelf(paths or workbench.shipped_paths())
    env = _environment()
    uploads = OrderedDict()          # id -> (file name, text) of uploaded house ways
    renders = asyncio.Semaphore(MAX_RENDERS)     # par sheets rendered at once; the rest wait

    async def render_parsheet(*args):
        async with renders:
            try:
                return await run_in_threadpool(editor.parsheet, *args)
            finally:
                gc.collect()         # a PDF's renderer leaves cycles: freed before the next
    comparisons = workbench.Comparisons()

    def page(request, template_name, status=200, **context):
        template = env.get_template(template_name)
        html = template.render(csrf=token_of(request), field=FIELD, certificates=shelf.names(),
                               active=template_name.split(".")[0],
                               parsheet_formats=[FORMATS[n] for n in PARSHEET_FORMATS],
                               **context)
        return HTMLResponse(html, status_code=status)

    async def body_json(request):
        return checked_body(await request.body())

    def api(compute):
        """A JSON endpoint: the request's object in, the result or {"error": one line}."""
        @protected
        async def endpoint(request):
            try:
                data = await body_json(request)
                cert = await run_in_threadpool(shelf.get, data.get("cert", 0))
                result = await run_in_threadpool(compute, cert, data)
            except VerifierError as exc:
                return JSONResponse({"error": str(exc)}, status_code=400)
            return JSONResponse(result)
        return endpoint

    # ----------------------------------------------------------------- the editor
    async def editor_page(request):
        q = request.query_params
        lines: list
        pays: dict
        error, bets, lines, pays, title, cert_id, bet = "", [], [], {}, "", 0, ""
        try:
            cert_id = shelf.index(q.get("cert", "0"))
            cert = await run_in_threadpool(shelf.get, cert_id)
            bets = editor.bets_of(cert)
            bet = q.get("bet") or bets[0][0]
            lines, pays, title = editor.vocabulary(cert, bet)
            table = editor.base_table(cert, bet)          # None: a new custom bet
            bonus_read = table is not None and table.kind.reads == BONUS_READING
            reading = cert.bonus_reading if bonus_read else ""
        except VerifierError as exc:
            error, bonus_read, reading = str(exc), False, ""
        return page(request, "editor.html.j2", error=error, cert_id=cert_id, bets=bets,
                    bet=bet, lines=lines, pays=pays, title=title, bonus_read=bonus_read,
                    reading=reading, max_compared=editor.MAX_COMPARED,
                    custom=bet.startswith(editor.CUSTOM_PREFIX))

    def _figures(cert, d):
        return editor.figures(cert, d.get("bet", ""), d.get("pays"), d.get("reading"))

    def _solve(cert, d):
        return editor.solve(cert, d.get("bet", ""), d.get("pays"), d.get("lines"),
                               d.get("edge", ""), d.get("reading"))

    def _compare(cert, d):
        return editor.compare(cert, d.get("bet", ""), d.get("tables"), d.get("reading"))

    def _search(cert, d):
        return editor.search(cert, d.get("bet", ""), d.get("pays"), d.get("lines"),
                             d.get("low", ""), d.get("high", ""), d.get("step", ""),
                             d.get("rank", ""), d.get("target", ""), d.get("reading"),
                             d.get("keep_order", False))

    @protected
    async def download(request):
        form = await request.form()
        what = str(form.get("what", ""))
        try:
            cert = await run_in_threadpool(shelf.get, form.get("cert", "0"))
            bet = str(form.get("bet", ""))
            pays = parsed(str(form.get("pays", "{}")))
            name = str(form.get("name", ""))
            stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in bet) or "bet"
            if what == "toml":
                text = await run_in_threadpool(editor.paytable_file, cert, bet, pays, name)
                return Response(text, media_type="application/toml", headers={
                    "Content-Disposition": f'attachment; filename="{stem}-designed.toml"'})
            data = await render_parsheet(cert, what, bet, pays, name,
                                         str(form.get("reading", "")))
        except VerifierError as exc:
            return page(request, "error.html.j2", status=400, error=str(exc))
        fmt = FORMATS[what]
        return Response(data, media_type=fmt.media_type, headers={
            "Content-Disposition":
                f'attachment; filename="{fmt.filename(f"parsheet-{stem}-designed")}"'})

    # ----------------------------------------------------------------- one hand
    async def hand_page(request):
        return page(request, "hand.html.j2", rule_sets=workbench.rule_sets(), result=None,
                    strategy=None, face_up=None, error="", cards="", dealer="",
                    rule_set=workbench.rule_sets()[0])

    @protected
    async def hand_post(request):
        form = await request.form()
        cards, rule_set = str(form.get("cards", "")), str(form.get("rule_set", ""))
        action = form.get("action")
        strategy = action == "strategy"
        dealer = str(form.get("dealer", ""))[:80] if action == "face_up" else None
        result, error = None, ""
        try:
            result = await run_in_threadpool(workbench.hand, cards, rule_set, strategy,
                                             dealer)
        except VerifierError as exc:
            error = str(exc)
        kind = "face_up" if dealer is not None else ("strategy" if strategy else "result")
        return page(request, "hand.html.j2", rule_sets=workbench.rule_sets(),
                    result=result if kind == "result" else None,
                    strategy=result if kind == "strategy" else None,
                    face_up=result if kind == "face_up" else None,
                    error=error, cards=cards[:80], dealer=(dealer or "").strip(),
                    rule_set=rule_set,
                    status=400 if error else 200)

    # ----------------------------------------------------------------- house ways
    def house_ways_page(request, **context):
        context.setdefault("error", "")
        context.setdefault("shown", None)
        context.setdefault("upload", "")
        context.setdefault("check", None)
        context.setdefault("ratings", None)
        return page(request, "houseways.html.j2", names=workbench.house_way_names(),
                    index=workbench.house_way_index(),
                    status=400 if context["error"] else 200, **context)

    async def house_ways(request):
        name = request.query_params.get("name")
        if not name:
            return house_ways_page(request)
        try:
            shown = await run_in_threadpool(workbench.house_way, name)
        except VerifierError as exc:
            return house_ways_page(request, error=str(exc))
        return house_ways_page(request, shown=shown)

    @protected
    async def house_way_upload(request):
        form = await request.form()
        upload = form.get("file")
        if upload is None or not hasattr(upload, "read"):
            return house_ways_page(request, error="choose a house-way file to upload")
        filename = Path(str(upload.filename or "upload.toml")).name[:80]
        data = await upload.read(workbench.UPLOAD_LIMITS["house way"] + 1)
        try:
            text = workbench.read_upload(data, "house way", filename)
            shown = await run_in_threadpool(workbench.house_way, text, filename)
        except VerifierError as exc:
            return house_ways_page(request, error=str(exc))
        key = secrets.token_urlsafe(8)
        uploads[key] = (filename, text)
        while len(uploads) > MAX_UPLOADS:
            uploads.popitem(last=False)
        return house_ways_page(request, shown=shown, upload=key)

    async def on_house_way(request, job, what):
        """A house way's check or power ratings: the form names a shipped house way or an
        upload kept here."""
        form = await request.form()
        key, name = str(form.get("upload", "")), str(form.get("name", ""))
        try:
            if key:
                if key not in uploads:
                    raise VerifierError("that upload is no longer here: upload the file again")
                filename, text = uploads[key]
                shown = await run_in_threadpool(workbench.house_way, text, filename)
                result = await run_in_threadpool(job, text, filename)
            else:
                shown = await run_in_threadpool(workbench.house_way, name)
                result = await run_in_threadpool(job, name)
        except VerifierError as exc:
            return house_ways_page(request, error=str(exc))
        return house_ways_page(request, shown=shown, upload=key, **{what: result})

    @protected
    async def house_way_check(request):
        return await on_house_way(request, workbench.check_house_way, "check")

    @protected
    async def house_way_ratings(request):
        return await on_house_way(request, workbench.house_way_ratings, "ratings")

    @protected
    async def house_way_compare(request):
        form = await request.form()
        entries: list[tuple[str, str | None]] = [(str(n), None) for n in form.getlist("way")]
        key = str(form.get("upload", ""))
        if key and form.get("with_upload"):
            if key not in uploads:
                return house_ways_page(request, error="that upload is no longer here: "
                                                      "upload the file again")
            entries.append(uploads[key])
        try:
            job = comparisons.start(entries)
        except VerifierError as exc:
            return house_ways_page(request, error=str(exc))
        return RedirectResponse(f"/house-ways/compare/{job}", status_code=303)

    async def house_way_comparison(request):
        try:
            job = comparisons.get(request.path_params["job"])
        except VerifierError as exc:
            return house_ways_page(request, error=str(exc))
        return page(request, "compare.html.j2", job=job, now=time.time(),
                    hand_types=list(job["rows"][0]["by_type"]) if job["rows"] else [])

    routes = [
        Route("/", lambda request: RedirectResponse("/editor")),
        Route("/editor", editor_page),
        Route("/api/figures", api(_figures), methods=["POST"]),
        Route("/api/solve", api(_solve), methods=["POST"]),
        Route("/api/compare", api(_compare), methods=["POST"]),
        Route("/api/search", api(_search), methods=["POST"]),
        Route("/download", download, methods=["POST"]),
        Route("/hand", hand_page, methods=["GET"]),
        Route("/hand", hand_post, methods=["POST"]),
        Route("/house-ways", house_ways, methods=["GET"]),
        Route("/house-ways/upload", house_way_upload, methods=["POST"]),
        Route("/house-ways/check", house_way_check, methods=["POST"]),
        Route("/house-ways/ratings", house_way_ratings, methods=["POST"]),
        Route("/house-ways/compare", house_way_compare, methods=["POST"]),
        Route("/house-ways/compare/{job}", house_way_comparison, methods=["GET"]),
        *certificates.routes(page, shelf, render_parsheet),
        Route("/favicon.ico", lambda request: RedirectResponse("/static/favicon.svg", 301)),
        *progressive.routes(page, api, shelf),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    allowed = list(hosts)
    async def not_found(request, exc):
        status = getattr(exc, "status_code", 404)
        if status != 404:
            return Response(str(getattr(exc, "detail", "")), status_code=status)
        return page(request, "error.html.j2", status=404, title="Not Found",
                    error=f"Not Found: no page {request.url.path[:80]!r} here")

    app = Starlette(routes=routes, exception_handlers={404: not_found}, middleware=[
        Middleware(TrustedHostMiddleware, allowed_hosts=allowed),
        Middleware(OriginGuard)])
    app.state.shelf = shelf
    app.state.comparisons = comparisons
    if warm:
        import threading
        threading.Thread(target=shelf.warm, name="workbench-warm", daemon=True).start()
    return app
