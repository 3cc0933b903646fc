"""The output formats, one table (verifier/report/formats.py) that the command line, the
par sheet, the workbench and the audit all read. Media types as IANA registers them;
suffixes and messages as the docs state them."""
import io
import zipfile

import pytest

from verifier import certificate
from verifier.certificate.shipped import shipped_certificate_path
from verifier.report import render
from verifier.report.formats import FORMATS, PARSHEET_FORMATS, by_suffix, parsheet_format
from verifier.support.errors import VerifierError

#: the IANA media types (https://www.iana.org/assignments/media-types/)
IANA = {"markdown": "text/markdown", "html": "text/html", "pdf": "application/pdf",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "json": "application/json", "text": "text/plain"}


def test_each_format_has_its_registered_media_type():
    assert {name: f.media_type.split(";")[0] for name, f in FORMATS.items()} == IANA
    for f in FORMATS.values():                  # a text format says its charset
        assert f.binary or f.media_type.endswith("; charset=utf-8") \
            or f.media_type == "application/json"


def test_the_par_sheet_formats_are_those_report_offers():
    # README, `report [--format markdown|html|pdf|xlsx]`
    assert PARSHEET_FORMATS == ("markdown", "html", "pdf", "xlsx")
    with pytest.raises(VerifierError, match="choose from markdown, html, pdf, xlsx"):
        parsheet_format("docx")


def test_the_audit_takes_its_format_from_these_suffixes():
    # docs/AUDIT.md and `audit --out`: .md, .html, .pdf, .json or .txt (and their aliases)
    assert by_suffix(("markdown", "html", "pdf", "json", "text")) == {
        ".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html",
        ".pdf": "pdf", ".json": "json", ".txt": "text"}


@pytest.mark.parametrize("name", ["markdown", "html", "xlsx"])
def test_a_renderer_writes_its_formats_kind(name):
    """Text formats render ``str``, binary ones ``bytes`` (an xlsx is a zip archive)."""
    cert = certificate.load(shipped_certificate_path("outlaw9-mikes"))
    out = render(cert, name)
    assert isinstance(out, bytes if FORMATS[name].binary else str)
    if name == "xlsx":
        assert zipfile.is_zipfile(io.BytesIO(out))
    if name == "html":
        assert out.lstrip().lower().startswith("<!doctype html")


def test_a_binary_format_needs_an_output_file(capsys):
    from conftest import one_line_error
    # docs/PARSHEET.md: the error as the docs show it
    one_line_error(["report", str(shipped_certificate_path("outlaw9-mikes")), "--format", "pdf"],
                   capsys, "--format pdf needs --out FILE.pdf (a PDF is not written to a "
                           "terminal)")


def test_the_extra_a_format_needs_is_one_pyproject_defines_with_its_library():
    """README: pdf needs the ``pdf`` extra (WeasyPrint), xlsx the ``web`` extra
    (openpyxl); each is an optional dependency group of pyproject.toml."""
    try:
        import tomllib
    except ImportError:                     # Python < 3.11
        import tomli as tomllib
    from pathlib import Path
    from verifier.report.formats import install_text
    extras = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml")
                           .read_text())["project"]["optional-dependencies"]
    library = {"pdf": "weasyprint", "xlsx": "openpyxl"}
    assert {n: f.extra for n, f in FORMATS.items() if f.extra} == {"pdf": "pdf", "xlsx": "web"}
    for name, lib in library.items():
        assert any(d.startswith(lib) for d in extras[FORMATS[name].extra])
        assert install_text(name) == f"pip install '.[{FORMATS[name].extra}]' (in the project's checkout)"
