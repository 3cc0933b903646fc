"""The house ways' pages: the shipped ones, one shown, a file uploaded and read, a house
way's check and power ratings, and a comparison of several run in the background."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from verifier.support.errors import VerifierError
from verifier.web import workbench
from verifier.web.schema import File, Form, Many, Text, accepts
from verifier.web.security import protected
from verifier.web.site import Site, site_of

SHOWN = Form({"name": Text(80)})
UPLOAD = Form({"file": File("house-way file")})
ONE = Form({"upload": Text(40), "name": Text(80)})
COMPARE = Form({"way": Many(Text(80), 8), "upload": Text(40), "with_upload": Text(10)})
GONE = "that upload is no longer here: upload the file again"


def _page(request, **context):
    context = {"error": "", "shown": None, "upload": "", "check": None, "ratings": None,
               **context}
    return site_of(request).page(request, "houseways.html.j2",
                                 names=workbench.house_way_names(),
                                 index=workbench.house_way_index(),
                                 status=400 if context["error"] else 200, **context)


async def _refuse(request, message):
    return _page(request, error=message)


@accepts(SHOWN, _refuse)
async def house_ways(request: Any, q: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    if not q.get("name"):
        return _page(request)
    try:
        shown = await run_in_threadpool(workbench.house_way, q["name"])
    except VerifierError as exc:
        return _page(request, error=str(exc))
    return _page(request, shown=shown)


@protected
@accepts(UPLOAD, _refuse)
async def upload(request: Any, form: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    file = form.get("file")
    if file is None:
        return _page(request, error="choose a house-way file to upload")
    filename = Path(str(file.filename or "upload.toml")).name[:80]
    data = await file.read(workbench.UPLOAD_LIMITS["house way"] + 1)
    try:
        text = workbench.read_upload(data, "house way", filename)
        shown = await run_in_threadpool(workbench.house_way, text, filename)
    except VerifierError as exc:
        return _page(request, error=str(exc))
    return _page(request, shown=shown, upload=site_of(request).keep_upload(filename, text))


def _on_house_way(job, what):
    """A house way's check or power ratings: the form names a shipped house way or an
    upload kept here."""
    @protected
    @accepts(ONE, _refuse)
    async def endpoint(request, form):
        from starlette.concurrency import run_in_threadpool
        key, uploads = form.get("upload", ""), site_of(request).uploads
        try:
            if key and key not in uploads:
                raise VerifierError(GONE)
            args = tuple(reversed(uploads[key])) if key else (form.get("name", ""),)
            shown = await run_in_threadpool(workbench.house_way, *args)
            result = await run_in_threadpool(job, *args)
        except VerifierError as exc:
            return _page(request, error=str(exc))
        return _page(request, shown=shown, upload=key, **{what: result})
    return endpoint


@protected
@accepts(COMPARE, _refuse)
async def compare(request: Any, form: dict[str, Any]) -> Any:
    from starlette.responses import RedirectResponse
    site = site_of(request)
    entries: list[tuple[str, str | None]] = [(n, None) for n in form.get("way", [])]
    key = form.get("upload", "")
    try:
        if key and form.get("with_upload"):
            if key not in site.uploads:
                raise VerifierError(GONE)
            entries.append(site.uploads[key])
        job = site.comparisons.start(entries)
    except VerifierError as exc:
        return _page(request, error=str(exc))
    return RedirectResponse(f"/house-ways/compare/{job}", status_code=303)


@accepts(Form(), _refuse)
async def comparison(request: Any, _query: dict[str, Any]) -> Any:
    from verifier.houseway.interpret import HAND_TYPE_NAMES
    site = site_of(request)
    try:
        job = site.comparisons.get(request.path_params["job"])
    except VerifierError as exc:
        return _page(request, error=str(exc))
    return site.page(request, "compare.html.j2", job=job, now=time.time(),
                     hand_types=[(t, HAND_TYPE_NAMES[t]) for t in job["rows"][0]["by_type"]]
                     if job["rows"] else [])


def routes(site: Site) -> list[Any]:
    from starlette.routing import Route
    return [
        Route("/house-ways", house_ways, methods=["GET"]),
        Route("/house-ways/upload", upload, methods=["POST"]),
        Route("/house-ways/check", _on_house_way(workbench.check_house_way, "check"),
              methods=["POST"]),
        Route("/house-ways/ratings", _on_house_way(workbench.house_way_ratings, "ratings"),
              methods=["POST"]),
        Route("/house-ways/compare", compare, methods=["POST"]),
        Route("/house-ways/compare/{job}", comparison, methods=["GET"]),
    ]
