#!/usr/bin/env python3
"""make demo's last step: the web app on a phone, in headless Chromium (Debian's, no download).

  scripts/demo-webapp.py SERVER_URL USERNAME PASSWORD OUT_DIR [SEQR CHANNEL_STORE CHANNEL]

Signs in as a user the demo made with `seqr notes`, opens the note written in the terminal,
writes one in the page, starts sharing the (simulated) GPS position, and saves a screenshot of
each screen at phone size as OUT_DIR/webapp-*.png. With SEQR, the store of a channel owner and
a channel: the page makes its channel identity, the owner's `seqr channel share` seals the
channel to its public-key link, the page subscribes from the share's link, and a message posted
with `seqr post --link` is opened from its link, verified and decrypted in the browser.
"""
import os
import re
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

url, username, password, out = sys.argv[1:5]
seqr, channel_store, channel = (sys.argv[5:8] + [None] * 3)[:3]
expect.set_options(timeout=30_000)


def shot(page, name):
    page.evaluate("document.getElementById('toast')?.replaceChildren()")
    path = os.path.join(out, f"webapp-{name}.png")
    page.screenshot(path=path)
    print(f"  {path}")


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True,
        user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
        permissions=["geolocation"], geolocation={"latitude": 47.3769, "longitude": 8.5417, "accuracy": 8})
    page = context.new_page()
    page.goto(url + "/app/")
    expect(page.get_by_label("Username")).to_be_visible()
    shot(page, "sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("body")).to_have_class(re.compile(r"\bsigned-in\b"))
    page.get_by_role("link", name="Notes", exact=True).click()
    expect(page.get_by_role("list", name="Notes")).to_be_visible()
    shot(page, "notes")
    print("  the page lists the notes written in the terminal, decrypted in the browser (WebCrypto)")
    page.get_by_role("list", name="Notes").get_by_role("link", name=re.compile("^Wi-Fi at home")).click()
    expect(page.get_by_role("heading", name="Wi-Fi at home", level=1)).to_be_visible()
    shot(page, "note")
    page.get_by_role("link", name="Notes", exact=True).click()
    page.get_by_role("link", name="New note").click()
    page.get_by_label("Title", exact=True).fill("From the phone")
    page.get_by_label("Text", exact=True).fill("written in the browser, read by `seqr notes show`")
    page.get_by_role("button", name="Add note").click()
    expect(page.get_by_role("heading", name="From the phone", level=1)).to_be_visible()
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    expect(page.get_by_text(re.compile(r"Sharing until \d\d:\d\d"))).to_be_visible()
    expect(page.get_by_role("img", name="QR code of the share link")).to_be_visible()
    shot(page, "location")
    print("  sharing the phone's position: " + page.get_by_label("Share link", exact=True).input_value().split("#")[0] + "#k=…")
    page.get_by_role("button", name="Stop sharing").click()
    page.get_by_role("dialog").get_by_role("button", name="Stop sharing", exact=True).click()  # it asks first

    if seqr:
        page.get_by_role("link", name="Channels", exact=True).click()
        page.get_by_label("Your name").fill("Phone")
        page.get_by_label("Passphrase", exact=True).fill("the phone's passphrase")
        page.get_by_label("Repeat the passphrase").fill("the phone's passphrase")
        page.get_by_role("button", name="Create identity").click()
        public_key = page.get_by_label("Public key link").input_value()
        shot(page, "channels")
        print(f"  the page's public key (sealed in IndexedDB under the passphrase): {public_key[:60]}…")

        def cli(*arguments):
            return subprocess.run([seqr, *arguments, "--store", channel_store], check=True, capture_output=True, text=True).stdout

        share = os.path.join(out, "webapp-share.png")
        cli("channel", "share", channel, "--to", public_key, "-o", share, "--link", url, "--force")
        share_link = subprocess.run([seqr, "decode", share], check=True, capture_output=True, text=True).stdout.strip()
        page.goto(share_link)
        page.get_by_role("button", name="Subscribe").click()
        expect(page.get_by_text(re.compile("^Subscribed to"))).to_be_visible()
        message = os.path.join(out, "webapp-message.png")
        cli("post", channel, "--text", "Seeds arrive Friday, read on the phone", "-o", message, "--link", url, "--force")
        message_link = subprocess.run([seqr, "decode", message], check=True, capture_output=True, text=True).stdout.strip()
        page.goto(message_link)
        expect(page.locator("#message-text")).to_have_text("Seeds arrive Friday, read on the phone")
        shot(page, "message")
        print("  a message posted with `seqr post --link`, opened from its link: "
              + page.get_by_role("status").filter(has_text="Verified").inner_text())
    browser.close()
