// The message a paper vault's codes carry, opened with its password, down to the document: the
// page's VaultMessage, VaultPadding, VaultBody and VaultDocument (Swift: SeqrCore/PaperVault/;
// docs/formats/papervault.md, "Message layer" to "Document"). No DOM.
//
// | offset | length | field |
// | 0 | 1 | clear-text flags: 0 (password); Seqr's 1 / 3 = key sheets (/ and a password) |
// | 1 | 4 | PBKDF2 rounds (UInt32 BE) |  5 | 2 | salt length s (UInt16 BE) |  7 | s | salt |
// | (flags 1, 3) 7 + s | 4 | key-sheet header: identifier (UInt16 BE, < 32768), k (1–16), n (k–16) |
// | … | rest | ChaCha20-Poly1305: 12-byte nonce ‖ ciphertext ‖ 16-byte tag; no associated data with
//   flags 0, the clear header (everything before it) with flags 1 and 3 |
// Key with flags 1 / 3: HKDF-SHA256(master secret of the key sheets ‖ [PBKDF2 of the NFC password],
// salt, "seqr vault key sheets v1"), 32 bytes (WebCrypto's HKDF and PBKDF2).
// plaintext = body ‖ p random bytes ‖ p;  body = control flags (0 plain, 1 brotli) ‖ document;
// document = title length (UInt16 BE) ‖ title (UTF-8) ‖ content type (0 text, 0x5351 bytes) ‖ content.
//
// Security contract: the parameters a hostile backup controls are refused before any work, with
// the CLI's bounds — rounds 1 to 50,000,000 and a non-empty salt before PBKDF2 (WebCrypto), at most
// 64 MiB out of brotli — and nothing decrypted is read before the AEAD tag verified. The password's
// UTF-8 is taken as typed (no NFC), as the PaperVault app and `seqr vault` derive it. Key sheets
// (flags 1, 3) are checked against the clear header before any key derivation, as `seqr vault
// restore` checks them: the header's identifier (a sheet of another backup is named), its k, a
// number within its n, one group, the extendable flag, exponent 5 and a 32-byte value — so a
// forged sheet cannot make a restore run SLIP-0039's Feistel rounds at exponent 15.
import { ByteReader } from './byte-reader.js';
import { concatBytes, decodeUTF8, utf8 } from './bytes.js';
import { BrotliError } from './brotli-wasm.js';
import { NONCE_LENGTH, TAG_LENGTH } from './chacha20poly1305-wasm.js';
import { KeySheetError, KeySheetParameter } from './key-sheet-error.js';
import { combineKeyShares, DEFAULT_ITERATION_EXPONENT } from './key-sheets.js';
import { vaultError } from './vault-error.js';

/** VaultMessage.maximumRounds: a restore refuses more, so a hostile backup cannot hang it for hours. */
export const MAXIMUM_ROUNDS = 50_000_000;
/** VaultBody.maximumDocumentSize: no more is decompressed. */
export const MAXIMUM_DOCUMENT_SIZE = 64 * 1024 * 1024;
export const KEY_SHEETS_FLAG = 0x01;
export const PASSWORD_TOO_FLAG = 0x02;
/** PaperVault.keySheetsSecretLength: the random key Seqr splits, 33 words on a sheet. */
export const KEY_SHEETS_SECRET_LENGTH = 32;
const KEY_SHEETS_INFO = utf8('seqr vault key sheets v1');
export const ContentType = Object.freeze({ text: 0, bytes: 0x5351 });

/** The clear fields of a message buffer; nothing is decrypted. Throws VaultError. */
export function parseVaultMessage(bytes) {
  const reader = new ByteReader(bytes, vaultError.truncatedMessage);
  const clearTextFlags = reader.uint8();
  if (![0, KEY_SHEETS_FLAG, KEY_SHEETS_FLAG | PASSWORD_TOO_FLAG].includes(clearTextFlags)) throw vaultError.unsupportedClearTextFlags(clearTextFlags);
  const rounds = reader.uint32();
  const salt = reader.take(reader.uint16());
  let keySheets = null;
  if (clearTextFlags !== 0) {
    const identifier = reader.uint16(), threshold = reader.uint8(), count = reader.uint8();
    if (identifier >= 0x8000 || threshold < 1 || threshold > 16 || count < threshold || count > 16) throw vaultError.invalidKeySheetsHeader();
    keySheets = { identifier, threshold, count };
    if (clearTextFlags === KEY_SHEETS_FLAG && rounds !== 0) throw vaultError.invalidKeyDerivation(rounds, salt.length);
  }
  // The associated data of a key-sheet backup: everything before the sealed box.
  const clearHeader = bytes.slice(0, reader.offset);
  const sealed = reader.rest();
  if (sealed.length < NONCE_LENGTH + TAG_LENGTH) throw vaultError.truncatedMessage();
  return { clearTextFlags, rounds, salt, keySheets, clearHeader, sealed, needsPassword: keySheets === null || (clearTextFlags & PASSWORD_TOO_FLAG) !== 0 };
}

/** PBKDF2-HMAC-SHA256 (WebCrypto) of the password as typed, 32 bytes; the bounds checked first. */
export async function deriveVaultKey(password, message) {
  if (message.keySheets) throw vaultError.keySheetsNeeded(message.keySheets.threshold, message.keySheets.count);
  if (message.rounds < 1 || message.rounds > MAXIMUM_ROUNDS || message.salt.length === 0) throw vaultError.invalidKeyDerivation(message.rounds, message.salt.length);
  if (typeof password !== 'string' || password.length === 0) throw vaultError.passwordNeeded();
  const key = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: message.salt, iterations: message.rounds }, key, 256));
}

/**
 * What of `share` (a KeyShare) differs from the sheets Seqr writes for this header (PaperVault.disagreement),
 * checked before any key derivation: a forged sheet could otherwise claim 1-of-1 (reaching the
 * Feistel rounds alone), SLIP-0039's highest iteration exponent or another key length. Null when none.
 */
export function keySheetDisagreement(share, keySheets) {
  if (share.memberThreshold !== keySheets.threshold) return KeySheetParameter.memberThreshold;
  if (share.number > keySheets.count) return KeySheetParameter.memberIndex;
  if (share.groupThreshold !== 1 || share.groupIndex !== 0) return KeySheetParameter.groupThreshold;
  if (share.groupCount !== 1) return KeySheetParameter.groupCount;
  if (!share.extendable) return KeySheetParameter.extendableFlag;
  if (share.iterationExponent !== DEFAULT_ITERATION_EXPONENT) return KeySheetParameter.iterationExponent;
  if (share.value.length !== KEY_SHEETS_SECRET_LENGTH) return KeySheetParameter.length;
  return null;
}

/**
 * The key of a key-sheet backup from its sheets (KeyShare, in the order given) and, with flags 3,
 * its password: every check that needs no key derivation first (another backup's sheet, a sheet
 * that disagrees with the header, a missing password, the rounds), then SLIP-0039's combine (its
 * own errors wrapped: too few sheets say how many more), then PBKDF2 and HKDF (WebCrypto).
 */
export async function deriveKeySheetsKey(message, shares, password) {
  if (!message.keySheets) throw vaultError.notAKeySheetBackup();
  const { identifier, threshold, count } = message.keySheets;
  if (shares.length === 0) throw vaultError.keySheetsNeeded(threshold, count);
  shares.forEach((share, offset) => {
    if (share.identifier !== identifier) throw vaultError.keySheetOfAnotherBackup(offset + 1, share.identifier, identifier);
    const parameter = keySheetDisagreement(share, message.keySheets);
    if (parameter) throw vaultError.keySheetDisagrees(offset + 1, parameter);
  });
  if (message.needsPassword) {
    if (typeof password !== 'string' || password.length === 0) throw vaultError.passwordNeeded();
    if (message.rounds < 1 || message.rounds > MAXIMUM_ROUNDS || message.salt.length === 0) throw vaultError.invalidKeyDerivation(message.rounds, message.salt.length);
  }
  let secret;
  try {
    secret = await combineKeyShares(shares);
  } catch (error) {
    throw error instanceof KeySheetError ? vaultError.keySheets(error) : error;
  }
  let material = secret;
  if (message.needsPassword) {
    const passwordKey = await crypto.subtle.importKey('raw', utf8(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
    const stretched = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: message.salt, iterations: message.rounds }, passwordKey, 256));
    material = concatBytes(secret, stretched);
    stretched.fill(0);
    secret.fill(0);
  }
  const hkdfKey = await crypto.subtle.importKey('raw', material, 'HKDF', false, ['deriveBits']);
  material.fill(0);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: message.salt, info: KEY_SHEETS_INFO }, hkdfKey, 256));
}

/**
 * The padded plaintext, once the tag verified under `key` (chacha: a ChaCha20Poly1305); a key-sheet
 * backup authenticates its clear header. A key-sheet backup's refusal is keySheetsRejected.
 */
export function openVaultMessage(message, key, chacha) {
  const nonce = message.sealed.subarray(0, NONCE_LENGTH);
  const associated = message.keySheets ? message.clearHeader : new Uint8Array(0);
  const plain = chacha.open(key, nonce, associated, message.sealed.subarray(NONCE_LENGTH));
  if (!plain) throw message.keySheets ? vaultError.keySheetsRejected() : vaultError.authenticationFailed();
  return plain;
}

/** The body without its random padding (VaultPadding.unpad). */
export function unpad(padded) {
  const count = padded.length ? padded[padded.length - 1] : -1;
  if (count < 0 || count + 1 > padded.length) throw vaultError.invalidPadding();
  return padded.subarray(0, padded.length - count - 1);
}

/** The document in a body, brotli-inflated (brotli: a BrotliDecoder) within MAXIMUM_DOCUMENT_SIZE when flagged. */
export function decodeBody(body, brotli) {
  if (body.length === 0) throw vaultError.truncatedDocument();
  const flags = body[0];
  if (flags === 0) return parseVaultDocument(body.subarray(1));
  if (flags !== 1) throw vaultError.unsupportedControlFlags(flags);
  let plain;
  try {
    plain = brotli.decompress(body.subarray(1), MAXIMUM_DOCUMENT_SIZE);
  } catch (error) {
    if (error instanceof BrotliError && error.code === 'tooLarge') throw vaultError.documentTooLarge(MAXIMUM_DOCUMENT_SIZE);
    throw vaultError.decompressionFailed();
  }
  return parseVaultDocument(plain);
}

/** { title, contentType (ContentType), content (bytes), text (the content as text, or null for bytes) }. */
export function parseVaultDocument(bytes) {
  const reader = new ByteReader(bytes, vaultError.truncatedDocument);
  const title = decodeUTF8(reader.take(reader.uint16()));
  if (title === null) throw vaultError.titleNotUTF8();
  const contentType = reader.uint16();
  if (contentType !== ContentType.text && contentType !== ContentType.bytes) throw vaultError.unsupportedContentType(contentType);
  const content = reader.rest();
  let text = null;
  if (contentType === ContentType.text) {
    text = decodeUTF8(content);
    if (text === null) throw vaultError.textNotUTF8();
  }
  return { title, contentType, content, text };
}
