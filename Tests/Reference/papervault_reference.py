#!/usr/bin/env python3
"""An independent PaperVault implementation, written from docs/formats/papervault.md
(and the seed's data-format page) alone, with Python's `cryptography` and `brotli`.

The Swift tests use it both ways: Seqr restores what this writes, and this restores
what Seqr writes. It shares no code with Seqr.

  papervault_reference.py write --password P --title T --payload-size N [--rounds R] [--bytes] [--first-number 0|1] < document
      prints a JSON list of base64 QR payloads, in order
  papervault_reference.py read --password P < payloads.json
      prints {"title": ..., "contentType": ..., "contentBase64": ...}
"""
import argparse
import base64
import hashlib
import json
import os
import struct
import sys

import brotli
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

TEXT, SEQR_BYTES = 0, 0x5351


def derive_key(password, salt, rounds):
    return PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=rounds).derive(password.encode("utf-8"))


def write(args):
    content = sys.stdin.buffer.read()
    title = args.title.encode("utf-8")
    document = struct.pack(">H", len(title)) + title + struct.pack(">H", SEQR_BYTES if args.bytes else TEXT) + content
    compressed = brotli.compress(document)
    body = (b"\x01" + compressed) if len(compressed) < len(document) else (b"\x00" + document)
    padding = os.urandom(1)[0]
    padded = body + os.urandom(padding) + bytes([padding])
    salt = os.urandom(16)
    nonce = os.urandom(12)
    sealed = nonce + ChaCha20Poly1305(derive_key(args.password, salt, args.rounds)).encrypt(nonce, padded, None)
    message = b"\x00" + struct.pack(">IH", args.rounds, len(salt)) + salt + sealed
    digest = hashlib.sha256(message).digest()
    chunks = [message[i:i + args.payload_size] for i in range(0, len(message), args.payload_size)]
    codes = []
    for number, chunk in enumerate(chunks, start=args.first_number):
        code = digest + struct.pack(">BBHH", 2, 2, len(chunks), number) + chunk
        codes.append(code + hashlib.sha256(code).digest()[:2])
    json.dump([base64.b64encode(c).decode() for c in codes], sys.stdout)


def read(args):
    codes = {}
    digest = None
    for item in json.load(sys.stdin):
        raw = base64.b64decode(item)
        if len(raw) < 40 or hashlib.sha256(raw[:-2]).digest()[:2] != raw[-2:]:
            continue  # not a PaperVault code
        code_digest, total, number = raw[:32], *struct.unpack(">HH", raw[34:38])
        if digest not in (None, code_digest):
            sys.exit("codes from different documents")
        digest = code_digest
        codes[number] = raw[38:-2]
    if digest is None or len(codes) != total:
        sys.exit("missing codes")
    # The format does not say whether code numbers start at 0 or 1: accept either, not a mix.
    if sorted(codes) not in (list(range(0, total)), list(range(1, total + 1))):
        sys.exit("code numbers are neither 0…total−1 nor 1…total")
    message = b"".join(codes[n] for n in sorted(codes))
    if hashlib.sha256(message).digest() != digest:
        sys.exit("digest mismatch")
    if message[0] != 0:
        sys.exit("unknown clear-text flags")
    rounds, salt_size = struct.unpack(">IH", message[1:7])
    salt, sealed = message[7:7 + salt_size], message[7 + salt_size:]
    padded = ChaCha20Poly1305(derive_key(args.password, salt, rounds)).decrypt(sealed[:12], sealed[12:], None)
    body = padded[:len(padded) - padded[-1] - 1]
    document = brotli.decompress(body[1:]) if body[0] == 1 else body[1:]
    title_size = struct.unpack(">H", document[:2])[0]
    title = document[2:2 + title_size].decode("utf-8")
    content_type = struct.unpack(">H", document[2 + title_size:4 + title_size])[0]
    content = document[4 + title_size:]
    json.dump({"title": title, "contentType": content_type, "contentBase64": base64.b64encode(content).decode()}, sys.stdout)


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("--password", required=True)
    w.add_argument("--title", default="")
    w.add_argument("--payload-size", type=int, required=True)
    w.add_argument("--rounds", type=int, default=600_000)
    w.add_argument("--bytes", action="store_true")
    w.add_argument("--first-number", type=int, choices=[0, 1], default=0, help="number codes from 0 (as Seqr writes) or from 1")
    r = sub.add_parser("read")
    r.add_argument("--password", required=True)
    args = parser.parse_args()
    write(args) if args.command == "write" else read(args)


if __name__ == "__main__":
    main()
