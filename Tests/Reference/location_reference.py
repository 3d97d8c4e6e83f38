#!/usr/bin/env python3
"""seqr-location-v1 fixes rebuilt from docs/formats/location.md alone with `cryptography`, to
check the Swift and the web app's sealing against an independent program:
version 0x01 | 12-byte nonce | AES-256-GCM(key, nonce, JSON padded with spaces to 256,
aad = "seqr-location-v1" 0x00 share id) | tag. The JSON: keys sorted, compact, numbers as Swift's
JSONEncoder writes a Double (shortest digits, no ".0", exponent below 1e-4 and from 2^53).

  location_reference.py vectors > Tests/Vectors/location-fix-v1.json
  location_reference.py open KEY_HEX SHARE_ID        stdin base64 -> stdout fix JSON
"""
import base64
import json
import math
import sys
from decimal import Decimal

from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def swift_double(v):
    if v == 0:
        return "-0" if math.copysign(1, v) < 0 else "0"
    if abs(v) >= 2 ** 53 or abs(v) < 1e-4:
        text = repr(v)
        if "e" not in text:
            text = format(Decimal(text).normalize(), "e")
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else "+"
        return f"{mantissa}e{sign}{exponent.lstrip('+-').rjust(2, '0')}"
    return str(int(v)) if v.is_integer() else repr(v)


def fix_json(fix):
    return "{" + ",".join(f'"{k}":{swift_double(float(fix[k]))}' for k in sorted(fix)) + "}"


def padded(text):
    data = text.encode()
    return data + b" " * (max(256, -(-len(data) // 256) * 256) - len(data))


def aad(share_id):
    return b"seqr-location-v1\x00" + share_id.encode()


def seal(plaintext, share_id, key, nonce):
    return base64.b64encode(b"\x01" + nonce + AESGCM(key).encrypt(nonce, plaintext, aad(share_id))).decode()


def open_fix(data, share_id, key):
    sealed = base64.b64decode(data)
    assert sealed[0] == 1
    return json.loads(AESGCM(key).decrypt(sealed[1:13], sealed[13:], aad(share_id)))


FIXES = [
    {"lat": 47.3769, "lon": 8.5417, "accuracy": 12.5, "altitude": 408, "time": 1795000000123},
    {"lat": 0, "lon": 0, "time": 0},
    {"lat": -33.868820123456786, "lon": -151.20929598765431, "accuracy": 3.0000000000000004,
     "altitude": -12.345678901234567, "time": 1795000000999},
    {"lat": -89.99999999999999, "lon": -179.99999999999997, "accuracy": 1.7976931348623157e308,
     "altitude": -1.2345678901234568e-300, "time": 253402300799999},
    {"lat": 1e-07, "lon": 180, "accuracy": 0.1, "altitude": 1e21, "time": 1795000000001},
    {"lat": 90, "lon": -0.00001, "accuracy": 0, "time": 1795000000000},
]


def vectors():
    out = {"description": "seqr-location-v1 fixes sealed by Tests/Reference/location_reference.py (docs/formats/location.md)",
           "valid": [], "unpadded": [], "invalid": []}
    for i, fix in enumerate(FIXES):
        key = bytes((i * 7 + j) % 256 for j in range(32))
        nonce = bytes((i * 13 + j + 1) % 256 for j in range(12))
        share_id = ["AAAAAAAAAAAAAAAAAAAAAA", "z-_9876543210zyxwvutsrQ", "Q2hhcmxpZS1zaGFyZS0xAg"][i % 3]
        text = fix_json(fix)
        out["valid"].append({"fix": fix, "json": text, "keyHex": key.hex(), "shareID": share_id, "nonceHex": nonce.hex(),
                             "data": seal(padded(text), share_id, key, nonce)})
    # Written before the padding: still read.
    first = out["valid"][0]
    key, nonce = bytes.fromhex(first["keyHex"]), bytes.fromhex(first["nonceHex"])
    out["unpadded"].append({"fix": first["fix"], "keyHex": first["keyHex"], "shareID": first["shareID"],
                            "data": seal(first["json"].encode(), first["shareID"], key, nonce)})
    sealed = bytearray(base64.b64decode(first["data"]))
    tampered = bytearray(sealed); tampered[40] ^= 1
    version2 = bytearray(sealed); version2[0] = 2
    out["invalid"] = [
        {"why": "another share id", "error": "authenticationFailed", "keyHex": first["keyHex"], "shareID": "BBBBBBBBBBBBBBBBBBBBBA", "data": first["data"]},
        {"why": "a flipped ciphertext bit", "error": "authenticationFailed", "keyHex": first["keyHex"], "shareID": first["shareID"], "data": base64.b64encode(tampered).decode()},
        {"why": "version 2", "error": "unsupportedVersion", "keyHex": first["keyHex"], "shareID": first["shareID"], "data": base64.b64encode(version2).decode()},
        {"why": "cut after the nonce", "error": "truncatedFix", "keyHex": first["keyHex"], "shareID": first["shareID"], "data": base64.b64encode(sealed[:20]).decode()},
        {"why": "not base64", "error": "malformedData", "keyHex": first["keyHex"], "shareID": first["shareID"], "data": "not base64!"},
        {"why": "latitude 91 inside", "error": "latitudeOutOfRange", "keyHex": first["keyHex"], "shareID": first["shareID"],
         "data": seal(padded('{"lat":91,"lon":0,"time":0}'), first["shareID"], key, nonce)},
    ]
    return out


if __name__ == "__main__":
    if sys.argv[1] == "vectors":
        print(json.dumps(vectors(), indent=1))
    else:
        print(json.dumps(open_fix(sys.stdin.read().strip(), sys.argv[3], bytes.fromhex(sys.argv[2])), sort_keys=True))
