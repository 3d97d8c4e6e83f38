#!/usr/bin/env python3
"""An independent implementation of the Onions note format (RNCryptor 2.x data format with the
Onions app's PBKDF2-HMAC-SHA512 settings and RNCryptor 2.x's password-length quirk), written from
docs/formats/onions.md alone with the `cryptography` package, for Seqr's compatibility tests.

  onions_reference.py encrypt PASSWORD       stdin UTF-8 text -> stdout stored string
                                             (base64, CR LF after every 64 characters)
  onions_reference.py decrypt PASSWORD       stdin stored string -> stdout UTF-8 text
  onions_reference.py export PASSWORD        stdin Parse export {"results": [...]}
                                             -> stdout JSON list of {objectId, title, info, createdAt}
  onions_reference.py make-export PASSWORD   stdin JSON list of {objectId, title, info, createdAt}
                                             -> stdout Parse export (userId = stretched("onions-user"))
  onions_reference.py stretch TEXT           stdout stretched credential string of TEXT

Environment: ONIONS_FIXED_RANDOM=<64 hex digits> replaces os.urandom for the 32 random bytes of a
field (8 encryption salt, 8 HMAC salt, 16 IV), making encryption deterministic (every field
encrypted by one run then uses the same salts and IV).

Exit codes: 0 ok; 2 HMAC mismatch (wrong password, or the field was changed); 3 version byte 3
(an RNCryptor v3 message, not an Onions field); 1 anything else malformed (truncated, unknown
version, options byte not 1, bad padding, not UTF-8, bad export JSON, bad usage). Errors print
one line on stderr.
"""
import base64
import hashlib
import hmac
import json
import os
import re
import sys

from cryptography.hazmat.primitives import hashes, padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.hmac import HMAC
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

VERSION = 2
OPTIONS = 1
HEADER = 34
MAC_LEN = 32
ITERATIONS = 10_000
STRETCH_ROUNDS = 15_000
EXPORT_USERNAME = "onions-user"

EXIT_MALFORMED = 1
EXIT_AUTH = 2
EXIT_V3 = 3


class FormatError(Exception):
    def __init__(self, message, code=EXIT_MALFORMED):
        super().__init__(message)
        self.code = code


# --- password bytes and keys ---------------------------------------------------------------

def password_bytes(password):
    """P: the UTF-8 bytes of the password cut to its length in UTF-16 code units."""
    utf8 = password.encode("utf-8")
    utf16_units = len(password.encode("utf-16-le")) // 2
    return utf8[:utf16_units]


def derive(p, salt):
    return PBKDF2HMAC(algorithm=hashes.SHA512(), length=32, salt=salt, iterations=ITERATIONS).derive(p)


def mac(data, hmac_key):
    h = HMAC(hmac_key, SHA256())
    h.update(data)
    return h.finalize()


# --- base64 with CR LF lines ---------------------------------------------------------------

def wrap64(b64):
    return "\r\n".join(b64[i:i + 64] for i in range(0, len(b64), 64))


def b64_lines(data):
    return wrap64(base64.b64encode(data).decode("ascii"))


def b64_read(text):
    cleaned = re.sub(r"[^A-Za-z0-9+/=]", "", text)
    try:
        return base64.b64decode(cleaned, validate=True)
    except ValueError as e:
        raise FormatError(f"not valid base64: {e}")


# --- one field ------------------------------------------------------------------------------

def random_bytes():
    fixed = os.environ.get("ONIONS_FIXED_RANDOM")
    if fixed is None:
        return os.urandom(32)
    try:
        value = bytes.fromhex(fixed)
    except ValueError:
        raise FormatError("ONIONS_FIXED_RANDOM is not hex")
    if len(value) != 32:
        raise FormatError("ONIONS_FIXED_RANDOM must be 32 bytes (8 enc salt, 8 HMAC salt, 16 IV)")
    return value


def encrypt_field(text, password):
    p = password_bytes(password)
    rnd = random_bytes()
    enc_salt, hmac_salt, iv = rnd[0:8], rnd[8:16], rnd[16:32]
    padder = padding.PKCS7(128).padder()
    padded = padder.update(text.encode("utf-8")) + padder.finalize()
    encryptor = Cipher(algorithms.AES(derive(p, enc_salt)), modes.CBC(iv)).encryptor()
    message = bytes([VERSION, OPTIONS]) + enc_salt + hmac_salt + iv + encryptor.update(padded) + encryptor.finalize()
    return b64_lines(message + mac(message, derive(p, hmac_salt)))


def decrypt_field(stored, password):
    message = b64_read(stored)
    if len(message) < HEADER + 16 + MAC_LEN:
        raise FormatError(f"truncated Onions field ({len(message)} bytes)")
    if message[0] == 3:
        raise FormatError("an RNCryptor v3 message, not an Onions field (use --format rncryptor)", EXIT_V3)
    if message[0] != VERSION:
        raise FormatError(f"unknown version {message[0]}")
    if message[1] != OPTIONS:
        raise FormatError(f"unsupported RNCryptor options {message[1]}")
    p = password_bytes(password)
    enc_salt, hmac_salt, iv = message[2:10], message[10:18], message[18:34]
    body, tag = message[:-MAC_LEN], message[-MAC_LEN:]
    if not hmac.compare_digest(mac(body, derive(p, hmac_salt)), tag):
        raise FormatError("wrong Onions password, or the field was changed", EXIT_AUTH)
    ciphertext = message[HEADER:-MAC_LEN]
    if len(ciphertext) % 16 != 0:
        raise FormatError("ciphertext is not a whole number of AES blocks")
    decryptor = Cipher(algorithms.AES(derive(p, enc_salt)), modes.CBC(iv)).decryptor()
    padded = decryptor.update(ciphertext) + decryptor.finalize()
    try:
        unpadder = padding.PKCS7(128).unpadder()
        plain = unpadder.update(padded) + unpadder.finalize()
    except ValueError:
        raise FormatError("bad PKCS#7 padding")
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError("decrypted text is not UTF-8")


# --- accounts -------------------------------------------------------------------------------

def stretch(text):
    """SHA-256 applied 15,000 times to the UTF-8 bytes (each round hashes the previous raw
    digest), then base64 with 64-character lines (the 32-byte digest gives one 44-char line)."""
    digest = text.encode("utf-8")
    for _ in range(STRETCH_ROUNDS):
        digest = hashlib.sha256(digest).digest()
    return b64_lines(digest)


# --- Parse export ---------------------------------------------------------------------------

def read_export(raw, password):
    try:
        doc = json.loads(raw)
        results = doc["results"]
        if not isinstance(results, list):
            raise TypeError("results is not a list")
        out = []
        for obj in results:
            title, info = obj["onionTitle"], obj["onionInfo"]
            if not all(isinstance(v, str) for v in (obj["objectId"], title, info, obj["createdAt"])):
                raise TypeError("field is not a string")
            out.append({"objectId": obj["objectId"], "title": decrypt_field(title, password),
                        "info": decrypt_field(info, password), "createdAt": obj["createdAt"]})
    except (ValueError, KeyError, TypeError) as e:
        if isinstance(e, FormatError):
            raise
        raise FormatError(f"malformed Onions export: {e!r}")
    return out


def make_export(raw, password):
    try:
        notes = json.loads(raw)
        if not isinstance(notes, list):
            raise TypeError("input is not a list")
        user_id = stretch(EXPORT_USERNAME)
        results = [{"objectId": n["objectId"],
                    "onionTitle": encrypt_field(n["title"], password),
                    "onionInfo": encrypt_field(n["info"], password),
                    "userId": user_id,
                    "createdAt": n["createdAt"],
                    "updatedAt": n["createdAt"]} for n in notes]
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        if isinstance(e, FormatError):
            raise
        raise FormatError(f"malformed notes list: {e!r}")
    return {"results": results}


# --- command line ---------------------------------------------------------------------------

def read_stdin_text():
    try:
        return sys.stdin.buffer.read().decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError("stdin is not UTF-8")


def main(argv):
    if len(argv) != 3 or argv[1] not in ("encrypt", "decrypt", "export", "make-export", "stretch"):
        print(__doc__, file=sys.stderr)
        return EXIT_MALFORMED
    command, arg = argv[1], argv[2]
    try:
        if command == "stretch":
            out = stretch(arg)
        elif command == "encrypt":
            out = encrypt_field(read_stdin_text(), arg)
        elif command == "decrypt":
            out = decrypt_field(read_stdin_text(), arg)
        elif command == "export":
            out = json.dumps(read_export(read_stdin_text(), arg), ensure_ascii=False)
        else:
            out = json.dumps(make_export(read_stdin_text(), arg), ensure_ascii=False)
    except FormatError as e:
        print(f"onions_reference: {e}", file=sys.stderr)
        return e.code
    sys.stdout.buffer.write(out.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
