"""The workbench's web application (Starlette): the routes of ``routes/`` (a module per
page and the JSON endpoints it calls), the guards of ``security.py``, the static files,
and the not-found page. Every figure comes from verifier/web/editor.py, workbench.py and
progressive.py, which call the functions the command line uses."""
from __future__ import annotations

import os
from typing import Any, Sequence

from verifier.web.schema import parsed
from verifier.web.site import STATIC, environment as _environment

__all__ = ["create_app", "parsed", "_environment"]


def create_app(paths: Sequence[str | os.PathLike] | None = None,
               hosts: Sequence[str] = ("127.0.0.1", "localhost"), warm: bool = True) -> Any:
    """The application over the certificates at ``paths`` (default: the shipped ones).
    ``hosts``: the host names it answers to (others are refused: DNS rebinding).
    ``warm``: read the first certificate at once and check every one in a separate
    process in the background (else each is read and checked on first use)."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.responses import Response
    from starlette.routing import Mount
    from starlette.staticfiles import StaticFiles
    from verifier.web import workbench
    from verifier.web.routes import all_routes
    from verifier.web.security import OriginGuard
    from verifier.web.site import Site

    site = Site(paths or workbench.shipped_paths())

    async def not_found(request, exc):
        status = getattr(exc, "status_code", 404)
        if status != 404:
            return Response(str(getattr(exc, "detail", "")), status_code=status)
        return site.page(request, "error.html.j2", status=404, title="Not Found",
                         error=f"Not Found: no page {request.url.path[:80]!r} here")

    routes = all_routes(site) + [Mount("/static", StaticFiles(directory=str(STATIC)),
                                       name="static")]
    app = Starlette(routes=routes, exception_handlers={404: not_found}, middleware=[
        Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)),
        Middleware(OriginGuard)])
    app.state.site = site
    app.state.shelf = site.shelf
    app.state.comparisons = site.comparisons
    if warm:
        site.shelf.start_checks()
    return app
