"""The channel keyring's rollback binding (issue 47): someone who can write the browser's storage puts
back an older copy of the keyring, or of one record of it; unlocking says so in one sentence, opens
nothing and deletes nothing, and the person may go on."""
import pytest
from playwright.sync_api import expect

from webapp import PASSPHRASE, channel_identity, create_channel, open_app, register, sign_in, unique

READ_RECORDS = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('seqr-keyring');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const store = open.result.transaction('records').objectStore('records');
    const names = store.getAllKeys(), values = store.getAll();
    values.onsuccess = () => { resolve(names.result.map((name, i) => [name, values.result[i]])); open.result.close(); };
  };
})"""

# Puts records back as they were (what a program with the profile's files, or an extension, can do);
# with `whole`, the store is emptied first: the whole database as it was.
WRITE_RECORDS = """([entries, whole]) => new Promise((resolve, reject) => {
  const open = indexedDB.open('seqr-keyring');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const transaction = open.result.transaction('records', 'readwrite');
    if (whole) transaction.objectStore('records').clear();
    for (const [name, value] of entries) transaction.objectStore('records').put(value, name);
    transaction.oncomplete = () => { resolve(); open.result.close(); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""


def records(page):
    return dict(page.evaluate(READ_RECORDS))


def unlock(page):
    expect(page.get_by_role("heading", name="Unlock channels")).to_be_visible()
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
    page.evaluate(WRITE_RECORDS, [[["channels", older]], False])
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


def counter_saved(page, action):
    """Runs `action`, waiting for the keyring's counter to be saved with the account (PUT /v1/account/keyrings/…)."""
    with page.expect_response(lambda r: "/v1/account/keyrings/" in r.url and r.request.method == "PUT" and r.status == 204):
        action()


@pytest.mark.page_only
def test_whole_keyring_put_back_is_refused_when_signed_in(new_context, seqr_server):
    """Signed in to a notes account, the whole keyring database put back as it was before a change (which
    its own manifest cannot tell) is refused at unlock: the account keeps a higher counter for this keyring.
    Nothing is opened or written; "Open it anyway" opens the older keyring."""
    context = new_context()
    user = unique("keyring")
    page = open_app(context, "#/register")
    register(page, user)
    page.get_by_role("link", name="Channels").click()
    page.get_by_label("Your name").fill("Alice")
    page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
    page.get_by_label("Repeat the passphrase").fill(PASSPHRASE)
    counter_saved(page, lambda: page.get_by_role("button", name="Create identity").click())
    expect(page.get_by_role("heading", name="Channels", level=1)).to_be_visible()
    counter_saved(page, lambda: create_channel(page, "Garden"))
    whole = list(records(page).items())
    another_channel(page, "Orchard")
    channels(page)
    counter_saved(page, lambda: create_channel(page, "Field"))
    page.evaluate(WRITE_RECORDS, [whole, True])
    stored = records(page)
    page.goto(page.url.split("#")[0] + "#/notes")
    page.reload()
    sign_in(page, user)
    channels(page)
    unlock(page)
    expect(page.get_by_role("alert")).to_contain_text(
        "This browser's channel keyring is older than the one this account last saved")
    expect(page.get_by_role("alert")).to_contain_text("someone may have put back an older copy.")
    expect(page.get_by_role("heading", name="Unlock channels")).to_be_visible()
    assert records(page) == stored, "a refusal writes nothing"
    page.get_by_role("button", name="Open it anyway").click()
    expect(page.get_by_role("link", name="Garden")).to_be_visible()
    expect(page.get_by_role("link", name="Orchard")).to_have_count(0)


@pytest.mark.page_only
def test_one_account_in_two_browsers_is_not_refused(new_context, seqr_server):
    """Each browser keeps its own keyring: the same account signed in to two, each changing its own, and a
    second tab that locks and unlocks, never see a refusal."""
    user = unique("keyring")
    first = open_app(new_context(), "#/register")
    register(first, user)
    second = open_app(new_context(), "#/notes")
    sign_in(second, user)
    for page, name in ((first, "Alice phone"), (second, "Alice laptop")):
        page.get_by_role("link", name="Channels").click()
        page.get_by_label("Your name").fill(name)
        page.get_by_label("Passphrase", exact=True).fill(PASSPHRASE)
        page.get_by_label("Repeat the passphrase").fill(PASSPHRASE)
        counter_saved(page, lambda: page.get_by_role("button", name="Create identity").click())
    counter_saved(first, lambda: create_channel(first, "Garden"))
    for _ in range(2):
        channels(second)
        counter_saved(second, lambda: create_channel(second, "Hill"))
    for page in (first, second):
        channels(page)
        page.get_by_role("button", name="Lock channels").click()
        unlock(page)
        expect(page.get_by_role("heading", name="Channels", level=1)).to_be_visible()
        expect(page.get_by_role("alert")).to_have_count(0)
