"""A paper-vault backup made on the phone (issue 48): typed or picked in #/vault/backup, compressed and encrypted in
the page (brotli 1.2.1's encoder, PBKDF2 in WebCrypto, BoringSSL's ChaCha20-Poly1305 and ISA-L's parity in
WebAssembly), drawn as the A4 pages
`seqr vault backup` prints, and printed with the browser's print path (`page.pdf()`, the print style sheet): the PDF
restores with `seqr vault restore` to the exact bytes, and with the Python program printed on its last pages (rebuilt
from the PDF's words, run on zbarimg's reading of the pages); a text is brotli-compressed as the CLI compresses it
(as many codes as `seqr vault backup` prints, fewer than uncompressed); the page restores its own backup from pictures of the
pages, one page missing; two different passwords and an over-limit file each get one line and no pages; leaving the
view forgets the document, the password and the pages."""
import base64
import json
import os
import re
import subprocess

import pytest
from playwright.sync_api import expect

from webapp import BIN, check_accessible, install_app, open_app, register, shot, sign_in, unique

PASSWORD = "a phone-made vault ✓ five words long"
REFERENCE = os.path.join(os.path.dirname(__file__), "..", "Reference")


def open_backup(context, server):
    page = context.new_page()
    page.goto(server.url + "/app/#/vault")
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    page.get_by_role("link", name="Make a backup on this phone").click()
    expect(page.get_by_role("heading", name="Back up to paper", level=1)).to_be_visible()
    return page


def make_pages(page, password=PASSWORD, again=PASSWORD):
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password again").fill(again)
    page.get_by_role("button", name="Make the pages").click()


def print_pdf(page, path):
    """The pages through Chromium's print path: print media, the style sheet's A4 @page, no browser margins."""
    page.pdf(path=path, prefer_css_page_size=True)
    return path


def restore_with_cli(pdf, out):
    return subprocess.run([os.path.join(BIN, "seqr"), "vault", "restore", pdf, "-o", out, "--quiet"], capture_output=True, text=True,
                          env=dict(os.environ, SEQR_PASSWORD=PASSWORD), timeout=300)


@pytest.mark.page_only
def test_backup_made_in_the_page_restores_with_seqr_and_with_the_printed_program(new_context, seqr_server, work_dir):
    """A 20,000-byte file picked in the page: three pages of codes (any one may be lost) and the program's three; the
    printed PDF restores with `seqr vault restore` to the exact bytes, with a page of codes cut out too; the program
    rebuilt from the PDF's words hashes to the SHA-256 printed beside it, is `seqr vault restore-program`'s, and
    restores the file from zbarimg's reading of the pages at 200 and 300 dpi."""
    content = os.urandom(20_000)
    document = os.path.join(work_dir, "wallet.key")
    with open(document, "wb") as f:
        f.write(content)
    context = new_context()
    page = open_backup(context, seqr_server)
    page.get_by_label("Or pick a file").set_input_files(document)
    expect(page.locator(".vault-picked")).to_contain_text("wallet.key: 20,000 bytes, backed up instead of the text.")
    expect(page.get_by_label("Title (kept encrypted, not printed)")).to_have_value("wallet.key")
    make_pages(page)
    expect(page.get_by_role("status").filter(has_text="11 codes + 6 parity on 6 pages (QR version 37, EC M); any 1 whole page or any 6 codes may be lost.")).to_be_visible(timeout=60_000)
    sheets = page.locator(".vault-sheet")
    expect(sheets).to_have_count(6)
    expect(sheets.first).to_contain_text("Paper vault (encrypted backup)")
    expect(sheets.first).to_contain_text("page 1 of 6")
    expect(sheets.first.get_by_role("img", name="code 1 of 11")).to_be_visible()
    expect(sheets.nth(2).get_by_role("img", name="parity 6 of 6")).to_be_attached()
    expect(page.get_by_label("Password", exact=True)).to_have_value("")
    shot(page, "vault-backup-pages")
    check_accessible(page, "vault backup: pages made")

    pdf = print_pdf(page, os.path.join(work_dir, "phone-backup.pdf"))
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    assert "Pages:           6" in info and "(A4)" in info, info
    text = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", "1", pdf, "-"], capture_output=True, text=True, check=True).stdout
    assert "seqr vault restore <pictures or this PDF> -o <file>" in text and "wallet.key" not in text

    out = os.path.join(work_dir, "restored.key")
    result = restore_with_cli(pdf, out)
    assert result.returncode == 0, result.stderr
    with open(out, "rb") as f:
        assert f.read() == content
    # Without page 2: the parity codes the page wrote rebuild its codes in the CLI.
    cut = os.path.join(work_dir, "without-page-2.pdf")
    subprocess.run(["pdfseparate", pdf, os.path.join(work_dir, "sep-%d.pdf")], check=True)
    subprocess.run(["pdfunite", *[os.path.join(work_dir, f"sep-{n}.pdf") for n in (1, 3, 4, 5, 6)], cut], check=True)
    os.remove(out)
    result = restore_with_cli(cut, out)
    assert result.returncode == 0, result.stderr
    with open(out, "rb") as f:
        assert f.read() == content

    # Without Seqr: the program as printed, run on zbarimg's reading of the pages (as its instructions say).
    program = os.path.join(work_dir, "seqr-restore.py")
    printed, rebuilt = subprocess.run(["python3", os.path.join(REFERENCE, "extract_restore_program.py"), pdf, program],
                                      capture_output=True, text=True, check=True).stdout.split()
    assert printed == rebuilt
    with open(program, "rb") as f:
        assert f.read() == subprocess.run([os.path.join(BIN, "seqr"), "vault", "restore-program"], capture_output=True, check=True).stdout
    images = []
    for dpi in ("200", "300"):
        subprocess.run(["pdftoppm", "-r", dpi, "-png", pdf, os.path.join(work_dir, f"page-{dpi}")], check=True)
        images += sorted(os.path.join(work_dir, f) for f in os.listdir(work_dir) if f.startswith(f"page-{dpi}") and f.endswith(".png"))
    codes = os.path.join(work_dir, "codes.bin")
    with open(codes, "wb") as f:
        f.write(subprocess.run(["zbarimg", "--raw", "-Sbinary", "-q", *images], capture_output=True).stdout)
    without = os.path.join(work_dir, "without-seqr.key")
    env = dict(os.environ, SEQR_PASSWORD=PASSWORD)
    result = subprocess.run(["python3", program, codes, "-o", without], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    with open(without, "rb") as f:
        assert f.read() == content


def cli_summary(document, work_dir, *flags):
    """`seqr vault backup --json`'s summary of a backup of `document` (the codes it would print)."""
    result = subprocess.run([os.path.join(BIN, "seqr"), "vault", "backup", document, "-o", os.path.join(work_dir, "cli.pdf"), "--rounds", "210000",
                             "--no-restore-program", "--json", "--force", *flags], capture_output=True, text=True,
                            env=dict(os.environ, SEQR_PASSWORD=PASSWORD), timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.page_only
def test_a_text_backed_up_in_the_page_is_compressed_and_restores_with_seqr(new_context, seqr_server, work_dir):
    """A 60 KB inventory typed in the page: brotli-compressed as `seqr vault backup` compresses it (the status says
    brotli; as many codes as the CLI prints for the same text, a quarter or less of the uncompressed count), and the
    printed PDF restores with `seqr vault restore` to the exact text."""
    text = "".join(f"Line {n}: item {(n * 7919) % 1000} of the inventory, shelf {chr(65 + n % 26)}-{n % 13} ✓ ünïcødé\n" for n in range(1000))
    document = os.path.join(work_dir, "inventory.txt")
    with open(document, "w", encoding="utf-8") as f:
        f.write(text)
    compressed, plain = cli_summary(document, work_dir), cli_summary(document, work_dir, "--no-compress")
    assert compressed["compressed"] and compressed["codes"] * 4 <= plain["codes"], (compressed, plain)
    context = new_context()
    page = open_backup(context, seqr_server)
    page.get_by_label("Title (kept encrypted, not printed)").fill("inventory.txt")
    page.get_by_label("Text to back up").fill(text)
    make_pages(page)
    expect(page.get_by_role("button", name="Print the pages")).to_be_visible(timeout=60_000)
    status = page.get_by_role("status").filter(has_text="QR version").text_content()
    match = re.match(r"(\d+) codes? (?:\+ (\d+) parity )?on \d+ pages \(QR version (\d+), EC M, brotli\)", status)
    assert match, status
    assert [int(match[1]), int(match[2] or 0), int(match[3])] == [compressed["codes"], compressed["parityCodes"], compressed["qrVersion"]], (status, compressed)
    pdf = print_pdf(page, os.path.join(work_dir, "inventory.pdf"))
    out = os.path.join(work_dir, "inventory.out")
    result = restore_with_cli(pdf, out)
    assert result.returncode == 0, result.stderr
    with open(out, encoding="utf-8") as f:
        assert f.read() == text


@pytest.mark.page_only
def test_the_page_restores_its_own_backup_with_a_page_missing(new_context, seqr_server, work_dir):
    """A text typed in the page, printed, its pages photographed (pdftoppm at 150 dpi) with page 1 left out, read back
    in #/vault: the grid shows the parity covers page 1, and the password restores the text exactly. (Random words,
    which brotli shrinks by a quarter only, so that the backup still takes several pages.)"""
    words = "".join(f"line {n}: {base64.b64encode(os.urandom(36)).decode()} ✓ ünïcødé\n" for n in range(600))
    context = new_context()
    page = open_backup(context, seqr_server)
    page.get_by_label("Title (kept encrypted, not printed)").fill("will.txt")
    page.get_by_label("Text to back up").fill(words)
    page.get_by_label("Password", exact=True).fill("short")
    expect(page.locator(".vault-strength")).to_contain_text("Weak: 5 characters.")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    expect(page.locator(".vault-strength")).to_contain_text("Strong")
    make_pages(page)
    expect(page.get_by_role("button", name="Print the pages")).to_be_visible(timeout=60_000)
    code_pages = page.locator(".vault-sheet").filter(has_text="Paper vault (encrypted backup)").count()
    assert code_pages >= 3, code_pages
    pdf = print_pdf(page, os.path.join(work_dir, "will.pdf"))
    # work_dir is the session's: each test's pictures under a name of their own, never another test's pages.
    prefix = unique("missing-page-photo")
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "2", "-l", str(code_pages), pdf, os.path.join(work_dir, prefix)], check=True)
    photos = sorted(os.path.join(work_dir, f) for f in os.listdir(work_dir) if f.startswith(prefix) and f.endswith(".png"))

    page.get_by_role("link", name="Restore a paper vault").click()
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    page.get_by_label("Pick photos of pages").set_input_files(photos)
    expect(page.locator(".vault-summary")).to_contain_text("the parity codes rebuild the missing", timeout=60_000)
    grid = page.get_by_role("list", name="Pages of the backup")
    expect(grid.get_by_role("listitem").first).to_contain_text("0 of 6")
    page.get_by_label("Backup password").fill(PASSWORD)
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("heading", name="will.txt", level=2)).to_be_visible(timeout=30_000)
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == words


@pytest.mark.page_only
def test_mismatched_passwords_and_an_over_limit_file_get_one_line(new_context, seqr_server, work_dir):
    """Two different passwords: one line, no pages, no key derived; the password fields ask the browser to offer
    no saving (autocomplete off). A file that would print on more than 50 pages (the CLI's --max-pages), or is over
    64 MiB: one line as soon as it is picked, from its size, without the page reading it, and it is not taken (the
    text typed is backed up instead). Leaving the view forgets the text, the passwords and the pages."""
    context = new_context()
    page = open_backup(context, seqr_server)
    for label in ("Password", "Password again"):
        assert page.get_by_label(label, exact=True).get_attribute("autocomplete") == "off"
    page.get_by_label("Text to back up").fill("a secret")
    make_pages(page, PASSWORD, PASSWORD + " ")
    alert = page.get_by_role("alert")
    expect(alert).to_have_text("The two passwords differ: type the same password twice.")
    expect(alert).to_have_count(1)
    expect(page.locator(".vault-sheet")).to_have_count(0)

    # Every read of a picked file's bytes is counted.
    page.evaluate("""() => { window.fileReads = 0; const read = Blob.prototype.arrayBuffer;
        Blob.prototype.arrayBuffer = function () { window.fileReads++; return read.call(this); }; }""")
    big = os.path.join(work_dir, "big.bin")
    with open(big, "wb") as f:
        f.write(os.urandom(700_000))
    page.get_by_label("Or pick a file").set_input_files(big)
    expect(alert).to_have_text("The backup would take about 63 pages, more than 50: back up a smaller file, or use `seqr vault backup --max-pages 63`.")
    huge = os.path.join(work_dir, "huge.bin")
    with open(huge, "wb") as f:
        f.truncate(100 * 1024 * 1024)
    page.get_by_label("Or pick a file").set_input_files(huge)
    expect(alert).to_have_text("The document is larger than 64 MiB, which a restore refuses to unpack.")
    assert page.evaluate("window.fileReads") == 0
    expect(page.locator(".vault-picked")).to_be_empty()

    # The text, kept as typed, is what is backed up: pages; then leaving the view drops them, and the fields are empty when it opens again.
    expect(page.get_by_label("Text to back up")).to_have_value("a secret")
    make_pages(page)
    expect(page.locator(".vault-sheet")).to_have_count(4, timeout=60_000)
    page.get_by_role("link", name="Restore a paper vault").click()
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    page.get_by_role("link", name="Make a backup on this phone").click()
    expect(page.get_by_role("heading", name="Back up to paper", level=1)).to_be_visible()
    expect(page.locator(".vault-sheet")).to_have_count(0)
    expect(page.get_by_label("Text to back up")).to_have_value("")
    assert not [u for u in context.requests if "/v1/" in u], [u for u in context.requests if "/v1/" in u]


@pytest.mark.page_only
def test_pages_forgotten_when_another_tab_locks(new_context, seqr_server):
    """Pages made in one tab are dropped when the app locks ("Lock now" in another tab), with the text and passwords."""
    user = unique("vaultbackup")
    context = new_context()
    first = open_app(context, "#/register")
    register(first, user)
    second = open_app(context)
    sign_in(second, user)
    second.goto(seqr_server.url + "/app/#/vault/backup")
    second.get_by_label("Text to back up").fill("a secret for the lock test")
    make_pages(second)
    expect(second.locator(".vault-sheet")).to_have_count(4, timeout=60_000)
    first.get_by_role("link", name="Account", exact=True).click()
    first.get_by_role("button", name="Lock now").click()
    expect(first.get_by_role("heading", name="Locked")).to_be_visible()
    expect(second.locator(".vault-sheet")).to_have_count(0)
    expect(second.get_by_role("heading", name="Back up to paper", level=1)).to_be_visible()
    expect(second.get_by_label("Text to back up")).to_have_value("")
    assert not second.evaluate("document.body.classList.contains('vault-printing')")


@pytest.mark.page_only
def test_key_sheet_backup_made_in_the_page_restores_with_two_sheets(new_context, seqr_server, work_dir):
    """Key sheets instead of a password, 2 of 3, for a text typed in the page: no password asked; the backup's pages,
    then three pages of key sheets, each saying which sheet it is, 2 of 3, with its code and 33 words. The printed
    PDF restores with `seqr vault restore` given its backup pages and sheets 1 and 3 (their PDF pages); the page
    restores it from pictures of the code pages with sheets 2 and 3 typed."""
    text = "".join(f"seed line {n} ✓ kept behind key sheets\n" for n in range(300))
    context = new_context()
    page = open_backup(context, seqr_server)
    page.get_by_label("Text to back up").fill(text)
    page.get_by_label("Opened by").select_option("sheets")
    expect(page.get_by_label("Password", exact=True)).to_be_hidden()
    page.get_by_label("Key sheets needed (K)").fill("2")
    page.get_by_label("Key sheets made (N)").fill("3")
    page.get_by_role("button", name="Make the pages").click()
    expect(page.get_by_role("button", name="Print the pages")).to_be_visible(timeout=60_000)
    expect(page.locator(".status-area")).to_contain_text(re.compile(r"Then 3 key sheets, a page each \(backup id \d+\): any 2 restore it\."))
    sheets = page.locator(".vault-sheet").filter(has=page.locator(".vault-sheet-text.bold"))
    expect(sheets).to_have_count(3)
    words = []
    for n in (1, 2, 3):
        expect(sheets.nth(n - 1)).to_contain_text(f"Key sheet {n} of 3 · any 2 restore")
        numbered = sheets.nth(n - 1).locator(".vault-sheet-text.mono").all_text_contents()
        assert len(numbered) == 33, numbered
        words.append([line.split(". ", 1)[1] for line in numbered])
    total = page.locator(".vault-sheet").count()
    code_pages = page.locator(".vault-sheet").filter(has_text="Paper vault (encrypted backup)").count()
    shot(page, "vault-backup-key-sheets")
    pdf = print_pdf(page, os.path.join(work_dir, "sheets.pdf"))
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    assert re.search(rf"^Pages:\s+{total}$", info, re.M), info
    subprocess.run(["pdfseparate", pdf, os.path.join(work_dir, "part-%d.pdf")], check=True)
    part = lambda n: os.path.join(work_dir, f"part-{n}.pdf")
    backup_pdf = os.path.join(work_dir, "backup-pages.pdf")
    subprocess.run(["pdfunite", *[part(n) for n in range(1, total - 2)], backup_pdf], check=True)
    out = os.path.join(work_dir, "restored.txt")
    env = {k: v for k, v in os.environ.items() if k != "SEQR_PASSWORD"}
    restored = subprocess.run([os.path.join(BIN, "seqr"), "vault", "restore", backup_pdf, "--share", part(total - 2), "--share", part(total),
                               "-o", out, "--quiet"], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=300)
    assert restored.returncode == 0, restored.stderr
    with open(out, encoding="utf-8") as f:
        assert f.read() == text
    # One sheet is not enough for the CLI either.
    one = subprocess.run([os.path.join(BIN, "seqr"), "vault", "restore", backup_pdf, "--share", part(total), "-o", out + ".one", "--quiet"],
                         capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=300)
    assert one.returncode != 0 and not os.path.exists(out + ".one")

    # work_dir is the session's: another test's photo-N.png there (a backup of its own) was picked with these
    # pages, and whichever backup's code the Workers read first was kept (the other named and left out).
    prefix = unique("key-sheet-photo")
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", str(code_pages), pdf, os.path.join(work_dir, prefix)], check=True)
    photos = sorted(os.path.join(work_dir, f) for f in os.listdir(work_dir) if f.startswith(prefix) and f.endswith(".png"))
    page.get_by_role("link", name="Restore a paper vault").click()
    expect(page.get_by_role("heading", name="Paper vault", level=1)).to_be_visible()
    page.get_by_label("Pick photos of pages").set_input_files(photos)
    expect(page.locator(".vault-summary")).to_contain_text("add 2 key sheets and restore.", timeout=60_000)
    for n in (2, 3):
        page.get_by_label("Words of a key sheet").fill(" ".join(words[n - 1]))
        page.get_by_role("button", name="Add this sheet").click()
    expect(page.locator(".vault-sheets-summary")).to_have_text("2 of the 2 key sheets needed (3 made) are in.")
    page.get_by_role("button", name="Restore").click()
    page.get_by_role("button", name="Show text").click()
    assert page.locator(".vault-text").text_content() == text
    assert not [u for u in context.requests if "/v1/" in u]


@pytest.mark.page_only
def test_the_installed_app_backs_up_compressed_offline(new_context, start_server, work_dir):
    """The installed app makes a compressed backup with its server gone: the service worker cached the brotli encoder
    (wasm/brotli-enc.wasm) at install with the vault's other modules, though the backup view was never opened online;
    the printed PDF restores with `seqr vault restore`."""
    text = "".join(f"offline line {n}: kept on paper ✓\n" for n in range(400))
    server = start_server()
    try:
        context = new_context(server=server)
        page = install_app(context)
        server.stop()
        page.goto(server.url + "/app/#/vault/backup")
        expect(page.get_by_role("heading", name="Back up to paper", level=1)).to_be_visible()
        page.get_by_label("Text to back up").fill(text)
        make_pages(page)
        expect(page.get_by_role("status").filter(has_text=re.compile(r"^1 code on 4 pages \(QR version 30, EC M, brotli\)"))).to_be_visible(timeout=60_000)
        pdf = print_pdf(page, os.path.join(work_dir, "offline.pdf"))
    finally:
        server.stop()
    out = os.path.join(work_dir, "offline.txt")
    result = restore_with_cli(pdf, out)
    assert result.returncode == 0, result.stderr
    with open(out, encoding="utf-8") as f:
        assert f.read() == text
