"""The account key in the page: a password change rewraps it and touches no note; an account made the old way
(by the API as older clients call it, its note sealed by the independent Python reference) moves over at sign-in
with its note intact and unchanged; the account view's "Unlock" section lists the methods."""
import base64
import importlib.util
import json
import os
import urllib.request
import uuid

from playwright.sync_api import expect

from webapp import PASSWORD, ROOT, add_note, check_accessible, open_app, open_note, register, shot, sign_in, unique


def _reference():
    spec = importlib.util.spec_from_file_location("note_field_reference", os.path.join(ROOT, "Tests", "Reference", "note_field_reference.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _api(server, method, path, body=None, token=None):
    request = urllib.request.Request(server.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def test_password_change_rewraps(new_context, seqr_server, seqr_cli):
    """A password change in the page rewraps the account key: the note is not re-encrypted (still version 1), and
    opens with the new password in the page and in `seqr notes`; the Unlock section shows the password, not removable."""
    user = unique("key")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Kept", "under the account key")
    page.get_by_role("link", name="Account", exact=True).click()
    unlock = page.get_by_role("region", name="Unlock")
    expect(unlock.get_by_role("list", name="Unlock methods")).to_contain_text("Password")
    expect(unlock).to_contain_text("Cannot be removed: it is the only way to sign in.")
    expect(unlock.get_by_role("button", name="Remove")).to_have_count(0)
    check_accessible(page, "account with unlock methods")
    shot(page, "account-unlock")
    page.get_by_role("link", name="Change password").click()
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("battery staple horse")
    page.get_by_label("Repeat the new password").fill("battery staple horse")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status").filter(has_text="no note had to be re-encrypted")).to_be_visible(timeout=60_000)
    page.reload()
    sign_in(page, user, "battery staple horse")
    open_note(page, "Kept")
    expect(page.get_by_text("under the account key")).to_be_visible()
    cli = seqr_cli()
    cli.login(user, password="battery staple horse")
    notes = json.loads(cli.run("notes", "list", "--json", password="battery staple horse").stdout)
    assert [(n["title"], n["info"], n["version"]) for n in notes] == [("Kept", "under the account key", 1)]


def test_older_account_moves_over(new_context, seqr_server):
    """An account made as older clients make them (no account key; a note sealed from the password by the Python
    reference) signs in in the page: it moves over in one step, and its note opens, unchanged."""
    reference = _reference()
    user = unique("old")
    salt = os.urandom(16)
    kdf = {"algorithm": "pbkdf2-sha256", "iterations": 210000, "salt": base64.b64encode(salt).decode()}
    auth_key, enc_key = reference.derive(PASSWORD, salt, 210000)
    session = _api(seqr_server, "POST", "/v1/accounts", {"username": user, "authKey": base64.b64encode(auth_key).decode(), "kdf": kdf})
    note_id = str(uuid.uuid4())
    note = {"id": note_id, "format": "seqr-aead-v1", "kdf": kdf,
            "title": base64.b64encode(reference.seal(enc_key, note_id, "title", 1, "Old note")).decode(),
            "info": base64.b64encode(reference.seal(enc_key, note_id, "info", 1, "sealed before account keys")).decode()}
    _api(seqr_server, "POST", "/v1/notes", {"note": note}, session["token"])
    assert _api(seqr_server, "GET", "/v1/account/unlock-methods", token=session["token"]) == {"methods": []}
    stored = _api(seqr_server, "GET", "/v1/notes", token=session["token"])["notes"]

    context = new_context()
    page = open_app(context)
    sign_in(page, user)
    open_note(page, "Old note")
    expect(page.get_by_text("sealed before account keys")).to_be_visible()
    methods = _api(seqr_server, "GET", "/v1/account/unlock-methods", token=session["token"])
    assert methods["noteKDF"] == kdf
    assert [m["kind"] for m in methods["methods"]] == ["password"]
    assert _api(seqr_server, "GET", "/v1/notes", token=session["token"])["notes"] == stored
    page.get_by_role("link", name="Account", exact=True).click()
    expect(page.get_by_role("region", name="Unlock").get_by_role("list", name="Unlock methods")).to_contain_text("Password")
