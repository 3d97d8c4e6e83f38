#!/usr/bin/env python3
"""A map tile server for the viewer's browser test: serves a small PNG for /{z}/{x}/{y}.png on
loopback and logs every request it gets (request line and headers, one JSON object per line),
so the test sees exactly what a tile server learns. Prints "listening PORT" when ready."""
import json
import re
import struct
import sys
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def png(width, height, rgb):
    """A plain one-colour PNG with a darker border, so tiles show as a checked grid in screenshots."""
    rows = b""
    for y in range(height):
        row = b"\x00"
        for x in range(width):
            edge = x == 0 or y == 0
            row += bytes(c // 2 for c in rgb) if edge else bytes(rgb)
        rows += row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


TILE = png(256, 256, (200, 226, 200))
TILE_PATH = re.compile(r"^/(\d+)/(\d+)/(\d+)\.png$")


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        with open(sys.argv[2], "a") as log:
            log.write(json.dumps({"path": self.path, "headers": dict(self.headers.items())}) + "\n")
        if TILE_PATH.match(self.path):
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(TILE)))
            self.end_headers()
            self.wfile.write(TILE)
        else:
            self.send_error(404)

    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: tile_server.py PORT LOGFILE")
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    print("listening", server.server_address[1], flush=True)
    server.serve_forever()
