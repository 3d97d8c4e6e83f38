// js/sealed-records.js and js/channel-keyring.js: the identity, channels and history kept sealed
// under a passphrase (never in the clear), and two browsers' keyrings sharing, posting and reading.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toBase64, toHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { encodeChannelMessage } from '../../Sources/SeqrWebApp/Resources/js/channel-message-code.js';
import { encodeRekeyCodes } from '../../Sources/SeqrWebApp/Resources/js/channel-rekey-code.js';
import { encodeChannelShare } from '../../Sources/SeqrWebApp/Resources/js/channel-share-code.js';
import { SealedRecords, VaultError } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';

class MapBackend extends Map { async get(k) { return super.get(k); } async put(k, v) { this.set(k, structuredClone(v)); } }
// Few iterations keep the test fast; the page uses note-kdf.js's 600,000 and refuses fewer than 210,000.
const keyring = (backend = new MapBackend()) => new ChannelKeyring(new SealedRecords(backend, { iterations: 1000, minimumIterations: 1 }));

test('the identity is kept sealed: no secret key, channel secret or message text is stored in the clear', async () => {
  const backend = new MapBackend();
  const alice = keyring(backend);
  await alice.create('Alice', 'a long passphrase');
  const channel = await alice.createChannel('Garden');
  await alice.post(channel, { kind: 1, created: 1, expires: 0, content: 'secret meeting' });
  const secrets = await alice.identity.secrets().catch(() => null);
  assert.equal(secrets, null, 'the unlocked keys are not extractable');
  const stored = JSON.stringify([...backend]);
  for (const clear of ['secret meeting', 'Garden', 'Alice', toBase64(channel.secrets.get(0)), toHex(channel.secrets.get(0))]) {
    assert.ok(!stored.includes(clear), `"${clear}" stored in the clear`);
  }
  assert.deepEqual([...backend.keys()].sort(), ['channels', 'history', 'identity', 'kdf', 'manifest']);
});

test('unlocking takes the passphrase; a wrong one or an altered record is a VaultError and leaves it locked', async () => {
  const backend = new MapBackend();
  const first = keyring(backend);
  await first.create('Alice', 'a long passphrase');
  const fingerprint = await first.identity.publicIdentity.fingerprint();
  const again = keyring(backend);
  assert.equal(await again.exists(), true);
  await assert.rejects(again.unlock('wrong'), (e) => e instanceof VaultError && e.code === 'wrongPassphrase');
  assert.equal(again.unlocked, false);
  await again.unlock('a long passphrase');
  assert.equal(await again.identity.publicIdentity.fingerprint(), fingerprint);
  // The channels record moved into the identity's place does not open (the record name is bound).
  backend.set('identity', backend.get('channels'));
  await assert.rejects(keyring(backend).unlock('a long passphrase'), (e) => e.code === 'wrongPassphrase');
});

test('a channel shared from one keyring to another: subscribed, its messages read and kept; a foreign share refused', async () => {
  const alice = keyring(), bob = keyring(), carol = keyring();
  await alice.create('Alice', 'pass one'); await bob.create('Bob', 'pass two'); await carol.create('Carol', 'pass three');
  const garden = await alice.createChannel('Garden');
  const bobKey = await ChannelKeyring.readPublicKey(bob.publicKeyCode());
  const share = await alice.share(garden, bobKey);
  const { channel, added } = await bob.subscribe(share);
  assert.equal(added, true);
  assert.equal(channel.name, 'Garden');
  assert.equal(await channel.owner.fingerprint(), await alice.identity.publicIdentity.fingerprint());
  await assert.rejects(carol.subscribe(share), (e) => e.code === 'notForThisRecipient');
  const code = await alice.post(garden, { kind: 2, created: 5, expires: 0, content: 'https://garden.example' });
  const { message } = await bob.read(code);
  assert.equal(message.content, 'https://garden.example');
  assert.equal(bob.history[0].content, 'https://garden.example');
  await assert.rejects(carol.read(code), (e) => e.code === 'unknownChannel');
  assert.equal((await bob.subscribe(share)).added, false);
  assert.deepEqual(garden.subscribers.map((s) => s.name), ['Bob']);
});

test('the owner in the browser removes a subscriber: the others move to the next epoch and read on, the removed one is told', async () => {
  const alice = keyring(), bob = keyring(), carol = keyring();
  await alice.create('Alice', 'pass one'); await bob.create('Bob', 'pass two'); await carol.create('Carol', 'pass three');
  const garden = await alice.createChannel('Garden');
  for (const subscriber of [bob, carol]) await subscriber.subscribe(await alice.share(garden, await ChannelKeyring.readPublicKey(subscriber.publicKeyCode())));
  const before = await alice.post(garden, { kind: 1, created: 1, expires: 0, content: 'before' });
  const carolFingerprint = await carol.identity.publicIdentity.fingerprint();
  const codes = await alice.removeSubscriber(garden, carolFingerprint);
  assert.equal(codes.length, 1);
  assert.equal(garden.epoch, 1);
  const after = await alice.post(garden, { kind: 1, created: 2, expires: 0, content: 'after' });
  await assert.rejects(bob.read(after), (e) => e.code === 'epochNotReached');
  assert.equal((await bob.rekey(codes[0])).epoch, 1);
  assert.equal((await bob.read(after)).message.content, 'after');
  assert.equal((await bob.read(before)).message.content, 'before');
  await assert.rejects(carol.rekey(codes[0]), (e) => e.code === 'removedFromChannel' && e.message === 'you were removed from Garden');
  await assert.rejects(carol.read(after), (e) => e.code === 'removedFromChannel');
  assert.equal((await carol.read(before)).message.content, 'before');
  await assert.rejects(alice.removeSubscriber(garden, carolFingerprint), (e) => e.code === 'invalidContent');
});

test('two tabs of one browser: what each keeps is merged when it saves, never overwritten by the other\'s older copy', async () => {
  // A phone camera opens every link in a new tab, each with its own copy of the keyring.
  const backend = new MapBackend();
  const first = keyring(backend);
  await first.create('Alice', 'a long passphrase');
  const second = keyring(backend);
  await second.unlock('a long passphrase');
  const garden = await first.createChannel('Garden');
  const posted = await first.post(garden, { kind: 1, created: 1, expires: 0, content: 'first tab' });
  await second.createChannel('Orchard');  // the second tab still holds the keyring as it was before Garden
  const again = keyring(backend);
  await again.unlock('a long passphrase');
  assert.deepEqual(again.channels.map((c) => c.name).sort(), ['Garden', 'Orchard']);
  assert.deepEqual(again.history.map((e) => e.content), ['first tab']);
  // A removal made in one tab moves the channel in the other before it posts: the removed one cannot read it.
  const bob = keyring();
  await bob.create('Bob', 'pass two');
  await first.share(garden, await ChannelKeyring.readPublicKey(bob.publicKeyCode()));
  await second.unlock('a long passphrase');
  await first.removeSubscriber(garden, await bob.identity.publicIdentity.fingerprint());
  const stale = second.channels.find((c) => c.name === 'Garden');
  await second.post(stale, { kind: 1, created: 2, expires: 0, content: 'after the removal' });
  assert.equal(stale.epoch, 1);
  assert.equal(first.channels.find((c) => c.name === 'Garden').subscribers[0].removedAt, 1);
  assert.ok(posted);
});

test('a channel\'s messages are those of its id and owner, never of another owner\'s channel of the same name', async () => {
  const alice = keyring(), mallory = keyring(), bob = keyring();
  await alice.create('Alice', 'pass one'); await mallory.create('Mallory', 'pass two'); await bob.create('Bob', 'pass three');
  const bobKey = await ChannelKeyring.readPublicKey(bob.publicKeyCode());
  const real = await alice.createChannel('Garden'), fake = await mallory.createChannel('Garden');
  await bob.subscribe(await alice.share(real, bobKey));
  await bob.subscribe(await mallory.share(fake, bobKey));
  await bob.read(await alice.post(real, { kind: 1, created: 1, expires: 0, content: 'from Alice' }));
  await bob.read(await mallory.post(fake, { kind: 1, created: 2, expires: 0, content: 'from Mallory' }));
  const [bobsReal, bobsFake] = bob.channels;
  assert.deepEqual((await bob.historyOf(bobsReal)).map((e) => e.content), ['from Alice']);
  assert.deepEqual((await bob.historyOf(bobsFake)).map((e) => e.content), ['from Mallory']);
});

test('a rekey past the last epoch a code can carry (UInt32) is refused instead of wrapping to epoch 0', async () => {
  const alice = keyring(), bob = keyring();
  await alice.create('Alice', 'pass one'); await bob.create('Bob', 'pass two');
  const bobKey = await ChannelKeyring.readPublicKey(bob.publicKeyCode());
  const next = (epoch) => ({ id: new Uint8Array(16), epoch, secret: new Uint8Array(32) });
  assert.equal((await encodeRekeyCodes(next(0xFFFFFFFF), [bobKey], [], alice.identity)).length, 1);
  await assert.rejects(encodeRekeyCodes(next(0x100000000), [bobKey], [], alice.identity), (e) => e.code === 'invalidContent');
});

test('a keyring whose identity record is missing does not unlock under any passphrase: it says it is damaged', async () => {
  const backend = new MapBackend();
  await keyring(backend).create('Alice', 'a long passphrase');
  backend.delete('identity');
  const again = keyring(backend);
  await assert.rejects(again.unlock('any passphrase at all'), (e) => e instanceof VaultError && e.code === 'damaged');
  assert.equal(again.unlocked, false);
  assert.equal(again.records.unlocked, false);
});

test('a second "create identity" (a tab opened before the first was made) is refused: the kept identity is not replaced', async () => {
  const backend = new MapBackend();
  const first = keyring(backend), second = keyring(backend);
  await first.create('Alice', 'a long passphrase');
  const fingerprint = await first.identity.publicIdentity.fingerprint();
  await first.createChannel('Garden');
  await assert.rejects(second.create('Mallory', 'another passphrase'), (e) => e instanceof VaultError && e.code === 'exists');
  assert.equal(second.unlocked, false);
  const again = keyring(backend);
  await again.unlock('a long passphrase');
  assert.equal(await again.identity.publicIdentity.fingerprint(), fingerprint);
  assert.deepEqual(again.channels.map((c) => c.name), ['Garden']);
});

test('shared again after a removal, the subscriber is back; an older rekey naming them removed does not undo it', async () => {
  const alice = keyring(), bob = keyring(), carol = keyring();
  await alice.create('Alice', 'pass one'); await bob.create('Bob', 'pass two'); await carol.create('Carol', 'pass three');
  const garden = await alice.createChannel('Garden');
  const carolKey = await ChannelKeyring.readPublicKey(carol.publicKeyCode());
  await bob.subscribe(await alice.share(garden, await ChannelKeyring.readPublicKey(bob.publicKeyCode())));
  await carol.subscribe(await alice.share(garden, carolKey));
  const [removal] = await alice.removeSubscriber(garden, await carol.identity.publicIdentity.fingerprint());
  await assert.rejects(carol.rekey(removal), (e) => e.code === 'removedFromChannel');
  assert.equal(carol.channels[0].removedAt, 1);
  await carol.subscribe(await alice.share(garden, carolKey));  // at epoch 1: Carol is back
  assert.equal(carol.channels[0].removedAt, null);
  await assert.rejects(carol.rekey(removal), (e) => e.code === 'staleRekey');
  assert.equal(carol.channels[0].removedAt, null);
  const [next] = await alice.removeSubscriber(garden, await bob.identity.publicIdentity.fingerprint());
  const later = await alice.post(garden, { kind: 1, created: 3, expires: 0, content: 'epoch 2' });
  await assert.rejects(carol.read(later), (e) => e.code === 'epochNotReached');
  await carol.rekey(next);
  assert.equal((await carol.read(later)).message.content, 'epoch 2');
});

test('a stale removal replayed after the channel was shared again at a later epoch is stale, not a removal (issue 47)', async () => {
  const alice = keyring(), bob = keyring(), carol = keyring();
  await alice.create('Alice', 'pass one'); await bob.create('Bob', 'pass two'); await carol.create('Carol', 'pass three');
  const garden = await alice.createChannel('Garden');
  const carolKey = await ChannelKeyring.readPublicKey(carol.publicKeyCode());
  await bob.subscribe(await alice.share(garden, await ChannelKeyring.readPublicKey(bob.publicKeyCode())));
  await carol.subscribe(await alice.share(garden, carolKey));
  // Carol removed (epoch 1), then Bob (epoch 2); Carol, who never scanned the first, is shared the channel again at epoch 2.
  const [removal] = await alice.removeSubscriber(garden, await carol.identity.publicIdentity.fingerprint());
  await alice.removeSubscriber(garden, await bob.identity.publicIdentity.fingerprint());
  await carol.subscribe(await alice.share(garden, carolKey));
  assert.equal(carol.channels[0].epoch, 2);
  // Someone replays the old removal: it names epoch 1, and Carol holds a share of epoch 2.
  await assert.rejects(carol.rekey(removal), (e) => e.code === 'staleRekey' && e.epoch === 1);
  assert.equal(carol.channels[0].removedAt, null);
  const later = await alice.post(garden, { kind: 1, created: 4, expires: 0, content: 'welcome back' });
  assert.equal((await carol.read(later)).message.content, 'welcome back');
});

test('a look-alike share (a known channel id or owner name, another owner key) is refused with both fingerprints before subscribing, unless accepted (issue 47)', async () => {
  const alice = keyring(), fake = keyring(), bob = keyring();
  await alice.create('Alice', 'pass one'); await fake.create('Alice', 'pass two'); await bob.create('Bob', 'pass three');
  const bobKey = await ChannelKeyring.readPublicKey(bob.publicKeyCode());
  const garden = await alice.createChannel('Garden');
  await bob.subscribe(await alice.share(garden, bobKey));
  const real = await alice.identity.publicIdentity.fingerprint(), other = await fake.identity.publicIdentity.fingerprint();
  // Same channel id, name and owner name, another key.
  const lookalike = await encodeChannelShare({ id: garden.id, name: 'Garden', secret: new Uint8Array(32).fill(9), created: 1, epoch: 0 }, bobKey, fake.identity);
  await assert.rejects(bob.subscribe(lookalike), (e) => e.code === 'newOwnerKey' && e.reason === 'sameChannelID'
    && e.message === `this share has the same channel id as "Garden" from Alice (${real}) but another owner key (${other}): it may be a look-alike; compare the fingerprint with the owner's`);
  assert.equal(bob.channels.length, 1);
  // Another channel under the same owner name, another key.
  const news = await fake.createChannel('News');
  await assert.rejects(bob.subscribe(await fake.share(news, bobKey)), (e) => e.code === 'newOwnerKey' && e.reason === 'sameOwnerName');
  assert.equal(bob.channels.length, 1);
  // The real owner's shares pass as before; the look-alike, once said, can be accepted knowingly.
  assert.equal((await bob.subscribe(await alice.share(await alice.createChannel('Roses'), bobKey))).added, true);
  assert.equal((await bob.subscribe(lookalike, { newOwnerKey: true })).added, true);
  assert.equal(bob.channels.length, 3);
});

test('a message whose code the page cannot draw is not kept as posted', async () => {
  const alice = keyring();
  await alice.create('Alice', 'pass one');
  const garden = await alice.createChannel('Garden');
  const refuse = () => { throw new Error('too long to draw'); };
  await assert.rejects(alice.post(garden, { kind: 1, created: 1, expires: 0, content: 'x'.repeat(3000) }, refuse), /too long to draw/);
  assert.deepEqual(alice.history, []);
});

test('a stranger\'s share under a channel\'s id is a channel of its own: each message and rekey goes to the owner who signed it', async () => {
  const alice = keyring(), mallory = keyring(), bob = keyring();
  await alice.create('Alice', 'pass one'); await mallory.create('Mallory', 'pass two'); await bob.create('Bob', 'pass three');
  const bobKey = await ChannelKeyring.readPublicKey(bob.publicKeyCode());
  const garden = await alice.createChannel('Garden');
  const forged = { id: garden.id, name: 'Garden', secret: new Uint8Array(32).fill(7), created: 1, epoch: 0 };
  await bob.subscribe(await encodeChannelShare(forged, bobKey, mallory.identity));  // first, so it is tried first
  // The second owner key under a known channel id is said before subscribing; then subscribed knowingly.
  const real = await alice.share(garden, bobKey);
  await assert.rejects(bob.subscribe(real), (e) => e.code === 'newOwnerKey');
  await bob.subscribe(real, { newOwnerKey: true });
  assert.equal(bob.channels.length, 2);
  const { channel } = await bob.read(await alice.post(garden, { kind: 1, created: 2, expires: 0, content: 'real' }));
  assert.equal(channel.owner.name, 'Alice');
  const [rekey] = await alice.removeSubscriber(garden, await bob.identity.publicIdentity.fingerprint());
  await assert.rejects(bob.rekey(rekey), (e) => e.code === 'removedFromChannel');
  assert.deepEqual(bob.channels.map((c) => [c.owner.name, c.removedAt]), [['Mallory', null], ['Alice', 1]]);
  const later = await alice.post(garden, { kind: 1, created: 3, expires: 0, content: 'after' });
  await assert.rejects(bob.read(later), (e) => e.code === 'removedFromChannel');
  const stranger = keyring(); await stranger.create('Eve', 'pass four');
  const unsigned = await encodeChannelMessage({ kind: 1, created: 4, expires: 0, content: 'nobody\'s' }, { ...forged, secret: forged.secret }, stranger.identity);
  await assert.rejects(bob.read(unsigned), (e) => e.code === 'badSignature');
  // A rekey of the channel's id signed by someone else moves nothing, even with an entry for Bob.
  const [foreignRekey] = await encodeRekeyCodes({ id: garden.id, epoch: 9, secret: new Uint8Array(32) }, [bobKey], [], stranger.identity);
  await assert.rejects(bob.rekey(foreignRekey), (e) => e.code === 'badSignature');
  assert.deepEqual(bob.channels.map((c) => c.epoch), [0, 0]);
});
