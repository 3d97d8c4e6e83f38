// The message a paper vault's codes carry, opened with its password, down to the document: the
// page's VaultMessage, VaultPadding, VaultBody and VaultDocument (Swift: SeqrCore/PaperVault/;
// docs/formats/papervault.md, "Message layer" to "Document"). No DOM.
//
// | offset | length | field |
// | 0 | 1 | clear-text flags: 0 (password); Seqr's 1 / 3 = key sheets (/ and a password) |
// | 1 | 4 | PBKDF2 rounds (UInt32 BE) |  5 | 2 | salt length s (UInt16 BE) |  7 | s | salt |
// | (flags 1, 3) 7 + s | 4 | key-sheet header: identifier (UInt16 BE, < 32768), k (1–16), n (k–16) |
// | … | rest | ChaCha20-Poly1305: 12-byte nonce ‖ ciphertext ‖ 16-byte tag, no associated data |
// plaintext = body ‖ p random bytes ‖ p;  body = control flags (0 plain, 1 brotli) ‖ document;
// document = title length (UInt16 BE) ‖ title (UTF-8) ‖ content type (0 text, 0x5351 bytes) ‖ content.
//
// Security contract: the parameters a hostile backup controls are refused before any work, with
// the CLI's bounds — rounds 1 to 50,000,000 and a non-empty salt before PBKDF2 (WebCrypto), at most
// 64 MiB out of brotli — and nothing decrypted is read before the AEAD tag verified. The password's
// UTF-8 is taken as typed (no NFC), as the PaperVault app and `seqr vault` derive it.
import { ByteReader } from './byte-reader.js';
import { decodeUTF8, utf8 } from './bytes.js';
import { BrotliError } from './brotli-wasm.js';
import { NONCE_LENGTH, TAG_LENGTH } from './chacha20poly1305-wasm.js';
import { vaultError } from './vault-error.js';

/** VaultMessage.maximumRounds: a restore refuses more, so a hostile backup cannot hang it for hours. */
export const MAXIMUM_ROUNDS = 50_000_000;
/** VaultBody.maximumDocumentSize: no more is decompressed. */
export const MAXIMUM_DOCUMENT_SIZE = 64 * 1024 * 1024;
export const KEY_SHEETS_FLAG = 0x01;
export const PASSWORD_TOO_FLAG = 0x02;
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
  const sealed = reader.rest();
  if (sealed.length < NONCE_LENGTH + TAG_LENGTH) throw vaultError.truncatedMessage();
  return { clearTextFlags, rounds, salt, keySheets, sealed };
}

/** PBKDF2-HMAC-SHA256 (WebCrypto) of the password as typed, 32 bytes; the bounds checked first. */
export async function deriveVaultKey(password, message) {
  if (message.keySheets) throw vaultError.keySheetsNeeded(message.keySheets.threshold, message.keySheets.count);
  if (message.rounds < 1 || message.rounds > MAXIMUM_ROUNDS || message.salt.length === 0) throw vaultError.invalidKeyDerivation(message.rounds, message.salt.length);
  if (typeof password !== 'string' || password.length === 0) throw vaultError.passwordNeeded();
  const key = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: message.salt, iterations: message.rounds }, key, 256));
}

/** The padded plaintext, once the tag verified under `key` (chacha: a ChaCha20Poly1305). */
export function openVaultMessage(message, key, chacha) {
  const nonce = message.sealed.subarray(0, NONCE_LENGTH);
  const plain = chacha.open(key, nonce, new Uint8Array(0), message.sealed.subarray(NONCE_LENGTH));
  if (!plain) throw vaultError.authenticationFailed();
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
