"""Channels (issue 33): the page and the `seqr` command line, both directions."""
import base64
import json
import os
import re
import uuid

import pytest
from playwright.sync_api import expect

from webapp import PASSPHRASE, answer_dialog, channel_identity, check_fit, clipboard, create_channel, register, seqr_without_store, shot, unique


def channel_owner(seqr_cli, name="Alice", channel="Garden"):
    cli = seqr_cli()
    cli.run("id", "init", "--name", name, "--no-passphrase")
    cli.run("channel", "create", channel)
    return cli


def link_in(cli, png):
    """The payload of a QR picture the CLI wrote: a Seqr link (seqr decode prints it as text)."""
    link = seqr_without_store("decode", png).strip()
    assert link.startswith(cli.server.url + "/app/#U1E"), link
    return link


def out_file(work_dir, name):
    return os.path.join(work_dir, f"{uuid.uuid4().hex[:6]}-{name}")


def subscribe_page(page, share_link, channel="Garden"):
    page.goto(share_link)
    expect(page.get_by_role("heading", name="Channel share")).to_be_visible()
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_role("status").filter(has_text=f"Subscribed to {channel}")).to_be_visible()
    expect(page.get_by_role("link", name=f"Open {channel}")).to_have_attribute("href", re.compile(r"^#/channels/\d+$"))


def read_page(page, link):
    page.goto(link)
    expect(page.get_by_role("heading", name="Message")).to_be_visible()


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


def link_png(work_dir, cli, link):
    """A QR picture of `link`, drawn by the CLI (seqr encode), for `seqr scan`."""
    png = out_file(work_dir, "link.png")
    seqr_without_store("encode", "--text", link, "-o", png)
    return png


@pytest.mark.page_only
def test_channels_cli_to_browser(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: the page subscribes to a CLI channel through a share link and reads CLI-posted message links; fingerprints agree."""
    alice = channel_owner(seqr_cli)
    context = new_context()
    page, public_key, fingerprint = channel_identity(context, "Bob")
    shot(page, "channels-identity")
    # The same spoken fingerprint as the CLI computes for the page's public key.
    scanned = alice.run("scan", link_png(work_dir, alice, public_key)).stdout
    assert f"fingerprint: {fingerprint}" in scanned and "public key: Bob" in scanned, (fingerprint, scanned)
    share = out_file(work_dir, "share.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", seqr_server.url)
    subscribe_page(page, link_in(alice, share))
    owner = json.loads(alice.run("id", "show", "--json").stdout)["fingerprint"]
    expect(page.locator(".fingerprint").last).to_have_text(owner)
    shot(page, "channels-subscribed")

    text = out_file(work_dir, "text.png")
    alice.run("post", "Garden", "--text", "Meeting at 6 ✓ <b>not bold</b>", "-o", text, "--link", seqr_server.url)
    read_page(page, link_in(alice, text))
    expect(page.get_by_role("status").filter(has_text=f"Verified: signed by Alice ({owner}) on Garden.")).to_be_visible()
    expect(page.locator("#message-text")).to_have_text("Meeting at 6 ✓ <b>not bold</b>")
    assert page.locator("#message-text b").count() == 0
    url = out_file(work_dir, "url.png")
    alice.run("post", "Garden", "--url", "https://garden.example/meeting", "--expires", "7d", "-o", url, "--link", seqr_server.url)
    read_page(page, link_in(alice, url))
    expect(page.get_by_role("link", name="https://garden.example/meeting")).to_have_attribute("href", "https://garden.example/meeting")
    expect(page.locator(".message-meta")).to_contain_text("expires")
    shot(page, "channels-message")
    odd = out_file(work_dir, "odd.png")
    alice.run("post", "Garden", "--url", "javascript:alert(1)", "--allow-scheme", "javascript", "-o", odd, "--link", seqr_server.url)
    read_page(page, link_in(alice, odd))
    expect(page.get_by_role("alert")).to_have_text('Not a web link: its scheme is "javascript", not http or https. Do not open it.')
    assert page.get_by_role("link", name="javascript:alert(1)").count() == 0
    # Kept in the sealed history: after a reload, unlocked with the passphrase.
    page.goto(seqr_server.url + "/app/#/channels")
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


@pytest.mark.page_only
def test_channels_browser_to_cli(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: the CLI subscribes to a channel made in the page and reads a message the page posted (its PNG)."""
    context = new_context(accept_downloads=True)
    page, _, dana = channel_identity(context, "Dana")
    erin = seqr_cli()
    erin.run("id", "init", "--name", "Erin", "--no-passphrase")
    key = out_file(work_dir, "erin.png")
    erin.run("id", "show", "--link", seqr_server.url, "-o", key)
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
    page.goto(seqr_server.url + "/app/#/channels/0")
    page.get_by_label("Message", exact=True).fill("Hello from the browser ✓")
    page.get_by_label("Expires").select_option(label="1 day")
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("img", name="Message QR code")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download PNG").click()
    png = out_file(work_dir, "browser-message.png")
    download.value.save_as(png)
    read = erin.run("scan", png)
    assert 'on "Yard": Hello from the browser ✓' in read.stdout, read.stdout
    # The link form too, given as text.
    link = page.get_by_label("Message link").input_value()
    assert "Hello from the browser" in erin.run("scan", link_png(work_dir, erin, link)).stdout


@pytest.mark.page_only
def test_channels_removal(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: a removal made in the CLI reaches the page through the rekey link: Bob reads on, Carol is told she was removed."""
    alice = channel_owner(seqr_cli)
    pages = {}
    for name in ["Bob", "Carol"]:
        page, public_key, _ = channel_identity(new_context(), name)
        share = out_file(work_dir, f"{name}-share.png")
        alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", seqr_server.url)
        subscribe_page(page, link_in(alice, share))
        pages[name] = page
    before = out_file(work_dir, "before.png")
    alice.run("post", "Garden", "--text", "Before the removal", "-o", before, "--link", seqr_server.url)
    rekey = out_file(work_dir, "rekey.png")
    alice.run("channel", "remove", "Garden", "--subscriber", "Carol", "-o", rekey, "--link", seqr_server.url)
    after = out_file(work_dir, "after.png")
    alice.run("post", "Garden", "--text", "Seeds arrive Friday", "-o", after, "--link", seqr_server.url)
    bob, carol = pages["Bob"], pages["Carol"]

    read_page(bob, link_in(alice, after))
    expect(bob.get_by_role("alert")).to_have_text("A message of the channel's epoch 1, which this browser has not reached: scan the channel's latest rekey code")
    bob.goto(link_in(alice, rekey))
    expect(bob.get_by_role("status").filter(has_text="Garden has a new key; older messages stay readable.")).to_be_visible()
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


@pytest.mark.page_only
def test_channels_removal_in_browser(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: the owner removes a subscriber in the page: `seqr scan` of its rekey code moves Erin on, tells Frank he was removed."""
    context = new_context(accept_downloads=True)
    page, _, _ = channel_identity(context, "Dana")
    create_channel(page, "Yard")
    subscribers = {}
    for name in ["Erin", "Frank"]:
        cli = seqr_cli()
        cli.run("id", "init", "--name", name, "--no-passphrase")
        key = out_file(work_dir, f"{name}.png")
        cli.run("id", "show", "--link", seqr_server.url, "-o", key)
        page.goto(seqr_server.url + "/app/#/channels/0")
        page.get_by_label("Subscriber's public-key link").fill(link_in(cli, key))
        page.get_by_role("button", name="Open public key").click()
        page.get_by_role("button", name="Share channel").click()
        expect(page.get_by_role("status").filter(has_text=f"Shared: send this code or its link to {name}.")).to_be_in_viewport()
        cli.run("channel", "subscribe", page.get_by_label("Channel share link").input_value())
        subscribers[name] = cli
    page.goto(seqr_server.url + "/app/#/channels/0")
    # Nothing irreversible on one tap: Remove asks first, saying who must scan; Cancel keeps Frank.
    page.get_by_role("button", name="Remove Frank").click()
    answer_dialog(page, "Cancel", "Erin must scan the new code")
    expect(page.get_by_role("button", name="Remove Frank")).to_be_enabled()
    expect(page.get_by_role("img", name="Rekey code QR code")).to_have_count(0)
    page.get_by_role("button", name="Remove Frank").click()
    answer_dialog(page, "Remove", "Frank cannot read new messages of Yard")
    expect(page.get_by_role("status").filter(has_text="Frank removed from Yard.")).to_be_visible()
    expect(page.get_by_role("img", name="Rekey code QR code")).to_be_visible()
    assert "epoch" not in page.locator("main").inner_text().lower()  # under "Details" only
    page.get_by_text("Details", exact=True).click()
    expect(page.get_by_text("Key epoch 1")).to_be_visible()
    check_fit(page, "channels-owner-removal")
    shot(page, "channels-owner-removal")
    with page.expect_download() as download:
        page.get_by_role("group", name="Rekey code").get_by_role("link", name="Download PNG").click()
    rekey = out_file(work_dir, "browser-rekey.png")
    download.value.save_as(rekey)
    page.get_by_label("Message", exact=True).fill("After Frank left")
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("img", name="Message QR code")).to_be_visible()
    # Posted: the box is empty again, and the new code is on screen with a confirmation.
    expect(page.get_by_role("textbox", name="Message", exact=True)).to_have_value("")
    expect(page.get_by_role("status").filter(has_text="Posted")).to_be_in_viewport()
    message_link = page.get_by_label("Message link").input_value()
    page.get_by_role("group", name="Message").get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("group", name="Message").get_by_text("Copied")).to_be_visible()
    assert clipboard(page) == message_link
    after = link_png(work_dir, subscribers["Erin"], message_link)
    erin, frank = subscribers["Erin"], subscribers["Frank"]
    moved = erin.run("scan", rekey)
    assert "moved to epoch 1" in moved.stdout, moved.stdout
    assert 'on "Yard": After Frank left' in erin.run("scan", after).stdout
    refused = frank.run("scan", rekey, check=False)
    assert refused.returncode != 0 and "you were removed from Yard" in refused.stderr, (refused.stdout, refused.stderr)
    refused = frank.run("scan", after, check=False)
    assert refused.returncode != 0 and "you were removed from Yard" in refused.stderr, (refused.stdout, refused.stderr)


@pytest.mark.page_only
def test_channels_refused(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: tampered, truncated, foreign and misaddressed codes are refused on the page with one line."""
    alice = channel_owner(seqr_cli)
    context = new_context()
    page, public_key, _ = channel_identity(context, "Bob")
    share = out_file(work_dir, "share.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", seqr_server.url)
    share_link = link_in(alice, share)
    other, _, _ = channel_identity(new_context(), "Mallory")
    other.goto(share_link)
    other.get_by_role("button", name="Subscribe").click()
    expect(other.get_by_role("alert")).to_have_text("This channel share was made for someone else")
    subscribe_page(page, share_link)
    message = out_file(work_dir, "message.png")
    alice.run("post", "Garden", "--text", "Untouched", "-o", message, "--link", seqr_server.url)
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
    stranger = channel_owner(seqr_cli, "Eve", "Elsewhere")
    elsewhere = out_file(work_dir, "elsewhere.png")
    stranger.run("post", "Elsewhere", "--text", "not for you", "-o", elsewhere, "--link", seqr_server.url)
    read_page(page, link_in(stranger, elsewhere))
    expect(page.get_by_role("alert")).to_have_text("A message of an unknown channel (not subscribed)")


@pytest.mark.page_only
def test_channels_hostile_display(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: hostile message text and links are shown as the CLI shows them; an over-long link is one line, dropped from the address bar."""
    alice = channel_owner(seqr_cli)
    context = new_context()
    page, public_key, _ = channel_identity(context, "Bob")
    share = out_file(work_dir, "share.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", share, "--link", seqr_server.url)
    subscribe_page(page, link_in(alice, share))
    # A right-to-left override makes "https://bank.example/‮gnp.exe" look like a picture's address.
    url = out_file(work_dir, "bidi-url.png")
    alice.run("post", "Garden", "--url", "https://bank.example/\u202egnp.exe", "-o", url, "--link", seqr_server.url)
    read_page(page, link_in(alice, url))
    expect(page.get_by_role("alert")).to_contain_text("invisible or text-direction characters")
    expect(page.locator("#message-text")).to_have_text("https://bank.example/\\u{202E}gnp.exe")
    assert page.locator("main a[href^='https://bank']").count() == 0
    text = out_file(work_dir, "bidi-text.png")
    alice.run("post", "Garden", "--text", "pay \u202e01$ \\u{41}\rlater", "-o", text, "--link", seqr_server.url)
    read_page(page, link_in(alice, text))
    expect(page.locator("#message-text")).to_have_text("pay \\u{202E}01$ \\\\u{41}\\u{D}later")
    page.goto(seqr_server.url + "/app/#/channels")
    expect(page.get_by_role("list", name="Messages")).to_contain_text("pay \\u{202E}01$")
    assert "\u202e" not in page.locator("main").inner_text()
    # A name may hold no control or text-direction character, but an invisible one is shown, as `seqr scan` shows it.
    hidden = channel_owner(seqr_cli, "Eve", "Gar\u200bden")
    share = out_file(work_dir, "hidden-share.png")
    hidden.run("channel", "share", "Gar\u200bden", "--to", public_key, "-o", share, "--link", seqr_server.url)
    page.goto(link_in(hidden, share))
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_role("status").filter(has_text="Subscribed to")).to_have_text("Subscribed to Gar\\u{200B}den, owned by Eve.")
    # A link far longer than any QR code holds: one line in the page, and the fragment is gone from the address bar.
    page.goto(seqr_server.url + "/app/#U1E" + "A" * 20_000)
    expect(page.get_by_role("alert")).to_have_text("Invalid link: longer than any Seqr code's link")
    assert page.evaluate("location.hash") == "#/channels/open"


@pytest.mark.page_only
def test_channels_two_tabs(new_context, seqr_server, seqr_cli, work_dir):
    """Channels: two tabs of one browser (a camera opens each link in a new tab) both keep what they did."""
    alice = channel_owner(seqr_cli)
    eve = channel_owner(seqr_cli, "Eve", "Elsewhere")
    context = new_context()
    first, public_key, _ = channel_identity(context, "Bob")
    garden, elsewhere = out_file(work_dir, "garden.png"), out_file(work_dir, "elsewhere.png")
    alice.run("channel", "share", "Garden", "--to", public_key, "-o", garden, "--link", seqr_server.url)
    eve.run("channel", "share", "Elsewhere", "--to", public_key, "-o", elsewhere, "--link", seqr_server.url)
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
    message = out_file(work_dir, "message.png")
    alice.run("post", "Garden", "--text", "Read in the first tab", "-o", message, "--link", seqr_server.url)
    read_page(first, link_in(alice, message))
    expect(first.locator("#message-text")).to_have_text("Read in the first tab")
    third = context.new_page()
    third.goto(seqr_server.url + "/app/#/channels")
    third.get_by_label("Passphrase").fill(PASSPHRASE)
    third.get_by_role("button", name="Unlock channels").click()
    expect(third.get_by_role("link", name="Elsewhere")).to_be_visible()
    expect(third.get_by_role("link", name="Garden")).to_be_visible()
    expect(third.get_by_role("list", name="Messages")).to_contain_text("Read in the first tab")


@pytest.mark.page_only
def test_channels_idle_after_sign_out(new_context, seqr_server):
    """Channels: signing out of the notes account leaves open channel keys under the idle lock."""
    user = unique("idle")
    context = new_context()
    page = context.new_page()
    page.clock.install()
    page.goto(seqr_server.url + "/app/#/register")
    register(page, user)
    page.goto(seqr_server.url + "/app/#/channels")
    page.get_by_label("Your name").fill("Bob")
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_label("Repeat the passphrase").fill(PASSPHRASE)
    page.get_by_role("button", name="Create identity").click()
    expect(page.get_by_role("heading", name="Channels", level=1)).to_be_visible()
    page.goto(seqr_server.url + "/app/#/account")
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.clock.run_for("15:10")
    page.goto(seqr_server.url + "/app/#/channels")
    expect(page.get_by_role("heading", name="Unlock channels")).to_be_visible()


@pytest.mark.page_only
def test_channels_no_storage(new_context, seqr_server):
    """Channels: a browser that refuses storage (IndexedDB) gets one line in the page, not a blank screen."""
    context = new_context()
    context.add_init_script("IDBFactory.prototype.open = function () { throw new DOMException('refused', 'SecurityError'); };")
    page = context.new_page()
    page.goto(seqr_server.url + "/app/#/channels")
    expect(page.get_by_role("alert")).to_contain_text("IndexedDB is refused")


@pytest.mark.page_only
def test_channels_post_too_long(new_context, seqr_server):
    """Channels: a message too long for one QR code is refused in the page before it is kept as posted."""
    context = new_context()
    page, _, _ = channel_identity(context, "Dana")
    create_channel(page, "Yard")
    page.get_by_label("Message", exact=True).fill("x" * 3000)
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("alert")).to_contain_text("a version-40 QR code holds: write a shorter message")
    assert page.get_by_role("img", name="Message QR code").count() == 0
    page.goto(seqr_server.url + "/app/#/channels")
    expect(page.get_by_text("Messages you read or post appear here")).to_be_visible()
