// js/people.js: the people followed, kept sealed with the channel keyring (never a key, a name or a
// position in the clear), which links it accepts, their states and their order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeBase64URL } from '../../Sources/SeqrWebApp/Resources/js/base64url.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { linkFromFollowFragment, LocationLinkError } from '../../Sources/SeqrWebApp/Resources/js/location-share-link.js';
import { byLastSeen, followableLink, People, PeopleError, personState, QUIET_AFTER_MS } from '../../Sources/SeqrWebApp/Resources/js/people.js';
import { SealedRecords, VaultError } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';
import { loadMapTiles, tilesCovering, tileURL, tileZoom } from '../../Sources/SeqrWebApp/Resources/js/map-tiles.js';

class MapBackend extends Map {
  async get(k) { return super.get(k); }
  async put(k, v) { this.set(k, structuredClone(v)); }
  async putMany(entries) { for (const [k, v] of entries) this.set(k, structuredClone(v)); }  // one transaction in IndexedDB
}
const ORIGIN = 'https://seqr.example';
const key = new Uint8Array(32).fill(7);
const link = (id, k = key, origin = ORIGIN) => `${origin}/l/${id}#k=${encodeBase64URL(k)}`;
const ANA = 'AAAAAAAAAAAAAAAAAAAAAA', BEN = 'BBBBBBBBBBBBBBBBBBBBBA';

async function unlockedPeople(backend = new MapBackend(), options = {}) {
  const records = new SealedRecords(backend, { iterations: 1000, minimumIterations: 1 });
  const keyring = new ChannelKeyring(records);
  if (await keyring.exists()) await keyring.unlock('a long passphrase'); else await keyring.create('Me', 'a long passphrase');
  const people = new People(records, options);
  await people.load();
  return { people, keyring, backend };
}

test('links People follows: seqr-location-v1 of this server; others refused in a sentence', () => {
  assert.equal(followableLink(link(ANA), ORIGIN).shareID, ANA);
  assert.throws(() => followableLink(link(ANA, key, 'https://other.example'), ORIGIN), (e) => e instanceof PeopleError && e.code === 'otherServer' && /other\.example/.test(e.message));
  assert.throws(() => followableLink(link(ANA, new Uint8Array(16)), ORIGIN), (e) => e.code === 'cryptojs');
  assert.throws(() => followableLink(`${ORIGIN}/l/${ANA}`, ORIGIN), (e) => e.code === 'missingKey');
});

test('a share link handed over from the location viewer (#follow=<link>): parsed as pasted; anything else refused in a sentence', () => {
  const handed = linkFromFollowFragment(`#follow=${encodeURIComponent(link(ANA))}`);
  assert.equal(followableLink(link(ANA), ORIGIN).shareID, handed.shareID);
  assert.deepEqual([...handed.key], [...key]);
  assert.throws(() => linkFromFollowFragment('#follow=%E0%A4%A'), (e) => e instanceof LocationLinkError && e.code === 'notALink');
  // Past the 8,192 characters every link fragment is held to, it is not decoded at all.
  const long = `#follow=${encodeURIComponent(link(ANA))}${'%20'.repeat(3000)}`;
  assert.throws(() => linkFromFollowFragment(long), (e) => e instanceof LocationLinkError && e.code === 'notALink');
  assert.throws(() => linkFromFollowFragment(`#follow=${encodeURIComponent(`${ORIGIN}/l/${ANA}`)}`), (e) => e.code === 'missingKey');
});

test('people are kept sealed: after a reload the same names, keys and last positions; nothing in the clear; locked, nothing', async () => {
  const { people, backend, keyring } = await unlockedPeople();
  await people.add(followableLink(link(ANA), ORIGIN), 'Ana');
  await people.add(followableLink(link(BEN, new Uint8Array(32).fill(9)), ORIGIN), ' Ben ');
  await people.saw(ANA, { lat: 47.3769, lon: 8.5417, accuracy: 9, time: 1_000 }, 3);
  await people.saw(ANA, { lat: 47.3772, lon: 8.5421, accuracy: 8, time: 2_000 }, 4);
  await people.ended(BEN, 'revoked');
  await people.saved();
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

test('states and order: stopped sharing, share ended, no fix for 10 min, waiting, live; the newest seen first', () => {
  const now = 100 * 60_000;
  const live = { name: 'Ana', last: { time: now - 5_000 } }, quiet = { name: 'Ben', last: { time: now - QUIET_AFTER_MS } };
  const waiting = { name: 'Cem', last: null }, ended = { name: 'Dee', last: { time: now - 1_000 }, ended: 'revoked' };
  assert.deepEqual([live, quiet, waiting, ended].map((p) => personState(p, now)), ['live', 'quiet', 'waiting', 'stopped']);
  // Stop and New link (revoked, rotated) are the sharer's doing; an expiry is the share's end.
  assert.equal(personState({ ...ended, ended: 'rotated' }, now), 'stopped');
  assert.equal(personState({ ...ended, ended: 'expired' }, now), 'ended');
  assert.deepEqual(byLastSeen([waiting, quiet, live, ended]).map((p) => p.name), ['Dee', 'Ana', 'Ben', 'Cem']);
});

test('map tiles for the People map: the slippy-map tile under a point, at the zoom nearest the view\'s scale, placed where the point is drawn', () => {
  // Zürich (47.3769, 8.5417) at zoom 15 is tile 17161/11475 (x = (lon + 180) / 360 · 2^z, y from the Mercator formula).
  const lat = 47.3769, lon = 8.5417, z = 15;
  const scale = (256 * 2 ** z) / (2 * Math.PI);  // view units per radian where one tile is 256 units
  assert.equal(tileZoom(scale), z);
  assert.equal(tileZoom(scale * 1.3), z);
  assert.equal(tileZoom(1e-9), 0);
  assert.equal(tileZoom(1e12), 19);
  const cx = (lon * Math.PI) / 180, cy = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const tiles = tilesCovering({ cx, cy, scale, width: 360, height: 240 });
  const under = tiles.find((t) => t.left <= 180 && t.left + t.size > 180 && t.top <= 120 && t.top + t.size > 120);
  const n = 2 ** z, expectedY = Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
  assert.deepEqual([under.z, under.x, under.y], [z, Math.floor(((lon + 180) / 360) * n), expectedY]);
  assert.ok(Math.abs(under.size - 256) < 1e-9);
  assert.ok(tiles.length >= 2 && tiles.length <= 9, `${tiles.length} tiles`);
  assert.equal(tileURL('https://t.example/{z}/{x}/{y}{r}.png', under), `https://t.example/15/${under.x}/${under.y}.png`);
  // The whole world at zoom 0: one tile; x wraps round past ±180°.
  assert.deepEqual(tilesCovering({ cx: 0, cy: 0, scale: 256 / (2 * Math.PI), width: 256, height: 256 }).map((t) => [t.z, t.x, t.y]), [[0, 0, 0]]);
  assert.ok(tilesCovering({ cx: Math.PI, cy: 0, scale, width: 360, height: 240 }).every((t) => t.x >= 0 && t.x < n));
});

test('the tile server\'s description: read from map-tiles.json beside the app; none (404), unreachable or malformed: the grid', async () => {
  const answering = (status, body) => async (url) => { assert.equal(url, 'https://seqr.example/app/map-tiles.json'); return new Response(body, { status }); };
  const described = { template: 'https://t.example/{z}/{x}/{y}.png', host: 't.example', attribution: '<b>T</b>' };
  assert.deepEqual(await loadMapTiles('https://seqr.example/app/', answering(200, JSON.stringify(described))), described);
  assert.equal(await loadMapTiles('https://seqr.example/app/', answering(404, 'no such file')), null);
  assert.equal(await loadMapTiles('https://seqr.example/app/', answering(200, '{"template":1}')), null);
  assert.equal(await loadMapTiles('https://seqr.example/app/', async () => { throw new TypeError('offline'); }), null);
});

test('fixes seen together are sealed and saved in one write, the newest kept (50 people sending a fix a second)', async () => {
  const { people, backend } = await unlockedPeople();
  await people.add(followableLink(link(ANA), ORIGIN), 'Ana');
  let puts = 0;
  // A write is one transaction: the record and the keyring's manifest together.
  const putMany = backend.putMany.bind(backend);
  backend.putMany = async (entries) => { puts++; return putMany(entries); };
  for (let i = 1; i <= 20; i++) await people.saw(ANA, { lat: 47 + i / 1000, lon: 8.5, time: i * 1_000 }, i);
  assert.equal(puts, 0, 'saw() does not wait for a save');
  await people.saved();
  assert.equal(puts, 1);
  const again = (await unlockedPeople(backend)).people;
  assert.deepEqual([again.find(ANA).last.lat, again.find(ANA).seq, again.find(ANA).trail.length], [47.02, 20, 20]);
});

test('a first position that comes in while the list is being written is kept (not lost when the written list replaces it)', async () => {
  const { people, backend } = await unlockedPeople();
  await people.add(followableLink(link(ANA), ORIGIN), 'Ana');
  // Ben is followed while Ana's first fix arrives: the write that adds Ben is in flight when saw() runs.
  const putMany = backend.putMany.bind(backend);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let writing;
  const inFlight = new Promise((resolve) => { writing = resolve; });
  backend.putMany = async (entries) => { writing(); await held; return putMany(entries); };
  const adding = people.add(followableLink(link(BEN, new Uint8Array(32).fill(9)), ORIGIN), 'Ben');
  await inFlight;
  await people.saw(ANA, { lat: 47.3769, lon: 8.5417, accuracy: 9, time: 1_000 }, 1);
  release();
  await adding;
  assert.deepEqual([people.find(ANA).last?.lat, people.find(ANA).seq, people.find(ANA).trail.length], [47.3769, 1, 1]);
  assert.equal(personState(people.find(ANA), 1_000), 'live');
  backend.putMany = putMany;
  await people.saved();
  const again = (await unlockedPeople(backend)).people;
  assert.deepEqual([again.find(ANA).last?.lat, again.find(ANA).seq, again.find(BEN).name], [47.3769, 1, 'Ben']);
});

/** Tabs of one origin: what one posts, every other one hears (as BroadcastChannel does), after a turn; all posted is kept. */
class FakeChannels {
  constructor() { this.tabs = []; this.posted = []; }
  open() {
    const channel = { onmessage: null, postMessage: (data) => {
      this.posted.push(structuredClone(data));
      for (const other of this.tabs) if (other !== channel) setTimeout(() => other.onmessage?.({ data: structuredClone(data) }));
    } };
    this.tabs.push(channel);
    return channel;
  }
}
/** How many times `people` read the list again for another tab; `reloads.next()`: the next time. */
function reloads(people) {
  const seen = { count: 0, waiting: [] };
  people.addEventListener('reloaded', () => { seen.count++; seen.waiting.splice(0).forEach((resolve) => resolve()); });
  seen.next = () => new Promise((resolve) => seen.waiting.push(resolve));
  return seen;
}

test('a person followed or removed in another tab is read here too, with the positions seen here; the message names no one', async () => {
  const channels = new FakeChannels();
  // The lock the tabs share (navigator.locks in the page): one tab's write at a time.
  let held = Promise.resolve();
  const exclusive = (work) => { const run = held.then(work); held = run.catch(() => {}); return run; };
  const { people: first, backend } = await unlockedPeople(new MapBackend(), { broadcast: channels.open(), exclusive });
  const { people: second, keyring: secondKeyring } = await unlockedPeople(backend, { broadcast: channels.open(), exclusive });
  const [firstReloads, secondReloads] = [reloads(first), reloads(second)];
  let next = secondReloads.next();
  await first.add(followableLink(link(ANA), ORIGIN), 'Ana');
  await next;
  assert.deepEqual(second.list.map((p) => p.name), ['Ana']);
  assert.deepEqual([...second.find(ANA).key], [...key]);
  // Ben followed in the second tab: read in the first, which keeps the position it saw of Ana meanwhile.
  await first.saw(ANA, { lat: 47.3769, lon: 8.5417, time: 5_000 }, 2);
  next = firstReloads.next();
  await second.add(followableLink(link(BEN, new Uint8Array(32).fill(9)), ORIGIN), 'Ben');
  await next;
  assert.deepEqual(first.list.map((p) => [p.name, p.last?.lat ?? null]), [['Ana', 47.3769], ['Ben', null]]);
  // Ana removed in the second tab: gone from the first; a tab does not hear its own message.
  next = firstReloads.next();
  await second.remove(ANA);
  await next;
  assert.deepEqual(first.list.map((p) => p.name), ['Ben']);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual([firstReloads.count, secondReloads.count], [2, 1]);
  assert.deepEqual(channels.posted, [{ type: 'people-changed' }, { type: 'people-changed' }, { type: 'people-changed' }]);
  // A locked tab reads nothing (unlocking does).
  secondKeyring.lock();
  second.lock();
  await first.add(followableLink(link('CCCCCCCCCCCCCCCCCCCCCA'), ORIGIN), 'Cem');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(secondReloads.count, 1);
  assert.equal(second.list, null);
});
