"""The paper vault on the phone (issue 48): the pages of a `seqr vault backup` read in the page — picked photos,
and the scanner's fake camera — with one page missing, shown as a page grid, rebuilt from the parity codes and
restored to the exact bytes by the page's own WebAssembly (BoringSSL's ChaCha20-Poly1305, brotli's decoder, ISA-L),
with no server involved; a wrong password gets one line and restores nothing; the grid is kept when the view is
left, the document is not."""
import os
import re
import subprocess
import uuid

import pytest
from playwright.sync_api import expect

from fake_camera import code_frames
from webapp import BIN, check_accessible, install_app, open_app, register, shot, sign_in, unique

VAULT_PASSWORD = "a vault password ✓ on paper"


def vault_pages(work_dir, name, content, *options, dpi=150):
    """`seqr vault backup` of `content` as PNG pages (150 dpi): the page files, in order."""
    folder = os.path.join(work_dir, f"{uuid.uuid4().hex[:6]}-{name}")
    os.makedirs(folder)
    document = os.path.join(folder, name)
    with open(document, "wb") as f:
        f.write(content)
    pages = os.path.join(folder, "pages") + "/"
    subprocess.run([os.path.join(BIN, "seqr"), "vault", "backup", document, "-o", pages, "--rounds", "210000", "--dpi", str(dpi),
                    "--no-restore-program", "--quiet", *options],
                   check=True, capture_output=True, env=dict(os.environ, SEQR_PASSWORD=VAULT_PASSWORD))
    return sorted(os.path.join(pages, f) for f in os.listdir(pages) if re.fullmatch(r"page-\d+\.png", f))


# Where Seqr's A4 page (3 rows × 2 columns of codes) puts each code, as fractions of the page's width and height.
CODE_CELLS = [(x, y) for y in ((0.071, 0.353), (0.353, 0.627), (0.627, 0.905)) for x in ((0.0875, 0.475), (0.525, 0.9125))]


def camera_frames(png, angle=0):
    """What a phone held over each code of a printed page sees: the code, in colour (the pages are 1-bit; the fake
    camera reads RGB), on a grey 1280×720 frame — one frame a code, in order. `angle`: the page photographed
    turned by that many degrees (the code rotated on the grey, scaled to fit the frame)."""
    width, height = (int(v) for v in subprocess.run(f"pngtopnm '{png}' | head -c 64 | sed -n 2p", shell=True, check=True,
                                                    capture_output=True, text=True).stdout.split()[:2])
    frames = []
    for i, ((x0, x1), (y0, y1)) in enumerate(CODE_CELLS):
        frame = png[:-len(".png")] + f"-code{i}.png"
        left, top, cut_w, cut_h = int(x0 * width), int(y0 * height), int((x1 - x0) * width), int((y1 - y0) * height)
        turn = f" | pnmrotate -background=rgb:b0/b0/b0 {angle} | pnmscale -xysize 1240 700" if angle else ""
        subprocess.run(f"pngtopnm '{png}' | pnmcut {left} {top} {cut_w} {cut_h} | ppmtoppm{turn} > '{frame}.code' && ppmmake rgb:b0/b0/b0 1280 720 > '{frame}.bg'",
                       shell=True, check=True, capture_output=True)
        code_w, code_h = (int(v) for v in re.search(r"(\d+) by (\d+)", subprocess.run(["pnmfile", f"{frame}.code"], check=True, capture_output=True,
                                                                                      text=True).stdout).groups())
        subprocess.run(f"pnmpaste '{frame}.code' {(1280 - code_w) // 2} {(720 - code_h) // 2} '{frame}.bg' | pnmtopng > '{frame}'",
                       shell=True, check=True, capture_output=True)
        frames.append(frame)
    return frames


def scanner_workers(page):
    """The page's decoding Workers (js/scan-worker.js)."""
    return [w for w in page.workers if w.url.endswith("/js/scan-worker.js")]


def open_vault(context, server):
    page = context.new_page()
    page.goto(server.url + "/app/#/vault")
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    return page


@pytest.mark.page_only
def test_vault_restores_a_file_from_photos_with_a_page_missing(new_context, seqr_server, work_dir):
    """Photos of three of four pages: the grid shows page 1 missing and that parity covers it; the password
    restores the file, downloaded only when asked, to the exact bytes; leaving the view forgets the document but
    keeps the grid; a wrong password gets one line and nothing."""
    content = os.urandom(30_000)
    pages = vault_pages(work_dir, "wallet.key", content)
    assert len(pages) == 4
    context = new_context()
    page = open_vault(context, seqr_server)
    expect(page.locator(".vault-summary")).to_have_text("No page read yet.")

    page.get_by_label("Pick photos of pages").set_input_files(pages[1:])
    summary = page.locator(".vault-summary")
    expect(summary).to_contain_text("the parity codes rebuild the missing")
    grid = page.get_by_role("list", name="Pages of the backup")
    expect(grid.get_by_role("listitem")).to_have_count(4)
    first = grid.get_by_role("listitem").first
    expect(first).to_contain_text("Page 1")
    expect(first).to_contain_text("0 of 6")
    expect(first.get_by_role("img", name="code 1: missing")).to_be_visible()
    expect(grid.get_by_role("listitem").nth(1)).to_contain_text("all in")
    shot(page, "vault-grid-page-missing")

    # A wrong password: one line, nothing restored.
    page.get_by_label("Backup password").fill("not the password")
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("alert")).to_have_text("Decryption failed: the password is wrong, or the backup was tampered with.")
    expect(page.get_by_role("alert")).to_have_count(1)
    expect(page.locator(".vault-result")).to_be_empty()
    expect(page.get_by_role("button", name="Download file")).to_have_count(0)

    page.get_by_label("Backup password").fill(VAULT_PASSWORD)
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("heading", name="wallet.key", level=2)).to_be_visible(timeout=30_000)
    expect(page.locator(".vault-result")).to_contain_text("A file of 30,000 bytes.")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download file").click()
    assert download.value.suggested_filename == "wallet.key"
    with open(download.value.path(), "rb") as f:
        assert f.read() == content
    shot(page, "vault-restored-file")

    # Leaving the view forgets the document; the codes (the grid) stay for when it is opened again.
    page.get_by_role("link", name="Scan").first.click()
    expect(page.get_by_role("heading", name="Scan", level=1)).to_be_visible()
    page.get_by_role("link", name="Restore a paper vault").click()
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    expect(summary).to_contain_text("the parity codes rebuild the missing")
    expect(page.get_by_role("heading", name="wallet.key")).to_have_count(0)
    expect(page.get_by_label("Backup password")).to_have_value("")
    # Nothing of the restore went to the server: only the app's own files were fetched.
    assert not [u for u in context.requests if "/v1/" in u], [u for u in context.requests if "/v1/" in u]


@pytest.mark.page_only
def test_pictures_picked_together_are_read_side_by_side(new_context, seqr_server, work_dir):
    """Pages picked together are decoded and read in the pool's Workers (one a core, at most three), started when
    the view opens: every page lands in the grid, and a file among them that is no picture is named in one line."""
    content = os.urandom(30_000)
    pages = vault_pages(work_dir, "side-by-side.bin", content)
    assert len(pages) == 4
    not_a_picture = os.path.join(work_dir, "notes.txt")
    with open(not_a_picture, "w") as f:
        f.write("not a picture\n")
    context = new_context()
    page = open_vault(context, seqr_server)
    cores, memory = page.evaluate("[navigator.hardwareConcurrency, navigator.deviceMemory]")
    workers = max(1, min(3, cores, int(memory) if memory else 3))
    # The Workers start while the person picks (the decoder compiled once, in the page).
    for _ in range(100):
        if len(scanner_workers(page)) >= workers:
            break
        page.wait_for_timeout(100)
    assert len(scanner_workers(page)) == workers, f"{len(scanner_workers(page))} Workers for {cores} cores"
    page.get_by_label("Pick photos of pages").set_input_files([pages[0], not_a_picture, *pages[1:]])
    expect(page.get_by_role("alert")).to_have_text("notes.txt is not a picture this browser can read.")
    grid = page.get_by_role("list", name="Pages of the backup")
    for n in range(4):
        expect(grid.get_by_role("listitem").nth(n)).to_contain_text("all in")
    expect(page.locator(".vault-summary")).to_contain_text("All")
    assert len(scanner_workers(page)) == workers


@pytest.mark.page_only
def test_vault_text_from_the_scanner_and_too_few_pages(new_context, seqr_server, work_dir):
    """A page picked in the scanner opens the vault view with its codes; two pages missing of four are too few,
    said with what is needed; the missing page then completes it and the text is shown only when asked."""
    words = " ".join(uuid.uuid4().hex for _ in range(1800)) + "\nünïcødé ✓ end\n"
    pages = vault_pages(work_dir, "notes.txt", words.encode())
    assert len(pages) >= 3
    context = new_context()
    page = context.new_page()
    page.goto(seqr_server.url + "/app/#/scan")
    expect(page.get_by_role("heading", name="Scan", level=1)).to_be_visible()
    page.get_by_label("Pick a photo").set_input_files(pages[-1])
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    summary = page.locator(".vault-summary")
    expect(summary).to_contain_text(re.compile(r"more codes? of the missing ones needed"))
    expect(page.get_by_label("Backup password")).to_be_hidden()

    page.get_by_label("Pick photos of pages").set_input_files(pages[2:-1] if len(pages) > 3 else [])
    expect(summary).to_contain_text(re.compile(r"needed, or any of pages 1, 2|needed, or page"))
    check_accessible(page, "vault: pages missing")

    page.get_by_label("Pick photos of pages").set_input_files(pages[0])
    expect(summary).to_contain_text("the parity codes rebuild the missing")
    page.get_by_label("Backup password").fill(VAULT_PASSWORD)
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("heading", name="notes.txt", level=2)).to_be_visible(timeout=30_000)
    expect(page.locator(".vault-text")).to_have_count(0)
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == words
    page.get_by_role("button", name="Forget").click()
    expect(page.locator(".vault-text")).to_have_count(0)
    expect(page.get_by_role("status").filter(has_text="Forgotten")).to_be_visible()


@pytest.mark.page_only
def test_vault_from_the_fake_camera_with_a_page_missing(fake_camera, seqr_server, work_dir):
    """The camera sees two of a backup's three pages (Chromium's fake camera playing the page PNGs), one of them
    photographed turned by 8°: the grid fills as frames are read, the camera stops once parity covers the missing
    page, and the text comes back exactly."""
    words = " ".join(uuid.uuid4().hex[:12] for _ in range(2400)) + "\n"
    pages = vault_pages(work_dir, "camera.txt", words.encode(), dpi=200)
    assert len(pages) == 3, len(pages)
    context = fake_camera(camera_frames(pages[0]) + camera_frames(pages[2], angle=8), frames_per_second=4)
    page = open_vault(context, seqr_server)
    page.get_by_role("button", name="Use the camera").click()
    summary = page.locator(".vault-summary")
    expect(summary).to_contain_text("the parity codes rebuild the missing", timeout=60_000)
    expect(page.get_by_role("button", name="Use the camera")).to_be_visible()
    grid = page.get_by_role("list", name="Pages of the backup")
    expect(grid.get_by_role("listitem").nth(1)).to_contain_text("0 of 6")
    shot(page, "vault-camera-grid")
    page.get_by_label("Backup password").fill(VAULT_PASSWORD)
    page.get_by_role("button", name="Restore").click()
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == words


@pytest.mark.page_only
def test_vault_document_forgotten_when_another_tab_locks(new_context, seqr_server, work_dir):
    """A document restored in one tab is dropped when the app locks ("Lock now" in another tab); the codes stay."""
    pages = vault_pages(work_dir, "short.txt", b"a short secret on paper\n")
    user = unique("vault")
    context = new_context()
    first = open_app(context, "#/register")
    register(first, user)
    second = open_app(context)
    sign_in(second, user)
    second.goto(seqr_server.url + "/app/#/vault")
    second.get_by_label("Pick photos of pages").set_input_files(pages)
    second.get_by_label("Backup password").fill(VAULT_PASSWORD)
    second.get_by_role("button", name="Restore").click()
    expect(second.get_by_role("heading", name="short.txt", level=2)).to_be_visible(timeout=30_000)
    first.get_by_role("link", name="Account", exact=True).click()
    first.get_by_role("button", name="Lock now").click()
    expect(first.get_by_role("heading", name="Locked")).to_be_visible()
    expect(second.get_by_role("heading", name="short.txt")).to_have_count(0)
    expect(second.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    expect(second.locator(".vault-summary")).to_contain_text("All 1 code is in")


@pytest.mark.page_only
def test_vault_restores_offline_in_the_installed_app(new_context, start_server, work_dir):
    """The installed app restores a paper vault from photos with its server gone: the service worker cached the QR
    decoder and the vault's modules at install, though neither the scanner nor the vault view was opened online."""
    words = "restored with no network ✓\n" * 40
    pages = vault_pages(work_dir, "offline.txt", words.encode())
    server = start_server()
    try:
        context = new_context(server=server)
        page = install_app(context)
        server.stop()
        page.goto(server.url + "/app/#/vault")
        expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
        page.get_by_label("Pick photos of pages").set_input_files(pages)
        expect(page.get_by_label("Backup password")).to_be_visible(timeout=30_000)
        page.get_by_label("Backup password").fill(VAULT_PASSWORD)
        page.get_by_role("button", name="Restore").click()
        expect(page.get_by_role("heading", name="offline.txt", level=2)).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Show text").click()
        assert page.locator(".vault-text").text_content() == words
    finally:
        server.stop()


# Key sheets (`seqr vault backup --shares K-of-N`, clear-text flags 1 and 3): the sheets' PNG pages, beside the backup's.

def key_sheet_backup(work_dir, name, content, *options, dpi=150):
    """`seqr vault backup --shares 2-of-3` of `content` as PNG pages: (page files, key-sheet files), in order."""
    pages = vault_pages(work_dir, name, content, "--shares", "2-of-3", *options, dpi=dpi)
    folder = os.path.dirname(pages[0])
    return pages, [os.path.join(folder, f"key-sheet-{n}.png") for n in (1, 2, 3)]


def sheet_words(sheet_png):
    """The 33 words printed on a key sheet, from its QR code (the same 10-bit groups: docs/formats/key-sheets.md)."""
    import base64
    import json
    swift = open(os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "SeqrCore", "KeySheets", "SLIP39Wordlist+Words.swift")).read()
    wordlist = re.findall(r'"([a-z]+)"', swift.split("static let words")[1])
    read = json.loads(subprocess.run([os.path.join(BIN, "seqr"), "decode", "--json", sheet_png], check=True, capture_output=True).stdout)
    payload = base64.b64decode(read[0]["codes"][0]["payloadBase64"])
    assert payload[:3] == b"KS\x01"
    bits = "".join(f"{b:08b}" for b in payload[3:])
    return [wordlist[int(bits[i:i + 10], 2)] for i in range(0, 330, 10)]


@pytest.mark.page_only
def test_vault_key_sheets_from_photos_and_typed_words(new_context, seqr_server, work_dir):
    """A 2-of-3 key-sheet backup (no password): photos of its pages but one and of sheet 1; Restore with one sheet
    says one more is needed and restores nothing; a sheet of another backup is named and left out; sheet 3 typed
    with a mistyped word names that word, typed right it completes the set, and the file comes back exactly; the
    sheets are then dropped, so after "Forget" Restore asks for them again."""
    content = os.urandom(20_000)
    pages, sheets = key_sheet_backup(work_dir, "seed.bin", content)
    _, other_sheets = key_sheet_backup(work_dir, "other.txt", b"another backup\n")
    context = new_context()
    page = open_vault(context, seqr_server)
    page.get_by_label("Pick photos of pages").set_input_files(pages[1:] + [sheets[0]])
    summary = page.locator(".vault-summary")
    expect(summary).to_contain_text(re.compile(r"(the parity codes rebuild the missing \w+\.|in:) [Aa]dd 2 key sheets and restore\.$"))
    sheets_summary = page.locator(".vault-sheets-summary")
    expect(sheets_summary).to_have_text("1 of 2 key sheets needed (3 made): 1 more sheet needed.")
    expect(page.get_by_role("list", name="Key sheets in").get_by_role("listitem")).to_have_count(1)
    # A sheets-only backup asks for no password.
    expect(page.get_by_label("Backup password")).to_be_hidden()
    shot(page, "vault-key-sheets-one-in")

    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("alert")).to_have_text("Key sheets: 1 of 2 shares: 1 more needed.")
    expect(page.locator(".vault-result")).to_be_empty()

    # A sheet of another backup: named, left out.
    page.get_by_label("Pick photos of pages").set_input_files(other_sheets[1])
    expect(page.get_by_role("alert")).to_contain_text(re.compile(r"^Key sheet 2 belongs to another backup: its backup id is \d+, these pages' is \d+\. It was left out\.$"))
    expect(sheets_summary).to_have_text("1 of 2 key sheets needed (3 made): 1 more sheet needed.")

    # Sheet 3 typed: a mistyped word is named, then the words typed right (first four letters of some) are taken.
    words = sheet_words(sheets[2])
    typo = list(words)
    typo[11] = "zero" if words[11] != "zero" else "academic"
    page.get_by_label("Words of a key sheet").fill(" ".join(typo))
    page.get_by_role("button", name="Add this sheet").click()
    expect(page.locator(".vault-key-sheets").get_by_role("alert")).to_have_text(re.compile(r"^Checksum mismatch: word 12 looks mistyped"))
    check_accessible(page, "vault: key sheets")
    page.get_by_label("Words of a key sheet").fill("\n".join(w[:4] if i % 3 == 0 else w for i, w in enumerate(words)))
    page.get_by_role("button", name="Add this sheet").click()
    expect(sheets_summary).to_have_text("2 of the 2 key sheets needed (3 made) are in.")
    expect(page.get_by_label("Words of a key sheet")).to_have_value("")

    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("heading", name="seed.bin", level=2)).to_be_visible(timeout=30_000)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download file").click()
    with open(download.value.path(), "rb") as f:
        assert f.read() == content
    shot(page, "vault-key-sheets-restored")
    # The sheets are dropped once they have opened it: after "Forget", Restore needs them again.
    expect(sheets_summary).to_have_text("0 of 2 key sheets needed (3 made): 2 more sheets needed.")
    page.get_by_role("button", name="Forget").click()
    expect(page.locator(".vault-result")).to_be_empty()
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("alert")).to_have_text("This backup's key is split into 3 key sheets: any 2 of them open it, a password alone cannot.")
    expect(page.locator(".vault-result")).to_be_empty()

    # Leaving the view forgets the sheets (the codes stay).
    page.get_by_role("link", name="Scan").first.click()
    page.get_by_role("link", name="Restore a paper vault").click()
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    expect(sheets_summary).to_have_text("0 of 2 key sheets needed (3 made): 2 more sheets needed.")
    expect(page.get_by_role("list", name="Key sheets in").get_by_role("listitem")).to_have_count(0)
    assert not [u for u in context.requests if "/v1/" in u]


@pytest.mark.page_only
def test_vault_key_sheets_and_password_from_the_fake_camera(fake_camera, seqr_server, work_dir):
    """A 2-of-3 backup that needs its password too (flags 3): the camera sees two pages of three and sheets 1 and 2;
    it stops once the pages and two sheets are in; a wrong password is one line and restores nothing; the right
    one gives the exact text."""
    words = " ".join(uuid.uuid4().hex[:12] for _ in range(2400)) + "\n"
    pages, sheets = key_sheet_backup(work_dir, "both.txt", words.encode(), "--password", dpi=200)
    assert len(pages) == 3, len(pages)
    frames = [frame for png in (pages[0], pages[2]) for frame in camera_frames(png)]
    frames += [frame for sheet in sheets[:2] for frame in code_frames(sheet, os.path.join(BIN, "seqr"))]
    context = fake_camera(frames, frames_per_second=4)
    page = open_vault(context, seqr_server)
    page.get_by_role("button", name="Use the camera").click()
    expect(page.locator(".vault-sheets-summary")).to_have_text("2 of the 2 key sheets needed (3 made) are in.", timeout=90_000)
    expect(page.locator(".vault-summary")).to_contain_text(re.compile(r"the parity codes rebuild the missing \w+\. Add 2 key sheets and the password and restore\.$"))
    expect(page.get_by_role("button", name="Use the camera")).to_be_visible(timeout=10_000)
    page.get_by_label("Backup password").fill("not the password")
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("alert")).to_have_text("Decryption failed: a key sheet is forged or damaged, the password is wrong, or the backup was tampered with.")
    expect(page.get_by_role("alert")).to_have_count(1)
    expect(page.locator(".vault-result")).to_be_empty()
    page.get_by_label("Backup password").fill(VAULT_PASSWORD)
    page.get_by_role("button", name="Restore").click()
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == words


@pytest.mark.page_only
def test_vault_key_sheets_forgotten_when_another_tab_locks(new_context, seqr_server, work_dir):
    """Key sheets scanned in one tab are dropped when the app locks in another; the pages' codes stay."""
    pages, sheets = key_sheet_backup(work_dir, "locked.txt", b"a secret behind two sheets\n")
    user = unique("vaultsheets")
    context = new_context()
    first = open_app(context, "#/register")
    register(first, user)
    second = open_app(context)
    sign_in(second, user)
    second.goto(seqr_server.url + "/app/#/vault")
    second.get_by_label("Pick photos of pages").set_input_files(pages + sheets[:1])
    sheets_summary = second.locator(".vault-sheets-summary")
    expect(sheets_summary).to_have_text("1 of 2 key sheets needed (3 made): 1 more sheet needed.")
    first.get_by_role("link", name="Account", exact=True).click()
    first.get_by_role("button", name="Lock now").click()
    expect(first.get_by_role("heading", name="Locked")).to_be_visible()
    expect(second.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    expect(sheets_summary).to_have_text("0 of 2 key sheets needed (3 made): 2 more sheets needed.")
    expect(second.get_by_role("list", name="Key sheets in").get_by_role("listitem")).to_have_count(0)
    expect(second.locator(".vault-summary")).to_contain_text("All 1 code is in: add 2 key sheets and restore.")


@pytest.mark.page_only
def test_scanner_names_a_key_sheet_and_hands_it_to_the_vault(new_context, seqr_server, work_dir):
    """A key sheet photographed in #/scan is named (which sheet, how many open the backup) and nothing it holds is
    shown — no words, no text, no base64; "Open in the paper vault" takes it into the vault view's key sheets, where
    the pages and one more sheet restore the text."""
    content = b"a secret behind two sheets\n"
    pages, sheets = key_sheet_backup(work_dir, "handed.txt", content)
    context = new_context()
    page = context.new_page()
    page.goto(seqr_server.url + "/app/#/scan")
    expect(page.get_by_role("heading", name="Scan", level=1)).to_be_visible()
    page.get_by_label("Pick a photo").set_input_files(sheets[0])
    expect(page.get_by_role("heading", name="Paper-vault key sheet")).to_be_visible()
    expect(page.get_by_text("A paper-vault key sheet: sheet 1; any 2 sheets of its backup open it")).to_be_visible()
    shown = page.locator("body").inner_text()
    words = sheet_words(sheets[0])
    assert not any(" ".join(words[i:i + 2]) in shown for i in range(len(words) - 1)), shown
    assert "base64" not in shown
    expect(page.locator(".scan-text")).to_have_count(0)
    page.get_by_role("button", name="Open in the paper vault").click()
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    sheets_summary = page.locator(".vault-sheets-summary")
    expect(sheets_summary).to_have_text("1 of 2 key sheets needed: 1 more sheet needed.")
    page.get_by_label("Pick photos of pages").set_input_files(pages + [sheets[2]])
    expect(sheets_summary).to_have_text("2 of the 2 key sheets needed (3 made) are in.")
    page.get_by_role("button", name="Restore").click()
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == content.decode()
    assert not [u for u in context.requests if "/v1/" in u]


@pytest.mark.page_only
def test_vault_damaged_page_gets_one_line(new_context, seqr_server, work_dir):
    """A page with a changed code (its own checksum made right again, so that it reads as a vault code) and the
    others: the parity rebuilds the missing ones, the digest does not match, and the page says so in one line, as
    `seqr vault restore` does, and restores nothing."""
    import base64
    import hashlib
    import json
    content = os.urandom(30_000)
    pages = vault_pages(work_dir, "damaged.bin", content)
    assert len(pages) == 4
    decoded = json.loads(subprocess.run([os.path.join(BIN, "seqr"), "decode", pages[0], "--json"], check=True, capture_output=True).stdout)
    code = bytearray(base64.b64decode(decoded[0]["codes"][0]["payloadBase64"]))
    code[40] ^= 0x55  # a payload byte, past the 38-byte header
    code[-2:] = hashlib.sha256(bytes(code[:-2])).digest()[:2]
    folder = os.path.dirname(pages[0])
    with open(os.path.join(folder, "damaged.code"), "wb") as f:
        f.write(bytes(code))
    damaged = os.path.join(folder, "damaged.png")
    subprocess.run([os.path.join(BIN, "seqr"), "encode", "--file", os.path.join(folder, "damaged.code"), "-o", damaged], check=True, capture_output=True)
    cli = subprocess.run([os.path.join(BIN, "seqr"), "vault", "restore", damaged, *pages[1:], "-o", os.path.join(folder, "out.bin")],
                         capture_output=True, text=True, env=dict(os.environ, SEQR_PASSWORD=VAULT_PASSWORD))
    assert cli.returncode == 65 and cli.stderr.strip().splitlines()[-1].endswith("the codes do not match the document digest: the backup is damaged or was tampered with"), cli.stderr

    context = new_context()
    page = open_vault(context, seqr_server)
    page.get_by_label("Pick photos of pages").set_input_files([damaged, *pages[1:]])
    expect(page.locator(".vault-summary")).to_contain_text("the parity codes rebuild the missing", timeout=30_000)
    page.get_by_label("Backup password").fill(VAULT_PASSWORD)
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("alert")).to_have_count(1)
    expect(page.get_by_role("alert")).to_contain_text("do not match the document digest")
    expect(page.locator(".vault-result")).to_be_empty()
    expect(page.get_by_role("button", name="Download file")).to_have_count(0)
