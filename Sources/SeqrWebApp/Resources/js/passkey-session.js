// Passkeys for the page's Session (session.js): add one to the signed-in account, sign in with
// one, unlock with one (docs/formats/notes.md "Passkeys"). Loaded with views/passkey-form.js when
// first shown or pressed, so the sign-in screen stays small. No DOM.
import { AccountKeyError, unwrapAccountKey, wrapAccountKey } from './account-key.js';
import { fromBase64, toBase64 } from './bytes.js';
import { deriveAccountKeys } from './note-kdf.js';
import { passkeyWrappingKey } from './passkey-wrapping.js';
import { createPasskey, getPasskey, PasskeyError } from './passkeys.js';

/**
 * Registers a passkey on the signed-in account: the password (asked again, so an unlocked page
 * left alone cannot add one) unwraps an extractable copy of the account key, which the passkey's
 * PRF output wraps (kind passkey, method id = credential id); the server verifies the
 * registration and keeps the credential and the wrapped copy. Returns the new unlock method.
 */
export async function addPasskey(session, password) {
  const keys = await deriveAccountKeys(password, session.kdf);
  const list = await session.api.unlockMethods();
  const method = list.methods.find((m) => m.kind === 'password');
  if (!list.noteKDF || !method) throw new AccountKeyError('noPasswordUnlock', 'this account has no account key yet: sign in with the password once first');
  let key;
  try {
    key = await unwrapAccountKey(fromBase64(method.wrappedKey), keys.wrappingKey, { username: session.username, kind: 'password', methodID: method.id }, { extractable: true });
  } catch {
    const error = new Error('That is not this account\'s password: no passkey was added.');
    error.code = 'wrong_password';
    throw error;
  }
  const options = await session.api.request('POST', '/v1/account/passkeys/options');
  const created = await createPasskey(options);
  try {
    const wrapped = await wrapAccountKey(key, await passkeyWrappingKey(created.prfOutput), { username: session.username, kind: 'passkey', methodID: created.credentialID });
    return await session.api.request('POST', '/v1/account/passkeys', { challengeID: options.challengeID, credentialID: created.credentialID,
      clientDataJSON: created.clientDataJSON, attestationObject: created.attestationObject, wrappedKey: toBase64(wrapped) });
  } finally {
    created.prfOutput.fill(0);
  }
}

/**
 * Signs in with a passkey: the server verifies the assertion and answers a session and the
 * account key wrapped for this passkey, which only its PRF output opens (a key the server swapped
 * in, from another account or method, does not: AccountKeyError wrappedKeyDoesNotOpen). Notes
 * sealed from the password (before account keys) stay closed until a password sign-in.
 */
export async function signInWithPasskey(session, username) {
  const options = await session.api.request('POST', '/v1/passkey-sessions/options', { username }, { auth: false });
  const assertion = await getPasskey(options);
  try {
    const answer = await session.api.request('POST', '/v1/passkey-sessions', { username, challengeID: options.challengeID,
      credentialID: assertion.credentialID, clientDataJSON: assertion.clientDataJSON, authenticatorData: assertion.authenticatorData,
      signature: assertion.signature }, { auth: false });
    if (answer.session.username !== username) throw new PasskeyError('wrongAccount', 'the server answered for another account');
    const binding = { username, kind: 'passkey', methodID: assertion.credentialID };
    const key = await unwrapAccountKey(fromBase64(answer.method.wrappedKey), await passkeyWrappingKey(assertion.prfOutput), binding);
    session.api.token = answer.session.token;
    session.adopt(answer.session, { key, noteKDF: answer.noteKDF });
  } finally {
    assertion.prfOutput.fill(0);
  }
}

/** Session.unlock() with a passkey instead of the password: a fresh sign-in, the old session logged out. */
export async function unlockWithPasskey(session) {
  const old = session.api.token;
  await signInWithPasskey(session, session.rememberedUsername);
  if (old && old !== session.api.token) {
    const current = session.api.token;
    session.api.token = old;
    try { await session.api.logout(); } catch { /* already gone */ }
    session.api.token = current;
  }
}
