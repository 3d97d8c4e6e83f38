#!/usr/bin/env python3
"""Writes a QR code with segno (an encoder independent of Seqr and libqrencode): TEXT in 8-bit byte
mode, encoded in ENCODING, with an ECI designator naming it when --eci is given.

    segno_encode.py OUT.png TEXT ENCODING [--eci]   ->  prints the payload bytes as hex
"""
import sys

import segno

out, text, encoding = sys.argv[1:4]
eci = "--eci" in sys.argv[4:]
segno.make(text, encoding=encoding, eci=eci, mode="byte", micro=False).save(out, scale=4, border=4)
print(text.encode(encoding).hex())
