"""People: everyone followed on one map, kept sealed in the browser; the sharers are `seqr location` command lines,
and in the scenario of issue 43 also phones sharing from the page."""
import json
import os
import re
import subprocess
import sys
from datetime import datetime, timedelta, timezone

from playwright.sync_api import expect

from test_location import rmc
from test_scanner import camera_frame
from webapp import BIN, PASSPHRASE, ROOT, answer_dialog, open_app, register, seqr_without_store, shot, unique

TILE_SERVER = os.path.join(ROOT, "Tests", "SeqrServerTests", "Fixtures", "tile_server.py")


def sharer(seqr_cli, lat, lon, server=None, **push):
    """A `seqr` command line with a live share and a first fix; the CLI and the share's link."""
    cli = seqr_cli(server)
    cli.register(unique("sharer"))
    link = cli.run("location", "share", "--expires", "2h").stdout.strip()
    move(cli, lat, lon, **push)
    return cli, link


def move(cli, lat, lon, minutes_ago=0):
    when = (datetime.now(timezone.utc) - timedelta(minutes=minutes_ago)).strftime("%Y-%m-%dT%H:%M:%SZ")
    cli.run("location", "push", "--lat", str(lat), "--lon", str(lon), "--accuracy", "12", "--time", when)


def create_identity(page):
    page.get_by_label("Your name").fill("Follower")
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_label("Repeat the passphrase").fill(PASSPHRASE)
    page.get_by_role("button", name="Create identity").click()
    expect(page.get_by_role("heading", name="People", level=1)).to_be_visible(timeout=30_000)


def follow(page, link, name):
    page.get_by_label("Share link", exact=True).fill(link)
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_role("button", name="Follow", exact=True).click()
    expect(page.locator(".person-name", has_text=name)).to_be_visible()


def marker(page, name):
    return page.locator(".people-map .person-marker title", has_text=re.compile(f"^{name}:"))


def names_in_order(page):
    return page.locator(".people-list .person-name").all_inner_texts()


def test_people_map(new_context, seqr_cli, work_dir):
    """Three people added by pasted link and by the scanner's Follow, each on the map where their last fix says, live;
    the list by last seen with "no fix for 10 min" and "share ended"; a reload locks them, the passphrase brings back
    the same people and last positions; remove takes one off; another server's link is refused in a sentence."""
    ana, ana_link = sharer(seqr_cli, 47.3769, 8.5417)
    ben, ben_link = sharer(seqr_cli, 46.9480, 7.4474, minutes_ago=11)
    cem, cem_link = sharer(seqr_cli, 47.0502, 8.3093)
    context = new_context()
    page = open_app(context, "#/people")
    expect(page.get_by_role("heading", name="People: your identity first")).to_be_visible()
    create_identity(page)
    expect(page.get_by_role("img", name="Map: no position yet")).to_be_visible()
    # No --map-tiles: the grid, drawn here; no tile asked for anywhere.
    expect(page.locator(".map-note")).to_have_text("No map tiles: the grid is drawn here, and no server but this one is contacted.")
    expect(page.locator(".people-map .grid-line").first).to_be_attached()
    expect(page.locator(".people-map image")).to_have_count(0)

    follow(page, ana_link, "Ana")
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170")
    follow(page, ben_link, "Ben")
    expect(marker(page, "Ben")).to_have_text("Ben: 46.94800, 7.44740")
    # Ben's last fix is 11 minutes old.
    expect(page.locator(".person", has_text="Ben")).to_contain_text("no fix for 10 min")
    # The third by the scanner: a picked photo of the link's QR code, then "Follow".
    picture = os.path.join(work_dir, f"{unique('cem')}.png")
    seqr_without_store("encode", "--text", cem_link, "-o", picture)
    page.goto(context.server.url + "/app/#/scan")
    page.get_by_label("Pick a photo").set_input_files(picture)
    expect(page.get_by_role("heading", name="Location link")).to_be_visible(timeout=30_000)
    page.get_by_role("button", name="Follow", exact=True).click()
    expect(page.get_by_role("heading", name="Follow this person?")).to_be_visible()
    page.locator("form", has=page.get_by_role("heading", name="Follow this person?")).get_by_label("Name").fill("Cem")
    page.locator("form", has=page.get_by_role("heading", name="Follow this person?")).get_by_role("button", name="Follow").click()
    expect(marker(page, "Cem")).to_have_text("Cem: 47.05020, 8.30930")
    expect(page.get_by_role("img", name="Map of 3 people")).to_be_visible()

    # Live: Ana moves, her marker follows, and she is first (seen last).
    move(ana, 47.3781, 8.5438)
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37810, 8.54380")
    expect(page.locator(".people-list .person-name").first).to_have_text("Ana")
    assert names_in_order(page)[-1] == "Ben", names_in_order(page)
    shot(page, "people-map")

    # Ana presses Stop (the share revoked): "stopped sharing", her last position stays.
    ana.run("location", "revoke", ana_link)
    expect(page.locator(".person", has_text="Ana")).to_contain_text("stopped sharing")
    # Cem's share runs out (its expiry moved to 3 s from now): "share ended", told by the server's stream.
    cem.run("location", "extend", cem_link, "--expires", "0.05m")
    expect(page.locator(".person", has_text="Cem")).to_contain_text("share ended", timeout=30_000)
    expect(page.locator(".person", has_text="Ana")).not_to_contain_text("share ended")

    # Another server's link is refused in a sentence; nothing is added.
    page.get_by_label("Share link", exact=True).fill(re.sub(r"^https?://[^/]+", "https://elsewhere.example", ben_link))
    page.get_by_label("Name", exact=True).fill("Other")
    page.get_by_role("button", name="Follow", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("This link is for another server (elsewhere.example)")
    expect(page.locator(".people-list .person")).to_have_count(3)

    # A reload locks them; the passphrase brings back the same people and last positions.
    page.reload()
    expect(page.get_by_role("heading", name="Unlock People")).to_be_visible()
    expect(page.locator(".person")).to_have_count(0)
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_role("button", name="Unlock", exact=True).click()
    expect(page.get_by_role("heading", name="People", level=1)).to_be_visible(timeout=30_000)
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37810, 8.54380")
    expect(marker(page, "Ben")).to_have_text("Ben: 46.94800, 7.44740")
    expect(marker(page, "Cem")).to_have_text("Cem: 47.05020, 8.30930")
    expect(page.locator(".person", has_text="Ana")).to_contain_text("stopped sharing")
    expect(page.locator(".person", has_text="Cem")).to_contain_text("share ended")

    # Remove Ben (asked first); gone after another reload too.
    page.get_by_role("button", name="Remove Ben").click()
    answer_dialog(page, "Remove", "Their key and last position are deleted from this browser")
    expect(page.locator(".person", has_text="Ben")).to_have_count(0)
    expect(marker(page, "Ben")).to_have_count(0)
    page.reload()
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_role("button", name="Unlock", exact=True).click()
    expect(page.locator(".people-list .person")).to_have_count(2)
    assert sorted(names_in_order(page)) == ["Ana", "Cem"], names_in_order(page)


# How far inside the map each marker's name is on each side, in CSS pixels (negative: past the edge, cut off).
LABEL_BOXES = """() => {
  const map = document.querySelector('.people-map').getBoundingClientRect();
  return [...document.querySelectorAll('.people-map .marker-name')].map((label) => {
    const box = label.getBoundingClientRect();
    return { name: label.textContent, left: box.left - map.left, right: map.right - box.right,
             top: box.top - map.top, bottom: map.bottom - box.bottom };
  });
}"""


def labels_outside_the_map(page):
    """The names on the map not wholly inside it (a side past the map's edge), with how far inside each side is."""
    return [b for b in page.evaluate(LABEL_BOXES) if min(b["left"], b["right"], b["top"], b["bottom"]) < 0]


def test_grid_labels_never_cover_one_another(new_context):
    """The map without tiles labels its grid in degrees, longitudes along the top and latitudes down the left: over
    300 maps of one to three people placed at random (a town to a continent across), no label covers another (the
    top latitude label used to sit on the first longitude label)."""
    context = new_context()
    page = open_app(context, "#/vault")
    overlaps = page.evaluate("""async () => {
      const { peopleMap } = await import('./js/views/people-map.js');
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
      const found = [];
      for (let i = 0; i < 300; i++) {
        const span = 10 ** (-2.5 + random() * 4), lat0 = -50 + random() * 110, lon0 = -170 + random() * 330;
        const people = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, n) => ({ shareID: String(n), name: 'P' + n,
          last: { lat: lat0 + random() * span, lon: lon0 + random() * span, accuracy: 10 }, trail: [] }));
        const map = peopleMap(people, () => '#0f766e');
        document.body.append(map);
        const boxes = [...map.querySelectorAll('.grid-label')].map((t) => [t.textContent, t.getBoundingClientRect()]);
        boxes.forEach(([a, p], j) => boxes.slice(j + 1).forEach(([b, q]) => {
          if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) found.push(`map ${i}: ${a} / ${b}`);
        }));
        map.remove();
      }
      return found;
    }""")
    assert not overlaps, f"{len(overlaps)} overlapping grid labels, among them {overlaps[:5]}"


def test_names_stay_inside_the_map(new_context, seqr_cli):
    """A person at the map's east edge has their whole name on the map ("Ana", not "An" cut by the edge), as have a
    person at the west edge and one in the middle with a name of the longest kind (40 characters); the same once the
    view is drawn anew (a reload and unlock)."""
    long_name = "Cem from the far end of the orchard hill"
    assert len(long_name) == 40
    _, ana_link = sharer(seqr_cli, 47.0, 8.6)   # the eastmost: at the map's right edge
    _, ben_link = sharer(seqr_cli, 47.0, 8.0)   # the westmost
    _, cem_link = sharer(seqr_cli, 47.05, 8.3)  # the middle, a little north
    context = new_context()
    page = open_app(context, "#/people")
    create_identity(page)
    follow(page, ana_link, "Ana")
    follow(page, ben_link, "Ben")
    follow(page, cem_link, long_name)
    expect(marker(page, "Ana")).to_have_text("Ana: 47.00000, 8.60000")
    expect(page.get_by_role("img", name="Map of 3 people")).to_be_visible()
    for attempt in ("drawn live", "drawn after unlock"):
        if attempt == "drawn after unlock":
            page.reload()
            page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
            page.get_by_role("button", name="Unlock", exact=True).click()
            expect(page.get_by_role("img", name="Map of 3 people")).to_be_visible(timeout=30_000)
        try:
            page.wait_for_function(f"({LABEL_BOXES})().every((b) => Math.min(b.left, b.right, b.top, b.bottom) >= 0)", timeout=5_000)
        except Exception:
            pass  # said below, with the boxes
        assert not labels_outside_the_map(page), f"{attempt}: names past the map's edge: {labels_outside_the_map(page)}"
        boxes = {b["name"]: b for b in page.evaluate(LABEL_BOXES)}
        assert sorted(boxes) == sorted(["Ana", "Ben", long_name]), boxes
    shot(page, "people-map-edges")


def test_follow_from_the_location_viewer(new_context, seqr_cli):
    """A share link opened in the location viewer (/l/…#k=…) offers "Follow in People": the app takes the link from
    its fragment and drops it from the address bar at once, asks for the channel identity first, then "Follow this
    person?" with a name of one's choosing; the person is on the map. A hand-over that is no share link is refused
    in a sentence."""
    _, ana_link = sharer(seqr_cli, 47.3769, 8.5417)
    context = new_context()
    page = context.new_page()
    page.goto(ana_link)
    expect(page.locator("#status")).to_contain_text("Live")
    page.get_by_role("button", name="Follow in People").click()
    expect(page.get_by_role("heading", name="People: your identity first")).to_be_visible()
    assert page.url == context.server.url + "/app/#/people", page.url
    create_identity(page)
    card = page.locator("form", has=page.get_by_role("heading", name="Follow this person?"))
    card.get_by_label("Name").fill("Ana")
    card.get_by_role("button", name="Follow").click()
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170")
    expect(card).to_have_count(0)
    assert names_in_order(page) == ["Ana"]
    # Back: the viewer's own entry holds no key either.
    page.go_back()
    expect(page.locator("#status")).to_contain_text("This link has no key")
    assert "k=" not in page.url, page.url

    # A hand-over whose link is damaged: said, nothing added.
    page.goto(context.server.url + "/app/#/people")
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_role("button", name="Unlock", exact=True).click()
    expect(page.get_by_role("heading", name="People", level=1)).to_be_visible(timeout=30_000)
    page.evaluate("location.hash = '#follow=' + encodeURIComponent(location.origin + '/l/short#k=abc')")
    expect(page.get_by_role("alert")).to_have_text("This link cannot be followed: the link's share id is not 22 base64url characters.")
    assert page.url == context.server.url + "/app/#/people", page.url
    page.get_by_role("button", name="Dismiss").click()
    expect(page.locator(".people-list .person")).to_have_count(1)


def test_people_map_tiles(start_server, new_context, seqr_cli, work_dir):
    """With --map-tiles the People map draws that server's tiles under the markers (no grid) and says who sees the
    area; every tile comes from that origin, asked for without a referrer, a key or a share id; nothing else is
    contacted and the CSP is not violated (the guard)."""
    log = os.path.join(work_dir, f"{unique('tiles')}.log")
    tile_server = subprocess.Popen([sys.executable, TILE_SERVER, "0", log], stdout=subprocess.PIPE, text=True)
    try:
        port = int(tile_server.stdout.readline().split()[1])
        origin = f"http://127.0.0.1:{port}"
        server = start_server("--map-tiles", origin + "/{z}/{x}/{y}.png", "--map-attribution", "<a href=\"https://tiles.example/\">Test tiles</a>")
        _, ana_link = sharer(seqr_cli, 47.3769, 8.5417, server=server)
        context = new_context(server=server)
        context.also_allowed = [origin]
        page = open_app(context, "#/people")
        create_identity(page)
        follow(page, ana_link, "Ana")
        expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170")
        expect(page.locator(".map-note")).to_have_text(
            "Map tiles come from 127.0.0.1: that server sees which area you view (never a key or a name). Map: Test tiles")
        tiles = page.locator(".people-map image.map-tile")
        expect(tiles.first).to_be_attached()
        expect(page.locator(".people-map .grid-line")).to_have_count(0)
        hrefs = [tiles.nth(i).get_attribute("href") for i in range(tiles.count())]
        assert all(re.fullmatch(re.escape(origin) + r"/1[0-9]/\d+/\d+\.png", h) for h in hrefs), hrefs
        # Each tile was loaded (the page's image decoded: width known), from the tile server.
        page.wait_for_function("[...document.querySelectorAll('.people-map image')].every((i) => i.getBBox().width > 0)")
        for _ in range(100):
            requests = [json.loads(line) for line in open(log)] if os.path.exists(log) else []
            if any(re.fullmatch(r"/1[0-9]/\d+/\d+\.png", r["path"]) for r in requests):
                break
            page.wait_for_timeout(100)
        assert requests, "no tile was asked for"
        share_id = ana_link.split("/l/")[1].split("#")[0]
        key = ana_link.split("#k=")[1]
        # The whole world (zoom 0) while nobody has a position yet, then Ana's streets (zoom 10 and more).
        assert any(re.fullmatch(r"/1[0-9]/\d+/\d+\.png", r["path"]) for r in requests), requests
        for request in requests:
            assert re.fullmatch(r"/\d+/\d+/\d+\.png", request["path"]), request
            assert "Referer" not in request["headers"] and "Cookie" not in request["headers"], request
            assert share_id not in json.dumps(request) and key not in json.dumps(request), request
        page.evaluate("document.activeElement?.blur(); scrollTo(0, 0)")
        shot(page, "people-map-tiles")
    finally:
        tile_server.terminate()
        tile_server.wait(timeout=10)


def test_people_offline(start_server, new_context, seqr_cli):
    """Server gone: the last positions stay with their age and "Connection lost — retrying…"; a reload while it is
    gone opens from the service worker's shell and the sealed list; the server back: live again on its own."""
    server = start_server()
    ana, ana_link = sharer(seqr_cli, 47.3769, 8.5417, server=server)
    context = new_context(server=server)
    page = open_app(context, "#/people")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    create_identity(page)
    follow(page, ana_link, "Ana")
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170")
    port = server.port

    server.stop()
    expect(page.get_by_text("Connection lost — retrying…")).to_be_visible(timeout=30_000)
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170")
    # Its age grows while nothing arrives (and by then the position is saved: fixes are saved a second at a time).
    expect(page.locator(".person", has_text="Ana")).to_contain_text(re.compile(r"seen ([2-9]|\d\d+) s ago"))
    # A reload with the server gone: the shell from the service worker, the people from the sealed list.
    page.reload()
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_role("button", name="Unlock", exact=True).click()
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170", timeout=30_000)
    expect(page.get_by_text("Connection lost — retrying…")).to_be_visible(timeout=30_000)

    server.start(port=port)
    move(ana, 47.3781, 8.5438)
    expect(marker(page, "Ana")).to_have_text("Ana: 47.37810, 8.54380", timeout=30_000)
    expect(page.get_by_text("Connection lost — retrying…")).to_have_count(0)


def follow_cli(*args, check=True):
    """`seqr location follow`, which needs no store or account."""
    result = subprocess.run([os.path.join(BIN, "seqr"), "location", "follow", *args], capture_output=True, text=True, timeout=120)
    assert not check or result.returncode == 0, f"follow exited {result.returncode}: {result.stderr.strip()}"
    return result


def test_follow_several_links_cli(seqr_cli):
    """`seqr location follow NAME=LINK …` prints each person's fixes with their name (text and --json); a bare link is
    named by its share id's start; one share ending is said and the others go on."""
    people = {name: sharer(seqr_cli, lat, lon) for name, lat, lon in [("Ana", 47.3769, 8.5417), ("Ben", 46.948, 7.4474), ("Cem", 47.0502, 8.3093)]}
    args = [f"{name}={link}" for name, (_, link) in people.items()]
    text = follow_cli(*args, "--once").stdout.splitlines()
    assert sorted(line.split()[0] for line in text) == ["Ana", "Ben", "Cem"], text
    assert any(line.startswith("Ben  ") and "46.94800, 7.44740" in line for line in text), text
    lines = [json.loads(line) for line in follow_cli(*args, "--once", "--json").stdout.splitlines()]
    assert sorted((f["name"], f["latitude"]) for f in lines) == [("Ana", 47.3769), ("Ben", 46.948), ("Cem", 47.0502)], lines
    # A bare link is named by its share id's first characters.
    ana_link = people["Ana"][1]
    share_id = ana_link.split("/l/")[1].split("#")[0]
    bare = follow_cli(ana_link, f"Ben={people['Ben'][1]}", "--once").stdout.splitlines()
    assert any(line.startswith(share_id[:8] + "  ") for line in bare), bare
    # Ben's share ends: said on standard error with his name; Ana's and Cem's fixes still print; the exit says one failed.
    people["Ben"][0].run("location", "revoke", people["Ben"][1])
    ended = follow_cli(*args, "--once", check=False)
    assert ended.returncode != 0 and "Ben:" in ended.stderr, (ended.returncode, ended.stderr)
    assert sorted(line.split()[0] for line in ended.stdout.splitlines()) == ["Ana", "Cem"], ended.stdout


def browser_sharer(new_context, lat, lon):
    """A phone sharing its location from the page (Location, "Start sharing") at `lat`, `lon`, moved by the test
    with `context.set_geolocation`; its context, page and the share's link."""
    context = new_context(geolocation={"latitude": lat, "longitude": lon, "accuracy": 9})
    page = open_app(context, "#/register")
    register(page, unique("phone"))
    page.get_by_role("link", name="Location", exact=True).click()
    page.get_by_role("button", name="Start sharing").click()
    expect(page.locator("#fix-count")).to_have_text("1")
    return context, page, page.get_by_label("Share link", exact=True).input_value()


def test_people_scenario_three_sharers_three_ways(new_context, fake_camera, seqr_cli, seqr_server, work_dir):
    """Issue 43's scenario: two phones share from the page (each its own moving geolocation) and one `seqr location
    push --follow LOG --tail` from the command line; one follower adds the three the three ways the page offers —
    Cem's link pasted on the People page, Ana's link opened in a new tab as a phone's camera app opens it (the
    viewer's "Follow in People"; she then appears, live, on the People page open in the first tab), Ben's code
    scanned from his phone's screen with the camera — and sees all three on the map with their names; each one's
    move arrives in turn (the mover first in the list); Ben presses Stop: "stopped sharing", his last position stays."""
    ana_context, ana_page, ana_link = browser_sharer(new_context, 47.3769, 8.5417)
    ben_context, ben_page, _ = browser_sharer(new_context, 46.9480, 7.4474)
    cem = seqr_cli()
    cem.register(unique("cem"))
    cem_link = cem.run("location", "share", "--expires", "2h").stdout.strip()
    log = os.path.join(work_dir, f"{unique('cem')}.nmea")
    with open(log, "w") as f:
        f.write(rmc(47.0502, 8.3093, datetime.now(timezone.utc)))
    pusher = subprocess.Popen([os.path.join(BIN, "seqr"), "location", "push", "--follow", log, "--tail", "--store", cem.store],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ, SEQR_PASSWORD="unused"))
    try:
        # The follower's camera sees Ben's phone: the QR code his page shows, photographed from his screen.
        ben_code = os.path.join(work_dir, f"{unique('ben-screen')}.png")
        ben_page.get_by_role("img", name="QR code of the share link").screenshot(path=ben_code)
        follower = fake_camera([camera_frame(work_dir, ben_code)])
        page = follower.new_page()

        # The follower's People page, their identity first; Cem's link pasted.
        page.goto(seqr_server.url + "/app/#/people")
        create_identity(page)
        follow(page, cem_link, "Cem")
        expect(marker(page, "Cem")).to_have_text("Cem: 47.05020, 8.30930", timeout=30_000)

        # Ana's link opened as a phone's camera app opens it, in a new tab: the viewer, "Follow in People", the
        # passphrase (a new tab starts locked), a name.
        tab = follower.new_page()
        tab.goto(ana_link)
        expect(tab.locator("#status")).to_contain_text("Live")
        tab.get_by_role("button", name="Follow in People").click()
        tab.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
        tab.get_by_role("button", name="Unlock", exact=True).click()
        tab_card = tab.locator("form", has=tab.get_by_role("heading", name="Follow this person?"))
        tab_card.get_by_label("Name").fill("Ana")
        tab_card.get_by_role("button", name="Follow").click()
        expect(marker(tab, "Ana")).to_have_text("Ana: 47.37690, 8.54170")
        expect(marker(tab, "Cem")).to_have_text("Cem: 47.05020, 8.30930")
        tab.close()
        # Back in the first tab, Ana is there too.
        page.bring_to_front()
        expect(marker(page, "Ana")).to_have_text("Ana: 47.37690, 8.54170")

        # Ben's code scanned with the camera: "Location link", Follow, a name.
        page.get_by_role("link", name="Scan").first.click()
        expect(page.get_by_role("heading", name="Location link")).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Follow", exact=True).click()
        card = page.locator("form", has=page.get_by_role("heading", name="Follow this person?"))
        card.get_by_label("Name").fill("Ben")
        card.get_by_role("button", name="Follow").click()
        expect(marker(page, "Ben")).to_have_text("Ben: 46.94800, 7.44740")

        # All three on one map, each marker named.
        expect(page.get_by_role("img", name="Map of 3 people")).to_be_visible()
        expect(page.locator(".people-map .marker-name")).to_have_count(3)
        assert sorted(page.locator(".people-map .marker-name").all_text_contents()) == ["Ana", "Ben", "Cem"]
        assert sorted(names_in_order(page)) == ["Ana", "Ben", "Cem"], names_in_order(page)
        # Every sharer knows it is watched (the follower's feeds), so each move is sent at once. (The closed tab's
        # viewer may be counted a little longer: the server notices a stream gone when a write to it fails.)
        for sharer_page in (ana_page, ben_page):
            expect(sharer_page.locator("#watching-count")).to_have_text(re.compile(r"^\d+ watching$"), timeout=30_000)

        # Each one moves in turn; the follower sees the move, and the mover first in the list (seen last).
        ana_context.set_geolocation({"latitude": 47.3781, "longitude": 8.5438, "accuracy": 11})
        expect(marker(page, "Ana")).to_have_text("Ana: 47.37810, 8.54380")
        expect(page.locator(".people-list .person-name").first).to_have_text("Ana")
        # An NMEA time has whole seconds: the next one, so that Cem's fix is newer than Ana's.
        cem_time = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=1)
        with open(log, "a") as f:
            f.write(rmc(47.0515, 8.3110, cem_time))
        expect(marker(page, "Cem")).to_have_text("Cem: 47.05150, 8.31100", timeout=30_000)
        expect(page.locator(".people-list .person-name").first).to_have_text("Cem")
        while datetime.now(timezone.utc) <= cem_time:  # Ben's fix, timed now, must come after Cem's
            page.wait_for_timeout(100)
        ben_context.set_geolocation({"latitude": 46.9490, "longitude": 7.4490, "accuracy": 7})
        expect(marker(page, "Ben")).to_have_text("Ben: 46.94900, 7.44900")
        expect(page.locator(".people-list .person-name").first).to_have_text("Ben")
        assert names_in_order(page) == ["Ben", "Cem", "Ana"], names_in_order(page)
        shot(page, "people-scenario")

        # Ben stops sharing on his phone: "stopped sharing" on the follower's map, his last position kept.
        ben_page.get_by_role("button", name="Stop sharing").click()
        answer_dialog(ben_page, "Stop sharing", "The link stops working")
        expect(page.locator(".person", has_text="Ben")).to_contain_text("stopped sharing")
        expect(marker(page, "Ben")).to_have_text("Ben: 46.94900, 7.44900")
        for name in ("Ana", "Cem"):
            expect(page.locator(".person", has_text=name)).not_to_contain_text("stopped sharing")
    finally:
        pusher.kill()
        pusher.communicate()
