#!/usr/bin/env python3
"""Writes Tests/Vectors/vault-key-sheets.json: two key-sheet backups made by `seqr vault backup --shares
2-of-3` (clear-text flags 1), and `--shares 2-of-3 --password` (flags 3), each with its document, the
payloads of its codes (`seqr decode --json` of its PDF pages) and, for each of its three sheets, the
payload of the sheet's QR code and its 33 words as printed (pdftotext of the sheet's PDF). node --test
restores both with the page's modules (vault-key-sheets.test.mjs): SLIP-0039 and the key derivation
of the page against the CLI's. Run it again only to replace the vectors:

  python3 Tests/WebApp/make-vault-key-sheets-vectors.py [SEQR (default .build/debug/seqr)]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEQR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "seqr")
PASSWORD = "sheets and a password ✓ é"
work = tempfile.mkdtemp(prefix="seqr-key-sheet-vectors-")


def payloads(pdf):
    read = json.loads(subprocess.run([SEQR, "decode", "--json", pdf], check=True, capture_output=True).stdout)
    return [code["payloadBase64"] for page in read for code in page["codes"]]


def backup(name, text, *options):
    document = os.path.join(work, name)
    with open(document, "w", encoding="utf-8") as f:
        f.write(text)
    pdf = os.path.join(work, name + ".pdf")
    subprocess.run([SEQR, "vault", "backup", document, "-o", pdf, "--shares", "2-of-3", "--rounds", "210000",
                    "--no-restore-program", "--quiet", *options],
                   check=True, capture_output=True, env=dict(os.environ, SEQR_PASSWORD=PASSWORD))
    sheets = []
    for number in (1, 2, 3):
        sheet = os.path.join(work, f"{name}-key-sheet-{number}.pdf")
        printed = subprocess.run(["pdftotext", "-layout", sheet, "-"], check=True, capture_output=True, text=True).stdout
        words = dict((int(n), w) for n, w in re.findall(r"\b(\d+)\. ([a-z]+)\b", printed))
        assert sorted(words) == list(range(1, 34)), words
        (code,) = payloads(sheet)
        sheets.append({"number": number, "code": code, "words": " ".join(words[i] for i in range(1, 34))})
    return {"name": name, "text": text, "options": list(options), "password": PASSWORD if "--password" in options else None,
            "codes": payloads(pdf), "sheets": sheets}


try:
    vectors = {
        "about": "seqr vault backup --shares 2-of-3 [--password]: made by Tests/WebApp/make-vault-key-sheets-vectors.py",
        "backups": [backup("sheets-only.txt", "Key sheets alone open this ✓\n"),
                    backup("sheets-and-password.txt", "Two sheets and the password open this ✓\n", "--password")],
    }
    with open(os.path.join(ROOT, "Tests", "Vectors", "vault-key-sheets.json"), "w") as f:
        json.dump(vectors, f, indent=1, ensure_ascii=False)
        f.write("\n")
finally:
    shutil.rmtree(work)
