#!/usr/bin/env python3
"""make demo's passkey step: the web app unlocked with a (virtual) passkey instead of the password.

  scripts/demo-passkey.py SERVER_URL USERNAME PASSWORD OUT_DIR

SERVER_URL is http://localhost:PORT, the origin seqr-server names with --origin (a relying-party id
cannot be an IP address). In headless Chromium (Debian's) with Chromium's virtual authenticator
(CDP WebAuthn: PRF, user verification): signs in with the password, adds a passkey in the account
view's Unlock section, reloads, unlocks with the passkey and opens the notes; screenshots as
OUT_DIR/webapp-passkey-*.png.
"""
import os
import re
import sys

from playwright.sync_api import expect, sync_playwright

url, username, password, out = sys.argv[1:5]
expect.set_options(timeout=30_000)


def shot(page, name):
    path = os.path.join(out, f"webapp-passkey-{name}.png")
    page.screenshot(path=path)
    print(f"  {path}")


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "ctap2Version": "ctap2_1", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True, "hasPrf": True, "automaticPresenceSimulation": True}})
    page.goto(url + "/app/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible()
    page.get_by_role("link", name="Account", exact=True).click()
    form = page.get_by_role("form", name="Unlock with a passkey")
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_role("button", name="Add a passkey").click()
    expect(form.get_by_role("status")).to_contain_text("Passkey added")
    print("  a passkey added: the account key wrapped under its PRF output; the server keeps the credential and the wrapped copy")
    shot(page, "added")
    page.reload()
    expect(page.get_by_role("heading", name="Locked", level=1)).to_be_visible()
    shot(page, "locked")
    page.get_by_role("button", name="Use a passkey").click()
    expect(page.locator("body")).to_have_class(re.compile(r"\bsigned-in\b"))
    page.get_by_role("link", name="Notes", exact=True).click()
    notes = page.get_by_role("list", name="Notes")
    expect(notes).to_be_visible()
    count = notes.get_by_role("link").count()
    print(f"  reloaded and unlocked with the passkey alone: {count} note{'' if count == 1 else 's'} open")
    shot(page, "unlocked")
    browser.close()
