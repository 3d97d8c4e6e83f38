#!/usr/bin/env python3
"""An independent reader of Seqr's key-sheet codes, written from docs/formats/key-sheets.md and
the SLIP-0039 text alone, with the standard library only (hashlib, hmac). It shares no code with
Seqr or with python-shamir-mnemonic.

  slip39_reference.py combine --passphrase P < codes
      reads one key-sheet QR code per line, in hex ("KS", version 1, packed 10-bit words),
      checks each checksum, combines one group of member shares, prints the key in hex;
      exits 1 with a message on any invalid input.
"""
import argparse
import hashlib
import hmac
import sys

GEN = [0xE0E040, 0x1C1C080, 0x3838100, 0x7070200, 0xE0E0009, 0x1C0C2412, 0x38086C24, 0x3090FC48, 0x21B1F890, 0x3F3F120]


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def polymod(values):
    chk = 1
    for v in values:
        b = chk >> 20
        chk = (chk & 0xFFFFF) << 10 ^ v
        for i in range(10):
            if (b >> i) & 1:
                chk ^= GEN[i]
    return chk


def gf_mul(a, b):
    # Carry-less product, then reduction modulo x^8 + x^4 + x^3 + x + 1.
    p = 0
    for i in range(8):
        if (b >> i) & 1:
            p ^= a << i
    for i in range(14, 7, -1):
        if (p >> i) & 1:
            p ^= 0x11B << (i - 8)
    return p


def gf_inv(a):
    return next(b for b in range(1, 256) if gf_mul(a, b) == 1)


def interpolate(x, points):
    out = [0] * len(points[0][1])
    for i, (xi, yi) in enumerate(points):
        basis = 1
        for j, (xj, _) in enumerate(points):
            if j != i:
                basis = gf_mul(basis, gf_mul(x ^ xj, gf_inv(xi ^ xj)))
        for k in range(len(out)):
            out[k] ^= gf_mul(yi[k], basis)
    return bytes(out)


def parse(code):
    if code[:3] != b"KS\x01":
        fail("not a version-1 key-sheet code")
    bits = "".join(format(byte, "08b") for byte in code[3:])
    count = len(bits) // 10
    words = [int(bits[10 * i:10 * i + 10], 2) for i in range(count)]
    if set(bits[10 * count:]) - {"0"}:
        fail("nonzero fill bits")
    ext = (words[1] >> 4) & 1
    custom = b"shamir_extendable" if ext else b"shamir"
    if polymod(list(custom) + words) != 1:
        fail("checksum mismatch")
    head = words[0] << 10 | words[1]
    params = words[2] << 10 | words[3]
    value_bits = "".join(format(w, "010b") for w in words[4:-3])
    pad = len(value_bits) % 16
    if pad > 8 or set(value_bits[:pad]) - {"0"}:
        fail("bad padding")
    value = int(value_bits[pad:], 2).to_bytes((len(value_bits) - pad) // 8, "big")
    return dict(id=head >> 5, ext=ext, e=head & 15, gi=params >> 16, gt=(params >> 12 & 15) + 1, g=(params >> 8 & 15) + 1,
                index=params >> 4 & 15, t=(params & 15) + 1, value=value)


def decrypt(ems, passphrase, e, ident, ext):
    half = len(ems) // 2
    left, right = ems[:half], ems[half:]
    salt = b"" if ext else b"shamir" + ident.to_bytes(2, "big")
    for i in (3, 2, 1, 0):
        f = hashlib.pbkdf2_hmac("sha256", bytes([i]) + passphrase, salt + right, 2500 << e, half)
        left, right = right, bytes(a ^ b for a, b in zip(left, f))
    return right + left


def combine(shares, passphrase):
    first = shares[0]
    for s in shares:
        for key in ("id", "ext", "e", "gi", "gt", "g", "t"):
            if s[key] != first[key]:
                fail("shares disagree on " + key)
    if first["gt"] != 1 or first["g"] != 1:
        fail("one group only")
    if len({s["index"] for s in shares}) != len(shares) or len(shares) != first["t"]:
        fail("need exactly %d distinct shares" % first["t"])
    points = [(s["index"], s["value"]) for s in shares]
    if first["t"] == 1:
        ems = points[0][1]
    else:
        ems = interpolate(255, points)
        digest = interpolate(254, points)
        if hmac.new(digest[4:], ems, hashlib.sha256).digest()[:4] != digest[:4]:
            fail("digest mismatch")
    return decrypt(ems, passphrase, first["e"], first["id"], first["ext"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["combine"])
    parser.add_argument("--passphrase", default="")
    args = parser.parse_args()
    shares = [parse(bytes.fromhex(line.strip())) for line in sys.stdin if line.strip()]
    print(combine(shares, args.passphrase.encode("ascii")).hex())


if __name__ == "__main__":
    main()
