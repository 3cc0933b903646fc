"""The workbench's routes, one module per page and the endpoints it calls; each module's
``routes(site)`` gives its part of the application's route table. Every endpoint takes its
request through ``schema.accepts`` (and every POST through ``security.protected``)."""
from __future__ import annotations

from typing import Any

from verifier.web.routes import certificates, editor, hand, houseways, progressive

MODULES = (editor, hand, houseways, certificates, progressive)


def all_routes(site: Any) -> list[Any]:
    """Every module's routes, and the two redirects (the root, the icon)."""
    from starlette.responses import RedirectResponse
    from starlette.routing import Route
    from verifier.web.schema import Form, accepts

    from verifier.web.site import error_page

    @accepts(Form(), error_page)
    async def root(request, _query):
        return RedirectResponse("/editor")

    @accepts(Form(), error_page)
    async def icon(request, _query):
        return RedirectResponse("/static/favicon.svg", 301)

    out = [Route("/", root), Route("/favicon.ico", icon)]
    for module in MODULES:
        out += module.routes(site)
    return out
