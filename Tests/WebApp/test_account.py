"""The account: change the password, sign out, the lock (reload and idle)."""
from playwright.sync_api import expect

from webapp import PASSWORD, add_note, check_fit, open_app, open_note, register, shot, sign_in, unique


def test_change_password(new_context, seqr_server, seqr_cli):
    """Change password in the browser: `seqr notes` opens the notes with the new password only."""
    user = unique("pw")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Kept", "across the change")
    page.get_by_role("link", name="Account", exact=True).click()
    shot(page, "account")
    page.get_by_role("link", name="Change password").click()
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("battery staple horse")
    page.get_by_label("Repeat the new password").fill("battery staple horse")
    shot(page, "password")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status").filter(has_text="Password changed")).to_be_visible(timeout=60_000)
    cli = seqr_cli()
    assert cli.run("notes", "login", user, "--server", seqr_server.url, check=False).returncode != 0
    cli.login(user, password="battery staple horse")
    assert cli.run("notes", "show", cli.note_id("Kept", password="battery staple horse")[:8],
                   password="battery staple horse").stdout == "Kept\nacross the change\n"
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, user, "battery staple horse")


def test_locking(new_context, seqr_server):
    """A reload locks the app, 15 minutes without use lock it, and the password opens it again."""
    user = unique("lock")
    context = new_context()
    page = context.new_page()
    page.clock.install()
    page.goto(seqr_server.url + "/app/#/register")
    register(page, user)
    add_note(page, "Secret", "behind the lock")
    page.reload()
    # A reload locks: the remembered account is shown Locked (its name, not editable), not signed out.
    expect(page.get_by_role("heading", name="Locked")).to_be_visible()
    assert "behind the lock" not in page.content()
    expect(page.get_by_label("Username")).to_have_value(user)
    expect(page.get_by_label("Username")).not_to_be_editable()
    check_fit(page, "locked after a reload")
    sign_in(page, user)
    open_note(page, "Secret")
    page.clock.run_for("14:50")
    expect(page.get_by_label("Note text")).to_be_visible()
    page.clock.run_for("00:20")
    expect(page.get_by_role("heading", name="Locked")).to_be_visible()
    assert "behind the lock" not in page.content()
    shot(page, "locked")
    page.get_by_label("Password", exact=True).fill("wrong password here")
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("alert")).to_contain_text("Wrong username or password")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_role("heading", name="Secret")).to_be_visible(timeout=30_000)


def test_not_you_signs_out_of_the_remembered_account(new_context, seqr_server):
    """On the Locked screen after a reload, "Not you? Sign out" forgets the account: the page, and the next
    reload, show Sign in, with the sections and what works without an account."""
    user = unique("notyou")
    page = open_app(new_context(), "#/register")
    register(page, user)
    page.reload()
    expect(page.get_by_role("heading", name="Locked")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(page.get_by_label("Username")).to_be_editable()
    # Signed out, the sections are there: channels and the scanner need no account.
    tabs = page.get_by_role("navigation", name="Sections")
    expect(tabs).to_be_visible()
    expect(tabs.locator("[aria-current]")).to_have_count(0)  # the sign-in screen is no section's page
    expect(page.get_by_role("heading", name="No account needed for")).to_be_visible()
    check_fit(page, "sign-in with the sections")
    tabs.get_by_role("link", name="Channels").click()
    expect(page.get_by_role("heading", name="Your channel identity")).to_be_visible()
