"""The lock reaches every tab of the app (issue 47): "Lock now", "Lock channels", the idle lock and sign-out;
Back after leaving the app finds the page locked, not restored unlocked from the back/forward cache; and a page
that goes away, or signs out, leaves no session valid on the server."""
import sqlite3
import time

import pytest
from playwright.sync_api import expect

from webapp import PASSPHRASE, PASSWORD, add_note, channel_identity, expect_signed_in, open_app, open_note, register, shot, sign_in, unique


def valid_sessions(server, username):
    """The server's unexpired sessions of the account (SQLite, read beside the running server)."""
    with sqlite3.connect(server.database) as db:
        return db.execute("SELECT count(*) FROM session JOIN account ON account.id = session.account_id "
                          "WHERE account.username = ? AND session.expires_at > ?", (username, time.time())).fetchone()[0]


def sessions_become(server, username, expected):
    """The count the page's requests leave, waited for: a keepalive request may land after the page is gone."""
    for _ in range(100):
        if valid_sessions(server, username) == expected:
            return
        time.sleep(0.1)
    assert valid_sessions(server, username) == expected


def two_signed_in_tabs(new_context, seqr_server, clock=False):
    user = unique("tabs")
    context = new_context()
    if clock:
        context.clock.install()
    first = open_app(context, "#/register")
    register(first, user)
    add_note(first, "Tabbed", "open in two tabs")
    second = open_app(context)
    sign_in(second, user)
    open_note(second, "Tabbed")
    return user, context, first, second


@pytest.mark.page_only
def test_lock_now_and_sign_out_reach_every_tab(new_context, seqr_server):
    """"Lock now" in one tab locks the others; sign-out in one signs every tab out and ends every tab's session."""
    user, context, first, second = two_signed_in_tabs(new_context, seqr_server)
    assert valid_sessions(seqr_server, user) == 2
    first.get_by_role("link", name="Account", exact=True).click()
    first.get_by_role("button", name="Lock now").click()
    expect(first.get_by_role("heading", name="Locked")).to_be_visible()
    expect(second.get_by_role("heading", name="Locked")).to_be_visible()
    assert "open in two tabs" not in second.content()
    shot(second, "locked-by-another-tab")
    # Unlocked again in both, then signed out in one.
    for page in (first, second):
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_role("button", name="Unlock").click()
        expect_signed_in(page)
    first.get_by_role("link", name="Account", exact=True).click()
    first.get_by_role("button", name="Sign out").click()
    expect(first.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(second.get_by_role("heading", name="Sign in")).to_be_visible()
    sessions_become(seqr_server, user, 0)


@pytest.mark.page_only
def test_lock_channels_reaches_every_tab(new_context, seqr_server):
    """"Lock channels" in one tab forgets the channel keys in every tab."""
    context = new_context()
    first, _, _ = channel_identity(context, "Ann")
    second = open_app(context, "#/channels")
    second.get_by_label("Passphrase").fill(PASSPHRASE)
    second.get_by_role("button", name="Unlock channels").click()
    expect(second.get_by_role("heading", name="Channels", level=1, exact=True)).to_be_visible()
    first.get_by_role("button", name="Lock channels").click()
    expect(first.get_by_role("heading", name="Unlock channels")).to_be_visible()
    expect(second.get_by_role("heading", name="Unlock channels")).to_be_visible()


@pytest.mark.page_only
def test_one_idle_clock_for_every_tab(new_context, seqr_server):
    """Input in one tab keeps every tab open; 15 minutes without input anywhere lock them all at once."""
    user, context, first, second = two_signed_in_tabs(new_context, seqr_server, clock=True)
    context.clock.run_for("10:00")
    second.get_by_role("link", name="Notes", exact=True).click()  # someone uses the second tab
    second.keyboard.press("Shift")
    context.clock.run_for("06:00")  # 16 minutes since the first tab's own last input
    expect(first.get_by_role("heading", name="Tabbed", level=1)).to_be_visible()
    expect(second.get_by_role("heading", name="Notes", level=1)).to_be_visible()
    context.clock.run_for("09:30")  # past 15 minutes since the last input in either
    expect(first.get_by_role("heading", name="Locked")).to_be_visible()
    expect(second.get_by_role("heading", name="Locked")).to_be_visible()


RESTORED_FLAG = "addEventListener('pageshow', (e) => { if (e.persisted) window.__restoredFromCache = true; });"


@pytest.mark.page_only
def test_back_finds_the_page_locked(own_browser, seqr_server):
    """Leaving the app for another page and pressing Back shows the page locked, also when the browser
    restores it from its back/forward cache (which Playwright turns off unless told); and leaving ended the
    page's session on the server."""
    user = unique("back")
    context = own_browser(ignore_default_args=["--disable-back-forward-cache"])
    context.add_init_script(RESTORED_FLAG)
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Behind Back", "not for the next person")
    page.goto(seqr_server.url + "/health")
    page.go_back(wait_until="commit")  # a page restored from the cache fires no load event
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    restored = page.evaluate("window.__restoredFromCache === true")
    print(f"restored from the back/forward cache: {restored}")
    expect(page.get_by_role("heading", name="Locked")).to_be_visible()
    assert "not for the next person" not in page.content()
    sessions_become(seqr_server, user, 0)
    sign_in(page, user)
    expect(page.get_by_role("heading", name="Behind Back", level=1)).to_be_visible()


@pytest.mark.page_only
def test_a_reload_leaves_one_session(new_context, seqr_server):
    """A reload signs in afresh and leaves one valid session on the server, not two; sign-out leaves none."""
    user = unique("reload")
    page = open_app(new_context(), "#/register")
    register(page, user)
    assert valid_sessions(seqr_server, user) == 1
    for _ in range(2):
        page.reload()
        sign_in(page, user)
        sessions_become(seqr_server, user, 1)
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    sessions_become(seqr_server, user, 0)


@pytest.mark.page_only
def test_a_reload_whose_logout_is_lost_still_leaves_one_session(new_context, seqr_server):
    """The keepalive logout a page sends as it goes away may never arrive (the browser drops it, the network
    fails): here the page's keepalive requests are dropped. The page kept the session's id, and the next sign-in
    ends that session."""
    user = unique("lost")
    context = new_context()
    context.add_init_script("const send = window.fetch; window.fetch = (url, init) => init?.keepalive "
                            "? Promise.reject(new TypeError('dropped')) : send(url, init);")
    page = open_app(context, "#/register")
    register(page, user)
    for _ in range(2):
        page.reload()
        sign_in(page, user)
        sessions_become(seqr_server, user, 1)
