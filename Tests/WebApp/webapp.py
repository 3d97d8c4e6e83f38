"""What the web app's browser tests do again and again: open the app, register, sign in, add and open notes,
make a channel identity; screenshots of every screen at phone size (.build/test-output/webapp-*.png), each
checked by axe-core (`check_accessible`: no serious or critical violation); `check_fit` measures a screen at 360
and 430 px wide (tap targets of 44×44 at least, no text outside its box, axe-core); `answer_dialog` answers the
page's "are you sure" dialog; `clipboard` reads what a copy put there."""
import json
import os
import re
import socket
import subprocess
import time
import uuid

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.abspath(os.environ.get("SEQR_BIN_DIR", os.path.join(ROOT, ".build", "debug")))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = os.path.join(ROOT, ".build", "test-output")
PASSWORD = "correct horse battery"
PASSPHRASE = "a channel passphrase"

PHONE = dict(
    viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True,
    user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    locale="en-GB", timezone_id="Europe/Zurich", color_scheme="light",
    permissions=["geolocation", "clipboard-read", "clipboard-write"],
    geolocation={"latitude": 47.3769, "longitude": 8.5417, "accuracy": 12},
)
# A CSP violation anywhere in the page is recorded before any of the app's scripts run.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
}, true);
"""



_axe = Axe()


def unique(name):
    return f"{name}{uuid.uuid4().hex[:6]}"


def check_accessible(page, screen):
    """axe-core (axe-playwright-python's bundled copy) on the page as it is now: no serious or critical violation."""
    results = _axe.run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, f"{screen}: axe-core finds " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)


# Every visible control smaller than 44×44 CSS px, and every element whose content is wider than its box
# (text outside it), in the page as it is now. Off-screen things (the skip link until focused) and
# fields, whose text scrolls inside them, are not counted; nor is a box that clips on purpose (an ellipsis).
LAYOUT_PROBLEMS = """() => {
  const seen = (el) => {
    const r = el.getBoundingClientRect(), st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && r.right > 0 && r.left < innerWidth && !el.closest('[hidden], details:not([open]) > :not(summary)');
  };
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''} "${(el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const small = [...document.querySelectorAll('a, button, input, select, textarea, summary')].filter(seen)
    .filter((el) => !(el.tagName === 'INPUT' && ['hidden'].includes(el.type)))
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([el, r]) => `${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  const overflowing = [document.documentElement, ...document.querySelectorAll('body *')].filter(seen)
    .filter((el) => !['INPUT', 'TEXTAREA', 'SELECT', 'svg'].includes(el.tagName) && el.scrollWidth > el.clientWidth + 1)
    .filter((el) => el === document.documentElement || getComputedStyle(el).overflowX === 'visible')
    .filter((el) => el.clientWidth > 0 || el === document.documentElement)
    .map((el) => `${name(el)} ${el.scrollWidth}>${el.clientWidth}`);
  return { small, overflowing };
}"""


def check_fit(page, screen, widths=(360, 430)):
    """The screen at each phone width (360 and 430 CSS px): every tap target at least 44×44, no text outside its
    box, and axe-core clean; the viewport is put back after."""
    before = page.viewport_size
    try:
        for width in widths:
            page.set_viewport_size({"width": width, "height": before["height"]})
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            found = page.evaluate(LAYOUT_PROBLEMS)
            assert not found["small"], f"{screen} at {width} px: tap targets under 44×44: {found['small']}"
            assert not found["overflowing"], f"{screen} at {width} px: text outside its box: {found['overflowing']}"
            check_accessible(page, f"{screen} at {width} px")
    finally:
        page.set_viewport_size(before)


def answer_dialog(page, button, says=None):
    """The question the page asks before something irreversible (a modal <dialog>): checks what it says
    (`says`, a regex or text it contains), then answers with `button` ("Cancel" or the action); gone after."""
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    if says is not None:
        expect(dialog).to_contain_text(says)
    dialog.get_by_role("button", name=button, exact=True).click()
    expect(dialog).to_have_count(0)


def clipboard(page):
    """The clipboard's text, as the page reads it (the context grants clipboard-read)."""
    return page.evaluate("navigator.clipboard.readText()")


def shot(page, name, full_page=False):
    """A screenshot of the screen, which axe-core checks too."""
    os.makedirs(SHOTS, exist_ok=True)
    # Without the passing toasts ("Note added"), which would cover part of the screen (removed, not
    # styled away: Playwright's screenshot style is an inline <style>, which the app's CSP refuses).
    page.evaluate("document.getElementById('toast')?.replaceChildren()")
    page.screenshot(path=os.path.join(SHOTS, f"webapp-{name}.png"), full_page=full_page)
    check_accessible(page, name)


def open_app(context, hash_=""):
    page = context.new_page()
    page.goto(context.server.url + "/app/" + hash_)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    return page


def install_app(context):
    """The app opened and installed: the service worker's install (the shell's cache, the WebAssembly modules with it)
    complete and the page reloaded under its control, at the sign-in screen."""
    page = open_app(context)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the service worker, its install (the shell's cache) complete
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    return page


def register(page, username, password=PASSWORD, screenshot=False):
    if page.get_by_role("heading", name="Create an account").count() == 0:
        page.get_by_role("link", name="Create an account").click()
        # The sign-in form has a Username field too: wait for the new view, or the fill may land in the old one.
        expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Repeat the password").fill(password)
    if screenshot:
        shot(page, "register")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible(timeout=30_000)


def sign_in(page, username, password=PASSWORD):
    """Signs in, or unlocks when the page shows the account Locked (after a reload, or in a second tab)."""
    heading = page.get_by_role("heading", name=re.compile("^(Sign in|Locked)$"), level=1)
    expect(heading).to_be_visible()
    if heading.inner_text() == "Locked":
        expect(page.get_by_label("Username")).to_have_value(username)
        page.get_by_label("Password", exact=True).fill(password)
        page.get_by_role("button", name="Unlock").click()
    else:
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password", exact=True).fill(password)
        page.get_by_role("button", name="Sign in").click()
    expect_signed_in(page)


def expect_signed_in(page):
    """Signed in and unlocked, on whatever page the address names (the sections show signed out too)."""
    expect(page.locator("body")).to_have_class(re.compile(r"\bsigned-in\b"), timeout=30_000)


def add_note(page, title, info, screenshot=False):
    page.get_by_role("link", name="Notes", exact=True).click()
    page.get_by_role("link", name="New note").click()
    page.get_by_label("Title", exact=True).fill(title)
    page.get_by_label("Text", exact=True).fill(info)
    if screenshot:
        shot(page, "note-new")
    page.get_by_role("button", name="Add note").click()
    expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()


def open_note(page, title):
    page.get_by_role("link", name="Notes", exact=True).click()
    page.get_by_role("list", name="Notes").get_by_role("link", name=re.compile("^" + re.escape(title))).click()
    expect(page.get_by_role("heading", name=title, level=1)).to_be_visible()


class SeqrServer:
    """seqr-server on a free loopback port, SQLite in a directory or the PostgreSQL URL given. `localhost=True`:
    its address is http://localhost:PORT and it names that origin (`--origin`), as passkeys need: a relying-party
    id cannot be an IP address."""

    def __init__(self, directory, database=None, extra_args=(), localhost=False):
        self.directory = directory
        self.extra_args = list(extra_args)
        self.localhost = localhost
        self.database = database or os.path.join(directory, "server.sqlite")
        self.log_path = os.path.join(directory, f"server-{time.monotonic_ns()}.log")
        self.log = None
        self.start()

    def start(self, port=0):
        self.log = open(self.log_path, "ab")
        origin = []
        if self.localhost:
            if port == 0:  # the origin names the port, so it is chosen before the start
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", 0))
                    port = probe.getsockname()[1]
            origin = ["--origin", f"http://localhost:{port}"]
        self.process = subprocess.Popen([os.path.join(BIN, "seqr-server"), "--database", self.database, "--port", str(port),
                                         "--registrations-per-address", "1000",  # every test registers its own account
                                         *origin, *self.extra_args],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with open(self.log_path, "rb") as f:
                for line in f.read().decode(errors="replace").splitlines():
                    if '"message":"listening"' in line:
                        found = re.search(r'"port":"(\d+)"', line)
                        if found and (port == 0 or int(found.group(1)) == port):
                            self.port = int(found.group(1))
                            self.url = f"http://{'localhost' if self.localhost else '127.0.0.1'}:{self.port}"
                            return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"seqr-server did not start: {open(self.log_path).read()[-2000:]}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        if self.log and not self.log.closed:
            self.log.close()


class SeqrCLI:
    """The `seqr` command line with its own store, signed in to the same server: the other party."""

    def __init__(self, directory, server):
        self.store = os.path.join(directory, f"store-{uuid.uuid4().hex[:8]}")
        self.server = server

    def run(self, *args, password=PASSWORD, check=True, timeout=120, extra_env=None):
        env = dict(os.environ, SEQR_PASSWORD=password, **(extra_env or {}))
        result = subprocess.run([os.path.join(BIN, "seqr"), *args, "--store", self.store], env=env, capture_output=True,
                                text=True, timeout=timeout)
        if check and result.returncode != 0:
            raise AssertionError(f"seqr {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")
        return result

    def register(self, username):
        self.run("notes", "register", username, "--server", self.server.url, "--kdf-iterations", "210000")

    def login(self, username, password=PASSWORD):
        self.run("notes", "login", username, "--server", self.server.url, password=password)

    def note_id(self, title, password=PASSWORD):
        notes = json.loads(self.run("notes", "list", "--json", password=password).stdout)
        return next(n["id"] for n in notes if n.get("title") == title)


# MARK: channels

def channel_identity(context, name):
    """A page with a fresh channel identity; its public-key link and fingerprint."""
    page = open_app(context, "#/channels")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_label("Repeat the passphrase").fill(PASSPHRASE)
    page.get_by_role("button", name="Create identity").click()
    expect(page.get_by_role("heading", name="Channels", level=1)).to_be_visible()
    expect(page.get_by_role("img", name="Public key QR code")).to_be_visible()
    return page, page.get_by_label("Public key link").input_value(), page.locator(".fingerprint").first.inner_text()


def create_channel(page, name):
    page.get_by_label("Channel name").fill(name)
    page.get_by_role("button", name="Create channel").click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()


def seqr_without_store(*args):
    result = subprocess.run([os.path.join(BIN, "seqr"), *args], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"seqr {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}"
    return result.stdout
