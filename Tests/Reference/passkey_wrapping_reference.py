#!/usr/bin/env python3
"""An independent implementation of a passkey's wrapping of the account key (docs/formats/notes.md,
"Passkeys"), written from that page alone with the `cryptography` package, to write and check
Tests/Vectors/passkey-wrapping-v1.json (read by the web app's node tests, Tests/WebApp/passkeys.test.mjs).

  passkey_wrapping_reference.py make-vectors      stdout the vector file (fixed PRF outputs and nonces)
  passkey_wrapping_reference.py check FILE        checks every vector of a vector file

Exit codes: 0 ok; 1 a vector that does not check, or bad usage. Errors print one line on stderr.
"""
import base64
import json
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64(data):
    return base64.b64encode(data).decode()


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def prf_input(prf_salt):
    return b"seqr-passkey-prf-v1\x00" + prf_salt


def wrapping_key(prf_output):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"seqr notes v1 passkey wrapping").derive(prf_output)


def wrap(account_key, key, username, method_id, nonce):
    aad = b"seqr-account-key-v1\x00" + username.encode() + b"\x00passkey\x00" + method_id.encode()
    return bytes([1]) + nonce + AESGCM(key).encrypt(nonce, account_key, aad)


def vectors():
    out = []
    for n, (username, salt, prf, credential) in enumerate([
            ("alice", bytes(range(16)), bytes(range(100, 132)), bytes(range(200, 216))),
            ("bob.b@example", bytes([0xA5]) * 32, bytes([7]) * 32, bytes(range(32)))]):
        account_key = bytes([n + 1]) * 32
        nonce = bytes([0x40 + n]) * 12
        method_id = b64url(credential)
        key = wrapping_key(prf)
        out.append({"name": f"vector {n + 1}", "username": username, "prfSalt": b64url(salt), "prfInput": b64(prf_input(salt)),
                    "prfOutput": b64(prf), "wrappingKey": b64(key), "methodID": method_id, "accountKey": b64(account_key),
                    "wrappedKey": b64(wrap(account_key, key, username, method_id, nonce))})
    return {"description": "Passkey wrapping of the account key (docs/formats/notes.md \"Passkeys\"); written by Tests/Reference/passkey_wrapping_reference.py",
            "vectors": out}


def main(argv):
    if argv[1:] == ["make-vectors"]:
        print(json.dumps(vectors(), indent=2))
        return 0
    if len(argv) == 3 and argv[1] == "check":
        with open(argv[2]) as f:
            given = json.load(f)
        if given != vectors():
            print(f"{argv[2]}: a vector does not check against this reference", file=sys.stderr)
            return 1
        return 0
    print("usage: passkey_wrapping_reference.py make-vectors | check FILE", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
