#!/usr/bin/env python3
"""make demo: the paper vault on the phone (issue 48). A text is backed up in the page (#/vault/backup: PBKDF2 in
WebCrypto, BoringSSL's ChaCha20-Poly1305 and ISA-L's parity in WebAssembly) and printed through Chromium's print
path to a PDF, which `seqr vault restore` reads; then a second phone's camera (Chromium's fake camera) is held over
the codes of pages 1 and 3 — page 2 is lost — and #/vault fills its page grid, rebuilds page 2 from the parity codes
and restores the text. Screenshots: OUT_DIR/vault-phone-backup.png (the pages made), vault-phone-grid-half-way.png
(the grid part read), vault-phone-restored.png (the text back).

  scripts/demo-vault.py SERVER_URL OUT_DIR SEQR
"""
import base64
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "WebApp"))
from fake_camera import write_y4m  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402
from test_vault import camera_frames  # noqa: E402

url, out, seqr = sys.argv[1:4]
expect.set_options(timeout=60_000)
PHONE = dict(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PASSWORD = "five random words: otter lantern quarry velvet"
# Recovery codes (random, from a fixed seed): text that brotli cannot shrink much, so that the backup still fills three
# pages with parity codes, one of which the second phone can lose. (A repeated sentence compressed to one code.)
_rng = random.Random(48)
TEXT = "".join(f"{n:03}. recovery code {base64.b32encode(_rng.randbytes(40)).decode()}\n" for n in range(1, 351))


def shot(page, name, full_page=False):
    path = os.path.join(out, f"vault-phone-{name}.png")
    page.screenshot(path=path, full_page=full_page)
    print(f"  {path}")


with sync_playwright() as playwright:
    # The first phone makes the backup and prints it.
    browser = playwright.chromium.launch(executable_path=CHROMIUM)
    page = browser.new_context(**PHONE).new_page()
    page.goto(url + "/app/#/vault/backup")
    page.get_by_label("Title (kept encrypted, not printed)").fill("house.txt")
    page.get_by_label("Text to back up").fill(TEXT)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Make the pages").click()
    expect(page.get_by_role("button", name="Print the pages")).to_be_visible()
    print("  made in the page: " + page.get_by_role("status").filter(has_text="pages (QR version").inner_text())
    page.locator(".vault-sheet").first.scroll_into_view_if_needed()
    page.evaluate("scrollBy(0, -200)")
    shot(page, "backup")
    pdf = os.path.join(out, "vault-phone-backup.pdf")
    page.pdf(path=pdf, prefer_css_page_size=True)
    code_pages = page.locator(".vault-sheet").filter(has_text="Paper vault (encrypted backup)").count()
    browser.close()
    restored = os.path.join(out, "vault-phone-backup.txt")
    subprocess.run([seqr, "vault", "restore", pdf, "-o", restored, "--force", "--quiet"], check=True, env=dict(os.environ, SEQR_PASSWORD=PASSWORD))
    with open(restored) as f:
        assert f.read() == TEXT
    print(f"  {pdf}: printed by the browser, restored by `seqr vault restore` to the same {len(TEXT.encode()):,} bytes")

    # The second phone's camera sees the codes of pages 1 and 3, one code at a time; page 2 is lost.
    assert code_pages == 3, code_pages
    subprocess.run(["pdftoppm", "-r", "200", "-png", "-f", "1", "-l", "3", pdf, os.path.join(out, "vault-phone-page")], check=True)
    pages = sorted(os.path.join(out, f) for f in os.listdir(out) if f.startswith("vault-phone-page") and f.endswith(".png"))
    frames = [frame for png in (pages[0], pages[2]) for frame in camera_frames(png)]
    video = write_y4m(frames, os.path.join(out, "vault-phone-camera.y4m"), frames_per_second=2)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
    page = browser.new_context(**PHONE, permissions=["camera"]).new_page()
    page.goto(url + "/app/#/vault")
    page.get_by_role("button", name="Use the camera").click()
    found = page.locator(".vault-code.found")
    expect(found.nth(4)).to_be_attached()
    shot(page, "grid-half-way", full_page=True)
    print("  half way: " + page.locator(".vault-summary").inner_text())
    expect(page.locator(".vault-summary")).to_contain_text("the parity codes rebuild the missing")
    print("  " + page.locator(".vault-summary").inner_text())
    page.get_by_label("Backup password").fill(PASSWORD)
    page.get_by_role("button", name="Restore").click()
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == TEXT
    shot(page, "restored")
    print("  the camera's phone restored the text the first phone backed up, page 2 rebuilt from parity")
    browser.close()
    for f in os.listdir(out):
        if f.startswith("vault-phone-page") and f.endswith((".code", ".bg")):
            os.remove(os.path.join(out, f))
