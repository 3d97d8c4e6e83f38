// Making a paper emergency kit in the page (docs/formats/notes.md "Paper emergency kit"; the CLI's
// `seqr notes kit`): a kit key from the system RNG, split k-of-n into SLIP-0039 shares, wrapping
// the account key (kind "kit", method id = SHA-256 of its sign-in key); the server gets the
// wrapped copy and the method id with the password's proof (PUT /v1/account/kit), which replaces
// every older kit. No DOM.
//
// Security contract: the password is asked again (a page left unlocked cannot make a kit), and
// the account key is opened from the password's own copy, extractable only for this wrap; the kit
// key is wiped once split and never leaves this page; the shares are returned for printing only.
import { AccountKeyError, unwrapAccountKey, wrapAccountKey } from './account-key.js';
import { fromBase64, randomBytes, toBase64 } from './bytes.js';
import { splitKeySheets } from './key-sheets.js';
import { deriveAccountKeys } from './note-kdf.js';
import { accountCodeBytes, kitMethodID, kitWrappingKey } from './notes-kit.js';

/**
 * Makes and registers a `threshold`-of-`count` kit for the signed-in `session`; returns
 * { shares (KeyShare[]), accountCode (bytes), server, username } to print. `server`: the address
 * the sheets name (this page's server). Throws an Error with code wrong_password, KeySheetError
 * for a bad K-of-N, AccountKeyError, or ApiError; nothing is changed then.
 */
export async function makeKit(session, password, threshold, count, server) {
  const username = session.username;
  const keys = await deriveAccountKeys(password, session.kdf);
  const list = await session.api.unlockMethods();
  const method = list.methods.find((m) => m.kind === 'password');
  if (!list.noteKDF || !method) throw new AccountKeyError('noPasswordUnlock', 'this account has no account key yet: sign in with the password once first');
  let accountKey;
  try {
    accountKey = await unwrapAccountKey(fromBase64(method.wrappedKey), keys.wrappingKey, { username, kind: 'password', methodID: method.id }, { extractable: true });
  } catch {
    const error = new Error('That is not this account\'s password: no kit was made.');
    error.code = 'wrong_password';
    throw error;
  }
  const kitKey = randomBytes(32);
  try {
    const shares = await splitKeySheets(kitKey, threshold, count);
    const id = await kitMethodID(kitKey);
    const wrapped = await wrapAccountKey(accountKey, await kitWrappingKey(kitKey), { username, kind: 'kit', methodID: id });
    const accountCode = await accountCodeBytes(server, username, kitKey);
    await session.api.request('PUT', '/v1/account/kit', { authKey: keys.authKey, kit: { kind: 'kit', id, wrappedKey: toBase64(wrapped) } });
    return { shares, accountCode, server, username };
  } finally {
    kitKey.fill(0);
  }
}
