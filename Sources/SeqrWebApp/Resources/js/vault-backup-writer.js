// A paper-vault backup written in the page, byte for byte what `seqr vault backup` writes for a
// password (docs/formats/papervault.md; Swift: SeqrCore/PaperVault/PaperVault.swift, VaultMessage,
// VaultPadding, VaultBody, VaultDocument, VaultCode, VaultParityCode, VaultPageEstimate) with the
// CLI's defaults: 600,000 PBKDF2 rounds, QR error correction M, 3 × 2 codes a page, version 30
// when the backup fits one page else 37, and parity so that any one page may be lost when there
// is more than one. No DOM.
//
// Key sheets instead of a password (`seqr vault backup --shares K-of-N`, with `--password` too):
// Seqr's extension, clear-text flags 1 / 3 (docs/formats/papervault.md, "Seqr extension: key
// sheets"): a fresh random 32-byte master secret split K of N by key-sheets.js (SLIP-0039, one
// group, exponent 5, empty passphrase), the key HKDF-SHA256(secret ‖ [PBKDF2 of the NFC
// password], salt, "seqr vault key sheets v1"), the clear header (flags, rounds — 0 with flags 1 —,
// salt, backup id, K, N) the associated data.
//
// The body is compressed as `seqr vault backup` compresses it (VaultBody.encode): brotli 1.2.1's
// encoder in WebAssembly (brotli-encoder-wasm.js) at the probe quality first, then at 11 (up to
// 256 KiB) or 9, control flags 1 only when that makes the document smaller, else flags 0.
//
// Security contract: the key is PBKDF2-HMAC-SHA256 in WebCrypto of the password as typed (its
// UTF-8, as the restore derives it); the 32-byte salt, the 12-byte nonce and the padding are
// fresh from crypto.getRandomValues; the seal is BoringSSL's ChaCha20-Poly1305 in WebAssembly
// (chacha20poly1305-wasm.js), never cipher code of ours. The key, the padded plaintext, the
// serialized document and the body are wiped once sealed (the encoder's own memory by its
// session); nothing is stored.
import { concatBytes, utf8 } from './bytes.js';
import { deriveVaultKey, ContentType, KEY_SHEETS_FLAG, KEY_SHEETS_SECRET_LENGTH, MAXIMUM_ROUNDS, PASSWORD_TOO_FLAG } from './vault-message.js';
import { splitKeySheets } from './key-sheets.js';
import { NONCE_LENGTH, loadChaCha20Poly1305 } from './chacha20poly1305-wasm.js';
import { loadBrotliEncoder } from './brotli-encoder-wasm.js';
import { loadErasureCode } from './isal-erasure-code.js';
import { HEADER_SIZE } from './vault-code.js';
import { planParity } from './vault-parity-plan.js';
import { vaultBackupError } from './vault-backup-error.js';

/** VaultMessage.defaultRounds (OWASP 2023 for PBKDF2-HMAC-SHA256). */
export const DEFAULT_ROUNDS = 600_000;
/** PasswordKDF.minimumIterations: `seqr vault backup --rounds` refuses fewer. */
export const MINIMUM_ROUNDS = 210_000;
/** `seqr vault backup --max-pages`'s default: a larger backup is refused before any key derivation. */
export const MAXIMUM_PAGES = 50;
/** VaultBody.maximumDocumentSize: a restore refuses to unpack more. */
export const MAXIMUM_DOCUMENT_SIZE = 64 * 1024 * 1024;
/** VaultBody.probeQuality: the brotli quality that decides whether to compress at all. */
export const PROBE_QUALITY = 5;
/** VaultBody.bestQualityLimit: documents up to this size get quality 11, larger ones 9. */
export const BEST_QUALITY_LIMIT = 256 * 1024;
/** The body's control flags (VaultBody): the document as it is, or brotli-compressed. */
export const BodyFlags = Object.freeze({ plain: 0, brotli: 1 });
export const ROWS = 3, COLUMNS = 2, CODES_PER_PAGE = ROWS * COLUMNS;
export const ERROR_CORRECTION = 'M';
export const SALT_LENGTH = 32;
/** Clear-text flags, rounds, salt length, salt, nonce, tag (VaultPageEstimate.messageOverhead). */
export const MESSAGE_OVERHEAD = 1 + 4 + 2 + SALT_LENGTH + NONCE_LENGTH + 16;
/** Bytes a version-30 or -37 symbol holds in one 8-bit segment at level M (QRCapacity; ISO/IEC 18004 tables). */
const BYTE_CAPACITY_M = { 30: 1370, 37: 1989 };
/** VaultCode.overhead: the 38-byte header and the 2-byte checksum. */
const CODE_OVERHEAD = HEADER_SIZE + 2;
const PARITY_SALT = utf8('SEQR-PARITY');
const KEY_SHEETS_INFO = utf8('seqr vault key sheets v1');
/** The key-sheet header after the salt: backup id (UInt16), K, N. */
const KEY_SHEETS_HEADER_LENGTH = 4;
/** SLIP-0039's most shares in a group. */
export const MAXIMUM_KEY_SHEETS = 16;

/** Payload bytes one code carries at `version` (level M). */
export function payloadCapacity(version) { return BYTE_CAPACITY_M[version] - CODE_OVERHEAD; }

/**
 * The QR version, the payload of each data code and the parity plan for a message of this length
 * (PaperVault.layout with the CLI's defaults): one function, so the estimate and the backup agree.
 */
export function vaultLayout(messageLength) {
  const single = payloadCapacity(30);
  const version = Math.ceil(messageLength / single) <= CODES_PER_PAGE ? 30 : 37;
  const plain = payloadCapacity(version);
  const survivePages = Math.ceil(messageLength / plain) > CODES_PER_PAGE ? 1 : 0;
  // Parity codes carry 10 more header bytes, so with parity the data codes leave them room.
  const capacity = plain - (survivePages > 0 ? 10 : 0);
  const dataCodes = Math.max(1, Math.ceil(messageLength / capacity));
  return { version, capacity, plan: planParity(dataCodes, CODES_PER_PAGE, survivePages) };
}

/** Serialized length of a document (VaultDocument.serializedLength). */
export function documentLength(title, content) { return 4 + Math.min(utf8(title).length, 0xffff) + content.length; }

/**
 * The pages of codes a backup of this document takes uncompressed, padding counted at its largest:
 * an upper bound (a compressed backup takes as many pages or fewer; writeVaultBackup's plan is the
 * exact count). Unlike PaperVault.estimatedPages, no probe compression stands in when this is over
 * the limit: it is known from a picked file's size alone, before the file is read.
 */
export function estimatedPages(title, content) {
  return vaultLayout(MESSAGE_OVERHEAD + KEY_SHEETS_HEADER_LENGTH + 1 + documentLength(title, content) + 256).plan.pageCount;
}

/** Whether `bytes` are UTF-8 text (VaultDocument(title:contents:): text if so, else raw bytes 0x5351). */
export function contentTypeOf(bytes) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return ContentType.text;
  } catch {
    return ContentType.bytes;
  }
}

/** title length (UInt16 BE) ‖ title (UTF-8, cut at 65,535 bytes) ‖ content type (UInt16 BE) ‖ content. */
export function serializeDocument(title, contentType, content) {
  const titleBytes = utf8(title).subarray(0, 0xffff);
  const out = new Uint8Array(4 + titleBytes.length + content.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, titleBytes.length);
  out.set(titleBytes, 2);
  view.setUint16(2 + titleBytes.length, contentType);
  out.set(content, 4 + titleBytes.length);
  return out;
}

/** The most UTF-8 bytes a title can have: its length field is a UInt16. */
export const MAXIMUM_TITLE_BYTES = 0xffff;

/**
 * Refuses, before any key derivation, what `seqr vault backup` refuses: two different passwords,
 * none, too large a document; and a title over 65,535 UTF-8 bytes, which cut to fit could end
 * inside a character and then never restore (the restore refuses a title that is not UTF-8).
 */
export function checkBackupRequest({ title, content, password, confirmation, keySheets = null }) {
  if (utf8(title).length > MAXIMUM_TITLE_BYTES) throw vaultBackupError.titleTooLong(MAXIMUM_TITLE_BYTES);
  if (keySheets) {
    const { threshold, count } = keySheets;
    if (!(Number.isInteger(threshold) && Number.isInteger(count) && threshold >= 2 && threshold <= count && count <= MAXIMUM_KEY_SHEETS)) {
      throw vaultBackupError.keySheets(MAXIMUM_KEY_SHEETS);
    }
  }
  // With key sheets the password is optional (flags 3 when given); without, it is the key.
  if ((typeof password !== 'string' || password.length === 0) && !keySheets) throw vaultBackupError.passwordNeeded();
  if (keySheets?.password && !password) throw vaultBackupError.passwordNeeded();
  if ((password ?? '') !== (confirmation ?? '')) throw vaultBackupError.passwordsDiffer();
  checkDocumentSize(title, content.length);
}

/** The size checks alone, from a length: a picked file is checked by its size before it is read. */
export function checkDocumentSize(title, contentLength) {
  const content = { length: contentLength };
  if (documentLength(title, content) > MAXIMUM_DOCUMENT_SIZE) throw vaultBackupError.documentTooLarge(MAXIMUM_DOCUMENT_SIZE);
  const pages = estimatedPages(title, content);
  if (pages > MAXIMUM_PAGES) throw vaultBackupError.tooManyPages(pages, MAXIMUM_PAGES);
}

/**
 * What writeVaultBackup needs: { chacha, erasureCode, brotliEncoder }, each module fetched from this
 * origin (or, under node --test, `sources`: { chacha, erasureCode, brotliEncoder } bytes). Called by the
 * backup view when the pages are made, never at a page load.
 */
export async function loadBackupPieces(sources = {}) {
  const [chacha, erasureCode, brotliEncoder] = await Promise.all([
    loadChaCha20Poly1305(sources.chacha), loadErasureCode(sources.erasureCode), loadBrotliEncoder(sources.brotliEncoder)]);
  return { chacha, erasureCode, brotliEncoder };
}

/**
 * The body (VaultBody.encode): control flags ‖ the serialized document, brotli-compressed (flags 1)
 * only when that makes it smaller. The probe quality first: when it cannot shrink the document
 * (random bytes, keys, archives), the highest quality will not either. Then 11 up to
 * BEST_QUALITY_LIMIT bytes, 9 above, kept only when smaller than the probe's stream.
 * `compress(bytes, quality)` gives a brotli stream or null (the encoder failed: the document plain).
 */
export function encodeBody(plain, compress) {
  const quick = compress(plain, PROBE_QUALITY);
  if (!quick || quick.length >= plain.length) {
    quick?.fill(0);
    return concatBytes(Uint8Array.of(BodyFlags.plain), plain);
  }
  const best = compress(plain, plain.length <= BEST_QUALITY_LIMIT ? 11 : 9);
  const chosen = best && best.length < quick.length ? best : quick;
  const body = concatBytes(Uint8Array.of(BodyFlags.brotli), chosen);
  quick.fill(0);
  best?.fill(0);
  return body;
}

/**
 * A backup of `content` (bytes) titled `title` under `password`: { codes (every code's bytes, in print
 * order: data codes, then each group's parity codes), dataCodes, parityCodes, version, errorCorrection,
 * plan, contentType, bodyFlags }. `pieces`: { chacha, erasureCode, brotliEncoder } from loadBackupPieces.
 * `options.rounds` (default 600,000; 210,000 to 50,000,000) and, for tests only, `options.random`
 * (fills a Uint8Array; default crypto.getRandomValues) and `options.paddingLength`.
 * Throws VaultBackupError (checkBackupRequest's checks) before any work.
 */
export async function writeVaultBackup({ title, content, password, confirmation = password, keySheets = null }, pieces, options = {}) {
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < MINIMUM_ROUNDS || rounds > MAXIMUM_ROUNDS) throw vaultBackupError.rounds(MINIMUM_ROUNDS, MAXIMUM_ROUNDS);
  checkBackupRequest({ title, content, password, confirmation, keySheets });
  const random = options.random ?? ((bytes) => crypto.getRandomValues(bytes));
  const contentType = contentTypeOf(content);
  if (!pieces.brotliEncoder) throw new TypeError('writeVaultBackup needs the brotli encoder (loadBackupPieces)');
  // The body once (compressing is the slow part); the attempts below only reseal it.
  const serialized = serializeDocument(title, contentType, content);
  let body;
  try {
    body = await pieces.brotliEncoder.session((compress) => encodeBody(serialized, compress));
  } finally {
    serialized.fill(0);
  }
  // Key sheets: one master secret and its shares for the backup (the attempts below only reseal).
  let sheets = null;
  if (keySheets) {
    const secret = crypto.getRandomValues(new Uint8Array(KEY_SHEETS_SECRET_LENGTH));
    let shares;
    try {
      shares = await splitKeySheets(secret, keySheets.threshold, keySheets.count);
    } catch (error) {
      secret.fill(0);
      body.fill(0);
      throw error;
    }
    sheets = { secret, shares, identifier: shares[0].identifier, threshold: keySheets.threshold, count: keySheets.count, needsPassword: Boolean(password) };
  }
  try {
    // A parity code's 2-byte checksum also passes the plain PaperVault check once in 65,536; a
    // strict reader would take it for a data code. Such a backup is sealed again (fresh salt and
    // nonce give other bytes), as PaperVault.backup does, so none is ever printed.
    for (let attempt = 0; attempt < 16; attempt++) {
      const message = await sealMessage(body, password, rounds, random, options.paddingLength, pieces.chacha, sheets);
      const backup = await cutIntoCodes(message, pieces.erasureCode);
      if (!(await anyPassesPlainChecksum(backup.parity))) {
        return { codes: [...backup.data, ...backup.parity], dataCodes: backup.data.length, parityCodes: backup.parity.length,
          version: backup.version, errorCorrection: ERROR_CORRECTION, plan: backup.plan, contentType, bodyFlags: body[0], messageLength: message.length,
          keySheets: sheets && { identifier: sheets.identifier, threshold: sheets.threshold, count: sheets.count, needsPassword: sheets.needsPassword, shares: sheets.shares } };
      }
    }
    throw new Error('16 backups in a row had a parity code that passes the plain checksum');
  } finally {
    sheets?.secret.fill(0);
    body.fill(0);
  }
}

/** The key of a key-sheet backup: HKDF-SHA256(secret ‖ [PBKDF2(NFC password, salt, rounds)], salt, info), as the restore derives it. */
async function keySheetsKey(sheets, password, rounds, salt) {
  let material = sheets.secret;
  if (sheets.needsPassword) {
    const passwordKey = await crypto.subtle.importKey('raw', utf8(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
    const stretched = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds }, passwordKey, 256));
    material = concatBytes(sheets.secret, stretched);
    stretched.fill(0);
  }
  const hkdfKey = await crypto.subtle.importKey('raw', material, 'HKDF', false, ['deriveBits']);
  if (material !== sheets.secret) material.fill(0);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: KEY_SHEETS_INFO }, hkdfKey, 256));
}

/**
 * The message buffer: flags ‖ rounds ‖ salt length ‖ salt ‖ [backup id ‖ K ‖ N] ‖ nonce ‖
 * ChaCha20-Poly1305(key, nonce, associated data, body ‖ padding ‖ p): flags 0 and no associated
 * data for a password; flags 1 / 3 and the clear header as associated data for key sheets.
 */
async function sealMessage(body, password, rounds, random, paddingLength, chacha, sheets) {
  const salt = random(new Uint8Array(SALT_LENGTH));
  const nonce = random(new Uint8Array(NONCE_LENGTH));
  const p = paddingLength ?? random(new Uint8Array(1))[0];
  // body (control flags ‖ document, encodeBody); then p random bytes and p (VaultPadding).
  const padded = new Uint8Array(body.length + p + 1);
  padded.set(body, 0);
  padded.set(random(new Uint8Array(p)), body.length);
  padded[padded.length - 1] = p;
  const clear = new Uint8Array(7 + SALT_LENGTH + (sheets ? KEY_SHEETS_HEADER_LENGTH : 0));
  const view = new DataView(clear.buffer);
  clear[0] = sheets ? (sheets.needsPassword ? KEY_SHEETS_FLAG | PASSWORD_TOO_FLAG : KEY_SHEETS_FLAG) : 0;
  view.setUint32(1, sheets && !sheets.needsPassword ? 0 : rounds);
  view.setUint16(5, SALT_LENGTH);
  clear.set(salt, 7);
  if (sheets) {
    view.setUint16(7 + SALT_LENGTH, sheets.identifier);
    clear[9 + SALT_LENGTH] = sheets.threshold;
    clear[10 + SALT_LENGTH] = sheets.count;
  }
  let key;
  try {
    key = sheets ? await keySheetsKey(sheets, password, rounds, salt) : await deriveVaultKey(password, { keySheets: null, rounds, salt });
  } catch (error) {
    padded.fill(0);
    throw error;
  }
  let sealed;
  try {
    sealed = chacha.seal(key, nonce, sheets ? clear : new Uint8Array(0), padded);
  } finally {
    key.fill(0);
    padded.fill(0);
  }
  return concatBytes(clear, nonce, sealed);
}

/** The data codes (header ‖ payload ‖ checksum) and the parity codes of each group of the plan. */
async function cutIntoCodes(message, erasureCode) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
  const { version, capacity, plan } = vaultLayout(message.length);
  const header = (total, number) => {
    const h = new Uint8Array(HEADER_SIZE);
    h.set(digest, 0);
    h[32] = ROWS;
    h[33] = COLUMNS;
    new DataView(h.buffer).setUint16(34, total);
    new DataView(h.buffer).setUint16(36, number);
    return h;
  };
  const payloads = [];
  for (let at = 0; at < message.length; at += capacity) payloads.push(message.subarray(at, Math.min(at + capacity, message.length)));
  if (payloads.length !== plan.dataCodes) throw new Error('the layout and the message disagree');
  const data = [];
  for (let i = 0; i < payloads.length; i++) data.push(await withChecksum(concatBytes(header(payloads.length, i), payloads[i]), null));
  const parity = [];
  for (const group of plan.groups) {
    const shards = payloads.slice(group.firstDataCode, group.firstDataCode + group.dataCodes).map((payload) => {
      const shard = new Uint8Array(capacity);
      shard.set(payload);
      return shard;
    });
    const parityShards = erasureCode.parity(group.dataCodes, group.parityCodes, shards);
    for (let index = 0; index < parityShards.length; index++) {
      const fields = new Uint8Array(10);
      const view = new DataView(fields.buffer);
      fields[0] = 1;
      view.setUint16(1, group.firstDataCode);
      fields[3] = group.dataCodes;
      fields[4] = group.parityCodes;
      fields[5] = index;
      view.setUint32(6, message.length);
      parity.push(await withChecksum(concatBytes(header(payloads.length, parity.length), fields, parityShards[index]), PARITY_SALT));
    }
  }
  return { data, parity, version, plan };
}

/** bytes ‖ SHA-256([salt ‖] bytes)[0..2]. */
async function withChecksum(bytes, salt) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', salt ? concatBytes(salt, bytes) : bytes));
  return concatBytes(bytes, digest.subarray(0, 2));
}

async function anyPassesPlainChecksum(parityCodes) {
  for (const code of parityCodes) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', code.subarray(0, code.length - 2)));
    if (digest[0] === code[code.length - 2] && digest[1] === code[code.length - 1]) return true;
  }
  return false;
}

/**
 * A plain hint on a password's strength for a backup that can be attacked offline for ever:
 * { level: 'weak' | 'fair' | 'strong', text }. Only a hint: length and kinds of characters, or words.
 */
export function passwordStrengthHint(password) {
  const length = [...password].length;
  const words = password.trim().split(/\s+/).filter(Boolean).length;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9\s]/].filter((k) => k.test(password)).length;
  if (length === 0) return { level: 'weak', text: '' };
  if (words >= 5 && length >= 25 || length >= 20 && kinds >= 3) return { level: 'strong', text: `Strong: ${length} characters. Keep it somewhere other than the pages.` };
  if (words >= 4 && length >= 20 || length >= 14 && kinds >= 2) return { level: 'fair', text: `Fair: ${length} characters. Anyone with the pages can try passwords for ever: five or more random words are stronger.` };
  return { level: 'weak', text: `Weak: ${length} characters. Anyone with the pages can try passwords for ever: use five or more random words, or 20 characters of several kinds.` };
}
