#!/usr/bin/env python3
"""Loads a page in headless Chromium over the DevTools protocol (--remote-debugging-pipe: no
websocket module needed), lets it run for SECONDS of real time, then prints its DOM or saves a
screenshot. `chromium --dump-dom` cannot do this for the location viewer: it dumps at the load
event, before the live feed's events arrive, and a --virtual-time-budget never runs out while
the feed's event stream is open.

Usage: visit_page.py CHROMIUM URL PROFILE SECONDS [--screenshot FILE] [-- EXTRA CHROMIUM FLAGS]"""
import base64
import json
import os
import subprocess
import sys
import time

args = sys.argv[1:]
extra = args[args.index("--") + 1:] if "--" in args else []
args = args[:args.index("--")] if "--" in args else args
screenshot = None
if "--screenshot" in args:
    at = args.index("--screenshot")
    screenshot = args[at + 1]
    del args[at:at + 2]
chromium, url, profile, seconds = args[0], args[1], args[2], float(args[3])

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()


def pipe_fds():
    """In the child: the protocol's pipes on fds 3 (read by Chromium) and 4 (written by it)."""
    read, write = os.dup(to_browser_read), os.dup(from_browser_write)
    os.dup2(read, 3)
    os.dup2(write, 4)


browser = subprocess.Popen(
    [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
     "--remote-debugging-pipe", "--user-data-dir=" + profile] + extra + ["about:blank"],
    pass_fds=(3, 4), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=pipe_fds)
os.close(to_browser_read)
os.close(from_browser_write)
next_id, buffer = 0, b""


def send(method, params=None, session=None):
    global next_id, buffer
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(to_browser_write, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffer:
            chunk = os.read(from_browser_read, 65536)
            if not chunk:
                sys.exit("chromium closed the pipe")
            buffer += chunk
        line, buffer = buffer.split(b"\0", 1)
        reply = json.loads(line)
        if reply.get("id") == next_id:
            if "error" in reply:
                sys.exit(method + ": " + json.dumps(reply["error"]))
            return reply["result"]


try:
    target = send("Target.createTarget", {"url": url})["targetId"]
    session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    time.sleep(seconds)
    if screenshot:
        data = send("Page.captureScreenshot", {"format": "png"}, session)["data"]
        with open(screenshot, "wb") as out:
            out.write(base64.b64decode(data))
    else:
        dom = send("Runtime.evaluate", {"expression": "document.documentElement.outerHTML", "returnByValue": True}, session)
        sys.stdout.write(dom["result"]["value"])
    send("Browser.close")
finally:
    try:
        browser.wait(timeout=10)
    except subprocess.TimeoutExpired:
        browser.kill()
