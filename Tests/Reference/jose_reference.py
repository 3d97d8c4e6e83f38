#!/usr/bin/env python3
"""An independent JOSE implementation for Seqr's interoperability tests: Python `joserfc`
(keys through `cryptography`). It shares no code with Seqr.

  jose_reference.py keygen ALG PRIVATE.pem PUBLIC.pem
  jose_reference.py sign ALG PRIVATE.pem < payload      prints the compact JWS
  jose_reference.py verify ALG PUBLIC.pem TOKEN          prints the payload; exit 1 if invalid
  jose_reference.py thumbprint PUBLIC.pem                prints the RFC 7638 thumbprint
"""
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from joserfc import jws
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, OKPKey, RSAKey

SIZES = {"256": 2048, "384": 3072, "512": 4096}
CURVES = {"ES256": ec.SECP256R1(), "ES384": ec.SECP384R1(), "ES512": ec.SECP521R1()}


def key_class(alg):
    return RSAKey if alg[:2] in ("RS", "PS") else ECKey if alg.startswith("ES") else OKPKey


def keygen(alg, private_path, public_path):
    if alg[:2] in ("RS", "PS"):
        key = rsa.generate_private_key(public_exponent=65537, key_size=SIZES[alg[2:]])
    elif alg in CURVES:
        key = ec.generate_private_key(CURVES[alg])
    else:
        key = ed25519.Ed25519PrivateKey.generate()
    with open(private_path, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    with open(public_path, "wb") as f:
        f.write(key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))


def main():
    command = sys.argv[1]
    if command == "keygen":
        keygen(*sys.argv[2:5])
    elif command == "sign":
        alg, path = sys.argv[2:4]
        key = key_class(alg).import_key(open(path, "rb").read())
        sys.stdout.write(jws.serialize_compact({"alg": alg}, sys.stdin.buffer.read(), key, algorithms=[alg]))
    elif command == "verify":
        alg, path, token = sys.argv[2:5]
        key = key_class(alg).import_key(open(path, "rb").read())
        try:
            obj = jws.deserialize_compact(token, key, algorithms=[alg])
        except (JoseError, ValueError) as error:
            sys.exit(f"invalid: {error}")
        sys.stdout.buffer.write(obj.payload)
    elif command == "thumbprint":
        pem = open(sys.argv[2], "rb").read()
        for cls in (RSAKey, ECKey, OKPKey):
            try:
                sys.stdout.write(cls.import_key(pem).thumbprint())
                return
            except Exception:
                continue
        sys.exit("unsupported key")


if __name__ == "__main__":
    main()
