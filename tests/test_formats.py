"""The output formats, one table (verifier/report/formats.py) that the command line, the
par sheet, the workbench and the audit all read. Media types as IANA registers them;
suffixes and messages as the docs state them."""
import io
import re
import zipfile
from pathlib import Path

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


ROOT = Path(__file__).resolve().parent.parent


def test_the_par_sheet_formats_are_those_the_readme_offers():
    """The README's row for ``report [--format a|b|..]`` names the table's par-sheet
    formats, in its order; a format outside them is refused naming them."""
    readme = (ROOT / "README.md").read_text()
    offered = re.search(r"paigow-verify report CERT\.json \[--format ([a-z\\|]+)\]", readme)
    assert offered is not None
    assert tuple(offered.group(1).split("\\|")) == PARSHEET_FORMATS
    assert PARSHEET_FORMATS == tuple(n for n, f in FORMATS.items() if f.renderer)
    with pytest.raises(VerifierError, match="choose from " + ", ".join(PARSHEET_FORMATS)):
        parsheet_format("docx")


def test_the_audit_takes_its_format_from_the_suffixes_its_docs_name():
    """docs/AUDIT.md: ``--out REPORT.md, .html, .pdf (..), .json or .txt``: the audit
    writes the table's formats of those suffixes, and reads each one's aliases too."""
    from verifier.audit.render import FORMATS as AUDIT_SUFFIXES, REPORT_FORMATS
    docs = " ".join((ROOT / "docs" / "AUDIT.md").read_text().split())
    named = re.search(r"`--out REPORT\.[a-z]+`.*? the report a lab files", docs)
    assert named is not None
    suffixes = re.findall(r"`(?:--out REPORT)?(\.[a-z]+)`", named.group(0))
    assert [f".{FORMATS[n].suffix}" for n in REPORT_FORMATS] == suffixes
    assert AUDIT_SUFFIXES == {f".{s}": n for n in REPORT_FORMATS for s in FORMATS[n].suffixes}


def test_every_layer_iterates_the_one_table():
    """No layer keeps a list of format names of its own: the workbench's downloads and
    the audit's report read the table (verifier/report/formats.py)."""
    from verifier.audit.render import REPORT_FORMATS, WRITERS
    assert set(WRITERS) <= set(FORMATS)
    assert REPORT_FORMATS == tuple(n for n in FORMATS if n in WRITERS)


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
