#!/usr/bin/env python3
"""Writes Tests/Vectors/identity-backup-swift.json: an identity backup written by `seqr id export`
(swift-crypto's PBKDF2 and AES-GCM), which `node --test` restores with the web app's keyring
(identity-backup.test.mjs) and whose messages it then reads. Alice (Swift) owns "Garden" (Bob
subscribed, Carol removed: epochs 0 and 1) and follows Dave's "Orchard". Run it again only to
replace the vector:

  python3 Tests/WebApp/make-swift-identity-backup-vector.py [SEQR (default .build/debug/seqr)]
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
PASSPHRASE = "swift passphrase ✓ é"
work = tempfile.mkdtemp(prefix="seqr-backup-vector-")
secret = os.path.join(work, "passphrase.txt")
with open(secret, "w") as f:
    f.write(PASSPHRASE + "\n")


def seqr(store, *args):
    return subprocess.run([SEQR, *args, "--store", os.path.join(work, store), "--passphrase-file", secret],
                          check=True, capture_output=True, text=True).stdout


def out(name):
    return os.path.join(work, name)


def code(png):
    return subprocess.run([SEQR, "decode", png, "--raw", "-"], check=True, capture_output=True).stdout.hex()


seqr("alice", "id", "init", "--name", "Alice (Swift)")
for person in ["Bob", "Carol", "Dave"]:
    seqr(person.lower(), "id", "init", "--name", person, "--no-passphrase")
    seqr(person.lower(), "id", "show", "-o", out(person.lower() + ".png"), "--link", "none")
seqr("alice", "channel", "create", "Garden")
seqr("alice", "channel", "share", "Garden", "--to", out("bob.png"), "-o", out("share-bob.png"), "--link", "none")
seqr("alice", "channel", "share", "Garden", "--to", out("carol.png"), "-o", out("share-carol.png"), "--link", "none")
seqr("alice", "post", "Garden", "--text", "epoch 0 from Swift", "-o", out("early.png"), "--link", "none")
seqr("alice", "channel", "remove", "Garden", "--subscriber", "Carol", "-o", out("rekey.png"), "--link", "none")
seqr("alice", "post", "Garden", "--text", "epoch 1 from Swift", "-o", out("late.png"), "--link", "none")
seqr("alice", "id", "show", "-o", out("alice.png"), "--link", "none")
seqr("dave", "channel", "create", "Orchard")
seqr("dave", "channel", "share", "Orchard", "--to", out("alice.png"), "-o", out("share-alice.png"), "--link", "none")
seqr("alice", "channel", "subscribe", out("share-alice.png"))
seqr("dave", "post", "Orchard", "--url", "https://orchard.example/swift", "-o", out("dave-post.png"), "--link", "none")
seqr("alice", "id", "export", "-o", out("alice.seqr-identity"), "--iterations", "210000")
fingerprint = json.loads(seqr("alice", "id", "show", "--json"))["fingerprint"]
json.dump({
    "description": "An identity backup written by `seqr id export` (swift-crypto); written by Tests/WebApp/make-swift-identity-backup-vector.py",
    "passphrase": PASSPHRASE,
    "fingerprint": fingerprint,
    "fileBase64": base64.b64encode(open(out("alice.seqr-identity"), "rb").read()).decode(),
    "channels": [{"name": "Garden", "owned": True, "epochs": [0, 1]}, {"name": "Orchard", "owned": False, "epochs": [0]}],
    "messages": [{"code": code(out("early.png")), "content": "epoch 0 from Swift"},
                 {"code": code(out("late.png")), "content": "epoch 1 from Swift"},
                 {"code": code(out("dave-post.png")), "content": "https://orchard.example/swift"}],
}, open(os.path.join(ROOT, "Tests", "Vectors", "identity-backup-swift.json"), "w"), indent=2, ensure_ascii=False)
shutil.rmtree(work)
print("Tests/Vectors/identity-backup-swift.json written")
