#!/usr/bin/env python3
"""Loads a page in headless Chromium over the DevTools protocol (--remote-debugging-pipe: no
websocket module needed), lets it run for SECONDS of real time, then prints its DOM or saves a
screenshot. `chromium --dump-dom` cannot do this for the location viewer: it dumps at the load
event, before the live feed's events arrive, and a --virtual-time-budget never runs out while
the feed's event stream is open.

With --address FILE it also writes the address the page shows in the address bar (location.href)
to FILE.

Usage: visit_page.py CHROMIUM URL PROFILE SECONDS [--screenshot FILE] [--address FILE] [-- EXTRA CHROMIUM FLAGS]"""
import base64
import sys
import time

from devtools import Chromium

args = sys.argv[1:]
extra = args[args.index("--") + 1:] if "--" in args else []
args = args[:args.index("--")] if "--" in args else args
screenshot = None
if "--screenshot" in args:
    at = args.index("--screenshot")
    screenshot = args[at + 1]
    del args[at:at + 2]
address = None
if "--address" in args:
    at = args.index("--address")
    address = args[at + 1]
    del args[at:at + 2]
chromium, url, profile, seconds = args[0], args[1], args[2], float(args[3])

browser = Chromium(chromium, profile, extra)
try:
    session = browser.open(url)
    time.sleep(seconds)
    if address:
        href = browser.send("Runtime.evaluate", {"expression": "location.href", "returnByValue": True}, session)
        with open(address, "w") as out:
            out.write(href["result"]["value"])
    if screenshot:
        data = browser.send("Page.captureScreenshot", {"format": "png"}, session)["data"]
        with open(screenshot, "wb") as out:
            out.write(base64.b64decode(data))
    else:
        dom = browser.send("Runtime.evaluate", {"expression": "document.documentElement.outerHTML", "returnByValue": True}, session)
        sys.stdout.write(dom["result"]["value"])
finally:
    browser.close()
