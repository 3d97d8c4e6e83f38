import Crypto
import Foundation

/// A short Python program that restores a Seqr paper-vault backup without Seqr, printed on the
/// last pages of every backup (issue 18): Python 3 with `cryptography` and `brotli`, fed the codes'
/// contents as `zbarimg --raw -Sbinary` writes them (or hex/base64 lines), and the password or
/// key sheets. It reads data codes only (parity codes need Seqr) and is kept under 180 lines of at
/// most 88 characters so it fits three pages in a type large enough to copy by hand.
///
/// The program is independent of Seqr's Swift code — it implements the formats from
/// docs/formats/papervault.md and key-sheets.md — and a test runs it on zbarimg's reading of a
/// printed backup (`Printed restore program`).
package enum VaultRestoreProgram {
    package static let fileName = "seqr-restore.py"

    /// SHA-256 of ``source``, printed beside it so a typed copy can be checked.
    package static var sha256: String {
        SHA256.hash(data: Array(source.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    package static let source = #"""
#!/usr/bin/env python3
# seqr-restore.py: restores a Seqr paper-vault backup without Seqr.
# Needs Python 3 with the cryptography and brotli modules (pip install
# cryptography brotli), and zbarimg to read the codes (Debian: zbar-tools):
#   pdftoppm -r 200 -png backup.pdf a; pdftoppm -r 300 -png backup.pdf b
#   zbarimg --raw -Sbinary a*.png b*.png > codes.bin    (or scans/photos)
#   python3 seqr-restore.py codes.bin -o document
# zbarimg misses a large code now and then: read each page at two sizes.
# Key sheets: zbarimg --raw -Sbinary sheet.png > share1.bin, once per sheet,
# then add --share share1.bin --share share2.bin ... (or --master-secret FILE:
# the hex that any SLIP-0039 tool prints given the sheets' words). Password:
# asked, or SEQR_PASSWORD. Codes may also be one per line in hex or base64.
# Parity codes are not used here: if codes are missing, use seqr.
import argparse, base64, getpass, hashlib, hmac, os, re, sys, unicodedata
import brotli
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

def fail(why):
    sys.exit("seqr-restore: " + why)

def items(path):  # hex or base64 lines, or zbarimg's raw output
    data = open(path, "rb").read()
    lines = data.split()
    if lines and all(re.fullmatch(rb"[0-9a-fA-F]+", x) for x in lines):
        return [bytes.fromhex(x.decode()) for x in lines]
    if lines and all(re.fullmatch(rb"[A-Za-z0-9+/_-]+=*", x) for x in lines):
        return [base64.b64decode(x.rstrip(b"=") + b"==", b"-_") for x in lines]
    # zbarimg --raw -Sbinary writes codes back to back; a backup's codes all
    # begin with its 32-byte digest (some zbar versions add a newline: see below)
    at = [m.start() for m in re.finditer(re.escape(data[:32]), data)]
    return [data[a:b] for a, b in zip(at, at[1:] + [len(data)])]

def message(codes):
    parts = {}
    for code in codes:  # as read, else without a newline some zbar versions add
        for c in (code, code[:-1] if code[-1:] == b"\n" else b""):
            if len(c) > 40 and hashlib.sha256(c[:-2]).digest()[:2] == c[-2:]:
                parts.setdefault(c[:32], {}).setdefault(c[34:38], c[38:-2])
                break
    if len(parts) != 1:
        fail("no vault codes found" if not parts else "codes of several backups")
    digest, got = parts.popitem()
    total = int.from_bytes(next(iter(got))[:2], "big")
    two = lambda n: n.to_bytes(2, "big")
    first = 1 if two(total) + two(total) in got else 0  # numbered 0.. or 1..
    nums = [two(total) + two(i + first) for i in range(total)]
    missing = [str(i + 1) for i, n in enumerate(nums) if n not in got]
    if missing:
        fail("missing codes " + ", ".join(missing) + " (of %d): read the pages "
             "again and add the codes, or use seqr" % total)
    msg = b"".join(got[n] for n in nums)
    if hashlib.sha256(msg).digest() != digest:
        fail("the codes do not match their digest: damaged or altered")
    return msg

EXP, LOG, p = [0] * 255, [0] * 256, 1
for i in range(255):
    EXP[i], LOG[p] = p, i
    p ^= p << 1
    p ^= 0x11B if p & 0x100 else 0

def interpolate(points, x):  # Lagrange over GF(256), SLIP-0039
    for xi, yi in points:
        if xi == x:
            return yi
    lp = sum(LOG[xi ^ x] for xi, _ in points)
    out = bytearray(len(points[0][1]))
    for xi, yi in points:
        lb = (lp - LOG[xi ^ x] - sum(LOG[xi ^ xj] for xj, _ in points)) % 255
        for k, v in enumerate(yi):
            out[k] ^= EXP[(LOG[v] + lb) % 255] if v else 0
    return bytes(out)

GEN = (0xE0E040, 0x1C1C080, 0x3838100, 0x7070200, 0xE0E0009, 0x1C0C2412,
       0x38086C24, 0x3090FC48, 0x21B1F890, 0x3F3F120)

def share(code):  # a key sheet's code: "KS", version 1, SLIP-0039 words
    if code[:3] != b"KS\x01":
        fail("not a key sheet code")
    code = code[:45] if code[45:] == b"\n" else code  # a newline after it
    if len(code) != 45:  # a vault's sheets hold a 32-byte key: 33 words
        fail("a key sheet code of %d bytes: damaged or forged" % len(code))
    bits = int.from_bytes(code[3:], "big") >> 6  # 330 bits: 33 words
    words = [(bits >> (10 * (32 - i))) & 1023 for i in range(33)]
    chk = 1
    for v in list(b"shamir_extendable") + words:
        top, chk = chk >> 20, (chk & 0xFFFFF) << 10 ^ v
        for i in range(10):
            chk ^= GEN[i] if top >> i & 1 else 0
    if chk != 1:
        fail("a key sheet's checksum fails: damaged or mistyped")
    head, value = bits >> 290, (bits >> 30 & (1 << 256) - 1).to_bytes(32, "big")
    # id, extendable flag and exponent, index, group fields and threshold
    return head >> 25, head >> 20 & 31, head >> 4 & 15, head & 0xFFF0F, value

def master_secret(paths, ident, k, n):
    got = [share(items(p)[0]) for p in paths]
    if not got:
        fail("this backup's key is on key sheets: give them with --share")
    if any(s[0] != ident for s in got):
        fail("a key sheet belongs to another backup")
    # as Seqr writes them (extendable, exponent 5, one group, the header's k
    # and n), checked before any PBKDF2: a forged sheet must not hang us
    if any(s[1] != 0x15 or s[2] >= n or s[3] != k - 1 for s in got):
        fail("a key sheet does not match this backup: forged or damaged")
    points = list({s[2]: s[4] for s in got}.items())[:k]
    if len(points) < k:
        fail("%d key sheets given, %d needed" % (len(points), k))
    ems = interpolate(points, 255)
    if k > 1:
        d = interpolate(points, 254)
        if hmac.new(d[4:], ems, "sha256").digest()[:4] != d[:4]:
            fail("the key sheets do not fit together (forged or mixed up)")
    left, right = ems[:len(ems) // 2], ems[len(ems) // 2:]
    for i in (3, 2, 1, 0):  # SLIP-0039's Feistel, empty passphrase
        f = hashlib.pbkdf2_hmac("sha256", bytes([i]), right, 80000, 16)
        left, right = right, bytes(a ^ b for a, b in zip(left, f))
    return right + left

def inflate(data):  # a byte at a time, at most 64 MiB as in seqr: no bomb
    d, out = brotli.Decompressor(), bytearray()
    for i in range(len(data)):
        out += d.process(data[i:i + 1])
        if len(out) > 64 << 20:
            fail("the document is over 64 MiB: damaged or forged")
    return bytes(out) if d.is_finished() else fail("brotli data cut short")

def password():
    pw = os.environ.get("SEQR_PASSWORD") or getpass.getpass("Password: ")
    return pw.rstrip("\r\n")

def main():
    ap = argparse.ArgumentParser(description="Restore a Seqr paper-vault backup.")
    ap.add_argument("codes", help="the codes' contents (zbarimg --raw -Sbinary)")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--share", action="append", default=[])
    ap.add_argument("--master-secret", help="a file holding the key's hex")
    a = ap.parse_args()
    msg = message(items(a.codes))
    flags, rounds = msg[0], int.from_bytes(msg[1:5], "big")
    if flags != 1 and not 1 <= rounds <= 50_000_000:  # a forged page must not hang us
        fail("implausible key derivation (%d rounds): damaged or forged" % rounds)
    s = int.from_bytes(msg[5:7], "big")
    salt, at, aad = msg[7:7 + s], 7 + s, None
    if flags == 0:  # PaperVault: PBKDF2 of the password as typed
        key = hashlib.pbkdf2_hmac("sha256", password().encode(), salt, rounds)
    elif flags in (1, 3):  # key sheets, and a password too when flags is 3
        ident, k, n, at = msg[at] << 8 | msg[at + 1], msg[at + 2], msg[at + 3], at + 4
        aad = msg[:at]
        ms = (bytes.fromhex(open(a.master_secret).read().strip())
              if a.master_secret else master_secret(a.share, ident, k, n))
        if flags == 3:
            pw = unicodedata.normalize("NFC", password()).encode()
            ms += hashlib.pbkdf2_hmac("sha256", pw, salt, rounds)
        key = HKDF(hashes.SHA256(), 32, salt, b"seqr vault key sheets v1").derive(ms)
    else:
        fail("written by a newer Seqr (flags %d)" % flags)
    try:
        padded = ChaCha20Poly1305(key).decrypt(msg[at:at + 12], msg[at + 12:], aad)
    except Exception:
        fail("decryption failed: wrong password or key sheets, or altered codes")
    body = padded[:len(padded) - 1 - padded[-1]]
    doc = inflate(body[1:]) if body[0] == 1 else body[1:]
    t = int.from_bytes(doc[:2], "big")
    fd = os.open(a.output, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:  # the owner's only, never over a file
        out.write(doc[4 + t:])
    print("restored %r to %s" % (doc[2:2 + t].decode(), a.output))

try:
    main()
except OSError as e:  # a missing input, an output that exists
    fail("%s: %s" % (e.filename, e.strerror))
except (ValueError, IndexError, OverflowError, brotli.error) as e:
    fail("the codes are damaged or not a Seqr backup (%s)" % e)
# end of seqr-restore.py

"""#
}
