#!/usr/bin/env python3
"""Writes Tests/Vectors/notes-kit-swift.json: a paper emergency kit printed by `seqr notes kit` (swift-crypto's
HKDF, HMAC, SHA-256 and the Swift SLIP-0039 split) on a throwaway seqr-server: the five sheets' share codes and
the account code as `seqr decode --json` reads them from the PDF, sheet 1's words as `pdftotext` reads them,
and the kit's method id as `seqr notes unlock list --json` lists it (the server's SHA-256 of the sign-in key).
notes-kit.test.mjs combines the sheets with the web app's code and checks it derives the same. Run it again
only to replace the vector:

  python3 Tests/WebApp/make-notes-kit-vector.py [BIN_DIR (default .build/debug)]
"""
import base64
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug")
work = tempfile.mkdtemp(prefix="seqr-kit-vector-")
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
server = subprocess.Popen([os.path.join(BIN, "seqr-server"), "--database", os.path.join(work, "s.sqlite"), "--port", str(port)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, SEQR_PASSWORD="vector password ✓")

    def seqr(*args):
        return subprocess.run([os.path.join(BIN, "seqr"), *args], env=env, check=True, capture_output=True, text=True).stdout

    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    store = ["--server", url, "--store", os.path.join(work, "store")]
    seqr("notes", "register", "kit-vector", "--kdf-iterations", "210000", *store)
    pdf = os.path.join(work, "kit.pdf")
    seqr("notes", "kit", "--shares", "3-of-5", "-o", pdf, *store)
    codes = [code for result in json.loads(seqr("decode", "--json", pdf)) for code in result["codes"]]
    shares = [c["payloadBase64"] for c in codes if base64.b64decode(c["payloadBase64"]).startswith(b"KS")]
    account = {c["payloadBase64"] for c in codes if base64.b64decode(c["payloadBase64"]).startswith(b"NK")}
    methods = json.loads(seqr("notes", "unlock", "list", "--json", *store))["methods"]
    text = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", "1", pdf, "-"], check=True, capture_output=True, text=True).stdout
    words = dict((int(n), w) for n, w in re.findall(r"(\d+)\. ([a-z]+)", text))
    assert len(shares) == 5 and len(account) == 1 and len(words) == 33
    vector = {
        "about": "A kit printed by `seqr notes kit --shares 3-of-5` (Tests/WebApp/make-notes-kit-vector.py)",
        "server": url, "username": "kit-vector",
        "shareCodes": shares, "accountCode": account.pop(),
        "sheet1Words": " ".join(words[i] for i in range(1, 34)),
        "methodID": next(m["id"] for m in methods if m["kind"] == "kit"),
    }
    with open(os.path.join(ROOT, "Tests", "Vectors", "notes-kit-swift.json"), "w") as f:
        json.dump(vector, f, indent=2, ensure_ascii=False)
        f.write("\n")
finally:
    server.terminate()
    server.wait()
