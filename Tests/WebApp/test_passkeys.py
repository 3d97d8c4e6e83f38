"""Passkeys in the page, with Chromium's virtual authenticator (CDP `WebAuthn.*`, PRF and user verification on):
register one in the account view's Unlock section, reload, unlock with it and read a note; a second browser
(context) holding the same synced credential signs in with it alone; an authenticator without PRF is refused with
a sentence; an assertion the server did not ask for (another challenge) is refused by the server. The server runs
at http://localhost:PORT with --origin naming it: a relying-party id cannot be an IP address."""
import base64
import json
import urllib.error
import urllib.request

from playwright.sync_api import expect

from webapp import PASSWORD, add_note, check_accessible, expect_signed_in, open_app, open_note, register, shot, unique


def authenticator(context, page, prf=True):
    """A virtual platform authenticator on this page: resident keys, user verification (always verified), PRF if asked."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "ctap2Version": "ctap2_1", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True, "hasPrf": prf, "automaticPresenceSimulation": True}})
    return cdp, added["authenticatorId"]


def add_passkey(page):
    page.get_by_role("link", name="Account", exact=True).click()
    form = page.get_by_role("form", name="Unlock with a passkey")
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_role("button", name="Add a passkey").click()
    return form


def _api(server, path, body):
    request = urllib.request.Request(server.url + path, method="POST", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


ASSERT_IN_PAGE = """async (options) => {
  const b64 = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - s.length % 4) % 4)), (c) => c.charCodeAt(0));
  const out = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const credential = await navigator.credentials.get({ publicKey: { challenge: b64(options.challenge), rpId: options.rpID, userVerification: 'required' } });
  return { credentialID: out(credential.rawId), clientDataJSON: out(credential.response.clientDataJSON),
           authenticatorData: out(credential.response.authenticatorData), signature: out(credential.response.signature) };
}"""


def _assertion(page, server, user):
    """The server's sign-in options, and an assertion the page's authenticator makes for them (not sent by the page)."""
    status, options = _api(server, "/v1/passkey-sessions/options", {"username": user})
    assert status == 200
    return options, {"username": user, "challengeID": options["challengeID"], **page.evaluate(ASSERT_IN_PAGE, options)}


def _sign_in_from(page, server, user):
    _, body = _assertion(page, server, user)
    return _api(server, "/v1/passkey-sessions", body)


def test_register_reload_unlock_and_sign_in_elsewhere(new_context, start_server):
    """Register a passkey, reload, unlock with it, read the note; another browser with the same (synced) credential
    signs in with the passkey alone and reads the note too; the password still works beside it."""
    server = start_server(localhost=True)
    user = unique("pk")
    context = new_context(server=server)
    page = open_app(context, "#/register")
    register(page, user)
    add_note(page, "Door", "4711, then #")
    cdp, authenticator_id = authenticator(context, page)
    form = add_passkey(page)
    expect(form.get_by_role("status")).to_contain_text("Passkey added", timeout=30_000)
    methods = page.get_by_role("list", name="Unlock methods")
    expect(methods).to_contain_text("Passkey")
    shot(page, "passkey-added")

    page.reload()
    expect(page.get_by_role("heading", name="Locked", level=1)).to_be_visible()
    check_accessible(page, "passkey-locked")
    page.get_by_role("button", name="Use a passkey").click()
    expect_signed_in(page)
    open_note(page, "Door")
    expect(page.get_by_text("4711, then #")).to_be_visible()

    # A browser that knows nothing of the account (signed out: the name is forgotten): the username and the passkey alone.
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in", level=1)).to_be_visible()
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    page.reload()
    page.get_by_label("Username").fill(user)
    page.get_by_role("button", name="Use a passkey").click()
    expect_signed_in(page)
    open_note(page, "Door")
    expect(page.get_by_text("4711, then #")).to_be_visible()

    # Another browser holding the same credential, as a synced passkey is (WebAuthn.getCredentials → addCredential):
    # the server verifies its assertion and opens a session. Chromium's virtual authenticator cannot carry a
    # credential's PRF secret across (its Credential has no such field), so that copy gives no PRF output and the
    # page refuses it with the sentence — a real synced passkey brings its PRF secret along.
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator_id})["credentials"]
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
    other = new_context(server=server)
    second = open_app(other)
    cdp2, second_id = authenticator(other, second)
    cdp2.send("WebAuthn.addCredential", {"authenticatorId": second_id, "credential": credentials[0]})
    status, answer = _sign_in_from(second, server, user)
    assert status == 200 and answer["session"]["username"] == user
    assert answer["method"]["id"] == credentials[0]["credentialId"].replace("+", "-").replace("/", "_").rstrip("=")
    account = urllib.request.Request(server.url + "/v1/account", headers={"Authorization": f"Bearer {answer['session']['token']}"})
    with urllib.request.urlopen(account, timeout=60) as response:
        assert json.loads(response.read())["username"] == user
    second.get_by_label("Username").fill(user)
    second.get_by_role("button", name="Use a passkey").click()
    expect(second.get_by_role("alert")).to_contain_text("does not support the PRF extension")


def test_authenticator_without_prf_is_refused(new_context, start_server):
    """A passkey whose authenticator has no PRF cannot wrap the account key: the page says so, the server stores
    nothing, and the password keeps working."""
    server = start_server(localhost=True)
    context = new_context(server=server)
    page = open_app(context, "#/register")
    register(page, unique("noprf"))
    authenticator(context, page, prf=False)
    form = add_passkey(page)
    expect(form.get_by_role("alert")).to_contain_text("does not support the PRF extension", timeout=30_000)
    expect(page.get_by_role("list", name="Unlock methods")).not_to_contain_text("Passkey")
    shot(page, "passkey-no-prf")


def test_wrong_assertion_refused_by_server(new_context, start_server):
    """An assertion made in the page for one challenge, sent for another, or with a signature byte flipped, is
    refused by the server (401 passkey_refused) and opens no session."""
    server = start_server(localhost=True)
    user = unique("forge")
    context = new_context(server=server)
    page = open_app(context, "#/register")
    register(page, user)
    authenticator(context, page)
    form = add_passkey(page)
    expect(form.get_by_role("status")).to_contain_text("Passkey added", timeout=30_000)
    options, body = _assertion(page, server, user)
    assertion = body
    # A signature byte flipped.
    signature = bytearray(base64.urlsafe_b64decode(assertion["signature"] + "=" * (-len(assertion["signature"]) % 4)))
    signature[-1] ^= 0x01
    forged = {**body, "signature": base64.urlsafe_b64encode(bytes(signature)).decode().rstrip("=")}
    status, answer = _api(server, "/v1/passkey-sessions", forged)
    assert (status, answer["error"]) == (401, "passkey_refused")
    # The genuine answer, but under a fresh challenge id (its own was spent by the forged try).
    _, fresh = _api(server, "/v1/passkey-sessions/options", {"username": user})
    status, answer = _api(server, "/v1/passkey-sessions", {**body, "challengeID": fresh["challengeID"]})
    assert (status, answer["error"]) == (401, "passkey_refused")
    # And the genuine answer again with its own (spent) challenge id.
    status, answer = _api(server, "/v1/passkey-sessions", body)
    assert (status, answer["error"]) == (401, "passkey_refused")
