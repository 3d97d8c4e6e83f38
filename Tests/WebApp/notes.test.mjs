// js/note-kdf.js, js/note-field.js, js/note.js and js/seen-versions.js: what binds a note field
// (id, role, version), the limits, the legacy versions a browser cannot open, and rollback.
// The byte-for-byte checks against the Swift side's vectors are in note-vectors.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromBase64, toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { checkPlaintext, describeNote, openNote, sealNote } from '../../Sources/SeqrWebApp/Resources/js/note.js';
import { openNoteField, sealNoteField } from '../../Sources/SeqrWebApp/Resources/js/note-field.js';
import { checkKDF, deriveAccountKeys, freshKDF } from '../../Sources/SeqrWebApp/Resources/js/note-kdf.js';
import { SeenNoteVersions } from '../../Sources/SeqrWebApp/Resources/js/seen-versions.js';

const kdf = { algorithm: 'pbkdf2-sha256', iterations: 1000, salt: 'AAECAwQFBgcICQoLDA0ODw==' };
const keys = await deriveAccountKeys('correct horse', kdf, { minimumIterations: 1000 });
const keyFor = async () => keys.encKey;
const id = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

async function served(plain, version = 1) {
  return { ...(await sealNote(plain, { id, noteVersion: version, kdf, key: keys.encKey })), version };
}

test('a note opens to itself at the version it was sealed for', async () => {
  const note = await served({ title: 'Wi-Fi', info: 'hunter2 ✓ é' }, 4);
  assert.deepEqual(await openNote(note, keyFor), { title: 'Wi-Fi', info: 'hunter2 ✓ é' });
  assert.equal(fromBase64(note.title)[0], 3);
  assert.deepEqual(describeNote(note), { fieldVersion: 3, bound: true, openable: true });
});

test('served under another version, id, or with title and info swapped, a note does not open', async () => {
  const note = await served({ title: 'a', info: 'b' }, 2);
  await assert.rejects(openNote({ ...note, version: 3 }, keyFor), { code: 'authenticationFailed' });
  await assert.rejects(openNote({ ...note, id: '00000000-0000-4000-8000-000000000000' }, keyFor), { code: 'authenticationFailed' });
  await assert.rejects(openNote({ ...note, title: note.info, info: note.title }, keyFor), { code: 'authenticationFailed' });
  const older = await served({ title: 'a', info: 'old' }, 1);
  await assert.rejects(openNote({ ...note, info: older.info }, keyFor), { code: 'authenticationFailed' });
});

test('the id is bound in lower case whatever case the server answers in', async () => {
  const note = await served({ title: 'a', info: 'b' });
  assert.deepEqual(await openNote({ ...note, id: id.toUpperCase() }, keyFor), { title: 'a', info: 'b' });
});

test('another password does not open a note', async () => {
  const other = await deriveAccountKeys('correct horsf', kdf, { minimumIterations: 1000 });
  assert.notEqual(other.authKey, keys.authKey);
  const note = await served({ title: 'a', info: 'b' });
  await assert.rejects(openNote(note, async () => other.encKey), { code: 'authenticationFailed' });
});

test('field versions 1 and 2 and RNCryptor notes are named as needing `seqr notes upgrade`', async () => {
  for (const v of [1, 2]) {
    const field = toBase64(Uint8Array.of(v, ...new Uint8Array(40)));
    const note = { id, version: 1, format: 'seqr-aead-v1', kdf, title: field, info: field };
    await assert.rejects(openNote(note, keyFor), (e) => e.code === 'needsUpgrade' && /seqr notes upgrade/.test(e.message));
    assert.equal(describeNote(note).openable, false);
  }
  await assert.rejects(openNote({ id, version: 1, format: 'rncryptor-v3', kdf: { algorithm: 'pbkdf2-sha1', iterations: 10000 }, title: 'AwE=', info: 'AwE=' }, keyFor),
    { code: 'needsUpgrade' });
});

test('mixed field versions, unknown versions, and truncated fields are refused', async () => {
  const note = await served({ title: 'a', info: 'b' });
  const v2 = toBase64(Uint8Array.of(2, ...new Uint8Array(40)));
  await assert.rejects(openNote({ ...note, info: v2 }, keyFor), { code: 'mixedFieldVersions' });
  const ctx = { noteID: id, field: 'title', noteVersion: 1, key: keys.encKey };
  await assert.rejects(openNoteField(Uint8Array.of(4, ...new Uint8Array(40)), ctx), { code: 'unsupportedFieldVersion' });
  await assert.rejects(openNoteField(Uint8Array.of(3, 1, 2), ctx), { code: 'truncatedField' });
  await assert.rejects(openNoteField(new Uint8Array(0), ctx), { code: 'truncatedField' });
});

test('two seals of one text differ (fresh nonces)', async () => {
  const ctx = { noteID: id, field: 'info', noteVersion: 1, key: keys.encKey };
  assert.notDeepEqual(await sealNoteField('same', ctx), await sealNoteField('same', ctx));
});

test("Onions' limits count characters as a person does: 30 for the title, 2,500 for the info", () => {
  checkPlaintext({ title: 'é'.normalize('NFD').repeat(30), info: '👍🏽'.repeat(2500) });
  assert.throws(() => checkPlaintext({ title: 'x'.repeat(31), info: '' }), { code: 'titleTooLong' });
  assert.throws(() => checkPlaintext({ title: 'x', info: 'y'.repeat(2501) }), { code: 'infoTooLong' });
  assert.throws(() => checkPlaintext({ title: '', info: 'y' }), { code: 'emptyTitle' });
});

test('a server asking for weak or odd KDF parameters is refused', () => {
  assert.throws(() => checkKDF({ ...kdf, iterations: 209_999 }), { code: 'weakKDFParameters' });
  assert.throws(() => checkKDF({ ...kdf, iterations: 50_000_001 }, 1), { code: 'weakKDFParameters' });
  assert.throws(() => checkKDF({ ...kdf, algorithm: 'md5' }, 1), { code: 'unsupportedKDF' });
  assert.throws(() => checkKDF({ ...kdf, salt: 'c2hvcnQ=' }, 1), { code: 'badKDFSalt' });
  const fresh = freshKDF();
  assert.equal(fresh.iterations, 600_000);
  assert.equal(fromBase64(fresh.salt).length, 16);
});

test('the password is NFC-normalised: both spellings of é give the same keys', async () => {
  const a = await deriveAccountKeys('caf\u00e9', kdf, { minimumIterations: 1000 });
  const b = await deriveAccountKeys('cafe\u0301', kdf, { minimumIterations: 1000 });
  assert.equal(a.authKey, b.authKey);
});

test('rollback: an older version, an unbound form of a bound note, or a note deleted here is refused', () => {
  const storage = new Map();
  const store = { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v) };
  const seen = new SeenNoteVersions(store, 'http://127.0.0.1:8080', 'alice');
  seen.check(id, 1, false);  // never seen: trusted
  seen.record(id, { version: 5, bound: true });
  seen.check(id, 5, true);
  seen.check(id, 6, true);
  assert.throws(() => seen.check(id, 4, true), { code: 'rolledBack' });
  assert.throws(() => seen.check(id, 7, false), { code: 'versionBindingRemoved' });
  seen.record(id, { version: 3 });
  assert.equal(seen.get(id).version, 5);
  seen.record(id, { deleted: true });
  assert.throws(() => seen.check(id, 9, true), { code: 'deletedNoteReturned' });
  // per origin and account
  new SeenNoteVersions(store, 'http://127.0.0.1:8080', 'bob').check(id, 1, false);
  new SeenNoteVersions(store, 'https://other.example', 'alice').check(id, 1, false);
});
