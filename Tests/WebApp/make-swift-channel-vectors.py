#!/usr/bin/env python3
"""Writes Tests/Vectors/channel-suite2-swift.json: channel codes sealed and signed by the `seqr`
command line (swift-crypto's HPKE, AES-GCM and Ed25519, random ephemeral keys and nonces) to the
subscribers of Tests/Vectors/channel-suite2.json (Bob, Carol), whose private keys are there, so
`node --test` opens swift-crypto's output with the web app's modules (channel-codes.test.mjs)
without a build. Run it again only to replace the vectors:

  python3 Tests/WebApp/make-swift-channel-vectors.py [SEQR (default .build/debug/seqr)]
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEQR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "seqr")
vector = json.load(open(os.path.join(ROOT, "Tests", "Vectors", "channel-suite2.json")))
work = tempfile.mkdtemp(prefix="seqr-swift-vectors-")
store = os.path.join(work, "store")


def seqr(*args):
    return subprocess.run([SEQR, *args, "--store", store], check=True, capture_output=True, text=True).stdout


def code(png):
    return subprocess.run([SEQR, "decode", png, "--raw", "-"], check=True, capture_output=True).stdout.hex()


def out(name):
    return os.path.join(work, name)


def key(person):
    return base64.b64encode(bytes.fromhex(vector[person]["publicKeyCode"])).decode()


seqr("id", "init", "--name", "Alice (Swift)", "--no-passphrase")
seqr("channel", "create", "Garden")
owner = json.loads(seqr("id", "show", "--json"))
seqr("channel", "share", "Garden", "--to", key("subscriber"), "-o", out("bob.png"), "--link", "none")
seqr("channel", "share", "Garden", "--to", key("removed"), "-o", out("carol.png"), "--link", "none")
seqr("post", "Garden", "--text", "Sealed by swift-crypto ✓", "-o", out("message.png"), "--link", "none")
seqr("channel", "remove", "Garden", "--subscriber", "Carol", "-o", out("rekey.png"), "--link", "none")
seqr("post", "Garden", "--url", "https://garden.example/swift", "--expires", "7d", "-o", out("later.png"), "--link", "none")
json.dump({
    "description": "Channel suite 2 codes written by the seqr command line (swift-crypto), to the subscriber (Bob) and removed "
                   "subscriber (Carol) of channel-suite2.json; written by Tests/WebApp/make-swift-channel-vectors.py",
    "owner": {"publicKeyCode": base64.b64decode(owner["codeBase64"]).hex(), "fingerprint": owner["fingerprint"]},
    "shareToBob": code(out("bob.png")), "shareToCarol": code(out("carol.png")),
    "message": {"content": "Sealed by swift-crypto ✓", "epoch": 0, "code": code(out("message.png"))},
    "rekey": {"epoch": 1, "removed": "Carol", "code": code(out("rekey.png"))},
    "laterMessage": {"content": "https://garden.example/swift", "epoch": 1, "code": code(out("later.png"))},
}, open(os.path.join(ROOT, "Tests", "Vectors", "channel-suite2-swift.json"), "w"), indent=2, ensure_ascii=False)
shutil.rmtree(work)
print("Tests/Vectors/channel-suite2-swift.json written")
