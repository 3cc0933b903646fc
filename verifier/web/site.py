"""What every route module of the workbench shares (``Site``): the certificates on the shelf,
the templates, the house ways uploaded, the par sheets being rendered and the house-way
comparisons; and the page an error is shown on."""
from __future__ import annotations

import asyncio
import gc
from collections import OrderedDict
from pathlib import Path
from typing import Any, Sequence

from verifier.web import workbench
from verifier.web.security import FIELD, token_of
from verifier.web.shelf import Shelf

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
#: uploaded house ways kept for their check, at most this many (the oldest go first)
MAX_UPLOADS = 16
#: par sheets (a PDF: seconds of CPU, a gigabyte) rendered at once; the others wait
MAX_RENDERS = 2


def site_of(request: Any) -> Site:
    """The ``Site`` of the application that received ``request``."""
    return request.app.state.site


async def error_page(request: Any, message: str) -> Any:
    """The error page (400) with ``message``: what a request that cannot be taken gets."""
    return site_of(request).page(request, "error.html.j2", status=400, error=message)


def environment() -> Any:
    """The Jinja2 templates (escaped, strict), with the filters ``display_name`` (a key as
    people read it: verifier/game/names.py) and ``dollars``."""
    import jinja2
    from verifier.game.names import display_name, dollars
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters.update(display_name=display_name, dollars=dollars)
    return env


class Site:
    """The state of one workbench application and the page it answers with."""

    def __init__(self, paths: Sequence[Any]):
        self.shelf = Shelf(paths)
        self.env = environment()
        #: id -> (file name, text) of uploaded house ways
        self.uploads: OrderedDict[str, tuple[str, str]] = OrderedDict()
        self.renders = asyncio.Semaphore(MAX_RENDERS)
        self.comparisons = workbench.Comparisons()

    def page(self, request: Any, template_name: str, status: int = 200, **context: Any) -> Any:
        """A page of ``template_name`` (the navigation, the token and the certificates
        filled in) with ``context``."""
        from starlette.responses import HTMLResponse
        from verifier.report.formats import FORMATS, PARSHEET_FORMATS
        template = self.env.get_template(template_name)
        html = template.render(csrf=token_of(request), field=FIELD,
                               certificates=self.shelf.names(),
                               active=template_name.split(".")[0],
                               parsheet_formats=[FORMATS[n] for n in PARSHEET_FORMATS],
                               **context)
        return HTMLResponse(html, status_code=status)

    async def render_parsheet(self, *args: Any) -> Any:
        """``editor.parsheet(*args)`` in a worker thread, at most ``MAX_RENDERS`` at once."""
        from starlette.concurrency import run_in_threadpool
        from verifier.web import editor
        async with self.renders:
            try:
                return await run_in_threadpool(editor.parsheet, *args)
            finally:
                gc.collect()         # a PDF's renderer leaves cycles: freed before the next

    def keep_upload(self, filename: str, text: str) -> str:
        """An uploaded house way kept for its check: its key."""
        import secrets
        key = secrets.token_urlsafe(8)
        self.uploads[key] = (filename, text)
        while len(self.uploads) > MAX_UPLOADS:
            self.uploads.popitem(last=False)
        return key

    def api(self, compute: Any, spec: Any, checked: bool = False) -> Any:
        """A JSON endpoint: the request's object (checked against ``spec``) in, the result
        of ``compute(certificate, data)`` out, or {"error": one line}. The certificate is
        used before its check has ended unless ``checked`` (the answer's "check" says how
        it stands: "checked" or "checking"); one whose check failed is refused."""
        from starlette.concurrency import run_in_threadpool
        from starlette.responses import JSONResponse
        from verifier.support.errors import VerifierError
        from verifier.web.schema import accepts
        from verifier.web.security import protected
        shelf = self.shelf

        @protected
        @accepts(spec)
        async def endpoint(request: Any, data: dict) -> Any:
            number = data.get("cert", 0)
            try:
                cert = await run_in_threadpool(shelf.get if checked else shelf.load, number)
                result = await run_in_threadpool(compute, cert, data)
            except VerifierError as exc:
                return JSONResponse({"error": str(exc)}, status_code=400)
            return JSONResponse(dict(result, check=shelf.status(number)))
        return endpoint
