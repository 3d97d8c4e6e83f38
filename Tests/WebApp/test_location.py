"""Location sharing from the page, followed by `seqr location follow`."""
import json
import os
import re
import subprocess
import time
from datetime import datetime, timedelta

from playwright.sync_api import expect

from webapp import BIN, answer_dialog, check_fit, clipboard, open_app, register, shot, unique


def test_location_sharing(new_context, seqr_server):
    """The page shares its position as the test moves it; `seqr location follow` receives every fix in order; stop ends it."""
    user = unique("geo")
    positions = [(47.3769, 8.5417), (47.3772, 8.5421), (47.3776, 8.5430), (47.3781, 8.5438), (47.3790, 8.5447)]
    context = new_context(geolocation={"latitude": positions[0][0], "longitude": positions[0][1], "accuracy": 9})
    page = open_app(context, "#/register")
    register(page, user)
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_label("Share for").select_option(label="1 hour")
    page.get_by_label("Label (optional)").fill("Berry picking, north field")
    shot(page, "location-start")
    page.get_by_role("button", name="Start sharing").click()
    expect(page.get_by_text(re.compile(r"Sharing until \d\d:\d\d"))).to_be_visible()
    expect(page.locator("#fix-count")).to_have_text("1")
    expect(page.get_by_role("img", name="QR code of the share link")).to_be_visible()
    link = page.get_by_label("Share link", exact=True).input_value()
    assert re.fullmatch(re.escape(seqr_server.url) + r"/l/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}", link), link
    follower = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "follow", link, "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        expect(page.locator("#watching-count")).to_have_text("1 watching", timeout=30_000)
        for n, (lat, lon) in enumerate(positions[1:], start=2):
            context.set_geolocation({"latitude": lat, "longitude": lon, "accuracy": 9 + n})
            expect(page.locator("#fix-count")).to_have_text(str(n))
        expect(page.locator("#fix-accuracy")).to_have_text("± 14 m")
        shot(page, "location-sharing")
        time.sleep(2)
        # Revoke: the follower is told the share ended.
        page.get_by_role("button", name="Stop sharing").click()
        answer_dialog(page, "Stop sharing", "The link stops working")
        expect(page.get_by_role("button", name="Start sharing")).to_be_visible()
        out, err = follower.communicate(timeout=30)
    finally:
        if follower.poll() is None:
            follower.kill()
    fixes = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert [(f["latitude"], f["longitude"]) for f in fixes] == positions, f"follow printed {fixes}; stderr {err}"
    assert [f["seq"] for f in fixes] == sorted(f["seq"] for f in fixes)
    assert follower.returncode != 0 and "revoked" in err, (follower.returncode, err)
    shot(page, "location-stopped")


def test_location_rotate_hidden(new_context):
    """A new link (rotate) ends the old one; the hidden page says so and sends the newest fix when shown."""
    user = unique("rot")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    old = page.get_by_label("Share link", exact=True).input_value()
    page.get_by_role("button", name="New link").click()
    answer_dialog(page, "New link", "everyone following it must be sent the new link")
    expect(page.get_by_label("Share link", exact=True)).not_to_have_value(old)
    new = page.get_by_label("Share link", exact=True).input_value()
    gone = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", old, "--once"],
                          capture_output=True, text=True, timeout=60)
    assert gone.returncode != 0, gone.stdout
    fresh = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", new, "--once", "--json"],
                           capture_output=True, text=True, timeout=60)
    assert fresh.returncode == 0 and json.loads(fresh.stdout.splitlines()[-1])["latitude"] == 47.3769, (fresh.stdout, fresh.stderr)
    # Someone follows the new link live (a share nobody watches sends its newest position only every few minutes).
    follower = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "follow", new, "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    expect(page.locator("#watching-count")).to_have_text("1 watching", timeout=30_000)
    # The page is hidden (another app in front): it says so; shown again, it sends the newest position.
    page.evaluate("""() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.get_by_text("in the background")).to_be_visible()
    shot(page, "location-hidden")
    context.set_geolocation({"latitude": 46.9480, "longitude": 7.4474, "accuracy": 5})
    page.evaluate("""() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.get_by_text("in the background")).to_be_hidden()
    expect(page.get_by_text("± 5 m")).to_be_visible()
    time.sleep(1)
    latest = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", new, "--once", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert json.loads(latest.stdout.splitlines()[-1])["latitude"] == 46.948, latest.stdout
    page.get_by_role("button", name="Stop sharing").click()
    answer_dialog(page, "Stop sharing", "The link stops working")
    expect(page.get_by_role("button", name="Start sharing")).to_be_visible()
    out, err = follower.communicate(timeout=30)
    assert json.loads(out.splitlines()[-1])["latitude"] == 46.948, (out, err)


def test_location_extend(new_context, seqr_cli):
    """Extend: +1 hour and +1 day move the share's expiry, and until-I-stop lifts it, as `seqr location shares` sees; a share revoked elsewhere is said in the page."""
    user = unique("ext")
    context = new_context()
    page = open_app(context, "#/register")
    register(page, user)
    cli = seqr_cli()
    cli.login(user)

    def expiry():
        shares = json.loads(cli.run("location", "shares", "--json").stdout)
        assert len(shares) == 1, shares
        return shares[0]["id"], shares[0].get("expiresAt") and datetime.fromisoformat(shares[0]["expiresAt"])  # absent: until revoked

    def expiry_becomes(expected):
        for _ in range(50):
            if expiry()[1] == expected:
                return
            time.sleep(0.2)
        assert False, f"expiry {expiry()[1]}, expected {expected}"

    def clock(when):
        return page.evaluate("(iso) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false })",
                             when.isoformat())

    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_label("Share for").select_option(label="1 hour")
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    share_id, first = expiry()
    expect(page.locator("#sharing-until")).to_have_text(f"Sharing until {clock(first)}")
    page.get_by_label("Extend by").select_option(label="1 hour")
    page.get_by_role("button", name="Extend", exact=True).click()
    expect(page.locator("#sharing-until")).to_have_text(f"Sharing until {clock(first + timedelta(hours=1))}")
    expiry_becomes(first + timedelta(hours=1))
    page.get_by_label("Extend by").select_option(label="1 day")
    page.get_by_role("button", name="Extend", exact=True).click()
    expiry_becomes(first + timedelta(hours=25))
    expect(page.locator("#sharing-until")).to_have_text(f"Sharing until {clock(first + timedelta(hours=25))}")
    shot(page, "location-extended")
    page.get_by_label("Extend by").select_option(label="Until I stop")
    page.get_by_role("button", name="Extend", exact=True).click()
    expect(page.locator("#sharing-until")).to_have_text("Sharing until you stop")
    expect(page.get_by_role("button", name="Extend", exact=True)).to_be_hidden()
    assert expiry() == (share_id, None), expiry()  # and the id is the same
    # The same link still works: extending keeps the id, key and fixes.
    link = page.get_by_label("Share link", exact=True).input_value()
    fix = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", link, "--once", "--json"], capture_output=True, text=True, timeout=60)
    assert fix.returncode == 0 and json.loads(fix.stdout.splitlines()[-1])["latitude"] == 47.3769, (fix.stdout, fix.stderr)
    page.get_by_role("button", name="Stop sharing").click()
    answer_dialog(page, "Stop sharing", "The link stops working")
    # A share revoked from another device cannot be extended: the page says it ended.
    page.get_by_role("button", name="Start sharing").click()
    expect(page.get_by_role("button", name="Extend", exact=True)).to_be_visible()
    cli.run("location", "revoke", expiry()[0])
    page.get_by_role("button", name="Extend", exact=True).click()
    expect(page.get_by_text("The last share ended: revoked elsewhere.")).to_be_visible()


def test_location_link_first_and_asks_first(new_context):
    """After "Start sharing" the link and its Share…/Copy link buttons are on the first screen, copied with a
    "Copied" confirmation; "Stop sharing" and "New link" (apart from each other) ask first, and Cancel keeps the share."""
    context = new_context()
    page = open_app(context, "#/register")
    register(page, unique("ask"))
    page.get_by_role("link", name="Location", exact=True).click()
    check_fit(page, "location-start")
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    link = page.get_by_label("Share link", exact=True).input_value()
    tabbar_top = page.get_by_role("navigation", name="Sections").bounding_box()["y"]
    for control in (page.get_by_label("Share link", exact=True), page.get_by_role("button", name="Share…"),
                    page.get_by_role("button", name="Copy link")):
        box = control.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= tabbar_top, f"not on the first screen: {box}, tab bar at {tabbar_top}"
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_text("Copied")).to_be_visible()
    assert clipboard(page) == link
    # Share… without Web Share (a desktop browser): it copies, with the same confirmation.
    page.evaluate("() => { delete Navigator.prototype.share; return navigator.clipboard.writeText(''); }")
    page.get_by_role("button", name="Share…").click()
    expect(page.get_by_text("Copied")).to_be_visible()
    assert clipboard(page) == link
    check_fit(page, "location-sharing")
    # "New link" is not beside "Stop sharing": not in the same row of buttons.
    stop_row = page.get_by_role("button", name="Stop sharing").locator("xpath=..")
    expect(stop_row.get_by_role("button", name="New link")).to_have_count(0)
    page.get_by_role("button", name="Stop sharing").click()
    answer_dialog(page, "Cancel", "The link stops working at once")
    page.get_by_role("button", name="New link").click()
    answer_dialog(page, "Cancel", "The current link stops working at once")
    expect(page.get_by_label("Share link", exact=True)).to_have_value(link)
    fresh = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", link, "--once", "--json"],
                           capture_output=True, text=True, timeout=60)
    assert fresh.returncode == 0, fresh.stderr
    # The follower's viewer: local times and the time left, not a UTC timestamp; big enough to tap, nothing overflowing.
    viewer = context.new_page()
    viewer.goto(link)
    expect(viewer.locator("#time")).to_have_text(re.compile(r"^at \d\d:\d\d:\d\d$"))
    expect(viewer.locator("#until")).to_have_text(re.compile(r"^until (\d\d/\d\d/\d{4} )?\d\d:\d\d, (59 min|1 h 0 min) left$"))
    check_fit(viewer, "location-viewer")
    viewer.close()
    page.get_by_role("button", name="Stop sharing").click()
    answer_dialog(page, "Stop sharing")
    expect(page.get_by_role("button", name="Start sharing")).to_be_visible()


def test_location_refused(new_context, seqr_cli):
    """Without the location permission no share starts and no link is shown; the page says how to allow it, in a sentence."""
    user = unique("nogeo")
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    page = open_app(context, "#/register")
    register(page, user)
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Location is blocked for this site, so nothing was shared. Allow it in the browser's site settings")
    expect(page.get_by_label("Share link", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Start sharing")).to_be_enabled()
    check_fit(page, "location-refused")
    cli = seqr_cli()
    cli.login(user)
    assert json.loads(cli.run("location", "shares", "--json").stdout) == []


def test_location_watched_aware(new_context):
    """Nobody watching: after the first fix the page holds its newer positions (one every 3 minutes) and says so; a
    follower opens the live feed: "1 watching", the newest held position is sent at once, then every one again."""
    positions = [(47.3769, 8.5417), (47.3772, 8.5421), (47.3776, 8.5430), (47.3781, 8.5438)]
    context = new_context(geolocation={"latitude": positions[0][0], "longitude": positions[0][1], "accuracy": 9})
    page = open_app(context, "#/register")
    register(page, unique("watch"))
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    expect(page.locator("#watching-count")).to_have_text("nobody")
    expect(page.get_by_text("Nobody has the link open: one position every 3 minutes is sent")).to_be_visible()
    # Two moves while nobody watches: the page has them (their accuracy shows) but sends neither.
    for n, (lat, lon) in enumerate(positions[1:3], start=2):
        context.set_geolocation({"latitude": lat, "longitude": lon, "accuracy": 9 + n})
        expect(page.locator("#fix-accuracy")).to_have_text(f"± {9 + n} m")
    time.sleep(1)
    expect(page.locator("#fix-count")).to_have_text("1")
    link = page.get_by_label("Share link", exact=True).input_value()
    follower = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "follow", link, "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # Within moments of the follower connecting (not the 3 minutes of the slow rate): the newest held position.
        expect(page.locator("#watching-count")).to_have_text("1 watching", timeout=30_000)
        expect(page.locator("#fix-count")).to_have_text("2", timeout=5_000)
        expect(page.get_by_text("Nobody has the link open")).to_be_hidden()
        shot(page, "location-watched")
        # Watched: every position again.
        context.set_geolocation({"latitude": positions[3][0], "longitude": positions[3][1], "accuracy": 5})
        expect(page.locator("#fix-count")).to_have_text("3")
        time.sleep(1)
        page.get_by_role("button", name="Stop sharing").click()
        answer_dialog(page, "Stop sharing", "The link stops working")
        out, err = follower.communicate(timeout=30)
    finally:
        if follower.poll() is None:
            follower.kill()
    fixes = [json.loads(line) for line in out.splitlines() if line.strip()]
    # The first fix, then the newest held one (the one in between was never sent), then the watched one.
    assert [(f["latitude"], f["longitude"]) for f in fixes] == [positions[0], positions[2], positions[3]], (fixes, err)


# Headless Chromium refuses the Screen Wake Lock: a stand-in that behaves as browsers do (a lock per
# request while the page is shown, all released when it is hidden) and counts what the page asked.
FAKE_WAKE_LOCK = """(() => {
  const log = window.__wakeLock = { requests: 0, active: 0 };
  const sentinels = [];
  class Sentinel extends EventTarget {
    constructor() { super(); this.type = 'screen'; this.released = false; }
    async release() {
      if (this.released) return;
      this.released = true;
      log.active -= 1;
      this.dispatchEvent(new Event('release'));
    }
  }
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: async () => {
    if (document.visibilityState !== 'visible') throw new DOMException('The page is hidden', 'NotAllowedError');
    log.requests += 1;
    log.active += 1;
    const sentinel = new Sentinel();
    sentinels.push(sentinel);
    return sentinel;
  } } });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') for (const s of sentinels) s.release();
  }, true);
})();"""


def set_visibility(page, state):
    page.evaluate("""(state) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    }""", state)


def test_location_keeps_screen_on(new_context):
    """While sharing the page holds a screen wake lock (on by default, a toggle), takes it again when shown after
    being hidden, says what a browser does to a hidden page, and lets it go when sharing stops."""
    context = new_context()
    context.add_init_script(FAKE_WAKE_LOCK)
    page = open_app(context, "#/register")
    register(page, unique("awake"))
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    toggle = page.get_by_label("Keep the screen on while sharing")
    expect(toggle).to_be_checked()
    expect(page.locator("#keep-awake-state")).to_have_text("The screen stays on while this page is shown.")
    expect(page.get_by_text("A browser pauses a page it is not showing")).to_be_visible()
    lock = lambda: page.evaluate("() => ({ ...window.__wakeLock })")  # noqa: E731
    assert lock() == {"requests": 1, "active": 1}
    shot(page, "location-screen-on")
    # Hidden, the browser takes the lock back; shown again, the page asks for it anew.
    set_visibility(page, "hidden")
    expect(page.locator("#keep-awake-state")).to_have_text("The screen is kept on again when this page is shown.")
    assert lock() == {"requests": 1, "active": 0}
    set_visibility(page, "visible")
    expect(page.locator("#keep-awake-state")).to_have_text("The screen stays on while this page is shown.")
    assert lock() == {"requests": 2, "active": 1}
    # The toggle: off lets the screen turn off, on keeps it on again.
    toggle.uncheck()
    expect(page.locator("#keep-awake-state")).to_have_text("The screen may turn off as usual; the browser then pauses this page.")
    assert lock()["active"] == 0
    toggle.check()
    expect(page.locator("#keep-awake-state")).to_have_text("The screen stays on while this page is shown.")
    assert lock() == {"requests": 3, "active": 1}
    page.get_by_role("button", name="Stop sharing").click()
    answer_dialog(page, "Stop sharing", "The link stops working")
    expect(page.get_by_role("button", name="Start sharing")).to_be_visible()
    assert lock()["active"] == 0


def rmc(lat, lon, when):
    """An NMEA RMC sentence for a fix at `when` (UTC), with its checksum."""
    def dm(value, degrees):
        whole = int(abs(value))
        return f"{whole:0{degrees}d}{(abs(value) - whole) * 60:07.4f}"
    body = (f"GPRMC,{when:%H%M%S},A,{dm(lat, 2)},{'N' if lat >= 0 else 'S'},{dm(lon, 3)},{'E' if lon >= 0 else 'W'},"
            f"0.0,0.0,{when:%d%m%y},,,A")
    checksum = 0
    for char in body:
        checksum ^= ord(char)
    return f"${body}*{checksum:02X}\n"


def test_location_push_tail_watched_aware(seqr_cli, work_dir):
    """`seqr location push --follow LOG --tail`: while nobody follows, the fixes appended to the log are kept back
    (the share keeps its first fix only); a follower connects and the newest arrives at once, then every one."""
    cli = seqr_cli()
    cli.register(unique("tail"))
    link = cli.run("location", "share", "--expires", "1h").stdout.strip()
    log = os.path.join(work_dir, f"{unique('gps')}.nmea")
    start = datetime.utcnow() - timedelta(seconds=30)
    positions = [(47.3769, 8.5417), (47.3772, 8.5421), (47.3776, 8.5430), (47.3781, 8.5438)]
    with open(log, "w") as f:
        f.write(rmc(*positions[0], start))
    env = dict(os.environ, SEQR_PASSWORD="unused")
    pusher = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "push", "--follow", log, "--tail", "--store", cli.store],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    follower = None

    def kept():
        return json.loads(cli.run("location", "shares", "--json").stdout)[0]["fixes"]

    def wait_for(condition, what):
        for _ in range(150):
            if condition():
                return
            time.sleep(0.2)
        raise AssertionError(what)

    try:
        wait_for(lambda: kept() == 1, "the first fix was not pushed")
        with open(log, "a") as f:
            f.write(rmc(*positions[1], start + timedelta(seconds=5)))
            f.write(rmc(*positions[2], start + timedelta(seconds=10)))
        time.sleep(4)  # the log is read every second: both fixes are read, and kept back
        assert kept() == 1
        follower = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "follow", link, "--json"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: kept() == 2, "the held fix was not sent when a follower connected")
        with open(log, "a") as f:
            f.write(rmc(*positions[3], start + timedelta(seconds=15)))
        wait_for(lambda: kept() == 3, "a watched fix was kept back")
        time.sleep(1)
    finally:
        pusher.kill()
        _, pushed_err = pusher.communicate()
        if follower:
            follower.kill()
    out, _ = follower.communicate()
    fixes = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert [(round(f["latitude"], 4), round(f["longitude"], 4)) for f in fixes] == [positions[0], positions[2], positions[3]], (fixes, pushed_err)
    assert "nobody is watching" in pushed_err and "1 watching" in pushed_err, pushed_err
