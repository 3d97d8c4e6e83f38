// A whole note: its limits in the clear, and sealing/opening both fields together (Swift:
// SeqrCore/Notes/NoteCipher.swift, NotePlaintext.swift). The server stores
// {id, title, info (base64), format, kdf, version}; the key is the account's encKey for the
// parameters stored on the note (`keyFor(kdf)` derives or finds it).
import { fromBase64, toBase64 } from './bytes.js';
import { NoteError, UPGRADE_ADVICE } from './note-error.js';
import { FIELD_VERSION, fieldVersion, openNoteField, sealNoteField } from './note-field.js';
import { PBKDF2_SHA256 } from './note-kdf.js';

export const NOTE_FORMAT = 'seqr-aead-v1';
export const RNCRYPTOR_FORMAT = 'rncryptor-v3';
/** Onions' limits, in characters (grapheme clusters, as Swift's String.count counts them). */
export const TITLE_LIMIT = 30;
export const INFO_LIMIT = 2500;

const graphemes = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** Characters as a person (and Swift) counts them. */
export function characterCount(text) {
  if (!graphemes) return Array.from(text).length;
  let n = 0;
  for (const _ of graphemes.segment(text)) n++;
  return n;
}

/** Throws NoteError unless the note fits Onions' limits; checked before anything is encrypted. */
export function checkPlaintext({ title, info }) {
  if (title.length === 0) throw new NoteError('emptyTitle', 'a note needs a title');
  const t = characterCount(title);
  if (t > TITLE_LIMIT) throw new NoteError('titleTooLong', `the title has ${t} characters; at most ${TITLE_LIMIT} are allowed`);
  const i = characterCount(info);
  if (i > INFO_LIMIT) throw new NoteError('infoTooLong', `the info has ${i.toLocaleString("en")} characters; at most ${INFO_LIMIT.toLocaleString("en")} are allowed`);
}

/** The EncryptedNote to send: both fields sealed for `noteVersion` under the account's current parameters. */
export async function sealNote({ title, info }, { id, noteVersion, kdf, key, nonces }) {
  checkPlaintext({ title, info });
  const sealed = {};
  for (const field of ['title', 'info']) {
    const text = field === 'title' ? title : info;
    sealed[field] = toBase64(await sealNoteField(text, { noteID: id, field, noteVersion, key, nonce: nonces?.[field] }));
  }
  return { id: id.toLowerCase(), title: sealed.title, info: sealed.info, format: NOTE_FORMAT, kdf: { algorithm: kdf.algorithm, iterations: kdf.iterations, salt: kdf.salt } };
}

/**
 * What can be said about a served note without its key: its field version, whether it is bound to
 * its version (rollback checks), and whether this browser can open it at all.
 */
export function describeNote(note) {
  if (note.format === RNCRYPTOR_FORMAT) return { fieldVersion: null, bound: false, openable: false };
  const title = fromBase64(note.title), info = fromBase64(note.info);
  const version = title && info && fieldVersion(title) === fieldVersion(info) ? fieldVersion(title) : null;
  return { fieldVersion: version, bound: note.format === NOTE_FORMAT && version !== null && version >= 2, openable: version === FIELD_VERSION };
}

/** Opens a note as served, at the version the server says it is: { title, info }. */
export async function openNote(note, keyFor) {
  if (note.format === RNCRYPTOR_FORMAT) throw new NoteError('needsUpgrade', `an RNCryptor note: ${UPGRADE_ADVICE}`);
  if (note.format !== NOTE_FORMAT) throw new NoteError('unsupportedFormat', `unknown note format "${String(note.format)}"`);
  const kdf = note.kdf;
  if (!kdf || kdf.algorithm !== PBKDF2_SHA256 || typeof kdf.salt !== 'string') {
    throw new NoteError('parametersDoNotFitFormat', `the note's key parameters do not fit its format ${NOTE_FORMAT}`);
  }
  const title = fromBase64(note.title), info = fromBase64(note.info);
  if (!title || !info) throw new NoteError('notBase64', 'a note field is not base64');
  if (fieldVersion(title) !== fieldVersion(info)) {
    throw new NoteError('mixedFieldVersions', "the note's title and info come from different writes: the server mixed them");
  }
  const key = fieldVersion(title) === FIELD_VERSION ? await keyFor(kdf) : null;
  const context = { noteID: note.id, noteVersion: note.version, key };
  return {
    title: await openNoteField(title, { ...context, field: 'title' }),
    info: await openNoteField(info, { ...context, field: 'info' }),
  };
}
