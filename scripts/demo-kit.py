#!/usr/bin/env python3
"""make demo: a notes account recovered from its paper emergency kit, in headless Chromium (Debian's, no download).

  scripts/demo-kit.py SERVER_URL OUT_DIR SEQR

Erin's account is made with `seqr notes register` and holds a note written in the terminal. A phone signs in and
prints a 2-of-3 kit (#/account/kit: the kit key made and split in the page, the old kit revoked), saved through
Chromium's print path as OUT_DIR/webapp-kit.pdf. The password is then forgotten: a second phone opens "Recover with
a paper kit" (#/recover-kit) and is given photos of sheets 1 and 3 (the PDF's pages as pictures); it combines them,
checks the account code they hold, signs in with the kit, sets a new password and opens the note. The command line
then signs in with the new password (the old one is refused) and reads the same note. Screenshots:
OUT_DIR/webapp-kit-printed.png (the sheets made), webapp-kit-recover.png (two sheets in),
webapp-kit-recovered.png (the note open again).
"""
import os
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

url, out, seqr = sys.argv[1:4]
expect.set_options(timeout=60_000)
PHONE = dict(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
USERNAME = "erin"
PASSWORD = "erin's forgotten password"
NEW_PASSWORD = "erin's password, set with the kit"
TITLE, TEXT = "Where the will is", "With the notary in Aarau; a copy in the tin box under the stairs."


def cli(store, *args, password=PASSWORD, check=True):
    env = dict(os.environ, SEQR_PASSWORD=password)
    return subprocess.run([seqr, *args, "--store", store], env=env, check=check, capture_output=True, text=True)


def shot(page, name, full_page=False):
    path = os.path.join(out, f"webapp-kit-{name}.png")
    page.screenshot(path=path, full_page=full_page)
    print(f"  {path}")


store = os.path.join(out, "erin")
cli(store, "notes", "register", USERNAME, "--server", url, "--kdf-iterations", "210000")
cli(store, "notes", "add", "--title", TITLE, "--info", TEXT)
print(f"  {USERNAME} registered at {url} with a note written in the terminal: “{TITLE}”")

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=CHROMIUM)
    # The first phone: signed in, prints a 2-of-3 kit in the account view.
    page = browser.new_context(**PHONE).new_page()
    page.goto(url + "/app/#/sign-in")
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible()
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_role("link", name="Print a paper kit").click()
    expect(page.get_by_role("heading", name="Print a paper kit", level=1)).to_be_visible()
    page.get_by_label("Sheets needed to recover (K)").fill("2")
    page.get_by_label("Sheets printed (N)").fill("3")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Print a paper kit").click()
    made = page.get_by_role("status").filter(has_text="kit was made")
    expect(made).to_be_visible()
    print("  the first phone: " + made.inner_text())
    page.locator(".vault-sheet").first.scroll_into_view_if_needed()
    page.evaluate("scrollBy(0, -160)")
    shot(page, "printed")
    pdf = os.path.join(out, "webapp-kit.pdf")
    page.pdf(path=pdf, prefer_css_page_size=True)
    print(f"  {pdf}: the kit's 3 sheets as printed (each a QR code, 33 words and the server and account)")
    page.context.close()

    # The password is forgotten. Sheets 1 and 3, photographed (the PDF's pages as pictures), on a second phone.
    prefix = os.path.join(out, "webapp-kit-sheet")
    subprocess.run(["pdftoppm", "-png", "-r", "110", pdf, prefix], check=True)
    sheets = sorted(os.path.join(out, f) for f in os.listdir(out) if f.startswith("webapp-kit-sheet") and f.endswith(".png"))
    assert len(sheets) == 3, sheets
    page = browser.new_context(**PHONE).new_page()
    page.goto(url + "/app/#/sign-in")
    page.get_by_role("link", name="Recover with a paper kit").click()
    expect(page.get_by_role("heading", name="Recover with a paper kit", level=1)).to_be_visible()
    page.locator("#kit-photos").set_input_files([sheets[0], sheets[2]])
    expect(page.get_by_role("status").filter(has_text="2 of the 2 kit sheets needed are in")).to_be_visible()
    expect(page.get_by_label("Username")).to_have_value(USERNAME)
    print("  the second phone, from photos of sheets 1 and 3: " + "; ".join(page.get_by_role("list", name="Kit sheets in").get_by_role("listitem").all_inner_texts())
          + f"; the account “{USERNAME}” read from the sheets' account code")
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Repeat the new password").fill(NEW_PASSWORD)
    page.evaluate("document.activeElement?.blur()")
    page.get_by_role("heading", name="Kit sheets", level=2).scroll_into_view_if_needed()
    page.evaluate("scrollBy(0, -120)")
    shot(page, "recover")
    page.get_by_role("button", name="Recover the account").click()
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible()
    page.get_by_role("list", name="Notes").get_by_role("link", name=TITLE).click()
    expect(page.get_by_label("Note text")).to_contain_text(TEXT)
    shot(page, "recovered")
    print("  recovered in the page with the kit alone: a new password set, the note open")
    browser.close()

# The command line: the old password is refused, the new one reads the same note.
other = os.path.join(out, "erin-after-kit")
refused = cli(other, "notes", "login", USERNAME, "--server", url, check=False)
assert refused.returncode != 0, refused.stdout
print(f"  seqr notes login with the old password: {refused.stderr.strip()} (exit status {refused.returncode})")
cli(other, "notes", "login", USERNAME, "--server", url, password=NEW_PASSWORD)
shown = cli(other, "notes", "show", TITLE, password=NEW_PASSWORD).stdout
assert shown == f"{TITLE}\n{TEXT}\n", shown
print("  seqr notes login with the new password, then notes show:")
print("".join(f"    {line}\n" for line in shown.splitlines()), end="")
