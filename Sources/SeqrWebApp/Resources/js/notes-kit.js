// The paper emergency kit (docs/formats/notes.md "Paper emergency kit"; Swift:
// SeqrCore/Notes/NotesKitKey.swift, NotesKitAccountCode.swift): a 32-byte kit key, split on
// SLIP-0039 key sheets (key-sheets.js), from which three keys derive by HKDF-SHA256 (empty salt):
//   kitAuthKey     info "seqr notes kit v1 authentication"  signs in without the password
//   kitWrappingKey info "seqr notes kit v1 key wrapping"    wraps the account key (kind "kit")
//   accountCodeKey info "seqr notes kit v1 account code"    tags the account code
//   method id = base64url (unpadded) of SHA-256(kitAuthKey): the server's verifier
// and the account code each sheet prints: "NK" 0x01 ‖ UTF-8 "<server>\n<username>" (≤ 512 bytes)
// ‖ the first 16 bytes of HMAC-SHA256(accountCodeKey, everything before).
//
// Security contract: the account code is checked against the combined kit (constant time) before
// anything is sent, so a code rewritten by someone holding fewer sheets than the kit needs cannot
// send kitAuthKey to their server. The kit key and its derived keys live only in memory; the
// wrapping key is imported non-extractable. No DOM.
import { concatBytes, equalBytes, toBase64, toBase64URL, utf8 } from './bytes.js';

export const KIT_KEY_LENGTH = 32;
export const ACCOUNT_CODE_MAGIC = Uint8Array.of(0x4e, 0x4b);
export const ACCOUNT_CODE_VERSION = 1;
export const ACCOUNT_CODE_MAX_TEXT = 512;
export const ACCOUNT_CODE_TAG_LENGTH = 16;
const AUTH_INFO = 'seqr notes kit v1 authentication';
const WRAPPING_INFO = 'seqr notes kit v1 key wrapping';
const ACCOUNT_CODE_INFO = 'seqr notes kit v1 account code';

/** NotesKitError's cases, as `code`: malformedKitKey, malformedAccountCode, accountCodeNotOfThisKit, kitNotOnAccount, noAccountKey. */
export class NotesKitError extends Error {
  constructor(code, message) { super(message); this.name = 'NotesKitError'; this.code = code; }
}

async function hkdfBytes(kitKey, info) {
  const ikm = await crypto.subtle.importKey('raw', kitKey, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(info) }, ikm, 256));
}

function checkKitKey(kitKey) {
  if (!(kitKey instanceof Uint8Array) || kitKey.length !== KIT_KEY_LENGTH) {
    throw new NotesKitError('malformedKitKey', `the sheets restore a key of ${kitKey?.length ?? 0} bytes, not the ${KIT_KEY_LENGTH} of a notes kit`);
  }
}

/** The kit's sign-in key (32 bytes), as sent in base64 at POST /v1/sessions/kit. */
export async function kitAuthKey(kitKey) { checkKitKey(kitKey); return hkdfBytes(kitKey, AUTH_INFO); }

/** kitAuthKey in base64 (the wire's kitAuthKey). */
export async function kitAuthToken(kitKey) { return toBase64(await kitAuthKey(kitKey)); }

/** The kit's method id: base64url, unpadded, of SHA-256(kitAuthKey) — 43 characters. */
export async function kitMethodID(kitKey) {
  return toBase64URL(new Uint8Array(await crypto.subtle.digest('SHA-256', await kitAuthKey(kitKey))));
}

/** The raw wrapping key (for the vectors); the page uses kitWrappingKey. */
export async function kitWrappingKeyBytes(kitKey) { checkKitKey(kitKey); return hkdfBytes(kitKey, WRAPPING_INFO); }

/** The wrapping key as a non-extractable AES-GCM CryptoKey for account-key.js's wrap/unwrap. */
export async function kitWrappingKey(kitKey) {
  const bytes = await kitWrappingKeyBytes(kitKey);
  try {
    return await crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['wrapKey', 'unwrapKey']);
  } finally {
    bytes.fill(0);
  }
}

async function accountCodeTag(kitKey, signed) {
  checkKitKey(kitKey);
  const keyBytes = await hkdfBytes(kitKey, ACCOUNT_CODE_INFO);
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  keyBytes.fill(0);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, signed)).subarray(0, ACCOUNT_CODE_TAG_LENGTH);
}

function checkAccountText(server, username) {
  if (typeof server !== 'string' || typeof username !== 'string' || server === '' || username === '') {
    throw new NotesKitError('malformedAccountCode', 'the account code has an empty server or username');
  }
  if (/\p{Cc}/u.test(server + username)) throw new NotesKitError('malformedAccountCode', 'the account code has a control character');
  // A lone surrogate has no UTF-8: printed as U+FFFD, it would read back as another name (Swift strings cannot hold one).
  if (!server.isWellFormed() || !username.isWellFormed()) {
    throw new NotesKitError('malformedAccountCode', 'the account code has a broken character (half of a UTF-16 pair)');
  }
  if (utf8(server).length + 1 + utf8(username).length > ACCOUNT_CODE_MAX_TEXT) {
    throw new NotesKitError('malformedAccountCode', `the account code is longer than ${ACCOUNT_CODE_MAX_TEXT} bytes`);
  }
}

function signedBytes(server, username) {
  return concatBytes(ACCOUNT_CODE_MAGIC, Uint8Array.of(ACCOUNT_CODE_VERSION), utf8(server), Uint8Array.of(0x0a), utf8(username));
}

/** The account code a kit prints (bytes): both strings checked, tagged by the kit. */
export async function accountCodeBytes(server, username, kitKey) {
  checkAccountText(server, username);
  const signed = signedBytes(server, username);
  return concatBytes(signed, await accountCodeTag(kitKey, signed));
}

/** `{server, username, tag}` from a code's bytes; NotesKitError malformedAccountCode unless version 1 with two valid lines. */
export function parseAccountCode(bytes) {
  const malformed = (why) => new NotesKitError('malformedAccountCode', `not a notes kit's account code: ${why}`);
  if (!(bytes instanceof Uint8Array) || bytes.length < 2 || bytes[0] !== ACCOUNT_CODE_MAGIC[0] || bytes[1] !== ACCOUNT_CODE_MAGIC[1]) throw malformed('no NK magic');
  if (bytes.length <= 2 || bytes[2] !== ACCOUNT_CODE_VERSION) throw malformed(`version ${bytes.length > 2 ? bytes[2] : 0}, this page reads 1`);
  if (bytes.length < 3 + 3 + ACCOUNT_CODE_TAG_LENGTH) throw malformed('too short');
  const text = bytes.subarray(3, bytes.length - ACCOUNT_CODE_TAG_LENGTH);
  if (text.length > ACCOUNT_CODE_MAX_TEXT) throw malformed(`longer than ${ACCOUNT_CODE_MAX_TEXT} bytes`);
  const newline = text.indexOf(0x0a);
  if (newline < 0 || text.indexOf(0x0a, newline + 1) >= 0) throw malformed('not two lines of UTF-8');
  let server, username;
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    server = decoder.decode(text.subarray(0, newline));
    username = decoder.decode(text.subarray(newline + 1));
  } catch {
    throw malformed('not two lines of UTF-8');
  }
  checkAccountText(server, username);
  return { server, username, tag: bytes.slice(bytes.length - ACCOUNT_CODE_TAG_LENGTH) };
}

/** Refuses (accountCodeNotOfThisKit) a parsed account code this kit did not print, compared in constant time. */
export async function verifyAccountCode(code, kitKey) {
  const expected = await accountCodeTag(kitKey, signedBytes(code.server, code.username));
  if (!equalBytes(expected, code.tag)) {
    throw new NotesKitError('accountCodeNotOfThisKit', 'the account code on these sheets was not printed with this kit: it may have been changed, so nothing was sent');
  }
}

/** Whether the first bytes of a scanned code are an account code's ("NK"). */
export function isAccountCode(bytes) {
  return bytes instanceof Uint8Array && bytes.length >= 2 && bytes[0] === ACCOUNT_CODE_MAGIC[0] && bytes[1] === ACCOUNT_CODE_MAGIC[1];
}
