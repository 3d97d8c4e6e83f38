#!/usr/bin/env python3
"""make demo: the People map on a phone, in headless Chromium (Debian's, no download).

  scripts/demo-people.py SERVER_URL OUT_DIR SEQR

Three people share their live location with `seqr location share` / `push` (each their own store
and account); a phone's page follows all three on People (their keys sealed under a channel
passphrase), they walk a few steps each, and the map is saved as OUT_DIR/webapp-people.png.
"""
import os
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

url, out, seqr = sys.argv[1:4]
expect.set_options(timeout=30_000)
PASSWORD = "a sharer's password"
# Three berry pickers in the fields south of Zürich, and the way each walks (degrees per step).
PEOPLE = [("Ana", 47.3520, 8.5190, 0.00030, 0.00010), ("Ben", 47.3535, 8.5230, -0.00010, 0.00035), ("Cem", 47.3500, 8.5245, 0.00020, -0.00025)]


def cli(store, *args):
    env = dict(os.environ, SEQR_PASSWORD=PASSWORD)
    return subprocess.run([seqr, *args, "--store", store], env=env, check=True, capture_output=True, text=True).stdout


def push(store, lat, lon):
    cli(store, "location", "push", "--lat", f"{lat:.6f}", "--lon", f"{lon:.6f}", "--accuracy", "15")


sharers = []
for name, lat, lon, dlat, dlon in PEOPLE:
    store = os.path.join(out, f"people-{name.lower()}")
    cli(store, "notes", "register", f"{name.lower()}-picker", "--server", url, "--kdf-iterations", "210000")
    link = cli(store, "location", "share", "--expires", "8h").strip().splitlines()[0]
    push(store, lat, lon)
    sharers.append((name, store, link, lat, lon, dlat, dlon))
    print(f"  {name} shares {link.split('#')[0]}#k=…")

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True,
        user_agent="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36")
    page = context.new_page()
    page.goto(url + "/app/#/people")
    page.get_by_label("Your name").fill("Follower")
    page.get_by_label("Passphrase", exact=True).fill("the follower's passphrase")
    page.get_by_label("Repeat the passphrase").fill("the follower's passphrase")
    page.get_by_role("button", name="Create identity").click()
    expect(page.get_by_role("heading", name="People", level=1)).to_be_visible()
    for name, _, link, *_ in sharers:
        page.get_by_label("Share link", exact=True).fill(link)
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_role("button", name="Follow", exact=True).click()
        expect(page.locator(".people-list .person-name", has_text=name)).to_be_visible()
    # They walk: a few fixes each, seen live on the map (the streams of the server's feed).
    for step in range(1, 7):
        for name, store, _, lat, lon, dlat, dlon in sharers:
            push(store, lat + step * dlat, lon + step * dlon)
    last = sharers[0]
    expect(page.locator(".people-map .person-marker title", has_text="Ana:")).to_have_text(
        f"Ana: {last[3] + 6 * last[5]:.5f}, {last[4] + 6 * last[6]:.5f}")
    expect(page.get_by_role("img", name="Map of 3 people")).to_be_visible()
    page.evaluate("document.getElementById('toast')?.replaceChildren(); document.activeElement?.blur(); scrollTo(0, 0)")
    path = os.path.join(out, "webapp-people.png")
    page.screenshot(path=path)
    print(f"  {path}")
    print("  " + " · ".join(page.locator(".people-list .person").all_inner_texts()).replace("\n", " "))
    browser.close()
