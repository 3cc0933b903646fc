"""Signed certificates (Ed25519, the ``cryptography`` package; docs/CERTIFICATE.md).

A lab signs what a certificate vouches for: ``signed_hash(cert)``, today its ``sha256``
(the canonical content, every count and result). The signature and the key's fingerprint
go in the certificate's ``signature`` field, which the hash leaves out, so signing does not
change the hash. Anyone can re-hash an edited certificate; nobody without the private key
can sign it again, so ``check --public-key`` fails on any change.
"""
from __future__ import annotations

import base64
import hashlib
from pathlib import Path
import os
from typing import Any, Mapping

from verifier.support.errors import VerifierError
from verifier.support.files import atomic_write_bytes, check_writable, read_text

FIELD = "signature"
ALGORITHM = "Ed25519"


class SigningError(VerifierError):
    """A bad key file or signature (one line)."""


def _crypto() -> Any:
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError:                                   # pragma: no cover
        raise SigningError("signing needs the cryptography package: pip install cryptography")
    return serialization, ed25519


def signed_hash(cert: Mapping[str, Any]) -> str:
    """What a signature covers: the certificate's content hash (one place to change)."""
    return cert["sha256"]


def fingerprint(public_key: Any) -> str:
    """SHA-256 of the raw 32-byte public key, hex."""
    serialization, _ = _crypto()
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()


def keygen(private_path: str | os.PathLike, public_path: str | os.PathLike) -> str:
    """Writes a new key pair (PEM: PKCS#8 private, SubjectPublicKeyInfo public); never
    overwrites a file."""
    serialization, ed25519 = _crypto()
    if Path(private_path).resolve() == Path(public_path).resolve():
        raise SigningError(f"{private_path}: the private and the public key need two files")
    for path in (private_path, public_path):
        check_writable(path)
        if Path(path).exists():
            raise SigningError(f"{path} exists: keygen never overwrites a key")
    key = ed25519.Ed25519PrivateKey.generate()
    atomic_write_bytes(private_path, key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()), mode=0o600)
    atomic_write_bytes(public_path, key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    return fingerprint(key.public_key())


def _load_key(path: Any, private: bool, pem: str | None = None) -> Any:
    """The Ed25519 key in a PEM file (or in ``pem``, text read elsewhere, such as an
    upload; ``path`` then only names it); any other file (another algorithm, one this
    build of cryptography does not support, a deprecated one) is one line, with no
    warning."""
    import warnings
    from cryptography.exceptions import UnsupportedAlgorithm
    serialization, ed25519 = _crypto()
    text = read_text(path, "key", SigningError) if pem is None else pem
    data = text.encode("ascii", "replace")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")         # e.g. a DH or weak-curve key's notice
            key = (serialization.load_pem_private_key(data, password=None) if private
                   else serialization.load_pem_public_key(data))
    except UnsupportedAlgorithm:
        raise SigningError(f"{path}: not an {ALGORITHM} key (an algorithm this tool does "
                           "not sign with)") from None
    except (ValueError, TypeError) as exc:
        raise SigningError(f"{path}: not an unencrypted {ALGORITHM} "
                           f"{'private' if private else 'public'} key in PEM ({exc})") from None
    wanted = ed25519.Ed25519PrivateKey if private else ed25519.Ed25519PublicKey
    if not isinstance(key, wanted):
        raise SigningError(f"{path}: not an {ALGORITHM} key")
    return key


def load_private_key(path: str | os.PathLike) -> Any:
    return _load_key(path, private=True)


def sign(cert: dict, private_path: str | os.PathLike) -> dict:
    """The certificate with its ``signature`` field set (the dict is changed in place)."""
    key = load_private_key(private_path)
    cert[FIELD] = {"algorithm": ALGORITHM, "signs": "sha256",
                   "key_fingerprint": fingerprint(key.public_key()),
                   "value": base64.b64encode(key.sign(signed_hash(cert).encode("ascii")))
                   .decode("ascii")}
    return cert


def verify(cert: Mapping[str, Any], public_path: str | os.PathLike,
           pem: str | None = None) -> list[tuple[str, str]]:
    """Problems with the certificate's signature under the key at ``public_path`` (or the
    PEM text ``pem``, named ``public_path``), as (field, message) pairs; empty when it is
    signed by that key over its content."""
    from cryptography.exceptions import InvalidSignature
    key = _load_key(public_path, private=False, pem=pem)
    sig = cert.get(FIELD)
    if not isinstance(sig, dict):
        return [(FIELD, "missing: the certificate is not signed")]
    if sig.get("algorithm") != ALGORITHM or sig.get("signs") != "sha256":
        return [(FIELD, f"not an {ALGORITHM} signature over sha256")]
    if sig.get("key_fingerprint") != fingerprint(key):
        return [(FIELD, f"made with key {str(sig.get('key_fingerprint'))[:16]}..., not "
                        f"{public_path} ({fingerprint(key)[:16]}...)")]
    try:
        key.verify(base64.b64decode(str(sig.get("value")), validate=True),
                   str(signed_hash(cert)).encode("ascii"))
    except (InvalidSignature, ValueError):
        return [(FIELD, "does not match the content: the certificate was changed after it "
                        "was signed")]
    return []
