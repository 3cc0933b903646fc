"""The certificate pages: the index (a table: name, rule set, hashes, date, links, how its
check stands), one certificate (what it holds, its check, a signature check, its par sheet)
and a certificate uploaded from the browser, checked as ``check`` does before the server
keeps it (in memory, beside the ones it was started on)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from verifier.support.errors import VerifierError
from verifier.web import workbench
from verifier.web.schema import File, Form, accepts
from verifier.web.security import protected
from verifier.web.shelf import UPLOAD_LIMIT, UPLOAD_PATH, check_upload
from verifier.web.site import Site, error_page, site_of

#: certificates uploaded and kept at most (each is held in memory)
MAX_UPLOADED = 8
UPLOAD = Form({"certificate": File("certificate file (JSON)")})
KEY = Form({"key": File("public key file (PEM)")})


async def _index_page(request, error="", status=200):
    from starlette.concurrency import run_in_threadpool
    site = site_of(request)
    rows = await run_in_threadpool(workbench.certificate_index, site.shelf)
    return site.page(request, "certificates.html.j2", rows=rows, error=error,
                     upload_limit=UPLOAD_LIMIT >> 20, status=status)


async def _refuse_upload(request, message):
    return await _index_page(request, message, 400)


@accepts(Form(), _refuse_upload)
async def index(request: Any, _query: dict[str, Any]) -> Any:
    return await _index_page(request)


@protected
@accepts(UPLOAD, _refuse_upload)
async def upload(request: Any, form: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import RedirectResponse
    file = form.get("certificate")
    if file is None or not file.filename:
        return await _index_page(request, "choose a certificate file (JSON) to upload", 400)
    filename = Path(str(file.filename)).name[:80]
    data = await file.read(UPLOAD_LIMIT + 1)
    try:
        cert = await run_in_threadpool(check_upload, data, filename)
        number = site_of(request).shelf.add(cert, f"{filename} (uploaded)", MAX_UPLOADED)
    except VerifierError as exc:
        return await _index_page(request, str(exc), 400)
    return RedirectResponse(f"/certificate/{number}", status_code=303)


async def _certificate_page(request, problems=None, key_name="", status=200):
    from starlette.concurrency import run_in_threadpool
    site = site_of(request)
    error, summary, i, names = "", None, -1, site.shelf.names()
    try:
        i = site.shelf.index(request.path_params["number"])
        cert = await run_in_threadpool(site.shelf.get, i)
        summary = workbench.certificate_summary(cert)
    except VerifierError as exc:
        error = str(exc)
    return site.page(request, "certificate.html.j2", number=i, summary=summary,
                     name=names[i] if 0 <= i < len(names) else "", error=error,
                     problems=problems, key_name=key_name, status=400 if error else status)


async def _refuse_key(request, message):
    return await _certificate_page(request, problems=[message], status=400)


@accepts(Form(), _refuse_key)
async def certificate(request: Any, _query: dict[str, Any]) -> Any:
    return await _certificate_page(request)


@protected
@accepts(KEY, _refuse_key)
async def certificate_key(request: Any, form: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    file = form.get("key")
    if file is None:
        return await _refuse_key(request, "choose a public key file (PEM) to upload")
    key_name = Path(str(file.filename or "public.pem")).name[:80]
    data = await file.read(workbench.UPLOAD_LIMITS["public key"] + 1)
    try:
        cert = await run_in_threadpool(site_of(request).shelf.get,
                                       request.path_params["number"])
        text = workbench.read_upload(data, "public key", key_name)
        problems = await run_in_threadpool(workbench.check_certificate, cert, text, key_name)
    except VerifierError as exc:
        return await _certificate_page(request, problems=[str(exc)], key_name=key_name,
                                       status=400)
    return await _certificate_page(request, problems=problems, key_name=key_name)


@protected
@accepts(Form(), error_page)
async def certificate_parsheet(request: Any, _form: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import Response
    from verifier.report.formats import FORMATS
    fmt, site = request.path_params["fmt"], site_of(request)
    try:
        cert = await run_in_threadpool(site.shelf.get, request.path_params["number"])
        data = await site.render_parsheet(cert, fmt)
    except VerifierError as exc:
        return await error_page(request, str(exc))
    form = FORMATS[fmt]
    disposition = "inline" if form.inline else "attachment"
    return Response(data, media_type=form.media_type, headers={
        "Content-Disposition": f'{disposition}; filename="{form.filename("parsheet")}"'})


def routes(site: Site) -> list[Any]:
    from starlette.routing import Route
    return [
        Route("/certificates", index, methods=["GET"]),
        Route(UPLOAD_PATH, upload, methods=["POST"]),
        Route("/certificate/{number}", certificate, methods=["GET"]),
        Route("/certificate/{number}", certificate_key, methods=["POST"]),
        Route("/certificate/{number}/parsheet.{fmt}", certificate_parsheet, methods=["POST"]),
    ]
