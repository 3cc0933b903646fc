"""``paigow-verify keygen`` and ``paigow-verify sign``: Ed25519 signatures on certificates
(verifier/certificate/signing.py; ``run --sign`` and ``check --public-key`` use the same module)."""
from __future__ import annotations


from verifier.cli.options import output_file
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import SignSettings


def cmd_keygen(settings: SignSettings) -> int:
    from verifier.certificate.signing import keygen
    assert settings.private is not None and settings.public is not None  # keygen's arguments
    fp = keygen(settings.private, settings.public)
    print(f"wrote {settings.private} (private: keep it secret) and {settings.public} (public: give it "
          f"to whoever checks your certificates); key fingerprint {fp}")
    return 0


def cmd_sign(settings: SignSettings) -> int:
    from verifier import certificate
    from verifier.certificate import signing
    from verifier.support.files import check_writable
    assert settings.certificate is not None and settings.key is not None     # sign's arguments
    out = settings.out or settings.certificate
    check_writable(out, inputs=[settings.key])
    cert = certificate.load(settings.certificate)
    certificate.verify_or_raise(cert, settings.certificate)      # never sign what check rejects
    signing.sign(cert, settings.key)
    if settings.out is None:                    # in place, as asked: the one input it rewrites
        from verifier.support.files import rewrite_allowed
        rewrite_allowed(settings.certificate)
    certificate.write(out, cert)
    signature = certificate.Certificate.of(cert).signature
    print(f"{out}: signed with key {signature.key_fingerprint if signature else '?'}")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "keygen", help="make an Ed25519 key pair for signing certificates",
        description="Writes a new Ed25519 key pair: PRIVATE.pem (PKCS#8, unencrypted, mode "
                    "600) signs certificates (run --sign, sign); PUBLIC.pem checks them "
                    "(check --public-key). Never overwrites a file.")
    p.add_argument("private", metavar="PRIVATE.pem", type=output_file)
    p.add_argument("public", metavar="PUBLIC.pem", type=output_file)
    p.set_defaults(func=cmd_keygen)

    p = subparsers.add_parser(
        "sign", help="sign a certificate (Ed25519 over its content hash)",
        description="Checks the certificate in full, then adds an Ed25519 signature over its "
                    "content hash and the key's fingerprint (the hash itself is unchanged). "
                    "check --public-key PUBLIC.pem then fails on any change.")
    p.add_argument("certificate", metavar="CERT.json")
    p.add_argument("--key", required=True, metavar="PRIVATE.pem")
    p.add_argument("--out", type=output_file, metavar="FILE", help="write the signed certificate here "
                                                 "(default: in place)")
    p.set_defaults(func=cmd_sign)
