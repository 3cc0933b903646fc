"""The pay-table editor's page, the JSON endpoints its script calls as you type (figures,
solve, compare, search) and its downloads (the pay table, the par sheet)."""
from __future__ import annotations

from typing import Any

from verifier.support.errors import VerifierError
from verifier.web import editor
from verifier.web.schema import (Flag, Form, Index, JsonText, ListOf, MapOf, Number, Object,
                                 Text, accepts)
from verifier.web.security import protected
from verifier.web.site import Site, error_page, site_of

PAYS = MapOf(Text(60), most=64)
LINES = ListOf(Text(80), 40)
COMMON = {"cert": Index(), "bet": Text(80), "reading": Text(40, null=True)}
FIGURES = Object({**COMMON, "pays": PAYS})
SOLVE = Object({**COMMON, "pays": PAYS, "lines": LINES, "edge": Number()})
COMPARE = Object({**COMMON, "tables": ListOf(Object({"name": Text(120), "pays": PAYS}),
                                             editor.MAX_COMPARED)})
SEARCH = Object({**COMMON, "pays": PAYS, "lines": LINES, "low": Text(), "high": Text(),
                 "step": Text(), "rank": Text(), "target": Text(), "keep_order": Flag()})
PAGE = Form({"cert": Text(20), "bet": Text(80)})
DOWNLOAD = Form({"what": Text(20), "cert": Text(20), "bet": Text(80), "pays": JsonText(PAYS),
                 "name": Text(120), "reading": Text(40)})


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


def _opened(cert: Any, bet: str) -> dict[str, Any]:
    """What the page shows of ``bet`` on ``cert`` (the first bet when none is named)."""
    from verifier.game.bets import BONUS_READING
    bets = editor.bets_of(cert)
    bet = bet or bets[0][0]
    lines, pays, title = editor.vocabulary(cert, bet)
    table = editor.base_table(cert, bet)          # None: a new custom bet
    bonus_read = table is not None and table.kind.reads == BONUS_READING
    return {"bets": bets, "bet": bet, "lines": lines, "pays": pays, "title": title,
            "designed": editor.designed_name(table), "bonus_read": bonus_read,
            "reading": cert.bonus_reading if bonus_read else ""}


@accepts(PAGE, error_page)
async def editor_page(request: Any, q: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    site = site_of(request)
    shown: dict[str, Any] = {"bets": [], "bet": "", "lines": [], "pays": {}, "title": "",
                             "designed": "", "bonus_read": False, "reading": ""}
    error, cert_id, check = "", 0, ""
    try:
        cert_id = site.shelf.index(q.get("cert", "0"))
        cert = await run_in_threadpool(site.shelf.load, cert_id)
        shown = _opened(cert, q.get("bet", ""))
        check = site.shelf.status(cert_id)
    except VerifierError as exc:
        error = str(exc)
    return site.page(request, "editor.html.j2", error=error, cert_id=cert_id, check=check,
                     max_compared=editor.MAX_COMPARED,
                     custom=shown["bet"].startswith(editor.CUSTOM_PREFIX), **shown)


@protected
@accepts(DOWNLOAD, error_page)
async def download(request: Any, form: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import Response
    from verifier.report.formats import FORMATS
    site = site_of(request)
    what, bet, pays = form.get("what", ""), form.get("bet", ""), form.get("pays", {})
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in bet) or "bet"
    try:
        cert = await run_in_threadpool(site.shelf.get, form.get("cert", "0"))
        if what == "toml":
            text = await run_in_threadpool(editor.paytable_file, cert, bet, pays,
                                           form.get("name", ""))
            return Response(text, media_type="application/toml", headers={
                "Content-Disposition": f'attachment; filename="{stem}-designed.toml"'})
        data = await site.render_parsheet(cert, what, bet, pays, form.get("name", ""),
                                          form.get("reading", ""))
    except VerifierError as exc:
        return await error_page(request, str(exc))
    fmt = FORMATS[what]
    return Response(data, media_type=fmt.media_type, headers={
        "Content-Disposition":
            f'attachment; filename="{fmt.filename(f"parsheet-{stem}-designed")}"'})


def routes(site: Site) -> list[Any]:
    from starlette.routing import Route
    return [
        Route("/editor", editor_page),
        Route("/api/figures", site.api(_figures, FIGURES), methods=["POST"]),
        Route("/api/solve", site.api(_solve, SOLVE), methods=["POST"]),
        Route("/api/compare", site.api(_compare, COMPARE), methods=["POST"]),
        Route("/api/search", site.api(_search, SEARCH), methods=["POST"]),
        Route("/download", download, methods=["POST"]),
    ]
