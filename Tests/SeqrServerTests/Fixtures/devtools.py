"""Headless Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: no websocket
module needed), for the viewer's browser tests (visit_page.py, follow_scenario.py, phone_scenario.py)."""
import json
import os
import subprocess
import sys
import time


class Chromium:
    def __init__(self, chromium, profile, flags=()):
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()

        def pipe_fds():
            """In the child: the protocol's pipes on fds 3 (read by Chromium) and 4 (written by it)."""
            read, write = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--remote-debugging-pipe", "--user-data-dir=" + profile] + list(flags) + ["about:blank"],
            pass_fds=(3, 4), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=pipe_fds)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.writer, self.reader = to_browser_write, from_browser_read
        self.next_id, self.buffer = 0, b""

    def send(self, method, params=None, session=None):
        """Sends one command and returns its result, skipping the events in between."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.writer, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.reader, 65536)
                if not chunk:
                    sys.exit("chromium closed the pipe")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    sys.exit(method + ": " + json.dumps(reply["error"]))
                return reply["result"]

    def open(self, url):
        """A new tab on `url`; returns its session id."""
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        return self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, expression, session):
        """The value of a JavaScript expression in the page."""
        return self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)["result"].get("value")

    def wait_for(self, expression, session, seconds=20):
        """Whether the expression became true within `seconds`."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.evaluate(expression, session):
                return True
            time.sleep(0.2)
        return False

    def check(self, condition, text):
        """One scenario step: prints "ok TEXT", or "FAILED TEXT" and ends the browser and the script."""
        print(("ok " if condition else "FAILED ") + text, flush=True)
        if not condition:
            self.process.kill()
            sys.exit(1)

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except (subprocess.TimeoutExpired, SystemExit):
            self.process.kill()
