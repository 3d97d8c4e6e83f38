// js/people.js: the people followed, kept sealed with the channel keyring (never a key, a name or a
// position in the clear), which links it accepts, their states and their order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeBase64URL } from '../../Sources/SeqrWebApp/Resources/js/base64url.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { byLastSeen, followableLink, People, PeopleError, personState, QUIET_AFTER_MS } from '../../Sources/SeqrWebApp/Resources/js/people.js';
import { SealedRecords, VaultError } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';

class MapBackend extends Map { async get(k) { return super.get(k); } async put(k, v) { this.set(k, structuredClone(v)); } }
const ORIGIN = 'https://seqr.example';
const key = new Uint8Array(32).fill(7);
const link = (id, k = key, origin = ORIGIN) => `${origin}/l/${id}#k=${encodeBase64URL(k)}`;
const ANA = 'AAAAAAAAAAAAAAAAAAAAAA', BEN = 'BBBBBBBBBBBBBBBBBBBBBA';

async function unlockedPeople(backend = new MapBackend()) {
  const records = new SealedRecords(backend, { iterations: 1000, minimumIterations: 1 });
  const keyring = new ChannelKeyring(records);
  if (await keyring.exists()) await keyring.unlock('a long passphrase'); else await keyring.create('Me', 'a long passphrase');
  const people = new People(records);
  await people.load();
  return { people, keyring, backend };
}

test('links People follows: seqr-location-v1 of this server; others refused in a sentence', () => {
  assert.equal(followableLink(link(ANA), ORIGIN).shareID, ANA);
  assert.throws(() => followableLink(link(ANA, key, 'https://other.example'), ORIGIN), (e) => e instanceof PeopleError && e.code === 'otherServer' && /other\.example/.test(e.message));
  assert.throws(() => followableLink(link(ANA, new Uint8Array(16)), ORIGIN), (e) => e.code === 'cryptojs');
  assert.throws(() => followableLink(`${ORIGIN}/l/${ANA}`, ORIGIN), (e) => e.code === 'missingKey');
});

test('people are kept sealed: after a reload the same names, keys and last positions; nothing in the clear; locked, nothing', async () => {
  const { people, backend, keyring } = await unlockedPeople();
  await people.add(followableLink(link(ANA), ORIGIN), 'Ana');
  await people.add(followableLink(link(BEN, new Uint8Array(32).fill(9)), ORIGIN), ' Ben ');
  await people.saw(ANA, { lat: 47.3769, lon: 8.5417, accuracy: 9, time: 1_000 }, 3);
  await people.saw(ANA, { lat: 47.3772, lon: 8.5421, accuracy: 8, time: 2_000 }, 4);
  await people.ended(BEN, 'revoked');
  const stored = JSON.stringify([...backend]);
  for (const clear of ['Ana', 'Ben', ANA, BEN, encodeBase64URL(key), '47.37']) assert.ok(!stored.includes(clear), `"${clear}" stored in the clear`);
  const again = (await unlockedPeople(backend)).people;
  assert.deepEqual(again.list.map((p) => [p.name, p.shareID, p.seq, p.last?.lat ?? null, p.ended, p.trail.length]),
    [['Ana', ANA, 4, 47.3772, null, 2], ['Ben', BEN, 0, null, 'revoked', 0]]);
  assert.deepEqual([...again.find(ANA).key], [...key]);
  keyring.lock();
  const locked = new People(keyring.records);
  await assert.rejects(locked.load(), (e) => e instanceof VaultError && e.code === 'locked');
});

test('the same share twice, an empty name, or removing: said and done', async () => {
  const { people } = await unlockedPeople();
  await people.add(followableLink(link(ANA), ORIGIN), 'Ana');
  await assert.rejects(people.add(followableLink(link(ANA), ORIGIN), 'Again'), (e) => e.code === 'already' && /as Ana/.test(e.message));
  await assert.rejects(people.add(followableLink(link(BEN), ORIGIN), '  '), (e) => e.code === 'noName');
  await people.remove(ANA);
  assert.deepEqual(people.list, []);
});

test('states and order: share ended, no fix for 10 min, waiting, live; the newest seen first', () => {
  const now = 100 * 60_000;
  const live = { name: 'Ana', last: { time: now - 5_000 } }, quiet = { name: 'Ben', last: { time: now - QUIET_AFTER_MS } };
  const waiting = { name: 'Cem', last: null }, ended = { name: 'Dee', last: { time: now - 1_000 }, ended: 'revoked' };
  assert.deepEqual([live, quiet, waiting, ended].map((p) => personState(p, now)), ['live', 'quiet', 'waiting', 'ended']);
  assert.deepEqual(byLastSeen([waiting, quiet, live, ended]).map((p) => p.name), ['Dee', 'Ana', 'Ben', 'Cem']);
});
