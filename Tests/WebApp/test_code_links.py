"""A Seqr code link in the page (issue 47): the host it came from is shown with the result ("from HOST"), a
pasted link from another host than the page's is flagged, and the code or key in a link's fragment leaves
neither the address bar nor the tab's history (Back and Forward)."""
import json
import os
import re
import uuid
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from webapp import answer_dialog, channel_identity, open_app, register, seqr_without_store, shot, unique


def public_key_link(seqr_cli, server, work_dir, name="Erin"):
    """The public-key link of a new `seqr` identity, read back from the QR picture `seqr id show` writes."""
    cli = seqr_cli()
    cli.run("id", "init", "--name", name, "--no-passphrase")
    png = os.path.join(work_dir, f"{uuid.uuid4().hex[:6]}-key.png")
    cli.run("id", "show", "--link", server.url, "-o", png)
    link = seqr_without_store("decode", png).strip()
    assert link.startswith(server.url + "/app/#"), link
    return link, json.loads(cli.run("id", "show", "--json").stdout)["fingerprint"]


def open_pasted(page, link):
    page.goto(page.url.split("#")[0] + "#/channels")
    page.get_by_label("A Seqr link").fill(link)
    page.get_by_role("button", name="Open link").click()
    expect(page.get_by_role("heading", name="Public key")).to_be_visible()


@pytest.mark.page_only
def test_a_code_shows_the_host_it_came_from(new_context, seqr_server, seqr_cli, work_dir):
    """A code opened from its link says "from HOST" (the page's own host); a pasted link says its own host, and
    one from another host than the page's is flagged before anything is shared to it."""
    page, _, _ = channel_identity(new_context(), "Dana")
    link, fingerprint = public_key_link(seqr_cli, seqr_server, work_dir)
    own_host = urlsplit(seqr_server.url).netloc
    page.goto(link)
    expect(page.get_by_role("heading", name="Public key")).to_be_visible()
    expect(page.get_by_text(re.compile(f"The public key of Erin, fingerprint {fingerprint}"))).to_be_visible()
    expect(page.locator("#code-from")).to_have_text(f"from {own_host}")
    expect(page.get_by_role("alert")).to_have_count(0)
    # Pasted from this server: the same, no warning.
    open_pasted(page, link)
    expect(page.locator("#code-from")).to_have_text(f"from {own_host}")
    expect(page.get_by_role("alert")).to_have_count(0)
    # Pasted from a look-alike host: its host is shown, and flagged.
    look_alike = "https://seqr.examp1e.org/app/#" + link.split("#", 1)[1]
    open_pasted(page, look_alike)
    expect(page.locator("#code-from")).to_have_text("from seqr.examp1e.org")
    expect(page.get_by_role("alert")).to_have_text(
        f"This link is from seqr.examp1e.org, not from this app's server ({own_host}): "
        "a look-alike host can pose as someone you know. Trust it only if you expected it from there.")
    shot(page, "code-from-another-host")
    # An internationalised host is shown as the browser resolves it (Punycode), not as it looks.
    open_pasted(page, "https://sеqr.example/app/#" + link.split("#", 1)[1])  # Cyrillic "е"
    expect(page.locator("#code-from")).to_have_text("from xn--sqr-rdd.example")


@pytest.mark.page_only
def test_a_code_fragment_leaves_no_history_entry(new_context, seqr_server, seqr_cli, work_dir):
    """After a code link is read, neither the address bar nor Back and Forward hold its fragment; a location
    link's key (#k=) is dropped the same way by the viewer."""
    context = new_context()
    page, _, _ = channel_identity(context, "Dana")
    link, _ = public_key_link(seqr_cli, seqr_server, work_dir)
    code = link.split("#", 1)[1]
    page.goto(link)
    expect(page.get_by_role("heading", name="Public key")).to_be_visible()
    assert code not in page.url
    page.goto(seqr_server.url + "/health")
    page.go_back()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert code not in page.url, page.url
    page.go_back()
    assert code not in page.url, page.url
    page.go_forward()
    page.go_forward()
    assert code not in page.url, page.url
    # A location share link opened in the viewer.
    user = unique("frag")
    app = open_app(context, "#/register")
    register(app, user)
    app.get_by_role("link", name="Location", exact=True).click()
    app.get_by_role("button", name="Start sharing").click()
    expect(app.locator("#fix-count")).to_have_text("1")
    share = app.get_by_label("Share link", exact=True).input_value()
    key = share.split("#k=", 1)[1]
    viewer = context.new_page()
    viewer.goto(share)
    viewer.wait_for_function("location.hash === ''")
    viewer.goto(seqr_server.url + "/health")
    viewer.go_back()
    assert key not in viewer.url, viewer.url
    app.get_by_role("button", name="Stop sharing").click()
    answer_dialog(app, "Stop sharing", "The link stops working")
    expect(app.get_by_role("button", name="Start sharing")).to_be_visible()
