#!/usr/bin/env python3
"""make demo's last step: the web app on a phone, in headless Chromium (Debian's, no download).

  scripts/demo-webapp.py SERVER_URL USERNAME PASSWORD OUT_DIR

Signs in as a user the demo made with `seqr notes`, opens the note written in the terminal,
writes one in the page, starts sharing the (simulated) GPS position, and saves a screenshot of
each screen at phone size as OUT_DIR/webapp-*.png.
"""
import os
import re
import sys

from playwright.sync_api import expect, sync_playwright

url, username, password, out = sys.argv[1:5]
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
    expect(page.get_by_role("navigation", name="Sections")).to_be_visible()
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
    expect(page.get_by_text(re.compile(r"Sharing until|Sharing"))).to_be_visible()
    expect(page.get_by_role("img", name="QR code of the share link")).to_be_visible()
    shot(page, "location")
    print("  sharing the phone's position: " + page.get_by_label("Share link", exact=True).input_value().split("#")[0] + "#k=…")
    page.get_by_role("button", name="Stop sharing").click()
    browser.close()
