"""Words, sizes and feedback (issue 42): show/hide on passwords, internal terms under "Details", the post form's
"Message" / "Link", error lines as sentences, a disabled button that looks disabled; each screen measured by check_fit."""
import re

from playwright.sync_api import expect

from webapp import PASSWORD, channel_identity, check_fit, create_channel, open_app, register, unique


def test_password_show_hide_and_details(new_context):
    """A password field shows and hides its text; the account screen keeps "PBKDF2 … rounds" under "Details"."""
    context = new_context()
    page = open_app(context, "#/register")
    expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    password = page.get_by_label("Password", exact=True)
    password.fill(PASSWORD)
    expect(password).to_have_attribute("type", "password")
    show = page.locator(".field").filter(has=password).get_by_role("button", name="Show")
    show.click()
    expect(password).to_have_attribute("type", "text")
    page.locator(".field").filter(has=password).get_by_role("button", name="Hide").click()
    expect(password).to_have_attribute("type", "password")
    check_fit(page, "register")
    register(page, unique("words"))
    page.get_by_role("link", name="Account", exact=True).click()
    expect(page.get_by_role("heading", name="Account")).to_be_visible()
    assert "PBKDF2" not in page.locator("main").inner_text()
    page.get_by_text("Details", exact=True).click()
    expect(page.get_by_text(re.compile(r"PBKDF2-SHA256, [\d,]+ rounds"))).to_be_visible()
    check_fit(page, "account")


def test_post_form_words(new_context):
    """The post form chooses "Message" or "Link" (no "Kind"); a wrong link is refused in a sentence; no "epoch" on
    the channel screens; a disabled button looks disabled (greyed, not its colour)."""
    page, _, _ = channel_identity(new_context(), "Gus")
    assert "epoch" not in page.locator("main").inner_text().lower()
    create_channel(page, "Orchard")
    expect(page.get_by_label("Kind")).to_have_count(0)
    message, link = page.get_by_role("button", name="Message", exact=True), page.get_by_role("button", name="Link", exact=True)
    expect(message).to_have_attribute("aria-pressed", "true")
    link.click()
    expect(link).to_have_attribute("aria-pressed", "true")
    page.get_by_role("textbox", name="Link", exact=True).fill("ftp://example.org/x")
    page.get_by_role("button", name="Post message").click()
    expect(page.get_by_role("alert")).to_have_text("A link starts with http:// or https://.")
    assert "epoch" not in page.locator("main").inner_text().lower()
    check_fit(page, "channel-post")
    post = page.get_by_role("button", name="Post message")
    enabled = post.evaluate("(b) => getComputedStyle(b).backgroundColor")
    post.evaluate("(b) => { b.disabled = true; }")
    disabled = post.evaluate("(b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).cursor]")
    assert disabled[0] != enabled and disabled[1] == "not-allowed", (enabled, disabled)
