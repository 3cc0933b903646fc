"""The filing pack's folder, all or nothing: the filing PDF, the par sheet as xlsx and a
copy of the certificate, written into a new folder beside the one asked for and moved
into place once every file is whole; or, where ``--out`` names a ``.pdf`` file
(``is_pdf``), that one PDF alone, written atomically. An existing file is never
overwritten without ``force``, and never a file the command reads."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterable

from verifier.support.errors import VerifierError


def names(certificate: str | os.PathLike) -> dict[str, str]:
    """{what: file name} of the pack of the certificate at ``certificate``."""
    stem = Path(certificate).name.removesuffix(".json")
    return {"filing": f"{stem}-filing.pdf", "xlsx": f"{stem}-parsheet.xlsx",
            "certificate": f"{stem}.json"}


def is_pdf(out: str | os.PathLike) -> bool:
    """``--out FILE.pdf``: the filing PDF alone (else ``--out`` is the pack's folder)."""
    return str(out).lower().endswith(".pdf")


def _exists(path: Path, force: bool) -> None:
    if path.exists() and not force:
        raise VerifierError(f"{path} exists: the filing pack does not overwrite it "
                            "(--force to replace it)")


def check(folder: str | os.PathLike, files: Iterable[str], force: bool,
          inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Before any work: ``folder`` is a folder (or not there yet) and none of ``files`` in it
    exists (unless ``force``) or is one of ``inputs``; where ``folder`` is a ``.pdf`` file
    (``is_pdf``), that file is checked so instead."""
    from verifier.support.files import check_writable
    out = Path(folder)
    if is_pdf(out):
        _exists(out, force)
        check_writable(out, inputs=[str(i) for i in inputs])
        return
    if out.exists() and not out.is_dir():
        raise VerifierError(f"--out {folder}: not a folder")
    check_writable(out, inputs=[str(i) for i in inputs], folder=True)
    for name in files:
        path = out / name
        _exists(path, force)
        if out.is_dir():
            check_writable(path, inputs=[str(i) for i in inputs])


def write(folder: str | os.PathLike, contents: dict[str, bytes]) -> list[Path]:
    """{file name: bytes} written into ``folder`` (created), all or nothing."""
    out = Path(folder)
    parent = out.resolve().parent
    if not parent.is_dir():
        raise VerifierError(f"--out {folder}: its parent folder {parent} does not exist")
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=parent))
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(staging, 0o777 & ~mask)         # a folder as mkdir makes it (mkdtemp's is 0700)
    try:
        for name, data in contents.items():
            (staging / name).write_bytes(data)
        if not out.exists():
            os.rename(staging, out)
            return [out / name for name in contents]
        for name in contents:
            os.replace(staging / name, out / name)
        return [out / name for name in contents]
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
