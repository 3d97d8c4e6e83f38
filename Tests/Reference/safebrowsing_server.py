#!/usr/bin/env python3
"""A loopback stand-in for the Google Safe Browsing v4 Lookup API (threatMatches:find),
for Seqr's client tests. Written from the v4 API reference; listens on 127.0.0.1 only.

  safebrowsing_server.py PORTFILE [SECONDS]   writes the chosen port to PORTFILE, then serves
                                              until its parent process is gone or at most
                                              SECONDS (default 900) have passed

Accepts API key "test-key" only (403 otherwise). URLs on hosts ending in "malware.test" match
MALWARE, on "phish.test" SOCIAL_ENGINEERING; requests without the v4 fields get 400.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

THREATS = {"malware.test": "MALWARE", "phish.test": "SOCIAL_ENGINEERING"}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        url = urlparse(self.path)
        if url.path != "/v4/threatMatches:find":
            return self.reply(404, {"error": {"code": 404}})
        if parse_qs(url.query).get("key") != ["test-key"]:
            return self.reply(403, {"error": {"code": 403, "message": "API key not valid"}})
        try:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            info = request["threatInfo"]
            assert request["client"]["clientId"] and info["threatEntryTypes"] == ["URL"]
            entries = info["threatEntries"]
        except Exception:
            return self.reply(400, {"error": {"code": 400, "message": "invalid request"}})
        matches = []
        for entry in entries:
            host = urlparse(entry["url"]).hostname or ""
            for suffix, threat in THREATS.items():
                if host.endswith(suffix) and threat in info["threatTypes"]:
                    matches.append({"threatType": threat, "platformType": "ANY_PLATFORM", "threatEntryType": "URL",
                                    "threat": {"url": entry["url"]}, "cacheDuration": "300s"})
        self.reply(200, {"matches": matches} if matches else {})


import time

server = HTTPServer(("127.0.0.1", 0), Handler)
server.timeout = 0.5
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
# Bounded: the server stops with the test process that started it, and in any case after the
# deadline. The deadline is generous because a loaded 2-core CI machine can hold a test's
# continuation for a minute before its next request (a 60 s deadline once failed CI that way).
parent = os.getppid()
deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 900)
while time.monotonic() < deadline and os.getppid() == parent:
    server.handle_request()
