"""Hostile input at ``check --recompute --chunks`` (issue 35): the chunk records a
certificate keeps are checked field by field before any is used; each malformed record
was a traceback (KeyError, TypeError, OverflowError, ValueError). Now each is a mismatch
naming what is wrong, and no chunk is run (the command's exit status 1, as for any
mismatch)."""
import copy
from pathlib import Path

import pytest

from verifier import certificate
from verifier.certificate.check import recompute_chunks

MIKES = Path(__file__).resolve().parent.parent / "proofs" / "certificates" \
    / "outlaw9-mikes.json"


@pytest.fixture(scope="module")
def mikes():
    return certificate.load(MIKES)


def chunks(cert):
    return cert["sections"]["strategy"]["chunks"]


PROBES = {
    "chunk_size missing": (lambda c: chunks(c).pop("chunk_size"),
                           "not the fields backend, chunk_size, units, list"),
    "chunk_size as text": (lambda c: chunks(c).__setitem__("chunk_size", "5000"),
                           "chunk_size and units must be whole numbers"),
    "a list of ints": (lambda c: chunks(c).__setitem__("list", [1, 2, 3]),
                       "chunks.list[0]: not the fields lo, hi, raw_sha256, sums"),
    "a list of strings": (lambda c: chunks(c).__setitem__("list", ["a", "b"]),
                          "chunks.list[0]: not the fields lo, hi, raw_sha256, sums"),
    "hi = 10**15": (lambda c: chunks(c)["list"][3].__setitem__("hi", 10 ** 15),
                    "chunks.list[3]: units 15000-1000000000000000, not the job's chunk "
                    "15000-20000"),
    "no sums": (lambda c: [r.pop("sums") for r in chunks(c)["list"]],
                "chunks.list[0]: not the fields lo, hi, raw_sha256, sums"),
    "sums a list": (lambda c: chunks(c)["list"][0].__setitem__("sums", [1]),
                    "chunks.list[0].sums: not a table of the chunk's sums"),
    "result_sha256 not hex": (lambda c: c.__setitem__("result_sha256", "zz" * 32),
                              "the draw's seed is the result_sha256, which is not a "
                              "SHA-256"),
    "result_sha256 empty": (lambda c: c.__setitem__("result_sha256", ""),
                            "the draw's seed is the result_sha256, which is not a SHA-256"),
}


@pytest.mark.parametrize("probe", PROBES)
def test_a_malformed_chunk_record_is_a_mismatch_not_a_traceback(probe, mikes):
    edit, says = PROBES[probe]
    cert = copy.deepcopy(mikes)
    edit(cert)
    mismatches, done = recompute_chunks(cert, cert["sections"]["strategy"], 1, None, 1, None)
    assert done == []                             # nothing was run
    (m,) = mismatches
    assert m.field == "sections.strategy.chunks"
    assert m.message.startswith("not run again: ") and says in m.message, m.message
