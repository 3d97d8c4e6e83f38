// js/keyring-manifest.js and its use in js/sealed-records.js: the keyring's sealed manifest (a
// counter and each record's digest) catches an older copy of one record put back into the
// browser's storage, a deleted record or manifest; nothing is deleted, and the person may go on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomBytes, toBase64, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { checkManifest, compareRecords, KeyringRollbackError, recordDigest } from '../../Sources/SeqrWebApp/Resources/js/keyring-manifest.js';
import { SealedRecords } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';

class MapBackend extends Map {
  async get(k) { return structuredClone(super.get(k)); }
  peek(k) { return super.get(k); }
  async put(k, v) { this.set(k, structuredClone(v)); }
  async putMany(entries) { for (const [k, v] of entries) this.set(k, structuredClone(v)); }
  snapshot() { return new Map([...this].map(([k, v]) => [k, structuredClone(v)])); }
  restore(snapshot) { this.clear(); for (const [k, v] of snapshot) this.set(k, structuredClone(v)); }
}
const PASS = 'a long passphrase';
const records = (backend, options = {}) => new SealedRecords(backend, { iterations: 1000, minimumIterations: 1, ...options });
const keyring = (backend, options) => new ChannelKeyring(records(backend, options));
const refused = (code, names) => (e) => e instanceof KeyringRollbackError && e.code === code && (!names || JSON.stringify(e.names) === JSON.stringify(names))
  && /someone may have put back an older copy/.test(e.message);

async function manifestOf(backend) {
  const opened = records(backend);
  await opened.unlock(PASS, 'identity');
  return { counter: opened.counter, keyring: opened.keyringID };
}

test('every write raises the manifest\'s counter by one and binds the record\'s stored bytes', async () => {
  const backend = new MapBackend();
  const alice = keyring(backend);
  await alice.create('Alice', PASS);
  const start = alice.records.counter;
  assert.match(alice.records.keyringID, /^[0-9a-f]{32}$/);
  await alice.createChannel('Garden');  // two records written: channels, history
  assert.equal(alice.records.counter, start + 2);
  assert.deepEqual(await manifestOf(backend), { counter: start + 2, keyring: alice.records.keyringID });
  // The manifest is sealed like any record: nothing of it is readable in the storage.
  assert.deepEqual(Object.keys(backend.peek('manifest')).sort(), ['ciphertext', 'nonce']);
  const digest = await recordDigest(backend.peek('channels'));
  assert.deepEqual(await compareRecords({ records: { channels: digest } }, [['channels', backend.peek('channels')]]), { changed: [], missing: [], added: [] });
});

test('an older copy of one record put back is refused at unlock, nothing changed; going on opens what is stored and binds it', async () => {
  const backend = new MapBackend();
  const alice = keyring(backend);
  await alice.create('Alice', PASS);
  await alice.createChannel('Garden');
  const older = structuredClone(backend.peek('channels'));
  await alice.createChannel('Orchard');
  backend.set('channels', older);  // someone with the browser's storage puts back the channel list from before
  const before = backend.snapshot();
  const again = keyring(backend);
  await assert.rejects(again.unlock(PASS), refused('recordChanged', ['channels']));
  assert.equal(again.unlocked, false);
  assert.equal(again.records.unlocked, false);
  assert.deepEqual(backend.snapshot(), before, 'a refusal writes nothing');
  // The person chose to go on: the older list opens, nothing deleted, and from now it is what the manifest binds.
  await again.unlock(PASS, { acceptRollback: true });
  assert.deepEqual(again.channels.map((c) => c.name), ['Garden']);
  await keyring(backend).unlock(PASS);
});

test('a deleted record, a deleted manifest and an older manifest put back are each refused', async () => {
  const backend = new MapBackend();
  const alice = keyring(backend);
  await alice.create('Alice', PASS);
  const firstManifest = structuredClone(backend.peek('manifest'));
  await alice.createChannel('Garden');
  const kept = backend.snapshot();

  backend.delete('history');
  await assert.rejects(keyring(backend).unlock(PASS), refused('recordMissing', ['history']));
  backend.restore(kept);
  backend.delete('manifest');
  await assert.rejects(keyring(backend).unlock(PASS), refused('manifestMissing'));
  backend.restore(kept);
  backend.set('manifest', firstManifest);  // the manifest from before the channel: its records are newer than it knows
  await assert.rejects(keyring(backend).unlock(PASS), (e) => e instanceof KeyringRollbackError && ['recordChanged', 'recordAdded'].includes(e.code));
  // A manifest that does not open (garbage in its place) is refused the same way; going on binds afresh.
  backend.restore(kept);
  backend.set('manifest', { nonce: backend.peek('manifest').nonce, ciphertext: backend.peek('history').ciphertext });
  await assert.rejects(keyring(backend).unlock(PASS), refused('recordChanged', ['manifest']));
  const goOn = keyring(backend);
  await goOn.unlock(PASS, { acceptRollback: true });
  assert.deepEqual(goOn.channels.map((c) => c.name), ['Garden']);
  await keyring(backend).unlock(PASS);
  backend.restore(kept);
  await keyring(backend).unlock(PASS);
  // A wrong passphrase is still that, not a rollback.
  await assert.rejects(keyring(backend).unlock('wrong passphrase'), (e) => e.code === 'wrongPassphrase');
});

test('what the manifest cannot see: the whole storage put back from one moment opens (only a counter kept elsewhere can tell)', async () => {
  const backend = new MapBackend();
  const alice = keyring(backend);
  await alice.create('Alice', PASS);
  await alice.createChannel('Garden');
  const whole = backend.snapshot(), then = alice.records.counter;
  await alice.createChannel('Orchard');
  backend.restore(whole);
  const again = keyring(backend);
  await again.unlock(PASS);
  assert.deepEqual(again.channels.map((c) => c.name), ['Garden']);
  assert.ok(then < alice.records.counter);
  assert.equal(again.records.counter, then);  // the counter it was at: a notes account's higher one would tell
});

test('two writers of one storage (two tabs) never make each other\'s records look put back', async () => {
  const backend = new MapBackend();
  const lock = () => {
    let last = Promise.resolve();
    return (work) => { const run = last.then(work, work); last = run.catch(() => {}); return run; };
  };
  // The page's two Web Locks, shared by its tabs: the keyring's changes, and the records' writes.
  const recordsLock = lock(), keyringLock = lock();
  const tab = () => new ChannelKeyring(records(backend, { exclusive: recordsLock }), { exclusive: keyringLock });
  const one = tab(), two = tab();
  await one.create('Alice', PASS);
  await two.unlock(PASS);
  await Promise.all([one.createChannel('Garden'), two.createChannel('Orchard'), one.createChannel('Field'), two.createChannel('Hill')]);
  const again = keyring(backend);
  await again.unlock(PASS);
  assert.deepEqual(again.channels.map((c) => c.name).sort(), ['Field', 'Garden', 'Hill', 'Orchard']);
  assert.equal(again.records.counter, 3 + 4 * 2);  // made (identity, channels, history), then two records per channel
});

test('a keyring made before the manifest opens, is sealed again with one, and its older records are refused after', async () => {
  // The records as the page wrote them before (AAD "seqr web keyring v1"), no manifest.
  const backend = new MapBackend();
  const made = keyring(backend);
  await made.create('Alice', PASS);
  await made.createChannel('Garden');
  const kdf = backend.peek('kdf');
  const key = await crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt: Uint8Array.from(atob(kdf.salt), (c) => c.charCodeAt(0)), iterations: kdf.iterations },
    await crypto.subtle.importKey('raw', utf8(PASS), 'PBKDF2', false, ['deriveKey']), { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const sealV1 = async (name, value) => {
    const nonce = randomBytes(12);
    const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: utf8(`seqr web keyring v1\u0000${name}`), tagLength: 128 }, key, utf8(JSON.stringify(value)));
    return { nonce: toBase64(nonce), ciphertext: toBase64(new Uint8Array(ciphertext)) };
  };
  const plain = records(backend);
  await plain.unlock(PASS, 'identity');
  const legacy = new MapBackend([['kdf', kdf]]);
  for (const name of ['identity', 'channels', 'history']) legacy.set(name, await sealV1(name, await plain.get(name)));
  const oldChannels = structuredClone(legacy.peek('channels'));

  const opened = keyring(legacy);
  await opened.unlock(PASS);
  assert.deepEqual(opened.channels.map((c) => c.name), ['Garden']);
  assert.ok(legacy.has('manifest'));
  await opened.createChannel('Orchard');
  legacy.set('channels', oldChannels);  // the pre-manifest copy put back
  await assert.rejects(keyring(legacy).unlock(PASS), (e) => e instanceof KeyringRollbackError);
  legacy.delete('manifest');  // and the manifest deleted to pass as a keyring from before: its other records say otherwise
  await assert.rejects(keyring(legacy).unlock(PASS), refused('manifestMissing'));
});

test('a manifest of the wrong shape is refused, never trusted', () => {
  const good = { version: 1, keyring: '0'.repeat(32), counter: 3, records: { channels: 'AAAA' } };
  assert.equal(checkManifest(good), good);
  for (const bad of [null, { ...good, version: 2 }, { ...good, counter: -1 }, { ...good, counter: 1.5 }, { ...good, keyring: 'x' },
    { ...good, records: null }, { ...good, records: { manifest: 'AAAA' } }, { ...good, records: { kdf: 'AAAA' } }, { ...good, records: { a: 1 } },
    { ...good, records: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`r${i}`, 'AAAA'])) }]) {
    assert.throws(() => checkManifest(bad), (e) => e instanceof KeyringRollbackError, JSON.stringify(bad)?.slice(0, 60));
  }
});

/** The notes account's side as KeyringAccountCounter gives it: per keyring id, the last counter saved. */
class FakeAccount {
  constructor() { this.counters = new Map(); this.saves = 0; }
  async read(id) { return this.counters.get(id) ?? null; }
  async save(id, counter) { this.saves += 1; this.counters.set(id, counter); return true; }
}

test('with a notes account: the whole keyring put back from an older moment is refused; going on raises the counter past the account\'s', async () => {
  const backend = new MapBackend(), account = new FakeAccount();
  const alice = new ChannelKeyring(records(backend), { account });
  await alice.create('Alice', PASS);
  await alice.createChannel('Garden');
  const whole = backend.snapshot();
  await alice.createChannel('Orchard');
  await alice.saveCounter();
  const saved = account.counters.get(alice.records.keyringID);
  assert.equal(saved, alice.records.counter);
  backend.restore(whole);
  const before = backend.snapshot();
  const again = new ChannelKeyring(records(backend), { account });
  await assert.rejects(again.unlock(PASS), (e) => refused('olderThanAccount')(e)
    && e.message.startsWith('This browser\'s channel keyring is older than the one this account last saved'));
  assert.equal(again.unlocked, false);
  assert.equal(again.records.unlocked, false);
  assert.deepEqual(backend.snapshot(), before, 'a refusal writes nothing');
  // Signed out (no counter read), the same storage opens: the account's binding only holds where it is read.
  await new ChannelKeyring(records(backend)).unlock(PASS);
  await again.unlock(PASS, { acceptRollback: true });
  assert.deepEqual(again.channels.map((c) => c.name), ['Garden']);
  assert.ok(again.records.counter > saved);
  await again.saveCounter();
  await new ChannelKeyring(records(backend), { account }).unlock(PASS);
});

test('with a notes account: two browsers (two keyrings) and two tabs of one browser never trip each other', async () => {
  const account = new FakeAccount();
  const phone = new MapBackend(), laptop = new MapBackend();
  const onPhone = new ChannelKeyring(records(phone), { account }), onLaptop = new ChannelKeyring(records(laptop), { account });
  await onPhone.create('Alice', PASS);
  await onLaptop.create('Alice', PASS);
  assert.notEqual(onPhone.records.keyringID, onLaptop.records.keyringID);
  for (let i = 0; i < 3; i++) await onPhone.createChannel(`Phone ${i}`);
  await onLaptop.createChannel('Laptop');
  await Promise.all([onPhone.saveCounter(), onLaptop.saveCounter()]);
  await new ChannelKeyring(records(laptop), { account }).unlock(PASS);
  await new ChannelKeyring(records(phone), { account }).unlock(PASS);
  // A second tab of the phone writes too; the first tab's counter is behind the storage's, never ahead of it.
  const secondTab = new ChannelKeyring(records(phone), { account });
  await secondTab.unlock(PASS);
  await secondTab.createChannel('Second tab');
  await onPhone.saveCounter();  // the first tab saves its older counter last: the account's goes lower, not higher
  await new ChannelKeyring(records(phone), { account }).unlock(PASS);
  // A third tab unlocks while the second writes and saves between its reading the records and the account's counter.
  const third = new ChannelKeyring(records(phone), { account: { save: (id, c) => account.save(id, c), read: async (id) => {
    await secondTab.createChannel('Meanwhile');
    await secondTab.saveCounter();
    return account.read(id);
  } } });
  await third.unlock(PASS);
  // A lock (as the lock broadcast makes every tab do) writes nothing and trips nothing.
  onPhone.lock(); secondTab.lock();
  await new ChannelKeyring(records(phone), { account }).unlock(PASS);
});

test('the sealed counter opens only for its account and keyring, and only as written', async () => {
  const { sealCounter, openCounter } = await import('../../Sources/SeqrWebApp/Resources/js/keyring-account-counter.js');
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const other = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const id = 'a'.repeat(32);
  const sealed = await sealCounter(key, 'alice', id, 41);
  assert.equal(sealed.length, 36);
  assert.equal(await openCounter(key, 'alice', id, sealed), 41);
  assert.equal(await openCounter(key, 'bob', id, sealed), null, 'another account');
  assert.equal(await openCounter(key, 'alice', 'b'.repeat(32), sealed), null, 'another keyring');
  assert.equal(await openCounter(other, 'alice', id, sealed), null, 'another key');
  const flipped = sealed.slice(); flipped[20] ^= 1;
  assert.equal(await openCounter(key, 'alice', id, flipped), null, 'altered');
  assert.equal(await openCounter(key, 'alice', id, sealed.slice(0, 35)), null, 'cut');
  assert.equal(await openCounter(key, 'alice', id, null), null);
});
