"""A hostile live-feed server for one connection: answers any request with an event stream and
then, by mode, sends what a well-behaved client must not keep:

  endless-event  data lines of 1 KiB that never end the event (no blank line), up to 64 MiB
  endless-fields `event:` lines of 1 KiB that never end the event (no data, no blank line), up to 64 MiB
  flood          a share event, then fix events as fast as the client takes them, up to 64 MiB

It prints `port N` once listening, then how the sending ended: `blocked after N` (the client
stopped reading: TCP pushed back for 5 s in flood mode, 60 s in endless-event mode, long enough for a
loaded machine to reach the cap), `closed after N` (the client dropped the connection) or `sent all N`.
"""
import socket
import sys

LIMIT = 64 * 1024 * 1024

mode = sys.argv[1]
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(1)
print("port", server.getsockname()[1], flush=True)
conn, _ = server.accept()
request = b""
while b"\r\n\r\n" not in request:
    part = conn.recv(4096)
    if not part:
        sys.exit(0)
    request += part
conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n")

if mode == "endless-event":
    chunk = (b"data: " + b"x" * 1017 + b"\n") * 64
elif mode == "endless-fields":
    chunk = (b"event: " + b"x" * 1016 + b"\n") * 64
else:
    chunk = b'event: share\ndata: {"format":"seqr-location-v1","id":"AAAAAAAAAAAAAAAAAAAAAA"}\n\n'
    fix = b'event: fix\ndata: {"data":"' + b"A" * 64 + b'","receivedAt":"2026-11-25T12:00:00Z","seq":%d}\n\n'
    chunk += b"".join(fix % seq for seq in range(1, 400))
conn.settimeout(60 if mode.startswith("endless") else 5)
sent = 0
try:
    while sent < LIMIT:
        conn.sendall(chunk)
        sent += len(chunk)
    print("sent all", sent, flush=True)
except socket.timeout:
    print("blocked after", sent, flush=True)
except OSError:
    print("closed after", sent, flush=True)
conn.close()
