"""Notes in the page and in `seqr notes`, both directions: write, read, edit, delete, conflicts, the older
format, a server's rollback."""
import base64
import json
import os
import re
import urllib.request
import uuid

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

import pytest
from playwright.sync_api import expect

from webapp import PASSWORD, add_note, open_app, open_note, register, shot, sign_in, unique


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


def test_notes_both_ways(new_context, seqr_cli):
    """A note written in the browser opens in `seqr notes show`, and one from `seqr notes add` opens in the browser."""
    user = unique("web")
    context = new_context()
    page = open_app(context)
    shot(page, "sign-in")
    register(page, user, screenshot=True)
    shot(page, "notes-empty")
    info = "hunter2 ✓ ünïcödé 🧅\nsecond line <b>not bold</b>"
    add_note(page, "Wi-Fi", info, screenshot=True)
    shot(page, "note-show")
    page.get_by_role("button", name="Copy text").click()
    assert page.evaluate("navigator.clipboard.readText()") == info
    cli = seqr_cli()
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


def test_edit_delete_limits(new_context, seqr_cli):
    """Edit and delete in the browser; Onions' limits are said in the page before anything is sent."""
    user = unique("edit")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Door", "4711")
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Text", exact=True).fill("4712")
    shot(page, "note-edit")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_label("Note text")).to_have_text("4712")
    expect(page.get_by_text("Version 2")).to_be_hidden()  # a detail, under "Details"
    page.get_by_text("Details", exact=True).click()
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
    cli = seqr_cli()
    cli.login(user)
    assert cli.run("notes", "list").stdout.strip() == "no notes"


def test_stale_edit(new_context, seqr_cli):
    """A stale edit is refused in the page: both texts are shown, and the one chosen is kept."""
    user = unique("stale")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Shopping", "milk")
    page.get_by_role("link", name="Edit").click()
    expect(page.get_by_label("Text", exact=True)).to_have_value("milk")
    cli = seqr_cli()
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


def test_legacy_note(new_context, seqr_server, seqr_cli):
    """A version-2 note is named by id with `seqr notes upgrade`, and opens after the upgrade."""
    user = unique("old")
    cli = seqr_cli()
    # Version-2 notes are in accounts older clients made: registered without an account key, moved over at this
    # version's login, so the account key is the password's encKey (docs/formats/notes.md, "Account key").
    kdf = {"algorithm": "pbkdf2-sha256", "iterations": 210000, "salt": base64.b64encode(os.urandom(16)).decode()}
    auth, _ = account_keys(PASSWORD, kdf)
    api(seqr_server, "POST", "/v1/accounts", {"username": user, "authKey": base64.b64encode(auth).decode(), "kdf": kdf})
    cli.login(user)
    cli.run("notes", "add", "--title", "New style", "--info", "v3")
    legacy_id = add_version2_note(seqr_server, user, "Old style", "sealed with ChaCha20-Poly1305")
    context = new_context()
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


@pytest.mark.page_only
def test_rollback(new_context, seqr_server):
    """A note the server rolls back to an older version is refused in the page (SQLite: the test edits the database)."""
    import sqlite3
    user = unique("roll")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Balance", "100")
    note_id = page.evaluate("location.hash").split("/")[2]
    db = sqlite3.connect(seqr_server.database)
    old = db.execute("SELECT title, info, version FROM note WHERE lower(id) = ?", (note_id,)).fetchone()
    assert old and old[2] == 1, old
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Text", exact=True).fill("0")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Version 2")).to_be_hidden()  # a detail, under "Details"
    page.get_by_text("Details", exact=True).click()
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
