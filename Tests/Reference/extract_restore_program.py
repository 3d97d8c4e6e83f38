#!/usr/bin/env python3
"""Extracts the restore program printed on a Seqr vault backup's last pages from the PDF, as a
person copying it would: every word where it stands. Uses `pdftotext -bbox` (poppler) for each
word's position, rebuilds lines from the fixed line pitch and columns from the monospaced
advance, and prints the SHA-256 printed on the pages and the one of the text it rebuilt.

    extract_restore_program.py backup.pdf program.py   ->  "<printed sha256> <rebuilt sha256>"
"""
import hashlib, html, re, subprocess, sys

FONT_SIZE, LINE_PITCH, MARGIN, PROGRAM_TOP = 9.0, 11.0, 36.0, 60.0  # as VaultPrintout+RestoreProgram.swift
ADVANCE = FONT_SIZE * 1233 / 2048  # DejaVu Sans Mono: 1233 units of 2048 per character

def words(pdf):
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True).stdout
    for page in out.split("<page ")[1:]:
        height = float(re.search(r'height="([\d.]+)"', page).group(1))
        yield height, [(float(x), float(y), html.unescape(w)) for x, y, w in
               re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">(.*?)</word>', page)]

def main(pdf, target):
    printed, pages = None, []
    for height, page in words(pdf):
        if "Restore without Seqr:" not in " ".join(w for _, _, w in page):
            continue
        digest, digest_y = next(((w, y) for _, y, w in page if re.fullmatch(r"[0-9a-f]{64}", w)), (None, 0))
        printed = printed or digest
        # Line 0's top is where the first program line would stand: 23 pt below the digest's
        # line (baselines at 73 and 96 pt); lines follow at a fixed pitch, blank ones included.
        top = digest_y + 23
        rows = {}
        for x, y, w in page:
            if y > digest_y + 8:
                rows.setdefault(round((y - top) / LINE_PITCH), []).append((round((x - MARGIN) / ADVANCE), w))
        per_page = int((height - 2 * MARGIN - PROGRAM_TOP) / LINE_PITCH)
        pages.append((rows, per_page))
    program = []
    for number, (rows, per_page) in enumerate(pages):
        # A full page's trailing blank lines are not drawn, but they are part of the program.
        count = per_page if number < len(pages) - 1 else max(rows, default=-1) + 1
        for index in range(count):
            line = ""
            for column, w in sorted(rows.get(index, [])):
                line += " " * (column - len(line)) + w
            program.append(line)
    source = "\n".join(program) + "\n"
    open(target, "w").write(source)
    print(printed, hashlib.sha256(source.encode()).hexdigest())

main(*sys.argv[1:])
