// js/identity-backup.js and ChannelKeyring.backup/restore: the identity backup file
// (docs/formats/identity-backup.md) written and read by the page, files written by the `seqr`
// command line read here (Tests/Vectors/identity-backup-swift.json), and the page's file the Swift
// tests read (Tests/Vectors/identity-backup-web.json) still opening here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fromBase64, fromHex, toHex, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { BackupError, openBackup, parseBackupFile, sealBackup } from '../../Sources/SeqrWebApp/Resources/js/identity-backup.js';
import { encodePublicKeyCode } from '../../Sources/SeqrWebApp/Resources/js/public-key-code.js';
import { SealedRecords } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';
import { fuzz } from './identity-backup-fuzz.mjs';

class MapBackend extends Map { async get(k) { return super.get(k); } async put(k, v) { this.set(k, structuredClone(v)); } }
// Few iterations keep the test fast; the page writes 600,000 and reads from 210,000 (the vectors use 210,000).
const FAST = { iterations: 1000 };
const keyring = (backend = new MapBackend()) => new ChannelKeyring(new SealedRecords(backend, { iterations: 1000, minimumIterations: 1 }));
const restore = (k, file, passphrase) => k.restore(file, passphrase, { minimumIterations: 1 });
const swift = JSON.parse(readFileSync(new URL('../Vectors/identity-backup-swift.json', import.meta.url)));
const web = JSON.parse(readFileSync(new URL('../Vectors/identity-backup-web.json', import.meta.url)));

async function aliceWithChannels() {
  const alice = keyring(), bob = keyring(), carol = keyring();
  await alice.create('Alice', 'a long passphrase'); await bob.create('Bob', 'bob passphrase'); await carol.create('Carol', 'carol passphrase');
  const garden = await alice.createChannel('Garden');
  const bobKey = await ChannelKeyring.readPublicKey(bob.publicKeyCode()), carolKey = await ChannelKeyring.readPublicKey(carol.publicKeyCode());
  await bob.subscribe(await alice.share(garden, bobKey));
  await carol.subscribe(await alice.share(garden, carolKey));
  const early = await alice.post(garden, { kind: 1, created: 1, expires: 0, content: 'epoch 0' });
  await bob.rekey((await alice.removeSubscriber(garden, await carolKey.fingerprint()))[0]);
  const late = await alice.post(garden, { kind: 1, created: 2, expires: 0, content: 'epoch 1' });
  const orchard = await bob.createChannel('Orchard');
  await alice.subscribe(await bob.share(orchard, await ChannelKeyring.readPublicKey(alice.publicKeyCode())));
  const bobs = await bob.post(orchard, { kind: 1, created: 3, expires: 0, content: 'from Bob' });
  return { alice, bob, carol, garden, early, late, bobs };
}

test('a keyring backed up and restored into an empty browser: same identity, every channel and epoch, messages of both epochs read', async () => {
  const { alice, bob, early, late, bobs } = await aliceWithChannels();
  const file = await alice.backup('a long passphrase', FAST);
  assert.deepEqual([...file.subarray(0, 5)], [...utf8('SQIB'), 1]);
  const backend = new MapBackend();
  const phone = keyring(backend);
  const summary = await restore(phone, file, 'a long passphrase');
  assert.deepEqual(summary, { restored: true, channelsAdded: 2, epochsAdded: 0, skipped: 0 });
  assert.equal(await phone.identity.publicIdentity.fingerprint(), await alice.identity.publicIdentity.fingerprint());
  for (const code of [early, late, bobs]) await phone.read(code);
  const garden = phone.owned()[0];
  assert.deepEqual([...garden.secrets.keys()].sort(), [0, 1]);
  assert.deepEqual(garden.subscribers.map((s) => [s.name, s.removedAt !== null]), [['Bob', false], ['Carol', true]]);
  // The restored owner goes on: its posts reach Bob; the restored keyring unlocks with the backup's passphrase.
  await bob.read(await phone.post(garden, { kind: 1, created: 4, expires: 0, content: 'after restore' }));
  const reopened = keyring(backend);
  await reopened.unlock('a long passphrase');
  assert.equal(reopened.channels.length, 2);
});

test('a wrong passphrase restores nothing and says so; so does a damaged byte anywhere', async () => {
  const { alice } = await aliceWithChannels();
  const file = await alice.backup('a long passphrase', FAST);
  const backend = new MapBackend();
  await assert.rejects(restore(keyring(backend), file, 'a wrong passphrase'),
    (e) => e instanceof BackupError && e.code === 'wrongPassphraseOrDamaged' && /nothing was restored/.test(e.message));
  assert.equal(backend.size, 0, 'nothing kept');
  const expected = (at) => at < 4 ? 'notABackup' : at === 4 ? 'unsupportedVersion' : null;
  for (const at of [0, 3, 4, 8, 9, 24, 25, 36, 37, file.length - 17, file.length - 1]) {
    const damaged = file.slice(); damaged[at] ^= 0x01;
    await assert.rejects(restore(keyring(backend), damaged, 'a long passphrase'), (e) => {
      assert.ok(e instanceof BackupError, `byte ${at}: ${e}`);
      // A changed iteration count either leaves the accepted range or derives another key.
      if (expected(at)) assert.equal(e.code, expected(at), `byte ${at}`);
      else assert.ok(['wrongPassphraseOrDamaged', 'badIterations'].includes(e.code), `byte ${at}: ${e.code}`);
      return true;
    });
  }
  assert.equal(backend.size, 0, 'nothing kept');
});

test('truncated, empty, foreign and over-large files are refused before any key is derived', async () => {
  const { alice } = await aliceWithChannels();
  const file = await alice.backup('a long passphrase', FAST);
  for (const length of [0, 2, 4, 5, 24, 25, 36, 52]) assert.throws(() => parseBackupFile(file.subarray(0, length)), (e) => e.code === 'truncated', `${length} bytes`);
  await assert.rejects(openBackup(file.subarray(0, file.length - 1), 'a long passphrase', { minimumIterations: 1 }), (e) => e.code === 'wrongPassphraseOrDamaged');
  const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(60).fill(0));
  for (const foreign of [png, utf8('SQNX\u0001 a notes export'), utf8('{"identity": {}}')]) {
    assert.throws(() => parseBackupFile(foreign), (e) => e.code === 'notABackup');
  }
  const huge = new Uint8Array((16 << 20) + 1); huge.set(file.subarray(0, 37));
  assert.throws(() => parseBackupFile(huge), (e) => e.code === 'tooLarge');
  // The page's floor (note-kdf.js): a file asking for fewer than 210,000 iterations is refused by default.
  assert.throws(() => parseBackupFile(file), (e) => e.code === 'badIterations' && /1000 key-derivation iterations/.test(e.message));
});

test('a backup of another identity is refused, nothing changed; the same identity gains only what it lacks', async () => {
  const { alice, bob, garden } = await aliceWithChannels();
  const bobsFile = await bob.backup('bob passphrase', FAST);
  const before = JSON.stringify([...alice.records.backend]);
  await assert.rejects(restore(alice, bobsFile, 'bob passphrase'), (e) => e.code === 'otherIdentity' && /nothing was restored/.test(e.message));
  assert.equal(JSON.stringify([...alice.records.backend]), before);
  // Same name, other keys: still another identity.
  const namesake = keyring();
  await namesake.create('Alice', 'x'.repeat(12));
  await assert.rejects(restore(namesake, await alice.backup('a long passphrase', FAST), 'a long passphrase'), (e) => e.code === 'otherIdentity');
  // A phone restored from an early backup, then given a later one: the new epoch and channel arrive, nothing twice.
  const phone = keyring();
  await restore(phone, await alice.backup('a long passphrase', FAST), 'a long passphrase');
  await alice.createChannel('Pond');
  await alice.removeSubscriber(garden, await bob.identity.publicIdentity.fingerprint());
  const later = await alice.post(garden, { kind: 1, created: 9, expires: 0, content: 'epoch 2' });
  const file = await alice.backup('a long passphrase', FAST);
  assert.deepEqual(await restore(phone, file, 'a long passphrase'), { restored: false, channelsAdded: 1, epochsAdded: 1, skipped: 0 });
  assert.deepEqual(await restore(phone, file, 'a long passphrase'), { restored: false, channelsAdded: 0, epochsAdded: 0, skipped: 0 });
  assert.equal((await phone.read(later)).message.content, 'epoch 2');
  assert.equal(phone.owned().find((c) => c.name === 'Garden').subscribers.filter((s) => s.removedAt === null).length, 0);
  // A locked keyring is not written to.
  await assert.rejects(restore(keyring(phone.records.backend), file, 'a long passphrase'), (e) => e.code === 'locked');
});

test('suite-1 channels are carried in the file and left out by the page, with the count', async () => {
  const { alice } = await aliceWithChannels();
  const plain = await openBackup(await alice.backup('a long passphrase', FAST), 'a long passphrase', { minimumIterations: 1 });
  const suite1 = { ...plain.channels[1], id: new Uint8Array(16).fill(7), suite: 1, epoch: 0, secrets: new Map([[0, new Uint8Array(32).fill(1)]]) };
  const file = await sealBackup({ ...plain, channels: [...plain.channels, suite1] }, 'pass', FAST);
  const opened = await openBackup(file, 'pass', { minimumIterations: 1 });
  assert.equal(opened.channels.length, 3);
  const summary = await restore(keyring(), file, 'pass');
  assert.equal(summary.skipped, 1);
  assert.equal(summary.channelsAdded, 2);
});

test('the document is checked after it opens: malformed contents are refused, nothing restored', async () => {
  const { alice } = await aliceWithChannels();
  const plain = await openBackup(await alice.backup('a long passphrase', FAST), 'a long passphrase', { minimumIterations: 1 });
  const bad = [
    { ...plain, identity: { ...plain.identity, signingKey: new Uint8Array(31) } },
    { ...plain, identity: { ...plain.identity, name: 'Eve\u202e' } },
    { ...plain, channels: [{ ...plain.channels[0], secrets: new Map([[5, new Uint8Array(32)]]) }] },
    { ...plain, channels: [{ ...plain.channels[0], epoch: 2 }] },
    { ...plain, channels: [plain.channels[0], plain.channels[0]] },
    { ...plain, channels: [{ ...plain.channels[1], owned: true, subscribers: [] }] },
    { ...plain, channels: [{ ...plain.channels[0], owner: encodePublicKeyCode((await ChannelKeyring.readPublicKey(plain.channels[1].owner))).subarray(0, 10) }] },
  ];
  for (const [i, document] of bad.entries()) {
    const backend = new MapBackend();
    await assert.rejects(restore(keyring(backend), await sealBackup(document, 'pass', FAST), 'pass'), (e) => e.code === 'malformedContents', `case ${i}`);
    assert.equal(backend.size, 0);
  }
});

test('a file written by `seqr id export` restores in the page: identity, channels, epochs; its messages read', async () => {
  const file = fromBase64(swift.fileBase64);
  assert.equal(parseBackupFile(file).iterations, 210_000);
  const phone = keyring();
  const summary = await phone.restore(file, swift.passphrase);
  assert.equal(summary.channelsAdded, swift.channels.length);
  assert.equal(await phone.identity.publicIdentity.fingerprint(), swift.fingerprint);
  for (const expected of swift.channels) {
    const channel = phone.channels.find((c) => c.name === expected.name);
    assert.equal(channel.owned, expected.owned);
    assert.deepEqual([...channel.secrets.keys()].sort(), expected.epochs);
  }
  for (const { code, content } of swift.messages) assert.equal((await phone.read(fromHex(code))).message.content, content);
  await assert.rejects(keyring().restore(file, `${swift.passphrase}!`), (e) => e.code === 'wrongPassphraseOrDamaged');
});

test('the page\'s file the Swift tests read still opens here (Tests/Vectors/identity-backup-web.json)', async () => {
  const opened = await openBackup(fromBase64(web.fileBase64), web.passphrase);
  assert.equal(opened.identity.name, web.name);
  assert.deepEqual(opened.channels.map((c) => [c.name, c.owned, toHex(c.id), [...c.secrets.keys()]]),
    web.channels.map((c) => [c.name, c.owned, c.id, c.epochs]));
});

test('a short fuzz run of the backup parser finds nothing (identity-backup-fuzz.mjs)', async () => {
  const result = await fuzz(300, 7);
  assert.equal(result.findings, 0);
});
