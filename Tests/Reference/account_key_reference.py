#!/usr/bin/env python3
"""An independent implementation of Seqr's wrapped account keys (docs/formats/notes.md, "Account
key"), written from that page alone with the `cryptography` package, to write and check
Tests/Vectors/account-key-v1.json (read by the Swift tests and the web app's node tests).

  account_key_reference.py make-vectors      stdout the vector file (fixed nonces)
  account_key_reference.py check FILE        checks every vector of a vector file

Exit codes: 0 ok; 1 a vector that does not check, or bad usage. Errors print one line on stderr.
"""
import base64
import json
import sys
import unicodedata

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

VERSION = 0x01


def hkdf(master, info):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info.encode()).derive(master)


def password_keys(password, salt, iterations):
    master = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=iterations).derive(
        unicodedata.normalize("NFC", password).encode("utf-8"))
    return {"authKey": hkdf(master, "seqr notes v1 authentication"), "encKey": hkdf(master, "seqr notes v1 encryption"),
            "wrappingKey": hkdf(master, "seqr notes v1 key wrapping")}


def associated_data(username, kind, method_id):
    return b"seqr-account-key-v1\x00" + username.encode() + b"\x00" + kind.encode() + b"\x00" + method_id.encode()


def wrap(account_key, wrapping_key, username, kind, method_id, nonce):
    return bytes([VERSION]) + nonce + AESGCM(wrapping_key).encrypt(nonce, account_key, associated_data(username, kind, method_id))


def unwrap(wrapped, wrapping_key, username, kind, method_id):
    if len(wrapped) != 61 or wrapped[0] != VERSION:
        raise ValueError("not a version-1 wrapped key of 61 bytes")
    return AESGCM(wrapping_key).decrypt(wrapped[1:13], wrapped[13:], associated_data(username, kind, method_id))


def b64(data):
    return base64.b64encode(data).decode()


def make_vectors():
    vectors = []
    cases = [
        # An account made before account keys: its encKey is the account key.
        ("existing account", "correct horse battery staple", bytes(range(16)), 210000, "alice", "password",
         "0f8fad5b-d9cb-469f-a165-70867728950e", None, bytes.fromhex("000102030405060708090a0b")),
        # A new account: a random account key (fixed here), wrapped for a non-ASCII password.
        ("new account", "Ünïcødé pässwörd ✓", bytes(range(100, 116)), 210000, "bob@example", "password",
         "7c9e6679-7425-40de-944b-e07fc1f90ae7", bytes(range(200, 232)), bytes.fromhex("0b0a09080706050403020100")),
    ]
    for name, password, salt, iterations, username, kind, method_id, fixed_key, nonce in cases:
        keys = password_keys(password, salt, iterations)
        account_key = fixed_key if fixed_key is not None else keys["encKey"]
        wrapped = wrap(account_key, keys["wrappingKey"], username, kind, method_id, nonce)
        vectors.append({"name": name, "password": password, "kdf": {"algorithm": "pbkdf2-sha256", "iterations": iterations, "salt": b64(salt)},
                        "username": username, "kind": kind, "methodID": method_id, "authKey": b64(keys["authKey"]),
                        "wrappingKey": b64(keys["wrappingKey"]), "accountKey": b64(account_key), "wrappedKey": b64(wrapped)})
    return {"description": "Wrapped account keys (docs/formats/notes.md); written by Tests/Reference/account_key_reference.py",
            "vectors": vectors}


def check(path):
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    for vector in document["vectors"]:
        kdf = vector["kdf"]
        keys = password_keys(vector["password"], base64.b64decode(kdf["salt"]), kdf["iterations"])
        if b64(keys["wrappingKey"]) != vector["wrappingKey"] or b64(keys["authKey"]) != vector["authKey"]:
            raise ValueError(f"{vector['name']}: the password's keys differ")
        wrapped = base64.b64decode(vector["wrappedKey"])
        if b64(unwrap(wrapped, keys["wrappingKey"], vector["username"], vector["kind"], vector["methodID"])) != vector["accountKey"]:
            raise ValueError(f"{vector['name']}: the account key differs")
        for username, kind, method_id in [(vector["username"] + "x", vector["kind"], vector["methodID"]),
                                          (vector["username"], "passkey", vector["methodID"]),
                                          (vector["username"], vector["kind"], vector["methodID"][:-1] + "0")]:
            try:
                unwrap(wrapped, keys["wrappingKey"], username, kind, method_id)
            except InvalidTag:
                continue
            raise ValueError(f"{vector['name']}: opened for another account, kind or method")


def main(argv):
    try:
        if argv[1:] == ["make-vectors"]:
            json.dump(make_vectors(), sys.stdout, indent=2, ensure_ascii=False)
            print()
        elif len(argv) == 3 and argv[1] == "check":
            check(argv[2])
        else:
            raise ValueError(__doc__.strip().splitlines()[3].strip())
    except Exception as error:  # one line, whatever went wrong
        print(f"account_key_reference: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
