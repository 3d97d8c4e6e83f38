#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol (--remote-debugging-pipe: no websocket
module needed) through the viewer's follow behaviour, and prints one line per step:

  1. the page shows the track; a new fix arrives: the newest fix is at the map's centre;
  2. the user drags the map: the "follow" button appears; a new fix arrives: the map stays put;
  3. the user clicks "follow": the newest fix is at the centre again.

New fixes come from the test: this script prints "push N" and waits for the file DIR/pushed-N.
Usage: follow_scenario.py CHROMIUM URL DIR. Exit code 0 when every step held."""
import os
import sys
import time

from devtools import Chromium

chromium, url, directory = sys.argv[1:4]
browser = Chromium(chromium, os.path.join(directory, "follow-profile"), ["--window-size=1000,1300"])
send = browser.send


check = browser.check
session = browser.open(url)


def evaluate(expression):
    return browser.evaluate(expression, session)


def wait_for(expression, seconds=20):
    return browser.wait_for(expression, session, seconds)


# Where the newest fix is drawn, relative to the map's centre, in pixels.
OFFSET = """(() => {
  const map = document.getElementById('map').getBoundingClientRect();
  const dot = [...document.querySelectorAll('path.leaflet-interactive')].find((p) => p.getAttribute('fill') === '#cf222e');
  const r = dot.getBoundingClientRect();
  return [r.left + r.width / 2 - (map.left + map.width / 2), r.top + r.height / 2 - (map.top + map.height / 2)];
})()"""
COUNT = "document.getElementById('count').textContent"
pushes = 0


def push_and_wait(count):
    global pushes
    pushes += 1
    print("push", pushes, flush=True)
    deadline = time.time() + 20
    while not os.path.exists(os.path.join(directory, "pushed-%d" % pushes)) and time.time() < deadline:
        time.sleep(0.1)
    check(wait_for(COUNT + " === '%d'" % count), "the page shows fix %d" % count)
    time.sleep(1.0)  # Leaflet's pan animation


check(wait_for(COUNT + " === '21'"), "the track is shown")
push_and_wait(22)
dx, dy = evaluate(OFFSET)
check(abs(dx) <= 2 and abs(dy) <= 2, "following: the newest fix is at the centre (%.1f, %.1f)" % (dx, dy))

map_box = evaluate("(() => { const r = document.getElementById('map').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
x, y = map_box
send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1}, session)
for step in range(1, 11):
    send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x - 20 * step, "y": y - 8 * step, "button": "left", "buttons": 1}, session)
    time.sleep(0.03)
send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x - 200, "y": y - 80, "button": "left", "clickCount": 1}, session)
check(wait_for("!document.getElementById('follow').hidden", 5), "dragged: the follow button appears")
push_and_wait(23)
after = evaluate(OFFSET)
check(abs(after[0]) > 50 or abs(after[1]) > 50, "not following: the map stayed where the user put it (newest fix at %.0f, %.0f)" % tuple(after))

evaluate("document.getElementById('follow').click()")
time.sleep(1.0)
dx, dy = evaluate(OFFSET)
check(abs(dx) <= 2 and abs(dy) <= 2 and evaluate("document.getElementById('follow').hidden"),
      "follow clicked: the newest fix is at the centre again (%.1f, %.1f)" % (dx, dy))
browser.close()
print("done", flush=True)
