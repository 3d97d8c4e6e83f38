"""The app as a whole: the keyboard alone, accessible names, dark mode and the phone's width, the offline
shell, page titles."""
import re

import pytest
from playwright.sync_api import expect

from webapp import PASSWORD, add_note, channel_identity, check_accessible, check_fit, create_channel, install_app, open_app, register, shot, unique


@pytest.mark.page_only
def test_keyboard(new_context, seqr_cli):
    """The keyboard alone signs in and opens a note."""
    user = unique("keys")
    cli = seqr_cli()
    cli.register(user)
    cli.run("notes", "add", "--title", "Typed", "--info", "no mouse")
    context = new_context()
    page = open_app(context)
    page.keyboard.press("Tab")  # skip link
    page.get_by_label("Username").focus()
    page.keyboard.type(user)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible(timeout=30_000)
    link = page.get_by_role("list", name="Notes").get_by_role("link").first
    for _ in range(12):
        page.keyboard.press("Tab")
        if link.evaluate("(el) => el === document.activeElement"):
            break
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Typed")).to_be_visible()


@pytest.mark.page_only
def test_accessible_names(new_context, seqr_server):
    """Every field has a label and every button an accessible name, on every screen."""
    user = unique("a11y")
    context = new_context()
    page = open_app(context)
    script = """() => {
      const bad = [];
      for (const el of document.querySelectorAll('input, textarea, select')) if (el.labels.length === 0 && !el.getAttribute('aria-label')) bad.push(el.outerHTML.slice(0, 80));
      for (const el of document.querySelectorAll('button, a[href]')) if (!(el.textContent.trim() || el.getAttribute('aria-label'))) bad.push(el.outerHTML.slice(0, 80));
      return bad;
    }"""
    assert page.evaluate(script) == []
    check_accessible(page, "sign-in")
    register(page, user)
    for hash_ in ["#/notes", "#/notes/new", "#/location", "#/account", "#/account/password"]:
        page.goto(seqr_server.url + "/app/" + hash_)
        if page.get_by_role("heading", name="Locked").count() or page.get_by_role("heading", name="Sign in").count():
            sign_in_again = page.get_by_label("Password", exact=True)
            sign_in_again.fill(PASSWORD)
            page.get_by_role("button", name=re.compile("Sign in|Unlock")).click()
        page.wait_for_timeout(300)
        assert page.evaluate(script) == [], f"{hash_}: {page.evaluate(script)}"
        check_accessible(page, hash_)
    # The channel views: the identity gate, the channel list, a channel, a public key opened.
    gate = open_app(context, "#/channels")
    assert gate.evaluate(script) == [], gate.evaluate(script)
    check_accessible(gate, "#/channels (no identity)")
    channels, public_key, _ = channel_identity(context, "Ann")
    assert channels.evaluate(script) == [], channels.evaluate(script)
    check_accessible(channels, "#/channels")
    channels.get_by_label("Channel name").fill("Lane")
    channels.get_by_role("button", name="Create channel").click()
    expect(channels.get_by_role("heading", name="Lane", level=1)).to_be_visible()
    assert channels.evaluate(script) == [], channels.evaluate(script)
    check_accessible(channels, "#/channels/0")
    channels.goto(public_key)
    expect(channels.get_by_role("button", name="Share channel")).to_be_visible()
    assert channels.evaluate(script) == [], channels.evaluate(script)
    check_accessible(channels, "a public key opened")


@pytest.mark.page_only
def test_dark_and_narrow(new_context):
    """Dark mode and the 360 px width: nothing is wider than the screen."""
    user = unique("dark")
    context = new_context(color_scheme="dark")
    page = open_app(context)
    shot(page, "dark-sign-in")
    check_fit(page, "dark sign-in")
    register(page, user)
    add_note(page, "A rather long title for 30 ch", "Lorem ipsum " * 40)
    shot(page, "dark-note-show")
    for hash_ in ["#/notes", "#/location", "#/account"]:
        page.evaluate(f"location.hash = '{hash_}'")
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{hash_} is {width} px wide"
        check_fit(page, f"dark {hash_}")
    shot(page, "dark-account")
    channels, _, _ = channel_identity(context, "A rather long name for a channel identity")
    channels.get_by_label("Channel name").fill("A channel with a rather long name")
    channels.get_by_role("button", name="Create channel").click()
    expect(channels.get_by_role("heading", name="A channel with a rather long name", level=1)).to_be_visible()
    for hash_ in ["#/channels", "#/channels/0"]:
        channels.evaluate(f"location.hash = '{hash_}'")
        channels.wait_for_timeout(300)
        width = channels.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{hash_} is {width} px wide"
        check_fit(channels, f"dark {hash_}")
    shot(channels, "dark-channels")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(244, 246, 245)", background


@pytest.mark.page_only
def test_offline_shell(new_context, start_server):
    """The offline shell opens with the server stopped, and says it is offline; no API answer is cached."""
    server = start_server()
    try:
        context = new_context(server=server)
        page = install_app(context)
        register(page, unique("off"))
        cached = page.evaluate("""async () => {
          const urls = [];
          for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
          return urls;
        }""")
        assert cached and all("/app/" in u for u in cached) and not any("/v1/" in u for u in cached), cached
        server.stop()
        page.reload()
        expect(page.get_by_role("heading", name="Locked")).to_be_visible()
        expect(page.get_by_role("status").filter(has_text="Offline")).to_be_visible()
        shot(page, "offline")
    finally:
        server.stop()


@pytest.mark.page_only
def test_service_worker_registers_after_the_page_has_loaded(new_context):
    """A first visit's service worker install (the whole shell and every WebAssembly module) waits until the page has
    loaded and two seconds more, so that it does not compete with the opened view's own work; the app is then
    installed as before."""
    context = new_context()
    context.add_init_script("""(() => {
      if (typeof ServiceWorkerContainer === 'undefined') return;  // about:blank
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        const load = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0;
        window.__registered = { readyState: document.readyState, at: performance.now(), load };
        return register.apply(this, args);
      };
    })()""")
    page = open_app(context, "#/vault")
    page.wait_for_function("() => window.__registered !== undefined", timeout=15_000)
    registered = page.evaluate("window.__registered")
    assert registered["readyState"] == "complete", registered
    assert registered["load"] > 0 and registered["at"] - registered["load"] >= 1_900, registered
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active !== null)") is True


@pytest.mark.page_only
def test_channels_title(new_context, seqr_server):
    """Channels: a channel's or a note's name never becomes the page title (the browser's history keeps titles in the clear)."""
    context = new_context()
    page, _, _ = channel_identity(context, "Dana")
    create_channel(page, "Secret Yard")
    expect(page).to_have_title("Channels · Seqr")
    page.goto(seqr_server.url + "/app/#/register")
    register(page, unique("title"))
    add_note(page, "Secret title", "text")
    expect(page.get_by_role("heading", name="Secret title", level=1)).to_be_visible()
    expect(page).to_have_title("Notes · Seqr")


@pytest.mark.page_only
def test_images_only_from_this_origin(new_context, seqr_server):
    """The CSP's img-src is this origin alone (issue 47): no blob:, no data: — QR codes are inline SVG and the PNG
    to save is a download link; the screens that show icons and codes load under it with no violation (the guard)."""
    page = open_app(new_context(), "#/register")
    csp = page.request.get(seqr_server.url + "/app/").headers["content-security-policy"]
    assert [d.strip() for d in csp.split(";") if d.strip().startswith("img-src")] == ["img-src 'self'"], csp
    register(page, unique("csp"))
    add_note(page, "Pictured", "icons only from here")
    page.get_by_role("link", name="Notes", exact=True).click()
    search = page.get_by_label("Search titles")
    expect(search).to_be_visible()
    # The search field's icon is a file of this origin, drawn (a refused image would be a violation).
    assert "icons/search.svg" in search.evaluate("(el) => getComputedStyle(el).backgroundImage")
    channels, _, _ = channel_identity(page.context, "Ann")
    expect(channels.get_by_role("group", name="Public key").get_by_role("link", name="Download PNG")).to_be_visible()
    assert channels.get_by_role("group", name="Public key").get_by_role("link", name="Download PNG").get_attribute("href").startswith("blob:")


@pytest.mark.page_only
def test_a_slow_view_never_covers_the_one_opened_after_it(new_context):
    """Two sections opened in quick succession, the first slow to arrive (its module held back): the second stays
    shown when the first one's module comes in at last, and the first one's view is never put over it."""
    context = new_context(service_workers="block")  # the module's request reaches page.route, not a cached copy
    page = open_app(context)
    held = []
    page.route("**/js/views/vault.js", lambda route: held.append(route))
    page.evaluate("location.hash = '#/vault'")
    for _ in range(300):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the vault view's module was never asked for"
    page.evaluate("location.hash = '#/scan'")
    expect(page.get_by_role("heading", name="Scan", level=1)).to_be_visible()
    with page.expect_response("**/js/views/vault.js"):
        held[0].continue_()
    # The held module is evaluated and its route finishes within a few turns of the event loop.
    page.wait_for_function("() => import('./js/views/vault.js').then(() => true)")
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200)))")
    assert page.get_by_role("heading", name="Paper vault").count() == 0, "the slow view was put over the one opened after it"
    expect(page.get_by_role("heading", name="Scan", level=1)).to_be_visible()
    assert page.evaluate("location.hash") == "#/scan"
