"""The workbench's certificate pages: the index (a table: name, rule set, hashes, date,
links), one certificate (what it holds, its check, a signature check, its par sheet) and
a certificate uploaded from the browser, checked as ``check`` does before the server
keeps it (in memory, beside the ones it was started on)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from verifier.support.errors import VerifierError
from verifier.web import workbench
from verifier.web.security import LARGE_BODIES, protected

#: the path of the upload, and its limit (bytes): a shipped certificate is about 5.5 MB
UPLOAD_PATH = "/certificates/upload"
UPLOAD_LIMIT = LARGE_BODIES[UPLOAD_PATH] - (64 << 10)     # 16 MiB; 64 KiB: the form around it
#: certificates uploaded and kept at most (each is held in memory)
MAX_UPLOADED = 8


def check_upload(data: bytes, filename: str) -> Any:
    """An uploaded certificate's bytes loaded, fully checked and typed (``read``, as every
    certificate command does), through a private copy in a temporary folder that is gone
    when this returns; a problem is one line naming the file, never the temporary path."""
    import tempfile
    from verifier import certificate
    if len(data) > UPLOAD_LIMIT:
        raise VerifierError(f"{filename}: larger than {UPLOAD_LIMIT >> 20} MiB: not a "
                            "certificate this workbench reads")
    if not data.strip():
        raise VerifierError(f"{filename}: the file is empty")
    with tempfile.TemporaryDirectory(prefix="paigow-workbench-") as folder:
        path = Path(folder) / "upload.json"
        path.write_bytes(data)
        try:
            return certificate.read(path, filename)
        except VerifierError as exc:
            raise VerifierError(str(exc).replace(str(path), filename)) from None


def routes(page: Callable[..., Any], shelf: workbench.Shelf,
           render_parsheet: Callable[..., Any]) -> list[Any]:
    """The certificate pages and forms, for the application's route table."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import RedirectResponse, Response
    from starlette.routing import Route
    from verifier.report.formats import FORMATS

    async def index(request, error="", status=200):
        rows = await run_in_threadpool(workbench.certificate_index, shelf)
        return page(request, "certificates.html.j2", rows=rows, error=error,
                    upload_limit=UPLOAD_LIMIT >> 20, status=status)

    @protected
    async def upload(request):
        form = await request.form()
        file = form.get("certificate")
        if file is None or not hasattr(file, "read") or not file.filename:
            return await index(request, "choose a certificate file (JSON) to upload", 400)
        filename = Path(str(file.filename)).name[:80]
        data = await file.read(UPLOAD_LIMIT + 1)
        try:
            cert = await run_in_threadpool(check_upload, data, filename)
            number = shelf.add(cert, f"{filename} (uploaded)", MAX_UPLOADED)
        except VerifierError as exc:
            return await index(request, str(exc), 400)
        return RedirectResponse(f"/certificate/{number}", status_code=303)

    async def certificate_page(request, problems=None, key_name="", status=200):
        error, summary, i = "", None, -1
        try:
            i = shelf.index(request.path_params["number"])
            cert = await run_in_threadpool(shelf.get, i)
            summary = workbench.certificate_summary(cert)
        except VerifierError as exc:
            error = str(exc)
        return page(request, "certificate.html.j2", number=i, summary=summary,
                    name=shelf.names()[i] if 0 <= i < len(shelf.names()) else "",
                    error=error, problems=problems, key_name=key_name,
                    status=400 if error else status)

    @protected
    async def certificate_key(request):
        form = await request.form()
        file = form.get("key")
        if file is None or not hasattr(file, "read"):
            return page(request, "error.html.j2", status=400,
                        error="choose a public key file (PEM) to upload")
        key_name = Path(str(file.filename or "public.pem")).name[:80]
        data = await file.read(workbench.UPLOAD_LIMITS["public key"] + 1)
        try:
            cert = await run_in_threadpool(shelf.get, request.path_params["number"])
            text = workbench.read_upload(data, "public key", key_name)
            problems = await run_in_threadpool(workbench.check_certificate, cert, text,
                                               key_name)
        except VerifierError as exc:
            return await certificate_page(request, problems=[str(exc)], key_name=key_name,
                                          status=400)
        return await certificate_page(request, problems=problems, key_name=key_name)

    @protected
    async def certificate_parsheet(request):
        fmt = request.path_params["fmt"]
        try:
            cert = await run_in_threadpool(shelf.get, request.path_params["number"])
            data = await render_parsheet(cert, fmt)
        except VerifierError as exc:
            return page(request, "error.html.j2", status=400, error=str(exc))
        form = FORMATS[fmt]
        disposition = "inline" if form.inline else "attachment"
        return Response(data, media_type=form.media_type, headers={
            "Content-Disposition": f'{disposition}; filename="{form.filename("parsheet")}"'})

    return [
        Route("/certificates", index, methods=["GET"]),
        Route(UPLOAD_PATH, upload, methods=["POST"]),
        Route("/certificate/{number}", certificate_page, methods=["GET"]),
        Route("/certificate/{number}", certificate_key, methods=["POST"]),
        Route("/certificate/{number}/parsheet.{fmt}", certificate_parsheet, methods=["POST"]),
    ]

