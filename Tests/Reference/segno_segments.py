#!/usr/bin/env python3
"""Writes a QR code of several segments, each in the mode given, with segno (an encoder independent
of Seqr and libqrencode); zxing's real photo qrcode-2/33 is one such: byte, Hanzi, byte.

    segno_segments.py OUT.png MODE:VALUE ...   ->  prints the payload bytes as hex
    MODE is byte (VALUE in hex), numeric, alphanumeric, kanji or hanzi (VALUE as text)
"""
import sys

import segno
from segno import consts

modes = {"byte": consts.MODE_BYTE, "numeric": consts.MODE_NUMERIC, "alphanumeric": consts.MODE_ALPHANUMERIC,
         "kanji": consts.MODE_KANJI, "hanzi": consts.MODE_HANZI}
codecs = {"kanji": "shift_jis", "hanzi": "gb2312"}
segments, payload = [], b""
for argument in sys.argv[2:]:
    mode, value = argument.split(":", 1)
    data = bytes.fromhex(value) if mode == "byte" else value
    segments.append((data, modes[mode]))
    payload += data if isinstance(data, bytes) else data.encode(codecs.get(mode, "ascii"))
segno.make(segments, micro=False).save(sys.argv[1], scale=4, border=4)
print(payload.hex())
