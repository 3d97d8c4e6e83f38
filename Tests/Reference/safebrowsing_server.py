#!/usr/bin/env python3
"""A loopback stand-in for the Google Safe Browsing v4 Update API (threatListUpdates:fetch and
fullHashes:find), for Seqr's client tests. Written from the v4 API reference; its hashing is
Python's hashlib, independent of the Swift client. Listens on 127.0.0.1 only.

  safebrowsing_server.py PORTFILE [SECONDS] [options]

Writes the chosen port to PORTFILE, then serves until its parent process is gone or at most
SECONDS (default 900) have passed. Every request (path and body) is written to standard output
as one JSON line, so that a test can check what the client sent.

Options:
  --fetch-wait SECONDS   minimumWaitDuration of every fetch answer (default 0)
  --find-wait SECONDS    minimumWaitDuration of every find answer (default 0)
  --evolve               from the second fetch on, the lists are at version 2 (MALWARE loses
                         "evil.example/bad/" and gains "late.test/"): a client holding version 1
                         gets a partial update with a removal
  --corrupt-fetch N      the N-th fetch answer (from 1) carries a wrong MALWARE checksum

Accepts API key "test-key" only (403 otherwise); malformed requests get 400.
"""
import argparse
import base64
import hashlib
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

# Expressions (host suffix + path prefix, canonical) and the size of the prefix the list holds.
VERSION_1 = {
    "MALWARE": {"malware.test/": 4, "evil.example/bad/": 4, "cdn.example/files/trojan.exe": 32, "decoy.test/": 4},
    "SOCIAL_ENGINEERING": {"phish.test/login": 4},
    "UNWANTED_SOFTWARE": {"pua.test/": 4},
}
VERSION_2 = {
    "MALWARE": {"malware.test/": 4, "cdn.example/files/trojan.exe": 32, "decoy.test/": 4, "late.test/": 4},
    "SOCIAL_ENGINEERING": {"phish.test/login": 4},
    "UNWANTED_SOFTWARE": {"pua.test/": 4},
}
# Listed by prefix only: the full hash the server knows for them is another URL's, as in a
# prefix collision, so a client must not flag them.
DECOYS = {"decoy.test/"}


def sha256(text):
    return hashlib.sha256(text.encode()).digest()


def prefixes(version, threat):
    return sorted(sha256(expr)[:size] for expr, size in version[threat].items())


def full_hash(expr):
    digest = sha256(expr)
    if expr in DECOYS:
        # Same first 4 bytes, different rest.
        return digest[:4] + hashlib.sha256(b"another url").digest()[4:]
    return digest


def b64(data):
    return base64.b64encode(data).decode()


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
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        print(json.dumps({"path": self.path, "body": raw.decode("utf-8", "replace")}), flush=True)
        url = urlparse(self.path)
        if parse_qs(url.query).get("key") != ["test-key"]:
            return self.reply(403, {"error": {"code": 403, "message": "API key not valid"}})
        try:
            request = json.loads(raw)
            assert request["client"]["clientId"]
        except Exception:
            return self.reply(400, {"error": {"code": 400, "message": "invalid request"}})
        if url.path == "/v4/threatListUpdates:fetch":
            return self.fetch(request)
        if url.path == "/v4/fullHashes:find":
            return self.find(request)
        return self.reply(404, {"error": {"code": 404}})

    def fetch(self, request):
        server.fetches += 1
        target = 2 if OPTIONS.evolve and server.fetches >= 2 else 1
        versions = {1: VERSION_1, 2: VERSION_2}
        responses = []
        try:
            for item in request["listUpdateRequests"]:
                threat = item["threatType"]
                assert item["platformType"] == "ANY_PLATFORM" and item["threatEntryType"] == "URL"
                assert item["constraints"]["supportedCompressions"] == ["RAW"]
                if threat not in VERSION_1:
                    continue
                state = base64.b64decode(item.get("state", "")).decode()
                new = prefixes(versions[target], threat)
                update = {"threatType": threat, "platformType": "ANY_PLATFORM", "threatEntryType": "URL",
                          "newClientState": b64(f"v{target}".encode())}
                if state in ("v1", "v2"):
                    old = prefixes(versions[int(state[1])], threat)
                    update["responseType"] = "PARTIAL_UPDATE"
                    removed = [i for i, p in enumerate(old) if p not in new]
                    added = [p for p in new if p not in old]
                    if removed:
                        update["removals"] = [{"compressionType": "RAW", "rawIndices": {"indices": removed}}]
                else:
                    update["responseType"] = "FULL_UPDATE"
                    added = new
                sizes = sorted({len(p) for p in added})
                if added:
                    update["additions"] = [{"compressionType": "RAW", "rawHashes": {
                        "prefixSize": size, "rawHashes": b64(b"".join(p for p in added if len(p) == size))}} for size in sizes]
                checksum = hashlib.sha256(b"".join(new)).digest()
                if OPTIONS.corrupt_fetch == server.fetches and threat == "MALWARE":
                    checksum = hashlib.sha256(b"wrong").digest()
                update["checksum"] = {"sha256": b64(checksum)}
                responses.append(update)
        except Exception:
            return self.reply(400, {"error": {"code": 400, "message": "invalid list update request"}})
        server.version = target
        self.reply(200, {"listUpdateResponses": responses, "minimumWaitDuration": f"{OPTIONS.fetch_wait}s"})

    def find(self, request):
        try:
            info = request["threatInfo"]
            assert request["clientStates"] and info["threatEntryTypes"] == ["URL"]
            asked = [base64.b64decode(entry["hash"]) for entry in info["threatEntries"]]
            assert asked and all(4 <= len(p) <= 32 for p in asked)
        except Exception:
            return self.reply(400, {"error": {"code": 400, "message": "invalid full hash request"}})
        version = {1: VERSION_1, 2: VERSION_2}[server.version]
        matches = []
        for threat, entries in version.items():
            if threat not in info["threatTypes"]:
                continue
            for expr in entries:
                digest = full_hash(expr)
                if any(digest.startswith(p) for p in asked):
                    matches.append({"threatType": threat, "platformType": "ANY_PLATFORM", "threatEntryType": "URL",
                                    "threat": {"hash": b64(digest)}, "cacheDuration": CACHE})
        body = {"negativeCacheDuration": CACHE, "minimumWaitDuration": f"{OPTIONS.find_wait}s"}
        if matches:
            body["matches"] = matches
        self.reply(200, body)


parser = argparse.ArgumentParser()
parser.add_argument("portfile")
parser.add_argument("seconds", nargs="?", type=float, default=900)
parser.add_argument("--fetch-wait", type=float, default=0)
parser.add_argument("--find-wait", type=float, default=0)
parser.add_argument("--evolve", action="store_true")
parser.add_argument("--corrupt-fetch", type=int, default=0)
OPTIONS = parser.parse_args()
# An hour, not Google's usual 300 s: the test runner can starve a test for minutes between two
# checks on a loaded two-core machine, and a cache that expired there would fail the test.
CACHE = "3600s"

server = HTTPServer(("127.0.0.1", 0), Handler)
server.timeout = 0.5
server.fetches = 0
server.version = 1
with open(OPTIONS.portfile + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(OPTIONS.portfile + ".tmp", OPTIONS.portfile)
# Bounded: the server stops with the test process that started it, and in any case after the
# deadline. The deadline is generous because a loaded 2-core CI machine can hold a test's
# continuation for a minute before its next request (a 60 s deadline once failed CI that way).
parent = os.getppid()
deadline = time.monotonic() + OPTIONS.seconds
while time.monotonic() < deadline and os.getppid() == parent:
    server.handle_request()
