#!/usr/bin/env python3
"""An independent reader and writer of Seqr's channel suite 2 (docs/formats/channels.md) for the
interoperability tests: HPKE from `pyhpke`, Ed25519, AES-GCM and HKDF from `cryptography`. It
shares no code with Seqr; it was written from the byte tables.

  channel_suite2_reference.py rfc9180 VECTORS.json        checks the RFC 9180 entry; prints "ok"
  channel_suite2_reference.py vector                      prints Tests/Vectors/channel-suite2.json
  channel_suite2_reference.py open-share SK_HEX < code    prints the channel as JSON
  channel_suite2_reference.py open-message SECRET_HEX OWNER_ED25519_HEX < code   prints the message as JSON
  channel_suite2_reference.py open-rekey SK_HEX OWNER_ED25519_HEX < code         prints epoch and secret as JSON
Codes on standard input are raw bytes. Exit status 1 and one line on stderr when a code is refused.
"""
import hashlib
import json
import struct
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ed25519, x25519
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from pyhpke import AEADId, CipherSuite, KDFId, KEMId

SUITE = CipherSuite.new(KEMId.DHKEM_X25519_HKDF_SHA256, KDFId.HKDF_SHA256, AEADId.AES256_GCM)
SHARE_INFO = b"seqr channel share v2"
REKEY_INFO = b"seqr channel rekey v2"
MESSAGE_INFO = b"seqr channel message v2"
MAGIC = b"SQ"


class Refused(Exception):
    pass


def raw(key):
    from cryptography.hazmat.primitives import serialization as s
    if isinstance(key, (ed25519.Ed25519PublicKey, x25519.X25519PublicKey)):
        return key.public_bytes(s.Encoding.Raw, s.PublicFormat.Raw)
    return key.private_bytes(s.Encoding.Raw, s.PrivateFormat.Raw, s.NoEncryption())


def identity_bytes(signing_public, agreement_public, name):
    encoded = name.encode()
    return b"\x01" + signing_public + agreement_public + bytes([len(encoded)]) + encoded


def fingerprint(signing_public, agreement_public):
    digest = hashlib.sha256(b"\x01" + signing_public + agreement_public).digest()[:10]
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    bits = int.from_bytes(digest, "big")
    chars = "".join(alphabet[(bits >> (75 - 5 * i)) & 31] for i in range(16))
    return "-".join(chars[i:i + 4] for i in range(0, 16, 4))


def recipient_id(agreement_public):
    return hashlib.sha256(agreement_public).digest()[:8]


def message_key(secret):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=MESSAGE_INFO).derive(secret)


def seal(public, info, aad, plaintext, ephemeral_ikm):
    eks = SUITE.kem.derive_key_pair(ephemeral_ikm)
    enc, sender = SUITE.create_sender_context(SUITE.kem.deserialize_public_key(public), info, eks=eks)
    return enc, sender.seal(plaintext, aad)


def open_sealed(private, enc, info, aad, ciphertext):
    try:
        recipient = SUITE.create_recipient_context(enc, SUITE.kem.deserialize_private_key(private), info)
        return recipient.open(ciphertext, aad)
    except Exception as error:
        raise Refused(f"HPKE does not open: {error}")


def verify(owner_public, code):
    try:
        ed25519.Ed25519PublicKey.from_public_bytes(owner_public).verify(code[-64:], code[:-64])
    except InvalidSignature:
        raise Refused("bad signature")


def header(code, kind):
    if len(code) < 4 + 64 or code[:2] != MAGIC or code[2] != 2 or code[3] != kind:
        raise Refused(f"not a suite-2 code of type {kind}")


def share_code(owner_sk, owner_ak, owner_name, subscriber_ak_public, channel, ephemeral_ikm):
    owner_identity = identity_bytes(raw(owner_sk.public_key()), raw(owner_ak.public_key()), owner_name)
    name = channel["name"].encode()
    plaintext = (channel["id"] + struct.pack(">I", channel["epoch"]) + channel["secret"] + struct.pack(">Q", channel["created"])
                 + bytes([len(name)]) + name)
    prefix = b"SQ\x02\x02" + owner_identity + recipient_id(subscriber_ak_public)
    eks = SUITE.kem.derive_key_pair(ephemeral_ikm)
    enc, sender = SUITE.create_sender_context(SUITE.kem.deserialize_public_key(subscriber_ak_public), SHARE_INFO, eks=eks)
    aad = prefix + enc + struct.pack(">H", len(plaintext) + 16)
    signed = aad + sender.seal(plaintext, aad)
    return signed + owner_sk.sign(signed)


def open_share(private, code):
    header(code, 2)
    body, at = code[4:-64], 0
    if body[0] != 1:
        raise Refused("only Ed25519 owners in this reference")
    signing, agreement = body[1:33], body[33:65]
    name_length = body[65]
    owner_name = body[66:66 + name_length].decode()
    at = 66 + name_length
    addressed, enc = body[at:at + 8], body[at + 8:at + 40]
    (length,) = struct.unpack(">H", body[at + 40:at + 42])
    ciphertext = body[at + 42:]
    if len(ciphertext) != length:
        raise Refused("bad ciphertext length")
    mine = raw(x25519.X25519PrivateKey.from_private_bytes(private).public_key())
    if addressed != recipient_id(mine):
        raise Refused("not for this recipient")
    verify(signing, code)
    plain = open_sealed(private, enc, SHARE_INFO, code[:-64 - length], ciphertext)
    (epoch,) = struct.unpack(">I", plain[16:20])
    (created,) = struct.unpack(">Q", plain[52:60])
    return {"id": plain[:16].hex(), "epoch": epoch, "secret": plain[20:52].hex(), "created": created,
            "name": plain[61:61 + plain[60]].decode(), "owner": owner_name, "ownerFingerprint": fingerprint(signing, agreement)}


def message_code(owner_sk, channel, message, nonce):
    content = message["content"].encode()
    plaintext = bytes([message["kind"]]) + struct.pack(">QQ", message["created"], message["expires"]) + content
    prefix = b"SQ\x02\x03" + channel["id"] + struct.pack(">I", channel["epoch"]) + nonce + struct.pack(">H", len(plaintext) + 16)
    signed = prefix + AESGCM(message_key(channel["secret"])).encrypt(nonce, plaintext, prefix)
    return signed + owner_sk.sign(signed)


def open_message(secret, owner_public, code):
    header(code, 3)
    verify(owner_public, code)
    signed = code[:-64]
    (epoch,) = struct.unpack(">I", signed[20:24])
    nonce = signed[24:36]
    (length,) = struct.unpack(">H", signed[36:38])
    if len(signed) != 38 + length:
        raise Refused("bad ciphertext length")
    try:
        plain = AESGCM(message_key(secret)).decrypt(nonce, signed[38:], signed[:38])
    except Exception:
        raise Refused("does not decrypt")
    created, expires = struct.unpack(">QQ", plain[1:17])
    return {"channelId": signed[4:20].hex(), "epoch": epoch, "kind": plain[0], "created": created, "expires": expires,
            "content": plain[17:].decode()}


def rekey_code(owner_sk, channel_id, epoch, secret, subscribers, removed, ephemeral_ikms):
    body = b"SQ\x02\x04" + channel_id + struct.pack(">I", epoch) + bytes([1, 1, len(removed)])
    body += b"".join(recipient_id(r) for r in removed) + bytes([len(subscribers)])
    for public, ikm in zip(subscribers, ephemeral_ikms):
        rid = recipient_id(public)
        aad = b"SQ\x02\x04" + channel_id + struct.pack(">I", epoch) + rid
        enc, ciphertext = seal(public, REKEY_INFO, aad, secret, ikm)
        body += rid + enc + ciphertext
    return body + owner_sk.sign(body)


def open_rekey(private, owner_public, code):
    header(code, 4)
    verify(owner_public, code)
    body = code[4:-64]
    channel_id, (epoch,) = body[:16], struct.unpack(">I", body[16:20])
    removed_count = body[22]
    removed = [body[23 + 8 * i:31 + 8 * i] for i in range(removed_count)]
    at = 23 + 8 * removed_count
    count, at = body[at], at + 1
    mine = recipient_id(raw(x25519.X25519PrivateKey.from_private_bytes(private).public_key()))
    for i in range(count):
        entry = body[at + 88 * i:at + 88 * (i + 1)]
        if entry[:8] == mine:
            aad = code[:4] + channel_id + struct.pack(">I", epoch) + mine
            return {"epoch": epoch, "secret": open_sealed(private, entry[8:40], REKEY_INFO, aad, entry[40:]).hex()}
    if mine in removed:
        return {"epoch": epoch, "removed": True}
    raise Refused("not for this recipient")


def check_rfc9180(path):
    vector = json.load(open(path))["vector"]
    h = bytes.fromhex
    assert (vector["mode"], vector["kem_id"], vector["kdf_id"], vector["aead_id"]) == (0, 0x20, 1, 2)
    receiver = SUITE.kem.derive_key_pair(h(vector["ikmR"]))
    assert raw(x25519.X25519PrivateKey.from_private_bytes(h(vector["skRm"])).public_key()) == h(vector["pkRm"])
    assert SUITE.kem.derive_key_pair(h(vector["ikmE"])).public_key.to_public_bytes() == h(vector["pkEm"])
    enc, sender = SUITE.create_sender_context(receiver.public_key, h(vector["info"]), eks=SUITE.kem.derive_key_pair(h(vector["ikmE"])))
    assert enc == h(vector["enc"])
    recipient = SUITE.create_recipient_context(enc, SUITE.kem.deserialize_private_key(h(vector["skRm"])), h(vector["info"]))
    for encryption in vector["encryptions"]:
        assert sender.seal(h(encryption["pt"]), h(encryption["aad"])) == h(encryption["ct"])
        assert recipient.open(h(encryption["ct"]), h(encryption["aad"])) == h(encryption["pt"])
    print("ok")


def seed(label):
    """32 bytes named by a label, so that every input of the vector can be rebuilt from this script."""
    return hashlib.sha256(b"seqr suite 2 vector: " + label.encode()).digest()


def vector():
    owner_sk = ed25519.Ed25519PrivateKey.from_private_bytes(seed("owner signing"))
    owner_ak = x25519.X25519PrivateKey.from_private_bytes(seed("owner agreement"))
    people = {name: (ed25519.Ed25519PrivateKey.from_private_bytes(seed(name + " signing")),
                     x25519.X25519PrivateKey.from_private_bytes(seed(name + " agreement"))) for name in ("Bob", "Carol")}

    def person(name, sk, ak):
        signing, agreement = raw(sk.public_key()), raw(ak.public_key())
        return {"name": name, "ed25519Private": raw(sk).hex(), "x25519Private": raw(ak).hex(),
                "publicKeyCode": (b"SQ\x01\x01" + identity_bytes(signing, agreement, name)).hex(),
                "fingerprint": fingerprint(signing, agreement), "recipientId": recipient_id(agreement).hex()}

    channel = {"id": seed("channel id")[:16], "name": "Garden", "secret": seed("epoch 0 secret"), "created": 1_764_000_000, "epoch": 0}
    bob_public = raw(people["Bob"][1].public_key())
    carol_public = raw(people["Carol"][1].public_key())
    share = share_code(owner_sk, owner_ak, "Alice", bob_public, channel, seed("share ephemeral"))
    message = {"kind": 1, "created": 1_764_000_100, "expires": 0, "content": "Meeting at 6 ✓"}
    nonce = seed("message nonce")[:12]
    epoch1 = dict(channel, epoch=1, secret=seed("epoch 1 secret"))
    rekey = rekey_code(owner_sk, channel["id"], 1, epoch1["secret"], [bob_public], [carol_public], [seed("rekey ephemeral")])
    later = {"kind": 2, "created": 1_764_000_200, "expires": 1_764_604_800, "content": "https://garden.example/after"}
    later_nonce = seed("later nonce")[:12]

    def hexed(c):
        return dict(c, id=c["id"].hex(), secret=c["secret"].hex())

    return {
        "description": "Seqr channel suite 2 (docs/formats/channels.md), written by Tests/Reference/channel_suite2_reference.py "
                       "(pyhpke and cryptography, no Seqr code). Every input is SHA-256(\"seqr suite 2 vector: \" + label); "
                       "HPKE ephemeral keys are DeriveKeyPair(ikm) of RFC 9180. Byte strings are hex; times are Unix seconds.",
        "owner": person("Alice", owner_sk, owner_ak),
        "subscriber": person("Bob", *people["Bob"]),
        "removed": person("Carol", *people["Carol"]),
        "channel": hexed(channel),
        "share": {"to": "Bob", "ephemeralIkm": seed("share ephemeral").hex(), "code": share.hex()},
        "message": dict(message, epoch=0, nonce=nonce.hex(), key=message_key(channel["secret"]).hex(),
                        code=message_code(owner_sk, channel, message, nonce).hex()),
        "rekey": {"epoch": 1, "secret": epoch1["secret"].hex(), "to": ["Bob"], "removedNames": ["Carol"],
                  "ephemeralIkms": [seed("rekey ephemeral").hex()], "code": rekey.hex()},
        "laterMessage": dict(later, epoch=1, nonce=later_nonce.hex(), key=message_key(epoch1["secret"]).hex(),
                             code=message_code(owner_sk, epoch1, later, later_nonce).hex()),
    }


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    try:
        if command == "rfc9180":
            check_rfc9180(arguments[0])
        elif command == "vector":
            print(json.dumps(vector(), indent=2, ensure_ascii=False))
        elif command == "open-share":
            print(json.dumps(open_share(bytes.fromhex(arguments[0]), sys.stdin.buffer.read())))
        elif command == "open-message":
            print(json.dumps(open_message(bytes.fromhex(arguments[0]), bytes.fromhex(arguments[1]), sys.stdin.buffer.read()), ensure_ascii=False))
        elif command == "open-rekey":
            print(json.dumps(open_rekey(bytes.fromhex(arguments[0]), bytes.fromhex(arguments[1]), sys.stdin.buffer.read())))
        else:
            sys.exit(f"unknown command {command}")
    except Refused as refusal:
        print(f"refused: {refusal}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
