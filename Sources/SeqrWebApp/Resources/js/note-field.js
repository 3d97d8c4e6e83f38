// One encrypted note field (title or info), field version 3 (docs/formats/notes.md; Swift:
// SeqrCore/Notes/SealedNoteField.swift):
//
// | offset | size | field                                        |
// | 0      | 1    | field version 0x03                           |
// | 1      | 12   | nonce, random                                |
// | 13     | n    | AES-256-GCM ciphertext of the UTF-8 text     |
// | 13 + n | 16   | GCM tag                                      |
//
// Associated data: "seqr-note-v3" 0x00 <note id, lowercase UUID> 0x00 <"title"|"info"> 0x00
// <note version, decimal ASCII>, so a server cannot swap title and info, move a field into another
// note, or serve old fields under a newer version without the open failing. Versions 1 and 2 are
// ChaCha20-Poly1305, which WebCrypto lacks: they are recognised and reported as needing
// `seqr notes upgrade`, never guessed at.
import { concatBytes, decodeUTF8, randomBytes, utf8 } from './bytes.js';
import { NoteError, UPGRADE_ADVICE } from './note-error.js';

export const FIELD_VERSION = 3;
/** Older field versions a Seqr client may have written (ChaCha20-Poly1305). */
export const LEGACY_FIELD_VERSIONS = [1, 2];
export const NONCE_LENGTH = 12;
export const TAG_LENGTH = 16;
export const FIELDS = ['title', 'info'];

export function associatedData(noteID, field, noteVersion) {
  if (!FIELDS.includes(field)) throw new TypeError(`unknown note field ${field}`);
  if (!Number.isInteger(noteVersion) || noteVersion < 1) throw new TypeError(`bad note version ${noteVersion}`);
  return utf8(`seqr-note-v3\u0000${String(noteID).toLowerCase()}\u0000${field}\u0000${noteVersion}`);
}

/**
 * Seals `text` for the note version the write creates (1 for a new note, the edited version + 1
 * for an update). `nonce` only for tests with fixed vectors; otherwise 12 bytes from the system RNG.
 */
export async function sealNoteField(text, { noteID, field, noteVersion, key, nonce = randomBytes(NONCE_LENGTH) }) {
  if (nonce.length !== NONCE_LENGTH) throw new TypeError('a nonce is 12 bytes');
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: associatedData(noteID, field, noteVersion), tagLength: 128 }, key, utf8(text));
  return concatBytes(Uint8Array.of(FIELD_VERSION), nonce, new Uint8Array(sealed));
}

/** The field's version byte, or null for an empty field. */
export function fieldVersion(bytes) { return bytes.length > 0 ? bytes[0] : null; }

/** Opens a field of version 3; throws NoteError (needsUpgrade for versions 1–2). */
export async function openNoteField(bytes, { noteID, field, noteVersion, key }) {
  if (bytes.length === 0) throw new NoteError('truncatedField', 'note field truncated (0 bytes)');
  const version = bytes[0];
  if (LEGACY_FIELD_VERSIONS.includes(version)) throw new NoteError('needsUpgrade', `note field of version ${version}: ${UPGRADE_ADVICE}`);
  if (version !== FIELD_VERSION) throw new NoteError('unsupportedFieldVersion', `note field of version ${version}, only versions 1 to 3 are known`);
  if (bytes.length < 1 + NONCE_LENGTH + TAG_LENGTH) throw new NoteError('truncatedField', `note field truncated (${bytes.length} bytes)`);
  let plain;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(1, 1 + NONCE_LENGTH), additionalData: associatedData(noteID, field, noteVersion), tagLength: 128 },
      key, bytes.subarray(1 + NONCE_LENGTH));
  } catch {
    throw new NoteError('authenticationFailed', 'wrong password, or the note was altered, moved or mixed with another version');
  }
  const text = decodeUTF8(new Uint8Array(plain));
  if (text === null) throw new NoteError('notUTF8', 'note field is not UTF-8 text');
  return text;
}
