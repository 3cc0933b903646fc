"""Certificates: every integer count of a run, the rule readings, the pay tables, the
exact results, and two SHA-256 hashes (format: docs/CERTIFICATE.md): ``result_sha256``
over the results and readings only (RFC 8785 canonical JSON, the same for every run of
the same rules, whatever the thread count, engine or machine) and ``sha256`` over the
whole content (run metadata included; what a signature covers).

- ``build(result, paytables)`` -> the certificate dict (hashes included);
- ``write(path, cert)`` writes it atomically (temp file in the same directory, then
  ``os.replace``: never a half file, also not on an error or Ctrl-C);
- ``load(path)`` reads one (one-line ``VerifierError`` on a missing or bad file);
- ``read(path)`` loads, checks and types one: a ``Certificate`` (``model.py``), what every
  reader outside this package reads instead of the dict;
- ``check(cert)`` -> list of ``Mismatch(field, message)``: re-derives every result from
  the counts, checks the sums and both hashes; ``recompute(cert)`` re-runs the enumeration
  and compares every count.

Sections: ``cert["sections"]`` maps a section name to ``{"results": ...}`` and the
inputs it keeps (its pay table, its own counts). The table of sections is
``sections.SECTIONS``: each derives its results from the counts; a section not in it
fails ``check``.

The layers, each importing only those below it: ``format`` (fields, hashes, reading,
writing, accessors), ``sections`` (the table), ``build``, ``check``, ``odds`` (any pay
table's odds from a certificate's counts).
"""
from verifier.certificate.format import (FORMAT, FORMAT_VERSION, HASH_FIELD, RESULT_HASH_FIELD, RUN_FIELDS, SIGNATURE_FIELD, CertificateError, Mismatch, _normalise, canonical_bytes, content_hash, deck_of, diff, dumps, host, load, outlaw9_sets_of, paytable_of, result_canonical_bytes, result_content, result_hash, rule_readings, rules_of, same_result, seal, write)
from verifier.certificate.sections import SECTIONS, Section, register_section
from verifier.certificate.build import attach, build, certificate_for, counts_of
from verifier.certificate.check import (COUNT_FIELDS, REQUIRED, check, recompute, verify_or_raise)
from verifier.certificate.odds import bet_results, odds_from_certificate
from verifier.certificate.model import BetSection, Certificate, read

__all__ = [
    "FORMAT", "FORMAT_VERSION", "HASH_FIELD", "RESULT_HASH_FIELD", "RUN_FIELDS",
    "SIGNATURE_FIELD", "CertificateError", "Mismatch", "canonical_bytes", "content_hash",
    "deck_of", "diff", "dumps", "host", "load", "outlaw9_sets_of", "paytable_of",
    "result_canonical_bytes", "result_content", "result_hash", "rule_readings", "rules_of",
    "same_result", "seal", "write", "SECTIONS", "Section", "register_section", "attach", "build", "certificate_for",
    "counts_of", "COUNT_FIELDS", "REQUIRED", "check", "recompute", "verify_or_raise",
    "bet_results", "odds_from_certificate", "_normalise",
    "BetSection", "Certificate", "read",
]
