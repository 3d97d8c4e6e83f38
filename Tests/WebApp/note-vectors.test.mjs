// js/note-kdf.js and js/note-field.js against Tests/Vectors/note-field-v3.json, the vectors the
// Swift tests use (written by the independent Python reference Tests/Reference/note_field_reference.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fromBase64, toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { associatedData, openNoteField, sealNoteField } from '../../Sources/SeqrWebApp/Resources/js/note-field.js';
import { deriveAccountKeys } from '../../Sources/SeqrWebApp/Resources/js/note-kdf.js';

const v = JSON.parse(readFileSync(new URL('../Vectors/note-field-v3.json', import.meta.url)));
const keys = await deriveAccountKeys(v.password, v.kdf, { extractable: true });

test('the password (given in NFD) derives the vectors\' authKey and encKey', () => {
  assert.notEqual(v.password, v.password.normalize('NFC'));
  assert.equal(keys.authKey, v.authKey);
  assert.equal(toBase64(keys.encKeyBytes), v.encKey);
});

test('each field opens to its text, and sealing with its nonce gives its bytes', async () => {
  for (const f of v.fields) {
    const context = { noteID: f.noteId, field: f.role, noteVersion: f.noteVersion, key: keys.encKey };
    assert.equal(toBase64(associatedData(f.noteId, f.role, f.noteVersion)), f.aad);
    assert.equal(await openNoteField(fromBase64(f.sealed), context), f.text);
    const nonce = fromBase64(f.sealed).slice(1, 13);
    assert.equal(toBase64(await sealNoteField(f.text, { ...context, nonce })), f.sealed);
  }
});

test('each tampered field is refused with the vector\'s error (versions 1–2 as needing the upgrade)', async () => {
  for (const t of v.tampered) {
    const sealed = fromBase64(t.sealed);
    // Swift opens a version-2 byte as ChaCha20-Poly1305 and fails to authenticate; a browser
    // cannot try, and names it as a field the upgrade rewrites.
    const expected = [1, 2].includes(sealed[0]) ? 'needsUpgrade' : t.error;
    await assert.rejects(openNoteField(sealed, { noteID: t.noteId, field: t.role, noteVersion: t.noteVersion, key: keys.encKey }),
      (e) => e.code === expected, t.what);
  }
});

test('a version 2 field, as older clients wrote it, is named as needing `seqr notes upgrade`', async () => {
  const l = v.legacyFieldVersion2;
  await assert.rejects(openNoteField(fromBase64(l.sealed), { noteID: l.noteId, field: l.role, noteVersion: l.noteVersion, key: keys.encKey }),
    (e) => e.code === 'needsUpgrade' && e.message.includes('seqr notes upgrade'));
});
