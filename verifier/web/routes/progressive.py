"""The progressive page (issue 37): a shipped progressive table's tiers and figures from a
certificate's counts, and the endpoint each slider's move asks (``/api/progressive``); the
meters' amounts are read by ``verifier.game.progressive.amount``, as on the command line."""
from __future__ import annotations

from typing import Any

from verifier.support.errors import VerifierError
from verifier.web.progressive import figures, table_paths
from verifier.web.schema import Form, Index, MapOf, Number, Object, Text, accepts
from verifier.web.site import Site, error_page, site_of

PAGE = Form({"table": Text(80), "cert": Text(20)})
METERS = Object({"cert": Index(), "table": Text(80), "meters": MapOf(Number(), most=16, key=40)})


def _api(cert, d):
    return figures(cert, d.get("table", ""), d.get("meters"))


@accepts(PAGE, error_page)
async def progressive_page(request: Any, q: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    site = site_of(request)
    name = q.get("table", next(iter(table_paths()), ""))
    error, shown, cert_id = "", None, 0
    try:
        cert_id = site.shelf.index(q.get("cert", "0"))
        cert = await run_in_threadpool(site.shelf.get, cert_id)
        shown = await run_in_threadpool(figures, cert, name)
    except VerifierError as exc:
        error = str(exc)
    return site.page(request, "progressive.html.j2", tables=list(table_paths()), table=name,
                     cert_id=cert_id, shown=shown, error=error, status=400 if error else 200)


def routes(site: Site) -> list[Any]:
    from starlette.routing import Route
    return [Route("/progressive", progressive_page, methods=["GET"]),
            Route("/api/progressive", site.api(_api, METERS, checked=True), methods=["POST"])]
