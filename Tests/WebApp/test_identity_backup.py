"""Identity backup (issue 42): the page's "Back up identity" file restored by `seqr id import`, and the file
`seqr id export` writes restored by "Restore identity" in a new browser: the round trip page → CLI → page."""
import os

import pytest
from playwright.sync_api import expect

from webapp import PASSPHRASE, channel_identity, create_channel, open_app, shot


def restore(page, path, passphrase):
    page.get_by_label("Backup file").set_input_files(path)
    page.get_by_label("Passphrase of the backup").fill(passphrase)
    page.get_by_role("button", name="Restore identity").click()


@pytest.mark.page_only
def test_identity_backup_page_to_cli_to_page(new_context, seqr_server, seqr_cli, work_dir):
    """Identity backup: the page's file imports in the CLI (same fingerprint, its channel); the CLI adds a channel
    and a post and exports; a new browser restores that file and reads the CLI's post; a wrong passphrase restores nothing."""
    context = new_context(accept_downloads=True)
    page, _, fingerprint = channel_identity(context, "Alice")
    create_channel(page, "Garden")
    page.goto(seqr_server.url + "/app/#/channels")
    page.get_by_label("Passphrase for the backup").fill(PASSPHRASE)
    page.get_by_role("button", name="Back up identity").click()
    expect(page.get_by_role("status").filter(has_text="Backup ready: 1 channel and your identity.")).to_be_visible()
    shot(page, "channels-backup")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download backup").click()
    from_page = os.path.join(work_dir, "page.seqr-identity")
    download.value.save_as(from_page)
    assert download.value.suggested_filename == "seqr-identity.seqr-identity"

    secret = os.path.join(work_dir, "backup-passphrase.txt")
    with open(secret, "w") as f:
        f.write(PASSPHRASE + "\n")
    laptop = seqr_cli()
    imported = laptop.run("id", "import", from_page, "--passphrase-file", secret)
    assert imported.stdout == f"fingerprint: {fingerprint}\n", imported.stdout
    assert "owned" in laptop.run("channel", "list").stdout
    laptop.run("channel", "create", "Pond", "--passphrase-file", secret)
    post = laptop.run("post", "Garden", "--text", "From the laptop ✓", "--link", seqr_server.url, "--passphrase-file", secret).stdout.strip()
    from_cli = os.path.join(work_dir, "laptop.seqr-identity")
    laptop.run("id", "export", "-o", from_cli, "--passphrase-file", secret)

    # A wrong passphrase in a new browser: one sentence, and nothing kept.
    wrong = open_app(new_context(), "#/channels")
    restore(wrong, from_cli, "not the passphrase")
    expect(wrong.get_by_role("alert")).to_have_text("Wrong passphrase, or the backup file is damaged; nothing was restored")
    wrong.reload()
    expect(wrong.get_by_role("button", name="Create identity")).to_be_visible()

    phone = open_app(new_context(), "#/channels")
    expect(phone.get_by_role("heading", name="Restore identity")).to_be_visible()
    shot(phone, "channels-restore")
    restore(phone, from_cli, PASSPHRASE)
    expect(phone.get_by_role("heading", name="Channels", level=1)).to_be_visible()
    expect(phone.locator(".fingerprint").first).to_have_text(fingerprint)
    for name in ["Garden", "Pond"]:
        expect(phone.get_by_role("link", name=name)).to_be_visible()
    phone.goto(post)
    expect(phone.get_by_role("heading", name="Message")).to_be_visible()
    expect(phone.locator("#message-text")).to_have_text("From the laptop ✓")
