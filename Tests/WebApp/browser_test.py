#!/usr/bin/env python3
"""The web app (/app/) driven in Debian's Chromium the way a person on a phone would: by labels and
button names, with a phone's viewport, user agent and touch, geolocation granted and moved by the
test, against a started seqr-server (SQLite; also PostgreSQL when SEQR_TEST_POSTGRES_URL is set),
and checked against the `seqr` command line in both directions.

Every test also fails on a Content-Security-Policy violation (a `securitypolicyviolation`
listener in the page) or a request to another origin (the browser context's request log).
Screenshots of every screen at phone size go to .build/test-output/webapp-*.png.

  python3 Tests/WebApp/browser_test.py [NAME-SUBSTRING …]

Environment: SEQR_BIN_DIR (default .build/debug: seqr and seqr-server), CHROMIUM (default
/usr/bin/chromium), SEQR_TEST_POSTGRES_URL. Playwright from PyPI (scripts/setup), no browser download.
Prints one line per test and a closing "N passed, N failed"; exit status 1 when any failed.
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
import uuid
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
from playwright.sync_api import expect, sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.abspath(os.environ.get("SEQR_BIN_DIR", os.path.join(ROOT, ".build", "debug")))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = os.path.join(ROOT, ".build", "test-output")
PASSWORD = "correct horse battery"
# The machine running make test may be busy (a parallel build): waits are generous, never sleeps.
expect.set_options(timeout=15_000)
PHONE = dict(
    viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True,
    user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
    locale="en-GB", timezone_id="Europe/Zurich",
)
# A CSP violation anywhere in the page is recorded before any of the app's scripts run.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
}, true);
"""


class Server:
    """seqr-server on a free loopback port, SQLite in a temporary directory or the PostgreSQL URL given."""

    def __init__(self, directory, database=None):
        self.directory = directory
        self.database = database or os.path.join(directory, "server.sqlite")
        self.log_path = os.path.join(directory, f"server-{time.monotonic_ns()}.log")
        self.start()

    def start(self, port=0):
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen([os.path.join(BIN, "seqr-server"), "--database", self.database, "--port", str(port),
                                         "--registrations-per-address", "1000"],  # every test registers its own account
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with open(self.log_path, "rb") as f:
                for line in f.read().decode(errors="replace").splitlines():
                    if '"message":"listening"' in line:
                        found = re.search(r'"port":"(\d+)"', line)
                        if found and (port == 0 or int(found.group(1)) == port):
                            self.port = int(found.group(1))
                            self.url = f"http://127.0.0.1:{self.port}"
                            return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"seqr-server did not start: {open(self.log_path).read()[-2000:]}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.log.close()


class CLI:
    """The `seqr` command line with its own store, signed in to the same server."""

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


def unique(name):
    return f"{name}{uuid.uuid4().hex[:6]}"


# MARK: a version-2 note, sealed by this script (ChaCha20-Poly1305, docs/formats/notes.md), as
# clients before field version 3 wrote it.

def api(server, method, path, body=None, token=None):
    request = urllib.request.Request(server.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None


def account_keys(password, kdf):
    master = PBKDF2HMAC(hashes.SHA256(), 32, base64.b64decode(kdf["salt"]), kdf["iterations"]).derive(password.encode())
    derive = lambda info: HKDF(hashes.SHA256(), 32, None, info.encode()).derive(master)
    return derive("seqr notes v1 authentication"), derive("seqr notes v1 encryption")


def add_version2_note(server, username, title, info):
    kdf = api(server, "GET", f"/v1/kdf?username={username}")["kdf"]
    auth, enc = account_keys(PASSWORD, kdf)
    token = api(server, "POST", "/v1/sessions", {"username": username, "authKey": base64.b64encode(auth).decode()})["token"]
    note_id = str(uuid.uuid4())

    def seal(text, field):
        nonce = os.urandom(12)
        aad = f"seqr-note-v2\0{note_id}\0{field}\0{1}".encode()
        return base64.b64encode(b"\x02" + nonce + ChaCha20Poly1305(enc).encrypt(nonce, text.encode(), aad)).decode()

    api(server, "POST", "/v1/notes", {"note": {"id": note_id, "title": seal(title, "title"), "info": seal(info, "info"),
                                               "format": "seqr-aead-v1", "kdf": kdf}}, token)
    api(server, "DELETE", "/v1/sessions/current", None, token)
    return note_id


# MARK: the browser

class Browser:
    def __init__(self, playwright):
        self.chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        self.contexts = []

    def close_contexts(self, failed_test=None):
        """Closes what a test left open; after a failure, its pages are photographed first."""
        for c, context in enumerate(self.contexts):
            for p, page in enumerate(context.pages if failed_test else []):
                try:
                    page.screenshot(path=os.path.join(SHOTS, f"webapp-FAILED-{failed_test}-{c}-{p}.png"))
                except Exception:
                    pass
            try:
                context.close()
            except Exception:
                pass
        self.contexts = []

    def phone(self, server, geolocation=None, color_scheme="light", **extra):
        context = self.chromium.new_context(**PHONE, color_scheme=color_scheme, permissions=["geolocation", "clipboard-read", "clipboard-write"],
                                            geolocation=geolocation or {"latitude": 47.3769, "longitude": 8.5417, "accuracy": 12}, **extra)
        context.add_init_script(CSP_LISTENER)
        context.requests = []
        context.on("request", lambda request: context.requests.append(request.url))
        context.page_errors = []
        context.on("page", lambda page: page.on("pageerror", lambda error: context.page_errors.append(f"{page.url}: {error}")))
        context.server = server
        self.contexts.append(context)
        return context

    def close(self):
        self.chromium.close()


def check_clean(context):
    """No CSP violation or uncaught exception in any page, and no request to another origin than the server's."""
    assert not context.page_errors, f"uncaught in the page: {context.page_errors[:3]}"
    origin = context.server.url
    foreign = [u for u in context.requests if not (u.startswith(origin + "/") or u.startswith(("data:", "blob:")))]
    assert not foreign, f"requests to another origin: {foreign[:5]}"
    for page in context.pages:
        try:
            violations = page.evaluate("window.__cspViolations || []")
        except Exception:
            continue
        assert not violations, f"CSP violations: {violations}"


def shot(page, name, full_page=False):
    os.makedirs(SHOTS, exist_ok=True)
    # Without the passing toasts ("Note added"), which would cover part of the screen (removed, not
    # styled away: Playwright's screenshot style is an inline <style>, which the app's CSP refuses).
    page.evaluate("document.getElementById('toast')?.replaceChildren()")
    page.screenshot(path=os.path.join(SHOTS, f"webapp-{name}.png"), full_page=full_page)


def open_app(context, hash_=""):
    page = context.new_page()
    page.goto(context.server.url + "/app/" + hash_)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
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
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()
    # Signed in: the sections appear, on whatever page the address names.
    expect(page.get_by_role("navigation", name="Sections")).to_be_visible(timeout=30_000)


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


# MARK: the tests

TESTS = []


def test(name):
    def register_test(function):
        TESTS.append((name, function))
        return function
    return register_test


@test("a note written in the browser opens in `seqr notes show`, and one from `seqr notes add` opens in the browser")
def notes_both_ways(env):
    user = unique("web")
    context = env.browser.phone(env.server)
    page = open_app(context)
    shot(page, "sign-in")
    register(page, user, screenshot=True)
    shot(page, "notes-empty")
    info = "hunter2 ✓ ünïcödé 🧅\nsecond line <b>not bold</b>"
    add_note(page, "Wi-Fi", info, screenshot=True)
    shot(page, "note-show")
    page.get_by_role("button", name="Copy text").click()
    assert page.evaluate("navigator.clipboard.readText()") == info
    cli = CLI(env.directory, env.server)
    cli.login(user)
    shown = cli.run("notes", "show", cli.note_id("Wi-Fi")[:8]).stdout
    assert shown == f"Wi-Fi\n{info}\n", shown
    cli.run("notes", "add", "--title", "From the CLI", "--info", "typed in a terminal")
    page.reload()
    sign_in(page, user)
    page.get_by_role("link", name="Notes", exact=True).click()
    expect(page.get_by_role("list", name="Notes").get_by_role("link")).to_have_count(2)
    shot(page, "notes-list")
    open_note(page, "From the CLI")
    expect(page.get_by_label("Note text")).to_have_text("typed in a terminal")
    # Markup in a note is text, never HTML.
    open_note(page, "Wi-Fi")
    expect(page.get_by_label("Note text")).to_have_text(info)
    assert page.locator("main b").count() == 0
    # Search by title.
    page.get_by_role("link", name="Notes", exact=True).click()
    page.get_by_label("Search titles").fill("cli")
    expect(page.get_by_role("list", name="Notes").get_by_role("link")).to_have_count(1)
    shot(page, "notes-search")
    check_clean(context)
    context.close()


@test("edit and delete in the browser; Onions' limits are said in the page before anything is sent")
def edit_delete_limits(env):
    user = unique("edit")
    context = env.browser.phone(env.server)
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Door", "4711")
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Text", exact=True).fill("4712")
    shot(page, "note-edit")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_label("Note text")).to_have_text("4712")
    expect(page.get_by_text("Version 2")).to_be_visible()
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Title", exact=True).fill("x" * 31)
    requests_before = len(context.requests)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("at most 30")
    assert not any("/v1/notes" in u for u in context.requests[requests_before:]), "a too-long title was sent"
    page.get_by_label("Title", exact=True).fill("Door")
    page.get_by_label("Text", exact=True).fill("y" * 2501)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("at most 2,500")
    shot(page, "note-limits")
    page.get_by_role("link", name="Cancel").click()
    page.get_by_role("button", name="Delete").click()
    shot(page, "note-delete")
    page.get_by_role("button", name="Delete for good").click()
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible()
    expect(page.get_by_text("No notes yet.")).to_be_visible()
    cli = CLI(env.directory, env.server)
    cli.login(user)
    assert cli.run("notes", "list").stdout.strip() == "no notes"
    check_clean(context)
    context.close()


@test("a stale edit is refused in the page: both texts are shown, and the one chosen is kept")
def stale_edit(env):
    user = unique("stale")
    context = env.browser.phone(env.server)
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Shopping", "milk")
    page.get_by_role("link", name="Edit").click()
    expect(page.get_by_label("Text", exact=True)).to_have_value("milk")
    cli = CLI(env.directory, env.server)
    cli.login(user)
    cli.run("notes", "edit", cli.note_id("Shopping")[:8], "--info", "milk, eggs (from the laptop)")
    page.get_by_label("Text", exact=True).fill("milk, bread (from the phone)")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text("changed elsewhere")
    expect(page.get_by_text("milk, eggs (from the laptop)")).to_be_visible()
    expect(page.get_by_text("milk, bread (from the phone)", exact=True).first).to_be_visible()
    shot(page, "note-conflict")
    # Nothing was overwritten yet.
    assert cli.run("notes", "show", cli.note_id("Shopping")[:8]).stdout == "Shopping\nmilk, eggs (from the laptop)\n"
    page.get_by_role("button", name="Keep my edit").click()
    expect(page.get_by_label("Note text")).to_have_text("milk, bread (from the phone)")
    assert cli.run("notes", "show", cli.note_id("Shopping")[:8]).stdout == "Shopping\nmilk, bread (from the phone)\n"
    check_clean(context)
    context.close()


@test("a version-2 note is named by id with `seqr notes upgrade`, and opens after the upgrade")
def legacy_note(env):
    user = unique("old")
    cli = CLI(env.directory, env.server)
    cli.register(user)
    cli.run("notes", "add", "--title", "New style", "--info", "v3")
    legacy_id = add_version2_note(env.server, user, "Old style", "sealed with ChaCha20-Poly1305")
    context = env.browser.phone(env.server)
    page = open_app(context)
    sign_in(page, user)
    item = page.get_by_role("list", name="Notes").get_by_role("listitem").filter(has_text=legacy_id[:8])
    expect(item).to_contain_text("older format")
    expect(item).to_contain_text("seqr notes upgrade")
    expect(page.get_by_role("list", name="Notes").get_by_role("link", name=re.compile("^New style"))).to_be_visible()
    shot(page, "notes-legacy")
    cli.run("notes", "upgrade")
    page.reload()
    sign_in(page, user)
    open_note(page, "Old style")
    expect(page.get_by_label("Note text")).to_have_text("sealed with ChaCha20-Poly1305")
    check_clean(context)
    context.close()


@test("a note the server rolls back to an older version is refused in the page (SQLite: the test edits the database)")
def rollback(env):
    import sqlite3
    user = unique("roll")
    context = env.browser.phone(env.server)
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Balance", "100")
    note_id = page.evaluate("location.hash").split("/")[2]
    db = sqlite3.connect(env.server.database)
    old = db.execute("SELECT title, info, version FROM note WHERE lower(id) = ?", (note_id,)).fetchone()
    assert old and old[2] == 1, old
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Text", exact=True).fill("0")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Version 2")).to_be_visible()
    db.execute("UPDATE note SET title = ?, info = ?, version = ? WHERE lower(id) = ?", (*old, note_id))
    db.commit()
    db.close()
    page.reload()
    sign_in(page, user)  # back on the note's own page
    expect(page.get_by_role("alert")).to_contain_text("rolled it back")
    page.get_by_role("link", name="Notes", exact=True).click()
    item = page.get_by_role("list", name="Notes").get_by_role("listitem").filter(has_text=note_id[:8])
    expect(item).to_contain_text("rolled it back")
    expect(page.get_by_text("100")).to_have_count(0)
    shot(page, "notes-rolled-back")
    check_clean(context)
    context.close()


@test("a reload locks the app, 15 minutes without use lock it, and the password opens it again")
def locking(env):
    user = unique("lock")
    context = env.browser.phone(env.server)
    page = context.new_page()
    page.clock.install()
    page.goto(env.server.url + "/app/#/register")
    register(page, user)
    add_note(page, "Secret", "behind the lock")
    page.reload()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    assert "behind the lock" not in page.content()
    expect(page.get_by_label("Username")).to_have_value(user)
    sign_in(page, user)
    open_note(page, "Secret")
    page.clock.run_for("14:50")
    expect(page.get_by_label("Note text")).to_be_visible()
    page.clock.run_for("00:20")
    expect(page.get_by_role("heading", name="Locked")).to_be_visible()
    assert "behind the lock" not in page.content()
    shot(page, "locked")
    page.get_by_label("Password", exact=True).fill("wrong password here")
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("alert")).to_contain_text("Wrong username or password")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("heading", name="Secret")).to_be_visible(timeout=30_000)
    check_clean(context)
    context.close()


@test("the keyboard alone signs in and opens a note")
def keyboard(env):
    user = unique("keys")
    cli = CLI(env.directory, env.server)
    cli.register(user)
    cli.run("notes", "add", "--title", "Typed", "--info", "no mouse")
    context = env.browser.phone(env.server)
    page = open_app(context)
    page.keyboard.press("Tab")  # skip link
    page.get_by_label("Username").focus()
    page.keyboard.type(user)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible(timeout=30_000)
    link = page.get_by_role("list", name="Notes").get_by_role("link").first
    for _ in range(12):
        page.keyboard.press("Tab")
        if link.evaluate("(el) => el === document.activeElement"):
            break
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Typed")).to_be_visible()
    check_clean(context)
    context.close()


@test("every field has a label and every button an accessible name, on every screen")
def accessible_names(env):
    user = unique("a11y")
    context = env.browser.phone(env.server)
    page = open_app(context)
    script = """() => {
      const bad = [];
      for (const el of document.querySelectorAll('input, textarea, select')) if (el.labels.length === 0 && !el.getAttribute('aria-label')) bad.push(el.outerHTML.slice(0, 80));
      for (const el of document.querySelectorAll('button, a[href]')) if (!(el.textContent.trim() || el.getAttribute('aria-label'))) bad.push(el.outerHTML.slice(0, 80));
      return bad;
    }"""
    assert page.evaluate(script) == []
    register(page, user)
    for hash_ in ["#/notes", "#/notes/new", "#/location", "#/account", "#/account/password"]:
        page.goto(env.server.url + "/app/" + hash_)
        if page.get_by_role("heading", name="Locked").count() or page.get_by_role("heading", name="Sign in").count():
            sign_in_again = page.get_by_label("Password", exact=True)
            sign_in_again.fill(PASSWORD)
            page.get_by_role("button", name=re.compile("Sign in|Unlock")).click()
        page.wait_for_timeout(300)
        assert page.evaluate(script) == [], f"{hash_}: {page.evaluate(script)}"
    # The channel views: the identity gate, the channel list, a channel, a public key opened.
    gate = open_app(context, "#/channels")
    assert gate.evaluate(script) == [], gate.evaluate(script)
    channels, public_key, _ = channel_identity(context, "Ann")
    assert channels.evaluate(script) == [], channels.evaluate(script)
    channels.get_by_label("Channel name").fill("Lane")
    channels.get_by_role("button", name="Create channel").click()
    expect(channels.get_by_role("heading", name="Lane", level=1)).to_be_visible()
    assert channels.evaluate(script) == [], channels.evaluate(script)
    channels.goto(public_key)
    expect(channels.get_by_role("button", name="Share channel")).to_be_visible()
    assert channels.evaluate(script) == [], channels.evaluate(script)
    check_clean(context)
    context.close()


@test("change password in the browser: `seqr notes` opens the notes with the new password only")
def change_password(env):
    user = unique("pw")
    context = env.browser.phone(env.server)
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Kept", "across the change")
    page.get_by_role("link", name="Account", exact=True).click()
    shot(page, "account")
    page.get_by_role("link", name="Change password").click()
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("battery staple horse")
    page.get_by_label("Repeat the new password").fill("battery staple horse")
    shot(page, "password")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status").filter(has_text="Password changed")).to_be_visible(timeout=60_000)
    cli = CLI(env.directory, env.server)
    assert cli.run("notes", "login", user, "--server", env.server.url, check=False).returncode != 0
    cli.login(user, password="battery staple horse")
    assert cli.run("notes", "show", cli.note_id("Kept", password="battery staple horse")[:8],
                   password="battery staple horse").stdout == "Kept\nacross the change\n"
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, user, "battery staple horse")
    check_clean(context)
    context.close()


@test("the page shares its position as the test moves it; `seqr location follow` receives every fix in order; stop ends it")
def location_sharing(env):
    user = unique("geo")
    positions = [(47.3769, 8.5417), (47.3772, 8.5421), (47.3776, 8.5430), (47.3781, 8.5438), (47.3790, 8.5447)]
    context = env.browser.phone(env.server, geolocation={"latitude": positions[0][0], "longitude": positions[0][1], "accuracy": 9})
    page = open_app(context, "#/register")
    register(page, user)
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_label("Share for").select_option(label="1 hour")
    page.get_by_label("Label (optional)").fill("Berry picking, north field")
    shot(page, "location-start")
    page.get_by_role("button", name="Start sharing").click()
    expect(page.get_by_text(re.compile(r"Sharing until \d\d:\d\d"))).to_be_visible()
    expect(page.locator("#fix-count")).to_have_text("1")
    expect(page.get_by_role("img", name="QR code of the share link")).to_be_visible()
    link = page.get_by_label("Share link", exact=True).input_value()
    assert re.fullmatch(re.escape(env.server.url) + r"/l/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}", link), link
    follower = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "follow", link, "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for n, (lat, lon) in enumerate(positions[1:], start=2):
            context.set_geolocation({"latitude": lat, "longitude": lon, "accuracy": 9 + n})
            expect(page.locator("#fix-count")).to_have_text(str(n))
        expect(page.locator("#fix-accuracy")).to_have_text("± 14 m")
        shot(page, "location-sharing")
        time.sleep(2)
        # Revoke: the follower is told the share ended.
        page.get_by_role("button", name="Stop sharing").click()
        expect(page.get_by_role("button", name="Start sharing")).to_be_visible()
        out, err = follower.communicate(timeout=30)
    finally:
        if follower.poll() is None:
            follower.kill()
    fixes = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert [(f["latitude"], f["longitude"]) for f in fixes] == positions, f"follow printed {fixes}; stderr {err}"
    assert [f["seq"] for f in fixes] == sorted(f["seq"] for f in fixes)
    assert follower.returncode != 0 and "revoked" in err, (follower.returncode, err)
    shot(page, "location-stopped")
    check_clean(context)
    context.close()


@test("a new link (rotate) ends the old one; the hidden page says so and sends the newest fix when shown")
def location_rotate_hidden(env):
    user = unique("rot")
    context = env.browser.phone(env.server)
    page = open_app(context, "#/register")
    register(page, user)
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    old = page.get_by_label("Share link", exact=True).input_value()
    page.get_by_role("button", name="New link").click()
    expect(page.get_by_label("Share link", exact=True)).not_to_have_value(old)
    new = page.get_by_label("Share link", exact=True).input_value()
    gone = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", old, "--once"],
                          capture_output=True, text=True, timeout=60)
    assert gone.returncode != 0, gone.stdout
    fresh = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", new, "--once", "--json"],
                           capture_output=True, text=True, timeout=60)
    assert fresh.returncode == 0 and json.loads(fresh.stdout.splitlines()[-1])["latitude"] == 47.3769, (fresh.stdout, fresh.stderr)
    # The page is hidden (another app in front): it says so; shown again, it sends the newest position.
    page.evaluate("""() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.get_by_text("in the background")).to_be_visible()
    shot(page, "location-hidden")
    context.set_geolocation({"latitude": 46.9480, "longitude": 7.4474, "accuracy": 5})
    page.evaluate("""() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.get_by_text("in the background")).to_be_hidden()
    expect(page.get_by_text("± 5 m")).to_be_visible()
    time.sleep(1)
    latest = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", new, "--once", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert json.loads(latest.stdout.splitlines()[-1])["latitude"] == 46.948, latest.stdout
    page.get_by_role("button", name="Stop sharing").click()
    expect(page.get_by_role("button", name="Start sharing")).to_be_visible()
    check_clean(context)
    context.close()


@test("extend: +1 hour and +1 day move the share's expiry, and until-I-stop lifts it, as `seqr location shares` sees; a share revoked elsewhere is said in the page")
def location_extend(env):
    user = unique("ext")
    context = env.browser.phone(env.server)
    page = open_app(context, "#/register")
    register(page, user)
    cli = CLI(env.directory, env.server)
    cli.login(user)

    def expiry():
        shares = json.loads(cli.run("location", "shares", "--json").stdout)
        assert len(shares) == 1, shares
        return shares[0]["id"], shares[0].get("expiresAt") and datetime.fromisoformat(shares[0]["expiresAt"])  # absent: until revoked

    def expiry_becomes(expected):
        for _ in range(50):
            if expiry()[1] == expected:
                return
            time.sleep(0.2)
        assert False, f"expiry {expiry()[1]}, expected {expected}"

    def clock(when):
        return page.evaluate("(iso) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false })",
                             when.isoformat())

    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_label("Share for").select_option(label="1 hour")
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    share_id, first = expiry()
    expect(page.locator("#sharing-until")).to_have_text(f"Sharing until {clock(first)}")
    page.get_by_label("Extend by").select_option(label="1 hour")
    page.get_by_role("button", name="Extend", exact=True).click()
    expect(page.locator("#sharing-until")).to_have_text(f"Sharing until {clock(first + timedelta(hours=1))}")
    expiry_becomes(first + timedelta(hours=1))
    page.get_by_label("Extend by").select_option(label="1 day")
    page.get_by_role("button", name="Extend", exact=True).click()
    expiry_becomes(first + timedelta(hours=25))
    expect(page.locator("#sharing-until")).to_have_text(f"Sharing until {clock(first + timedelta(hours=25))}")
    shot(page, "location-extended")
    page.get_by_label("Extend by").select_option(label="Until I stop")
    page.get_by_role("button", name="Extend", exact=True).click()
    expect(page.locator("#sharing-until")).to_have_text("Sharing until you stop")
    expect(page.get_by_role("button", name="Extend", exact=True)).to_be_hidden()
    assert expiry() == (share_id, None), expiry()  # and the id is the same
    # The same link still works: extending keeps the id, key and fixes.
    link = page.get_by_label("Share link", exact=True).input_value()
    fix = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", link, "--once", "--json"], capture_output=True, text=True, timeout=60)
    assert fix.returncode == 0 and json.loads(fix.stdout.splitlines()[-1])["latitude"] == 47.3769, (fix.stdout, fix.stderr)
    page.get_by_role("button", name="Stop sharing").click()
    # A share revoked from another device cannot be extended: the page says it ended.
    page.get_by_role("button", name="Start sharing").click()
    expect(page.get_by_role("button", name="Extend", exact=True)).to_be_visible()
    cli.run("location", "revoke", expiry()[0])
    page.get_by_role("button", name="Extend", exact=True).click()
    expect(page.get_by_text("The last share ended: revoked elsewhere.")).to_be_visible()
    check_clean(context)
    context.close()


@test("dark mode and the 360 px width: nothing is wider than the screen")
def dark_and_narrow(env):
    user = unique("dark")
    context = env.browser.phone(env.server, color_scheme="dark")
    page = open_app(context)
    shot(page, "dark-sign-in")
    register(page, user)
    add_note(page, "A rather long title for 30 ch", "Lorem ipsum " * 40)
    shot(page, "dark-note-show")
    for hash_ in ["#/notes", "#/location", "#/account"]:
        page.evaluate(f"location.hash = '{hash_}'")
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{hash_} is {width} px wide"
    shot(page, "dark-account")
    channels, _, _ = channel_identity(context, "A rather long name for a channel identity")
    channels.get_by_label("Channel name").fill("A channel with a rather long name")
    channels.get_by_role("button", name="Create channel").click()
    expect(channels.get_by_role("heading", name="A channel with a rather long name", level=1)).to_be_visible()
    for hash_ in ["#/channels", "#/channels/0"]:
        channels.evaluate(f"location.hash = '{hash_}'")
        channels.wait_for_timeout(300)
        width = channels.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{hash_} is {width} px wide"
    shot(channels, "dark-channels")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(244, 246, 245)", background
    check_clean(context)
    context.close()


@test("the offline shell opens with the server stopped, and says it is offline; no API answer is cached")
def offline_shell(env):
    directory = tempfile.mkdtemp(prefix="seqr-offline-", dir=env.directory)
    server = Server(directory)
    try:
        context = env.browser.phone(server)
        page = open_app(context)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now controlled by the service worker
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        register(page, unique("off"))
        cached = page.evaluate("""async () => {
          const urls = [];
          for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
          return urls;
        }""")
        assert cached and all("/app/" in u for u in cached) and not any("/v1/" in u for u in cached), cached
        server.stop()
        page.reload()
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        expect(page.get_by_role("status").filter(has_text="Offline")).to_be_visible()
        shot(page, "offline")
        check_clean(context)
        context.close()
    finally:
        server.stop()



# MARK: channels (issue 33): the page and the `seqr` command line, both directions

PASSPHRASE = "a channel passphrase"


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


def channel_owner(env, name="Alice", channel="Garden"):
    cli = CLI(env.directory, env.server)
    cli.run("id", "init", "--name", name, "--no-passphrase")
    cli.run("channel", "create", channel)
    return cli


def seqr_without_store(*args):
    result = subprocess.run([os.path.join(BIN, "seqr"), *args], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"seqr {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}"
    return result.stdout


def link_in(cli, png):
    """The payload of a QR picture the CLI wrote: a Seqr link (seqr decode prints it as text)."""
    link = seqr_without_store("decode", png).strip()
    assert link.startswith(cli.server.url + "/app/#U1E"), link
    return link


def out_file(env, name):
    return os.path.join(env.directory, f"{uuid.uuid4().hex[:6]}-{name}")


def subscribe_page(page, share_link, channel="Garden"):
    page.goto(share_link)
    expect(page.get_by_role("heading", name="Channel share")).to_be_visible()
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_role("status").filter(has_text=f"Subscribed to {channel}")).to_be_visible()


def read_page(page, link):
    page.goto(link)
    expect(page.get_by_role("heading", name="Message")).to_be_visible()


@test("channels: the page subscribes to a CLI channel through a share link and reads CLI-posted message links; fingerprints agree")
def channels_cli_to_browser(env):
    alice = channel_owner(env)
    context = env.browser.phone(env.server)
    page, public_key, fingerprint = channel_identity(context, "Bob")
    shot(page, "channels-identity")
    # The same spoken fingerprint as the CLI computes for the page's public key.
    scanned = alice.run("scan", link_png(env, alice, public_key)).stdout
    assert f"fingerprint: {fingerprint}" in scanned and "public key: Bob" in scanned, (fingerprint, scanned)
    share = out_file(env, "share.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", env.server.url)
    subscribe_page(page, link_in(alice, share))
    owner = json.loads(alice.run("id", "show", "--json").stdout)["fingerprint"]
    expect(page.locator(".fingerprint").last).to_have_text(owner)
    shot(page, "channels-subscribed")

    text = out_file(env, "text.png")
    alice.run("post", "Garden", "--text", "Meeting at 6 ✓ <b>not bold</b>", "-o", text, "--link", env.server.url)
    read_page(page, link_in(alice, text))
    expect(page.get_by_role("status").filter(has_text=f"Verified: signed by Alice ({owner}) on Garden.")).to_be_visible()
    expect(page.locator("#message-text")).to_have_text("Meeting at 6 ✓ <b>not bold</b>")
    assert page.locator("#message-text b").count() == 0
    url = out_file(env, "url.png")
    alice.run("post", "Garden", "--url", "https://garden.example/meeting", "--expires", "7d", "-o", url, "--link", env.server.url)
    read_page(page, link_in(alice, url))
    expect(page.get_by_role("link", name="https://garden.example/meeting")).to_have_attribute("href", "https://garden.example/meeting")
    expect(page.locator(".message-meta")).to_contain_text("expires")
    shot(page, "channels-message")
    odd = out_file(env, "odd.png")
    alice.run("post", "Garden", "--url", "javascript:alert(1)", "--allow-scheme", "javascript", "-o", odd, "--link", env.server.url)
    read_page(page, link_in(alice, odd))
    expect(page.get_by_role("alert")).to_have_text('Not a web link: its scheme is "javascript", not http or https. Do not open it.')
    assert page.get_by_role("link", name="javascript:alert(1)").count() == 0
    # Kept in the sealed history: after a reload, unlocked with the passphrase.
    page.goto(env.server.url + "/app/#/channels")
    page.reload()
    page.get_by_label("Passphrase").fill(PASSPHRASE)
    page.get_by_role("button", name="Unlock channels").click()
    expect(page.get_by_role("list", name="Messages")).to_contain_text("https://garden.example/meeting")
    stored = page.evaluate("""() => new Promise((resolve) => {
      const open = indexedDB.open('seqr-keyring');
      open.onsuccess = () => { const all = open.result.transaction('records').objectStore('records').getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result)); };
    })""")
    # Names and text are nowhere outside the sealed fields; those hold only Base64 (whose random
    # letters may spell "Bob" by chance, so they are checked for their alphabet, not searched).
    clear = sealed_records_outside_ciphertext(stored)
    assert "Garden" not in clear and "Meeting" not in clear and "Bob" not in clear, clear[:300]
    check_clean(context)


def sealed_records_outside_ciphertext(stored):
    """The text of IndexedDB records (JSON) with their `nonce` and `ciphertext` values left out,
    after checking that those are Base64."""
    base64_text = re.compile(r"^[A-Za-z0-9+/]*={0,2}$")
    def outside(value):
        if isinstance(value, dict):
            for key in ("nonce", "ciphertext"):
                if key in value:
                    assert isinstance(value[key], str) and base64_text.match(value[key]), value[key][:80]
            return " ".join(f"{key} {outside(inner)}" for key, inner in value.items() if key not in ("nonce", "ciphertext"))
        if isinstance(value, list):
            return " ".join(outside(inner) for inner in value)
        return str(value)
    return outside(json.loads(stored))


def link_png(env, cli, link):
    """A QR picture of `link`, drawn by the CLI (seqr encode), for `seqr scan`."""
    png = out_file(env, "link.png")
    seqr_without_store("encode", "--text", link, "-o", png)
    return png


@test("channels: the CLI subscribes to a channel made in the page and reads a message the page posted (its PNG)")
def channels_browser_to_cli(env):
    context = env.browser.phone(env.server, accept_downloads=True)
    page, _, dana = channel_identity(context, "Dana")
    erin = CLI(env.directory, env.server)
    erin.run("id", "init", "--name", "Erin", "--no-passphrase")
    key = out_file(env, "erin.png")
    erin.run("id", "show", "--link", env.server.url, "-o", key)
    create_channel(page, "Yard")
    page.get_by_label("Subscriber's public-key link").fill(link_in(erin, key))
    page.get_by_role("button", name="Open public key").click()
    erin_fingerprint = json.loads(erin.run("id", "show", "--json").stdout)["fingerprint"]
    expect(page.get_by_text(re.compile(f"The public key of Erin, fingerprint {erin_fingerprint}"))).to_be_visible()
    page.get_by_role("button", name="Share channel").click()
    expect(page.get_by_role("img", name="Channel share QR code")).to_be_visible()
    shot(page, "channels-share")
    subscribed = erin.run("channel", "subscribe", page.get_by_label("Channel share link").input_value())
    # The status line went from standard output to standard error on main; either way it names the channel.
    assert 'subscribed to "Yard"' in subscribed.stdout + subscribed.stderr, (subscribed.stdout, subscribed.stderr)
    assert f"fingerprint: {dana}" in subscribed.stdout, subscribed.stdout
    page.goto(env.server.url + "/app/#/channels/0")
    page.get_by_label("Message", exact=True).fill("Hello from the browser ✓")
    page.get_by_label("Expires").select_option(label="1 day")
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("img", name="Message QR code")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download PNG").click()
    png = out_file(env, "browser-message.png")
    download.value.save_as(png)
    read = erin.run("scan", png)
    assert 'on "Yard": Hello from the browser ✓' in read.stdout, read.stdout
    # The link form too, given as text.
    link = page.get_by_label("Message link").input_value()
    assert "Hello from the browser" in erin.run("scan", link_png(env, erin, link)).stdout
    check_clean(context)


@test("channels: a removal made in the CLI reaches the page through the rekey link: Bob reads on, Carol is told she was removed")
def channels_removal(env):
    alice = channel_owner(env)
    pages = {}
    for name in ["Bob", "Carol"]:
        page, public_key, _ = channel_identity(env.browser.phone(env.server), name)
        share = out_file(env, f"{name}-share.png")
        alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", env.server.url)
        subscribe_page(page, link_in(alice, share))
        pages[name] = page
    before = out_file(env, "before.png")
    alice.run("post", "Garden", "--text", "Before the removal", "-o", before, "--link", env.server.url)
    rekey = out_file(env, "rekey.png")
    alice.run("channel", "remove", "Garden", "--subscriber", "Carol", "-o", rekey, "--link", env.server.url)
    after = out_file(env, "after.png")
    alice.run("post", "Garden", "--text", "Seeds arrive Friday", "-o", after, "--link", env.server.url)
    bob, carol = pages["Bob"], pages["Carol"]

    read_page(bob, link_in(alice, after))
    expect(bob.get_by_role("alert")).to_have_text("A message of the channel's epoch 1, which this browser has not reached: scan the channel's latest rekey code")
    bob.goto(link_in(alice, rekey))
    expect(bob.get_by_role("status").filter(has_text="Garden moved to epoch 1; older messages stay readable.")).to_be_visible()
    shot(bob, "channels-rekey")
    read_page(bob, link_in(alice, after))
    expect(bob.locator("#message-text")).to_have_text("Seeds arrive Friday")
    read_page(bob, link_in(alice, before))
    expect(bob.locator("#message-text")).to_have_text("Before the removal")

    read_page(carol, link_in(alice, before))
    expect(carol.locator("#message-text")).to_have_text("Before the removal")
    carol.goto(link_in(alice, rekey))
    expect(carol.get_by_role("alert")).to_have_text("You were removed from Garden")
    shot(carol, "channels-removed")
    read_page(carol, link_in(alice, after))
    expect(carol.get_by_role("alert")).to_have_text("You were removed from Garden")
    for page in pages.values():
        check_clean(page.context)


@test("channels: the owner removes a subscriber in the page: `seqr scan` of its rekey code moves Erin on, tells Frank he was removed")
def channels_removal_in_browser(env):
    context = env.browser.phone(env.server, accept_downloads=True)
    page, _, _ = channel_identity(context, "Dana")
    create_channel(page, "Yard")
    subscribers = {}
    for name in ["Erin", "Frank"]:
        cli = CLI(env.directory, env.server)
        cli.run("id", "init", "--name", name, "--no-passphrase")
        key = out_file(env, f"{name}.png")
        cli.run("id", "show", "--link", env.server.url, "-o", key)
        page.goto(env.server.url + "/app/#/channels/0")
        page.get_by_label("Subscriber's public-key link").fill(link_in(cli, key))
        page.get_by_role("button", name="Open public key").click()
        page.get_by_role("button", name="Share channel").click()
        cli.run("channel", "subscribe", page.get_by_label("Channel share link").input_value())
        subscribers[name] = cli
    page.goto(env.server.url + "/app/#/channels/0")
    page.get_by_role("button", name="Remove Frank").click()
    expect(page.get_by_role("status").filter(has_text="Frank removed: Yard is at epoch 1.")).to_be_visible()
    expect(page.get_by_role("img", name="Rekey code QR code")).to_be_visible()
    shot(page, "channels-owner-removal")
    with page.expect_download() as download:
        page.get_by_role("group", name="Rekey code").get_by_role("link", name="Download PNG").click()
    rekey = out_file(env, "browser-rekey.png")
    download.value.save_as(rekey)
    page.get_by_label("Message", exact=True).fill("After Frank left")
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("img", name="Message QR code")).to_be_visible()
    after = link_png(env, subscribers["Erin"], page.get_by_label("Message link").input_value())
    erin, frank = subscribers["Erin"], subscribers["Frank"]
    moved = erin.run("scan", rekey)
    assert "moved to epoch 1" in moved.stdout, moved.stdout
    assert 'on "Yard": After Frank left' in erin.run("scan", after).stdout
    refused = frank.run("scan", rekey, check=False)
    assert refused.returncode != 0 and "you were removed from Yard" in refused.stderr, (refused.stdout, refused.stderr)
    refused = frank.run("scan", after, check=False)
    assert refused.returncode != 0 and "you were removed from Yard" in refused.stderr, (refused.stdout, refused.stderr)
    check_clean(context)

@test("channels: tampered, truncated, foreign and misaddressed codes are refused on the page with one line")
def channels_refused(env):
    alice = channel_owner(env)
    context = env.browser.phone(env.server)
    page, public_key, _ = channel_identity(context, "Bob")
    share = out_file(env, "share.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", env.server.url)
    share_link = link_in(alice, share)
    other, _, _ = channel_identity(env.browser.phone(env.server), "Mallory")
    other.goto(share_link)
    other.get_by_role("button", name="Subscribe").click()
    expect(other.get_by_role("alert")).to_have_text("This channel share was made for someone else")
    subscribe_page(page, share_link)
    message = out_file(env, "message.png")
    alice.run("post", "Garden", "--text", "Untouched", "-o", message, "--link", env.server.url)
    prefix, fragment = link_in(alice, message).split("#")
    code = bytearray(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)))

    def fragment_of(data):
        return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")

    flipped = bytearray(code)
    flipped[45] ^= 1
    cases = [
        (fragment_of(flipped), "The signature does not verify: the code was altered or not made by the channel's owner"),
        (fragment_of(code[:30]), "The Seqr code is truncated"),
        (fragment_of(b"SQ\x09\x03" + bytes(code[4:])), "A Seqr code of format version 9, which this version of Seqr does not read; update Seqr"),
        (fragment_of(b"SQ\x02\x07" + bytes(code[4:])), "An unknown kind of Seqr code (type 7)"),
        (fragment_of(b"hello, not a code"), "Invalid link: the link's fragment is not a Seqr code"),
        (fragment + "!", "Invalid link: the link's fragment is not a Seqr code"),
    ]
    for bad, expected in cases:
        page.goto(f"{prefix}#{bad}")
        expect(page.get_by_role("alert")).to_have_text(expected)
        assert page.locator("#message-text").count() == 0
    shot(page, "channels-refused")
    # A channel the page does not follow.
    stranger = channel_owner(env, "Eve", "Elsewhere")
    elsewhere = out_file(env, "elsewhere.png")
    stranger.run("post", "Elsewhere", "--text", "not for you", "-o", elsewhere, "--link", env.server.url)
    read_page(page, link_in(stranger, elsewhere))
    expect(page.get_by_role("alert")).to_have_text("A message of an unknown channel (not subscribed)")
    check_clean(context)



@test("channels: hostile message text and links are shown as the CLI shows them; an over-long link is one line, dropped from the address bar")
def channels_hostile_display(env):
    alice = channel_owner(env)
    context = env.browser.phone(env.server)
    page, public_key, _ = channel_identity(context, "Bob")
    share = out_file(env, "share.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", env.server.url)
    subscribe_page(page, link_in(alice, share))
    # A right-to-left override makes "https://bank.example/‮gnp.exe" look like a picture's address.
    url = out_file(env, "bidi-url.png")
    alice.run("post", "Garden", "--url", "https://bank.example/\u202egnp.exe", "-o", url, "--link", env.server.url)
    read_page(page, link_in(alice, url))
    expect(page.get_by_role("alert")).to_contain_text("invisible or text-direction characters")
    expect(page.locator("#message-text")).to_have_text("https://bank.example/\\u{202E}gnp.exe")
    assert page.locator("main a[href^='https://bank']").count() == 0
    text = out_file(env, "bidi-text.png")
    alice.run("post", "Garden", "--text", "pay \u202e01$ \\u{41}\rlater", "-o", text, "--link", env.server.url)
    read_page(page, link_in(alice, text))
    expect(page.locator("#message-text")).to_have_text("pay \\u{202E}01$ \\\\u{41}\\u{D}later")
    page.goto(env.server.url + "/app/#/channels")
    expect(page.get_by_role("list", name="Messages")).to_contain_text("pay \\u{202E}01$")
    assert "\u202e" not in page.locator("main").inner_text()
    # A name may hold no control or text-direction character, but an invisible one is shown, as `seqr scan` shows it.
    hidden = channel_owner(env, "Eve", "Gar\u200bden")
    share = out_file(env, "hidden-share.png")
    hidden.run("channel", "share", "Gar\u200bden", "--to", public_key, "-o", share, "--link", env.server.url)
    page.goto(link_in(hidden, share))
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_role("status").filter(has_text="Subscribed to")).to_have_text("Subscribed to Gar\\u{200B}den, owned by Eve.")
    # A link far longer than any QR code holds: one line in the page, and the fragment is gone from the address bar.
    page.goto(env.server.url + "/app/#U1E" + "A" * 20_000)
    expect(page.get_by_role("alert")).to_have_text("Invalid link: longer than any Seqr code's link")
    assert page.evaluate("location.hash") == "#/channels/open"
    check_clean(context)


@test("channels: two tabs of one browser (a camera opens each link in a new tab) both keep what they did")
def channels_two_tabs(env):
    alice = channel_owner(env)
    eve = channel_owner(env, "Eve", "Elsewhere")
    context = env.browser.phone(env.server)
    first, public_key, _ = channel_identity(context, "Bob")
    garden, elsewhere = out_file(env, "garden.png"), out_file(env, "elsewhere.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", garden, "--link", env.server.url)
    eve.run("channel", "share", "Elsewhere", "--to", public_key, "-o", elsewhere, "--link", env.server.url)
    subscribe_page(first, link_in(alice, garden))
    # The second tab opens while the first is still unlocked, and subscribes there.
    second = context.new_page()
    second.goto(link_in(eve, elsewhere))
    second.get_by_label("Passphrase").fill(PASSPHRASE)
    second.get_by_role("button", name="Unlock channels").click()
    expect(second.get_by_role("heading", name="Channel share")).to_be_visible()
    second.get_by_role("button", name="Subscribe").click()
    expect(second.get_by_role("status").filter(has_text="Subscribed to Elsewhere")).to_be_visible()
    # Back in the first tab, reading a message saves the keyring: it must not drop Elsewhere.
    message = out_file(env, "message.png")
    alice.run("post", "Garden", "--text", "Read in the first tab", "-o", message, "--link", env.server.url)
    read_page(first, link_in(alice, message))
    expect(first.locator("#message-text")).to_have_text("Read in the first tab")
    third = context.new_page()
    third.goto(env.server.url + "/app/#/channels")
    third.get_by_label("Passphrase").fill(PASSPHRASE)
    third.get_by_role("button", name="Unlock channels").click()
    expect(third.get_by_role("link", name="Elsewhere")).to_be_visible()
    expect(third.get_by_role("link", name="Garden")).to_be_visible()
    expect(third.get_by_role("list", name="Messages")).to_contain_text("Read in the first tab")
    check_clean(context)


@test("channels: signing out of the notes account leaves open channel keys under the idle lock")
def channels_idle_after_sign_out(env):
    user = unique("idle")
    context = env.browser.phone(env.server)
    page = context.new_page()
    page.clock.install()
    page.goto(env.server.url + "/app/#/register")
    register(page, user)
    page.goto(env.server.url + "/app/#/channels")
    page.get_by_label("Your name").fill("Bob")
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_label("Repeat the passphrase").fill(PASSPHRASE)
    page.get_by_role("button", name="Create identity").click()
    expect(page.get_by_role("heading", name="Channels", level=1)).to_be_visible()
    page.goto(env.server.url + "/app/#/account")
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.clock.run_for("15:10")
    page.goto(env.server.url + "/app/#/channels")
    expect(page.get_by_role("heading", name="Unlock channels")).to_be_visible()
    check_clean(context)


@test("channels: a browser that refuses storage (IndexedDB) gets one line in the page, not a blank screen")
def channels_no_storage(env):
    context = env.browser.phone(env.server)
    context.add_init_script("IDBFactory.prototype.open = function () { throw new DOMException('refused', 'SecurityError'); };")
    page = context.new_page()
    page.goto(env.server.url + "/app/#/channels")
    expect(page.get_by_role("alert")).to_contain_text("IndexedDB is refused")
    check_clean(context)


@test("channels: a message too long for one QR code is refused in the page before it is kept as posted")
def channels_post_too_long(env):
    context = env.browser.phone(env.server)
    page, _, _ = channel_identity(context, "Dana")
    create_channel(page, "Yard")
    page.get_by_label("Message", exact=True).fill("x" * 3000)
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("alert")).to_contain_text("a version-40 QR code holds: write a shorter message")
    assert page.get_by_role("img", name="Message QR code").count() == 0
    page.goto(env.server.url + "/app/#/channels")
    expect(page.get_by_text("Messages you read or post appear here")).to_be_visible()
    check_clean(context)


@test("channels: a channel's or a note's name never becomes the page title (the browser's history keeps titles in the clear)")
def channels_title(env):
    context = env.browser.phone(env.server)
    page, _, _ = channel_identity(context, "Dana")
    create_channel(page, "Secret Yard")
    expect(page).to_have_title("Channels · Seqr")
    page.goto(env.server.url + "/app/#/register")
    register(page, unique("title"))
    add_note(page, "Secret title", "text")
    expect(page.get_by_role("heading", name="Secret title", level=1)).to_be_visible()
    expect(page).to_have_title("Notes · Seqr")
    check_clean(context)

def run(selected):
    os.makedirs(SHOTS, exist_ok=True)
    for name in os.listdir(SHOTS):
        if name.startswith("webapp-FAILED-"):
            os.remove(os.path.join(SHOTS, name))
    backends = [("sqlite", None)]
    if os.environ.get("SEQR_TEST_POSTGRES_URL"):
        backends.append(("postgres", os.environ["SEQR_TEST_POSTGRES_URL"]))
    passed = failed = 0
    failures = []
    with sync_playwright() as playwright:
        browser = Browser(playwright)
        for backend, database in backends:
            directory = tempfile.mkdtemp(prefix=f"seqr-webapp-{backend}-")
            server = Server(directory, database)
            env = type("Env", (), {"browser": browser, "server": server, "directory": directory, "backend": backend})()
            try:
                for name, function in TESTS:
                    if selected and not any(s in name for s in selected):
                        continue
                    if backend != "sqlite" and function in (dark_and_narrow, accessible_names, keyboard, offline_shell, rollback,
                                                        channels_cli_to_browser, channels_browser_to_cli, channels_removal, channels_removal_in_browser,
                                                        channels_refused, channels_hostile_display, channels_two_tabs, channels_idle_after_sign_out,
                                                        channels_no_storage, channels_post_too_long, channels_title):
                        continue  # the page, not the database: once is enough (rollback edits the SQLite file; channels use no server storage)
                    started = time.monotonic()
                    try:
                        function(env)
                        browser.close_contexts()
                        passed += 1
                        print(f"✔ [{backend}] {name} ({time.monotonic() - started:.1f} s)", flush=True)
                    except Exception:
                        browser.close_contexts(failed_test=function.__name__)
                        failed += 1
                        failures.append((backend, name, traceback.format_exc()))
                        print(f"✘ [{backend}] {name}\n{traceback.format_exc()}", flush=True)
            finally:
                server.stop()
                if not failures:
                    shutil.rmtree(directory, ignore_errors=True)
        browser.close()
    for backend, name, _ in failures:
        print(f"failed: [{backend}] {name}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
