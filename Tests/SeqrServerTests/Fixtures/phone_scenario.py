#!/usr/bin/env python3
"""Drives the viewer in headless Chromium emulating a phone (390 x 844 CSS pixels, touch, a phone's
user agent) over the DevTools protocol, through a loopback TCP proxy this script can cut, and
prints one line per step:

  1. the track is shown and the map fills the screen's height and width; no connection banner;
  2. the proxy cuts every connection and refuses new ones: "Connection lost — retrying…" shows,
     on screen even with the map scrolled into view; a fix is pushed meanwhile;
  3. the proxy accepts again: the banner goes, and the fix pushed during the outage arrives.

New fixes come from the test: this script prints "push N" and waits for the file DIR/pushed-N.
Screenshots (online, offline) go to SHOTS-online.png and SHOTS-offline.png.
Usage: phone_scenario.py CHROMIUM URL DIR SHOTS. Exit code 0 when every step held."""
import base64
import os
import socket
import sys
import threading
import time
from urllib.parse import urlsplit, urlunsplit

from devtools import Chromium

chromium, url, directory, shots = sys.argv[1:5]


class CuttableProxy:
    """Forwards 127.0.0.1:port to the server; cut() drops every connection and stops listening."""

    def __init__(self, target):
        self.target, self.port, self.lock, self.sockets = target, 0, threading.Lock(), []
        self.listen()

    def listen(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(32)
        self.listener, self.port = listener, listener.getsockname()[1]
        threading.Thread(target=self.accept, args=(listener,), daemon=True).start()

    def accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                return
            with self.lock:
                self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def pump(source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        # shutdown first: it stops the listening socket and wakes the thread blocked in accept().
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            for s in self.sockets:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            self.sockets = []

    def restore(self):
        self.listen()


# Chromium first: its protocol pipes must be the lowest descriptors (devtools.py hands them on as 3 and 4).
browser = Chromium(chromium, os.path.join(directory, "phone-profile"))
send = browser.send
parts = urlsplit(url)
proxy = CuttableProxy(parts.port)
page_url = urlunsplit((parts.scheme, "127.0.0.1:%d" % proxy.port, parts.path, parts.query, parts.fragment))


check = browser.check
session = browser.open("about:blank")
send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}, session)
send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, session)
send("Emulation.setUserAgentOverride", {"userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                                                     "Chrome/131.0.0.0 Mobile Safari/537.36"}, session)
send("Page.enable", {}, session)
send("Page.navigate", {"url": page_url}, session)


def evaluate(expression):
    return browser.evaluate(expression, session)


def wait_for(expression, seconds=20):
    return browser.wait_for(expression, session, seconds)


def screenshot(name):
    data = send("Page.captureScreenshot", {"format": "png"}, session)["data"]
    with open("%s-%s.png" % (shots, name), "wb") as out:
        out.write(base64.b64decode(data))


COUNT = "document.getElementById('count').textContent"
BANNER_SHOWN = "!document.getElementById('connection').hidden"
# Whether the banner lies inside the screen, uncovered at its left, middle and right (the map's controls sit there too).
BANNER_ON_SCREEN = """(() => {
  const banner = document.getElementById('connection'), r = banner.getBoundingClientRect();
  const y = r.top + r.height / 2;
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
    && [r.left + 40, r.left + r.width / 2, r.right - 10].every((x) => banner.contains(document.elementFromPoint(x, y)));
})()"""

check(wait_for(COUNT + " === '21'"), "the track is shown on the phone")
size = evaluate("[innerWidth, innerHeight]")
box = evaluate("(() => { const r = document.getElementById('map').getBoundingClientRect(); return [r.width, r.height]; })()")
check(size == [390, 844], "the page has a phone's viewport (%s)" % size)
check(abs(box[0] - size[0]) <= 1 and abs(box[1] - size[1]) <= 1, "the map fills the screen: %s of %s" % (box, size))
check(not evaluate(BANNER_SHOWN), "online: no connection banner")
screenshot("online")

proxy.cut()
check(wait_for(BANNER_SHOWN, 15), "the feed is cut: the banner shows")
check(evaluate("document.getElementById('connection').textContent") == "Connection lost — retrying…", "it says the connection is lost and retried")
evaluate("document.getElementById('map').scrollIntoView()")
time.sleep(0.3)
check(evaluate(BANNER_ON_SCREEN), "with the map scrolled into view, the banner is still on screen, above the map's controls")
screenshot("offline")
print("push 1", flush=True)
deadline = time.time() + 20
while not os.path.exists(os.path.join(directory, "pushed-1")) and time.time() < deadline:
    time.sleep(0.1)
time.sleep(1.0)
check(evaluate(BANNER_SHOWN) and evaluate(COUNT) == "21", "still cut: the banner stays, nothing new is shown")

proxy.restore()
check(wait_for("!(" + BANNER_SHOWN + ")", 30), "the feed is back: the banner goes")
check(wait_for(COUNT + " === '22'"), "the fix pushed during the outage arrives")
browser.close()
print("done", flush=True)
