"""The channel keyring's rollback binding (issue 47): someone who can write the browser's storage puts
back an older copy of the keyring, or of one record of it; unlocking says so in one sentence, opens
nothing and deletes nothing, and the person may go on."""
import pytest
from playwright.sync_api import expect

from webapp import PASSPHRASE, channel_identity, create_channel

READ_RECORDS = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('seqr-keyring');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const store = open.result.transaction('records').objectStore('records');
    const names = store.getAllKeys(), values = store.getAll();
    values.onsuccess = () => { resolve(names.result.map((name, i) => [name, values.result[i]])); open.result.close(); };
  };
})"""

# Puts records back as they were (what a program with the profile's files, or an extension, can do).
WRITE_RECORDS = """(entries) => new Promise((resolve, reject) => {
  const open = indexedDB.open('seqr-keyring');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const transaction = open.result.transaction('records', 'readwrite');
    for (const [name, value] of entries) transaction.objectStore('records').put(value, name);
    transaction.oncomplete = () => { resolve(); open.result.close(); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""


def records(page):
    return dict(page.evaluate(READ_RECORDS))


def unlock(page):
    page.get_by_label("Passphrase").fill(PASSPHRASE)
    page.get_by_role("button", name="Unlock channels").click()


def channels(page):
    page.goto(page.url.split("#")[0] + "#/channels")


def another_channel(page, name):
    channels(page)
    create_channel(page, name)


@pytest.mark.page_only
def test_one_record_put_back_is_refused(new_context, seqr_server):
    """An older copy of the channel list alone, put back: refused at unlock in one sentence, nothing
    opened or deleted; "Open it anyway" opens what is stored, and the next unlock is quiet."""
    context = new_context()
    page, _, _ = channel_identity(context, "Alice")
    create_channel(page, "Garden")
    older = records(page)["channels"]
    another_channel(page, "Orchard")
    page.evaluate(WRITE_RECORDS, [["channels", older]])
    stored = records(page)
    channels(page)
    page.reload()
    unlock(page)
    expect(page.get_by_role("alert")).to_contain_text(
        "This browser's channel keyring is not the copy it last saved (record \"channels\" differs): someone may have put back an older copy.")
    expect(page.get_by_role("heading", name="Unlock channels")).to_be_visible()
    assert records(page) == stored, "a refusal writes nothing"
    page.get_by_role("button", name="Open it anyway").click()
    expect(page.get_by_role("link", name="Garden")).to_be_visible()
    expect(page.get_by_role("link", name="Orchard")).to_have_count(0)
    page.reload()
    unlock(page)
    expect(page.get_by_role("link", name="Garden")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
