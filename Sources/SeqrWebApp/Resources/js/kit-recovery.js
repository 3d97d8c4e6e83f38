// Recovering a notes account with a paper emergency kit (docs/formats/notes.md "Paper emergency
// kit"; the CLI's `seqr notes recover`): the combined kit key signs in (POST /v1/sessions/kit),
// opens the account key from the kit's wrapped copy, wraps it for a new password and replaces the
// password's copy (PUT /v1/account/password/kit): no note is touched, every other session ends,
// the kit keeps working. No DOM.
//
// Security contract: the caller checks the sheets' account code against the kit (notes-kit.js)
// before calling, so the sign-in key goes only to the server the kit names or this page's own;
// the account key is opened only from the kit method whose id this kit derives, bound to the
// account (a copy the server swapped in does not open); the kit key, its derived keys and the
// account key's extractable copy stay in memory for this call only.
import { AccountKeyError, unwrapAccountKey } from './account-key.js';
import { ApiError } from './api.js';
import { fromBase64 } from './bytes.js';
import { KeySheetError } from './key-sheet-error.js';
import { deriveAccountKeys, freshKDF, kdfCacheKey, RECOMMENDED_ITERATIONS } from './note-kdf.js';
import { kitAuthToken, kitMethodID, kitWrappingKey, NotesKitError } from './notes-kit.js';
import { Session } from './session.js';

/**
 * Signs `session` in to `username` with `kitKey` (32 bytes) and sets `newPassword`; on success the
 * session is unlocked with the account key and the new password's keys. Throws ApiError (401
 * wrong_credentials: a revoked kit or another account's), NotesKitError (kitNotOnAccount,
 * noAccountKey) or AccountKeyError (wrappedKeyDoesNotOpen); nothing is changed then.
 */
export async function recoverWithKit(session, kitKey, username, newPassword) {
  const kitAuthKey = await kitAuthToken(kitKey);
  const methodID = await kitMethodID(kitKey);
  const answer = await session.api.request('POST', '/v1/sessions/kit', { username, kitAuthKey }, { auth: false });
  const old = session.api.token;
  session.api.token = answer.token;
  try {
    const list = await session.api.unlockMethods();
    if (!list.noteKDF) throw new NotesKitError('noAccountKey', 'this account has no account key yet: the kit cannot open it');
    const method = list.methods.find((m) => m.kind === 'kit' && m.id === methodID);
    if (!method) throw new NotesKitError('kitNotOnAccount', 'these sheets are not this account\'s current kit: a newer kit revoked them');
    const binding = { username: answer.username, kind: 'kit', methodID };
    const wrappingKey = await kitWrappingKey(kitKey);
    const wrapped = fromBase64(method.wrappedKey);
    // An extractable copy only for the new password's wrap.
    const extractable = await unwrapAccountKey(wrapped, wrappingKey, binding, { extractable: true });
    const newKDF = freshKDF(RECOMMENDED_ITERATIONS);
    const newKeys = await deriveAccountKeys(newPassword, newKDF);
    const password = await Session.passwordMethod(extractable, newKeys, answer.username);
    await session.api.request('PUT', '/v1/account/password/kit', { kitAuthKey, newAuthKey: newKeys.authKey, newKDF, password });
    const key = await unwrapAccountKey(wrapped, wrappingKey, binding);
    session.adopt({ ...answer, kdf: newKDF }, { key, noteKDF: list.noteKDF });
    session.keys = new Map([[kdfCacheKey(newKDF), newKeys]]);
  } catch (error) {
    // The kit's session is ended; the page keeps what it had.
    try { await session.api.logout(); } catch { /* gone already */ }
    session.api.token = old;
    throw error;
  }
}

/** One sentence for what went wrong, for the view. */
export function kitRecoveryProblem(error) {
  if (error instanceof ApiError && error.code === 'wrong_credentials') {
    return 'These sheets do not sign in to this account: a newer kit has revoked them, or the username is not the kit\'s.';
  }
  if (error instanceof NotesKitError && error.code === 'kitNotOnAccount') return 'These sheets are not this account\'s current kit: a newer kit has revoked them.';
  if (error instanceof AccountKeyError && error.code === 'wrappedKeyDoesNotOpen') {
    return 'The account key kept for this kit does not open with these sheets: the server altered it or moved it from another account. Nothing was changed.';
  }
  if (error instanceof ApiError && (error.code === 'rate_limited')) {
    const s = error.retryAfter;
    return `Too many attempts from here: try again in ${!s ? 'a little while' : s < 90 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`}.`;
  }
  return error.message.charAt(0).toUpperCase() + error.message.slice(1) + (/[.!?]$/.test(error.message) ? '' : '.');
}

/**
 * What is wrong with the sheets combined for a kit (a KeySheetError), said of a kit and its kit id as the sheets
 * and `seqr notes recover` say — not of a paper vault's backup, as key-sheet-error.js words it for the vault; null
 * for any other error.
 */
export function kitSheetProblem(error) {
  if (!(error instanceof KeySheetError)) return null;
  const details = error.details ?? {};
  switch (error.code) {
  case 'notEnoughShares': {
    const { have, need } = details;
    const more = need - have;
    return `${have} of the ${need} sheets needed are in: ${more} more ${more === 1 ? 'sheet' : 'sheets'} needed.`;
  }
  case 'anotherBackup':
    return `Sheet ${details.position} of those given belongs to another kit (kit id ${details.identifier}, not ${details.expected}): give the sheets of one kit only.`;
  case 'inconsistentShare':
    return `Sheet ${details.position} of those given has this kit's id but another ${details.parameter}: it was altered or damaged.`;
  case 'conflictingShares':
    return `Two different sheets both claim to be sheet ${details.number}: one was altered or belongs to another kit.`;
  case 'digestMismatch':
    return 'The sheets do not fit together: one is forged, or comes from another kit with the same kit id.';
  case 'shareDisagrees':
    return `Sheet ${details.number} does not fit with the others: it is forged, or comes from another kit.`;
  default: {
    const text = error.message;
    return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
  }
  }
}
