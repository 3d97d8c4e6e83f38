"""The paper emergency kit in the page: a kit printed by `seqr notes kit` recovered by typing its sheets' words."""
import json
import os
import re
import shutil
import subprocess

from playwright.sync_api import expect

from fake_camera import code_frames
from webapp import BIN, PASSWORD, SHOTS, add_note, check_fit, expect_signed_in, open_app, open_note, register, shot, unique

NEW_PASSWORD = "kit recovered password"


def sheet_words(pdf, sheet):
    """Sheet `sheet`'s 33 words as the CLI's PDF prints them (page `sheet`)."""
    text = subprocess.run(["pdftotext", "-layout", "-f", str(sheet), "-l", str(sheet), pdf, "-"], check=True,
                          capture_output=True, text=True).stdout
    words = dict((int(n), w) for n, w in re.findall(r"(\d+)\. ([a-z]+)", text))
    assert len(words) == 33
    return [words[i] for i in range(1, 34)]


def open_recovery(context):
    page = open_app(context, "#/sign-in")
    page.get_by_role("link", name="Recover with a paper kit").click()
    expect(page.get_by_role("heading", name="Recover with a paper kit", level=1)).to_be_visible()
    return page


def type_sheet(page, words):
    page.get_by_label("Words of a kit sheet").fill(" ".join(words))
    page.get_by_role("button", name="Add this sheet").click()


def test_recover_a_cli_kit_by_typed_words(new_context, seqr_server, seqr_cli, work_dir):
    """A 3-of-5 kit printed by the CLI; in a fresh browser sheets 1, 4 and 5 typed (a mistyped word named, two
    sheets refused saying one more is needed) recover the account with a new password: every note intact, the old
    password refused. A newer kit revokes the old sheets: they are refused in one sentence."""
    user = unique("kit")
    page = open_app(new_context(), "#/register")
    register(page, user)
    add_note(page, "Bank", "PIN 4711 ✓")
    cli = seqr_cli()
    cli.login(user)
    cli.run("notes", "add", "--title", "From the CLI", "--info", "line one\nline two")
    pdf = os.path.join(work_dir, f"{user}-kit.pdf")
    cli.run("notes", "kit", "--shares", "3-of-5", "-o", pdf)
    sheets = {n: sheet_words(pdf, n) for n in (1, 4, 5)}

    page = open_recovery(new_context())
    type_sheet(page, sheets[1])
    expect(page.get_by_text("Kit sheet 1 is in (typed).")).to_be_visible()
    # A mistyped word is named by its position, and the sheet is not taken.
    wrong = list(sheets[4])
    wrong[6] = "academic" if wrong[6] != "academic" else "acid"
    type_sheet(page, wrong)
    expect(page.get_by_role("alert")).to_contain_text("7")
    type_sheet(page, sheets[4])
    expect(page.get_by_role("status").filter(has_text="1 more sheet needed")).to_be_visible()
    page.get_by_label("Username").fill(user)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Repeat the new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Recover the account").click()
    expect(page.get_by_role("alert")).to_contain_text("1 more sheet needed")
    type_sheet(page, sheets[5])
    expect(page.get_by_role("status").filter(has_text="3 of the 3 kit sheets needed are in")).to_be_visible()
    shot(page, "kit-recover")
    page.get_by_role("button", name="Recover the account").click()
    expect_signed_in(page)
    expect(page.get_by_role("heading", name="Notes", level=1)).to_be_visible()
    open_note(page, "Bank")
    expect(page.get_by_label("Note text")).to_contain_text("PIN 4711 ✓")

    # The CLI: the old password is refused, the new one opens every note unchanged.
    other = seqr_cli()
    assert other.run("notes", "login", user, "--server", seqr_server.url, check=False).returncode != 0
    other.login(user, password=NEW_PASSWORD)
    assert other.run("notes", "show", other.note_id("Bank", password=NEW_PASSWORD)[:8], password=NEW_PASSWORD).stdout == "Bank\nPIN 4711 ✓\n"
    assert other.run("notes", "show", other.note_id("From the CLI", password=NEW_PASSWORD)[:8],
                     password=NEW_PASSWORD).stdout == "From the CLI\nline one\nline two\n"

    # A new kit revokes the old one: its sheets are refused, in one sentence, and nothing changes.
    other.run("notes", "kit", "--shares", "2-of-3", "-o", pdf + ".new.pdf", password=NEW_PASSWORD)
    page = open_recovery(new_context())
    for n in (1, 4, 5):
        type_sheet(page, sheets[n])
    page.get_by_label("Username").fill(user)
    page.get_by_label("New password", exact=True).fill("another new password")
    page.get_by_label("Repeat the new password").fill("another new password")
    page.get_by_role("button", name="Recover the account").click()
    expect(page.get_by_role("alert")).to_have_text(re.compile("a newer kit has revoked them"), timeout=60_000)
    other.run("notes", "list", password=NEW_PASSWORD)


def test_sheets_speak_of_the_kit_and_its_kit_id(new_context, seqr_cli, work_dir):
    """The recovery lists the sheets typed in with the kit id printed on them and `seqr notes kit` names ("kit id N"),
    and a sheet of another kit (an older kit of the same account) is left out saying it belongs to another kit —
    never the paper vault's "backup" and "backup id"."""
    user = unique("kitwords")
    cli = seqr_cli()
    cli.register(user)
    kits = {}
    for name in ("old", "new"):
        pdf = os.path.join(work_dir, f"{user}-{name}.pdf")
        made = json.loads(cli.run("notes", "kit", "--shares", "2-of-3", "-o", pdf, "--json").stdout)
        kits[name] = (made["kitID"], pdf)
    (old_id, old_pdf), (new_id, new_pdf) = kits["old"], kits["new"]
    assert old_id != new_id
    assert f"kit id {new_id}" in subprocess.run(["pdftotext", "-f", "1", "-l", "1", new_pdf, "-"], check=True,
                                                capture_output=True, text=True).stdout

    page = open_recovery(new_context())
    expect(page.get_by_role("heading", name="Kit sheets", level=2)).to_be_visible()
    type_sheet(page, sheet_words(new_pdf, 1))
    expect(page.get_by_text("Kit sheet 1 is in (typed).")).to_be_visible()
    expect(page.get_by_role("list", name="Kit sheets in").get_by_role("listitem")).to_have_text([f"Sheet 1 (typed), kit id {new_id}"])
    expect(page.get_by_role("status").filter(has_text="1 of 2 kit sheets needed: 1 more sheet needed.")).to_be_visible()
    type_sheet(page, sheet_words(old_pdf, 2))
    expect(page.get_by_role("alert")).to_have_text(
        f"Kit sheet 2 belongs to another kit: its kit id is {old_id}, the other sheets' is {new_id}. It was left out.")
    expect(page.get_by_role("list", name="Kit sheets in").get_by_role("listitem")).to_have_count(1)
    expect(page.locator("main")).not_to_contain_text(re.compile("backup", re.IGNORECASE))


def test_recover_from_photos_checks_the_account_code(new_context, seqr_server, seqr_cli, work_dir):
    """Photos of sheets 2, 3 and 5 (the CLI's PDF rendered to PNG): the account code they hold names the account, is
    checked against the combined kit, and the recovery needs no username typed."""
    user = unique("kitphoto")
    cli = seqr_cli()
    cli.register(user)
    cli.run("notes", "add", "--title", "Photographed", "--info", "kept")
    pdf = os.path.join(work_dir, f"{user}-kit.pdf")
    cli.run("notes", "kit", "--shares", "3-of-5", "-o", pdf)
    prefix = os.path.join(work_dir, f"{user}-sheet")
    subprocess.run(["pdftoppm", "-png", "-r", "110", pdf, prefix], check=True)
    photos = sorted(os.path.join(work_dir, f) for f in os.listdir(work_dir) if f.startswith(f"{user}-sheet") and f.endswith(".png"))
    assert len(photos) == 5
    page = open_recovery(new_context())
    page.locator("#kit-photos").set_input_files([photos[1], photos[2], photos[4]])
    expect(page.get_by_role("status").filter(has_text="3 of the 3 kit sheets needed are in")).to_be_visible(timeout=60_000)
    expect(page.get_by_label("Username")).to_have_value(user)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Repeat the new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Recover the account").click()
    expect_signed_in(page)
    open_note(page, "Photographed")
    expect(page.get_by_label("Note text")).to_contain_text("kept")


def test_recover_by_scanning_sheets_with_the_camera(fake_camera, seqr_server, seqr_cli, work_dir):
    """The phone's camera (Chromium's fake camera) sees sheets 1 and 3 of a 2-of-3 kit, a code a frame: the sheets
    and the account code are taken from the frames, the camera stops once the kit's two sheets are in, and the
    account is recovered with no word typed."""
    user = unique("kitcam")
    cli = seqr_cli()
    cli.register(user)
    cli.run("notes", "add", "--title", "Scanned", "--info", "by the camera")
    pdf = os.path.join(work_dir, f"{user}-kit.pdf")
    cli.run("notes", "kit", "--shares", "2-of-3", "-o", pdf)
    prefix = os.path.join(work_dir, f"{user}-sheet")
    subprocess.run(["pdftoppm", "-png", "-r", "110", pdf, prefix], check=True)
    sheets = sorted(os.path.join(work_dir, f) for f in os.listdir(work_dir) if f.startswith(f"{user}-sheet") and f.endswith(".png"))
    assert len(sheets) == 3
    frames = [frame for sheet in (sheets[0], sheets[2]) for frame in code_frames(sheet, os.path.join(BIN, "seqr"))]
    page = open_recovery(fake_camera(frames, frames_per_second=4))
    page.get_by_role("button", name="Scan sheets with the camera").click()
    expect(page.get_by_role("status").filter(has_text="2 of the 2 kit sheets needed are in")).to_be_visible(timeout=90_000)
    expect(page.get_by_role("button", name="Scan sheets with the camera")).to_be_visible(timeout=10_000)
    expect(page.get_by_role("button", name="Stop the camera")).to_be_hidden()
    expect(page.get_by_label("Username")).to_have_value(user)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Repeat the new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Recover the account").click()
    expect_signed_in(page)
    open_note(page, "Scanned")
    expect(page.get_by_label("Note text")).to_contain_text("by the camera")


def test_a_kit_printed_in_the_page_recovers_with_the_cli(new_context, seqr_server, seqr_cli, work_dir):
    """"Print a paper kit" in the page (2-of-3, the password proved): its A4 pages, saved by page.pdf(), are read by
    `seqr notes recover --sheet` — the sheets' codes and account code alone — which sets a new password and reads
    every note; the kit printed before it is revoked."""
    user = unique("kitprint")
    page = open_app(new_context(), "#/register")
    register(page, user)
    add_note(page, "Printed", "from the page ✓")
    for attempt in ("first", "second"):
        page.get_by_role("link", name="Account", exact=True).click()
        page.get_by_role("link", name="Print a paper kit").click()
        expect(page.get_by_role("heading", name="Print a paper kit", level=1)).to_be_visible()
        if attempt == "first":
            check_fit(page, "print a paper kit")
        page.get_by_label("Sheets needed to recover (K)").fill("2")
        page.get_by_label("Sheets printed (N)").fill("3")
        page.get_by_label("Password", exact=True).fill("wrong password" if attempt == "first" else PASSWORD)
        page.get_by_role("button", name="Print a paper kit").click()
        if attempt == "first":
            expect(page.get_by_role("alert")).to_contain_text("not this account's password")
            page.get_by_label("Password", exact=True).fill(PASSWORD)
            page.get_by_role("button", name="Print a paper kit").click()
        expect(page.get_by_role("status").filter(has_text="A 2-of-3 kit was made")).to_be_visible(timeout=60_000)
        expect(page.locator(".vault-sheet")).to_have_count(3)
        pdf = os.path.join(work_dir, f"{user}-{attempt}.pdf")
        page.pdf(path=pdf, prefer_css_page_size=True)
        if attempt == "first":
            shot(page, "kit-print")
            shutil.copy(pdf, os.path.join(SHOTS, "webapp-kit-print.pdf"))  # to look at
    new_password = os.path.join(work_dir, f"{user}-new-password")
    with open(new_password, "w") as f:
        f.write(NEW_PASSWORD + "\n")
    cli = seqr_cli()
    refused = cli.run("notes", "recover", "--sheet", os.path.join(work_dir, f"{user}-first.pdf"), "--new-password-file", new_password, check=False)
    assert refused.returncode != 0, refused.stdout
    cli.run("notes", "recover", "--sheet", os.path.join(work_dir, f"{user}-second.pdf"), "--new-password-file", new_password)
    assert cli.run("notes", "show", cli.note_id("Printed", password=NEW_PASSWORD)[:8], password=NEW_PASSWORD).stdout == "Printed\nfrom the page ✓\n"


def test_sheets_naming_another_server_are_refused_before_sending(new_context, seqr_server, seqr_cli, start_server, work_dir):
    """Photos of a kit whose account code names another server: the page (of this server) combines them, checks the
    code, and refuses in one sentence naming that server — the kit's sign-in key is not sent (the other server's
    account keeps its password)."""
    other_server = start_server()
    user = unique("kitother")
    cli = seqr_cli(other_server)
    cli.register(user)
    pdf = os.path.join(work_dir, f"{user}-kit.pdf")
    cli.run("notes", "kit", "--shares", "2-of-3", "-o", pdf)
    prefix = os.path.join(work_dir, f"{user}-sheet")
    subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "2", pdf, prefix], check=True)
    photos = sorted(os.path.join(work_dir, f) for f in os.listdir(work_dir) if f.startswith(f"{user}-sheet") and f.endswith(".png"))
    requests = []
    page = open_recovery(new_context())
    page.on("request", lambda request: requests.append(request.url))
    page.locator("#kit-photos").set_input_files(photos)
    expect(page.get_by_role("status").filter(has_text="2 of the 2 kit sheets needed are in")).to_be_visible(timeout=60_000)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Repeat the new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Recover the account").click()
    expect(page.get_by_role("alert")).to_contain_text(f"These sheets are for an account at {other_server.url}")
    assert not [url for url in requests if "/v1/" in url], requests
    cli.run("notes", "list")  # the password still works there
