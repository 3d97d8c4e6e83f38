#!/usr/bin/env python3
"""An independent implementation of Seqr's note account keys and note fields (field versions 2 and
3), written from docs/formats/notes.md alone with the `cryptography` package, for Seqr's tests and
to write Tests/Vectors/note-field-v3.json (which the web app's `node --test` reads too).

  note_field_reference.py derive PASSWORD SALT_B64 ITERATIONS   stdout {"authKey", "encKey"} (base64)
  note_field_reference.py seal ENCKEY_B64 NOTE_ID ROLE VERSION   stdin UTF-8 text -> stdout base64 field v3
  note_field_reference.py open ENCKEY_B64 NOTE_ID ROLE VERSION   stdin base64 field (v2 or v3) -> stdout text
  note_field_reference.py check FILE                            checks every vector of a vector file
  note_field_reference.py make-vectors                          stdout the vector file (fixed nonces)

Environment: NOTE_FIXED_NONCE=<24 hex digits> replaces the random nonce of `seal`.

Exit codes: 0 ok; 2 authentication failed; 3 field version not read; 1 anything else (truncated,
not UTF-8, a vector that does not check, bad usage). Errors print one line on stderr.
"""
import base64
import json
import os
import sys
import unicodedata

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

EXIT_MALFORMED, EXIT_AUTH, EXIT_VERSION = 1, 2, 3


class Failure(Exception):
    def __init__(self, code, name, message):
        super().__init__(message)
        self.code, self.name = code, name


def derive(password, salt, iterations):
    master = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=iterations).derive(
        unicodedata.normalize("NFC", password).encode("utf-8"))

    def hkdf(info):
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info.encode()).derive(master)

    return hkdf("seqr notes v1 authentication"), hkdf("seqr notes v1 encryption")


def associated_data(field_version, note_id, role, note_version):
    return b"\0".join([b"seqr-note-v%d" % field_version, note_id.lower().encode(), role.encode(), str(note_version).encode()])


def seal(key, note_id, role, note_version, text, nonce=None):
    nonce = nonce or os.urandom(12)
    return bytes([3]) + nonce + AESGCM(key).encrypt(nonce, text.encode("utf-8"), associated_data(3, note_id, role, note_version))


def seal_v2(key, note_id, role, note_version, text, nonce):
    return bytes([2]) + nonce + ChaCha20Poly1305(key).encrypt(nonce, text.encode("utf-8"), associated_data(2, note_id, role, note_version))


def open_field(key, note_id, role, note_version, sealed):
    if len(sealed) == 0:
        raise Failure(EXIT_MALFORMED, "truncatedField", "empty field")
    if sealed[0] not in (2, 3):
        raise Failure(EXIT_VERSION, "unsupportedFieldVersion", "field version %d" % sealed[0])
    if len(sealed) < 1 + 12 + 16:
        raise Failure(EXIT_MALFORMED, "truncatedField", "field of %d bytes" % len(sealed))
    cipher = AESGCM(key) if sealed[0] == 3 else ChaCha20Poly1305(key)
    try:
        plain = cipher.decrypt(sealed[1:13], sealed[13:], associated_data(sealed[0], note_id, role, note_version))
    except InvalidTag:
        raise Failure(EXIT_AUTH, "authenticationFailed", "authentication failed")
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise Failure(EXIT_MALFORMED, "notUTF8", "not UTF-8")


def b64(data):
    return base64.b64encode(data).decode()


def make_vectors():
    # "Pässwort" typed with a combining diaeresis (NFD): every implementation derives from its NFC form.
    password, salt, iterations = "Pa\u0308sswort correct horse", bytes(range(16)), 210000
    auth_key, enc_key = derive(password, salt, iterations)
    note_id = "0f8fad5b-d9cb-469f-a165-70867728950e"
    nonces = [bytes([n] * 12) for n in range(1, 10)]
    fields = [
        dict(noteId=note_id, role="title", noteVersion=1, text="Wi-Fi"),
        dict(noteId=note_id, role="info", noteVersion=1, text="hunter2 \u2713 \u00fcn\u00efc\u00f6d\u00e9 \U0001F9C5\nsecond line"),
        dict(noteId="6ba7b810-9dad-41d1-80b4-00c04fd430c8", role="title", noteVersion=12, text="Safe"),
        dict(noteId="6ba7b810-9dad-41d1-80b4-00c04fd430c8", role="info", noteVersion=12, text=""),
    ]
    for field, nonce in zip(fields, nonces):
        field["aad"] = b64(associated_data(3, field["noteId"], field["role"], field["noteVersion"]))
        field["sealed"] = b64(seal(enc_key, field["noteId"], field["role"], field["noteVersion"], field["text"], nonce))
    base = base64.b64decode(fields[0]["sealed"])

    def flipped(index):
        data = bytearray(base)
        data[index] ^= 0x01
        return b64(bytes(data))

    tampered = [
        dict(what="nonce byte flipped", sealed=flipped(5), error="authenticationFailed"),
        dict(what="ciphertext byte flipped", sealed=flipped(13), error="authenticationFailed"),
        dict(what="tag byte flipped", sealed=flipped(len(base) - 1), error="authenticationFailed"),
        dict(what="opened as another note", sealed=fields[0]["sealed"], noteId="0f8fad5b-d9cb-469f-a165-70867728950f", error="authenticationFailed"),
        dict(what="opened as the info (role swapped)", sealed=fields[0]["sealed"], role="info", error="authenticationFailed"),
        dict(what="opened at another note version", sealed=fields[0]["sealed"], noteVersion=2, error="authenticationFailed"),
        dict(what="field version byte set to 2", sealed=b64(bytes([2]) + base[1:]), error="authenticationFailed"),
        dict(what="field version byte set to 4", sealed=b64(bytes([4]) + base[1:]), error="unsupportedFieldVersion"),
        dict(what="truncated to 28 bytes", sealed=b64(base[:28]), error="truncatedField"),
        dict(what="empty", sealed="", error="truncatedField"),
    ]
    for case in tampered:
        for key in ("noteId", "role", "noteVersion"):
            case.setdefault(key, fields[0][key])
    legacy = dict(noteId=note_id, role="title", noteVersion=3, text="Old note")
    legacy["sealed"] = b64(seal_v2(enc_key, legacy["noteId"], legacy["role"], legacy["noteVersion"], legacy["text"], nonces[8]))
    return {
        "description": "Seqr note field version 3 (docs/formats/notes.md): AES-256-GCM under encKey, "
                       "AAD \"seqr-note-v3\" 0x00 <note id> 0x00 <title|info> 0x00 <note version>. "
                       "Written by Tests/Reference/note_field_reference.py make-vectors; read by SeqrCoreTests and the web app's node tests. "
                       "The password is given in NFD (a combining diaeresis): derive from its NFC form.",
        "password": password,
        "kdf": {"algorithm": "pbkdf2-sha256", "iterations": iterations, "salt": b64(salt)},
        "authKey": b64(auth_key),
        "encKey": b64(enc_key),
        "fields": fields,
        "tampered": tampered,
        "legacyFieldVersion2": legacy,
    }


def check(path):
    with open(path, encoding="utf-8") as f:
        vectors = json.load(f)
    kdf = vectors["kdf"]
    auth_key, enc_key = derive(vectors["password"], base64.b64decode(kdf["salt"]), kdf["iterations"])
    if (b64(auth_key), b64(enc_key)) != (vectors["authKey"], vectors["encKey"]):
        raise Failure(EXIT_MALFORMED, "keys", "derived keys differ from the file's")
    for field in vectors["fields"]:
        if b64(associated_data(3, field["noteId"], field["role"], field["noteVersion"])) != field["aad"]:
            raise Failure(EXIT_MALFORMED, "aad", "associated data differs for %r" % field["text"])
        if open_field(enc_key, field["noteId"], field["role"], field["noteVersion"], base64.b64decode(field["sealed"])) != field["text"]:
            raise Failure(EXIT_MALFORMED, "text", "a field opens to another text")
    for case in vectors["tampered"]:
        try:
            open_field(enc_key, case["noteId"], case["role"], case["noteVersion"], base64.b64decode(case["sealed"]))
        except Failure as failure:
            if failure.name != case["error"]:
                raise Failure(EXIT_MALFORMED, "tampered", "%s: %s, not %s" % (case["what"], failure.name, case["error"]))
            continue
        raise Failure(EXIT_MALFORMED, "tampered", "%s: opened" % case["what"])
    legacy = vectors["legacyFieldVersion2"]
    if open_field(enc_key, legacy["noteId"], legacy["role"], legacy["noteVersion"], base64.b64decode(legacy["sealed"])) != legacy["text"]:
        raise Failure(EXIT_MALFORMED, "legacy", "the version 2 field opens to another text")
    return len(vectors["fields"]) + len(vectors["tampered"]) + 1


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "derive" and len(argv) == 5:
        auth_key, enc_key = derive(argv[2], base64.b64decode(argv[3]), int(argv[4]))
        print(json.dumps({"authKey": b64(auth_key), "encKey": b64(enc_key)}))
    elif command in ("seal", "open") and len(argv) == 6:
        key, note_id, role, version = base64.b64decode(argv[2]), argv[3], argv[4], int(argv[5])
        data = sys.stdin.buffer.read()
        if command == "seal":
            fixed = os.environ.get("NOTE_FIXED_NONCE")
            print(b64(seal(key, note_id, role, version, data.decode("utf-8"), bytes.fromhex(fixed) if fixed else None)))
        else:
            sys.stdout.buffer.write(open_field(key, note_id, role, version, base64.b64decode(data.strip())).encode("utf-8"))
    elif command == "check" and len(argv) == 3:
        print("ok %d" % check(argv[2]))
    elif command == "make-vectors" and len(argv) == 2:
        print(json.dumps(make_vectors(), indent=2, ensure_ascii=False))
    else:
        raise Failure(EXIT_MALFORMED, "usage", "usage: see this file's docstring")


if __name__ == "__main__":
    try:
        main(sys.argv)
    except Failure as failure:
        print("note_field_reference: %s" % failure, file=sys.stderr)
        sys.exit(failure.code)
