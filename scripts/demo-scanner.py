#!/usr/bin/env python3
"""make demo: the web app's scanner reads codes from a phone camera (Chromium's fake camera playing the
demo's own pictures), decoded in the page by zxing-cpp in WebAssembly: a channel message (verified,
then decrypted), a signed onboarding code and a two-chunk SMART Health Card (verified against the keys
the server's operator trusts: seqr-server --trusted-keys). Screenshots: OUT_DIR/scanner-*.png.

  scripts/demo-scanner.py SERVER_URL OUT_DIR SEQR CHANNEL_STORE CHANNEL
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "WebApp"))
from fake_camera import write_y4m  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

url, out, seqr, store, channel = sys.argv[1:6]
expect.set_options(timeout=30_000)
PHONE = dict(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True, permissions=["camera"])


def frame(png):
    """The code as a camera sees it: on a grey 640×480 frame."""
    path = os.path.join(out, "scanner-frame-" + os.path.basename(png))
    subprocess.run(f"pngtopnm '{png}' | pnmscale -xsize 400 2>/dev/null | ppmtoppm > '{path}.qr' && ppmmake rgb:b0/b0/b0 640 480 > '{path}.bg'"
                   f" && pnmpaste '{path}.qr' 120 40 '{path}.bg' | pnmtopng > '{path}' && rm '{path}.qr' '{path}.bg'", shell=True, check=True)
    return path


def shot(page, name):
    path = os.path.join(out, f"scanner-{name}.png")
    page.screenshot(path=path)
    print(f"  {path}")


def cli(*arguments):
    return subprocess.run([seqr, *arguments, "--store", store], check=True, capture_output=True, text=True).stdout


with sync_playwright() as playwright:
    def camera(pngs, name):
        video = write_y4m([frame(png) for png in pngs], os.path.join(out, f"scanner-{name}.y4m"), frames_per_second=2)
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                             args=["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
        return browser, browser.new_context(**PHONE).new_page()

    # A message posted before the phone subscribes: the channel's key reaches it in the share.
    message = os.path.join(out, "scanner-message.png")
    cli("post", channel, "--text", "Seeds arrive Friday, scanned by the phone", "-o", message, "--link", url, "--force")
    browser, page = camera([message], "message")
    page.goto(url + "/app/#/channels")
    page.get_by_label("Your name").fill("Phone")
    page.get_by_label("Passphrase", exact=True).fill("the phone's passphrase")
    page.get_by_label("Repeat the passphrase").fill("the phone's passphrase")
    page.get_by_role("button", name="Create identity").click()
    share = os.path.join(out, "scanner-share.png")
    cli("channel", "share", channel, "--to", page.get_by_label("Public key link").input_value(), "-o", share, "--link", url, "--force")
    page.get_by_role("link", name="Scan").first.click()
    page.get_by_label("Pick a photo").set_input_files(share)
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_text("Subscribed to")).to_be_visible()
    page.get_by_role("link", name="Scan").first.click()
    expect(page.locator("#message-text")).to_have_text("Seeds arrive Friday, scanned by the phone")
    shot(page, "message")
    print("  the camera read a channel message: " + page.get_by_role("status").filter(has_text="Verified").inner_text())
    browser.close()

    browser, page = camera([os.path.join(out, "signed.png")], "signed")
    page.goto(url + "/app/#/scan")
    expect(page.get_by_role("heading", name="Verified signed code")).to_be_visible()
    shot(page, "signed-code")
    print("  the camera read the signed onboarding code: " + " ".join(page.locator(".scan-result dl").inner_text().split()))
    browser.close()

    browser, page = camera([os.path.join(out, "card-1.png"), os.path.join(out, "card-2.png")], "card")
    page.goto(url + "/app/#/scan")
    expect(page.get_by_role("heading", name="Verified SMART Health Card")).to_be_visible()
    shot(page, "health-card")
    print("  the camera collected both chunks of the health card: " + page.locator(".scan-result pre").inner_text().splitlines()[2].strip())
    browser.close()
