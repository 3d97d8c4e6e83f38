#!/usr/bin/env node
// Writes Tests/Vectors/identity-backup-web.json: an identity backup written by the web app's
// keyring (ChannelKeyring.backup, identity-backup.js; WebCrypto's PBKDF2 and AES-GCM), which the
// Swift tests open and restore into a store (IdentityBackupTests, IdentityBackupStoreTests). Alice
// owns "Balcony" (Bob subscribed, Carol removed: epochs 0 and 1) and follows Bob's "Orchard"; the
// messages are for the Swift side to read once restored. Run it again only to replace the vector:
//
//   node Tests/WebApp/make-web-identity-backup-vector.mjs
import { writeFileSync } from 'node:fs';
import { toBase64, toHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { SealedRecords } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';

class MapBackend extends Map { async get(k) { return super.get(k); } async put(k, v) { this.set(k, structuredClone(v)); } }
const keyring = () => new ChannelKeyring(new SealedRecords(new MapBackend(), { iterations: 1000, minimumIterations: 1 }));
const passphrase = 'web passphrase ✓ é';
const alice = keyring(), bob = keyring(), carol = keyring();
await alice.create('Alice (web)', passphrase); await bob.create('Bob (web)', 'bob'); await carol.create('Carol (web)', 'carol');
const key = async (k) => ChannelKeyring.readPublicKey(k.publicKeyCode());
const balcony = await alice.createChannel('Balcony');
await bob.subscribe(await alice.share(balcony, await key(bob)));
await carol.subscribe(await alice.share(balcony, await key(carol)));
const early = await alice.post(balcony, { kind: 1, created: 1_764_000_000, expires: 0, content: 'epoch 0 from the page' });
await alice.removeSubscriber(balcony, await (await key(carol)).fingerprint());
const late = await alice.post(balcony, { kind: 1, created: 1_764_000_100, expires: 0, content: 'epoch 1 from the page' });
const orchard = await bob.createChannel('Orchard');
await alice.subscribe(await bob.share(orchard, await key(alice)));
const bobs = await bob.post(orchard, { kind: 2, created: 1_764_000_200, expires: 0, content: 'https://orchard.example/' });
// The page's lowest accepted count, so the Swift tests derive quickly; the page writes 600,000.
const file = await alice.backup(passphrase, { iterations: 210_000, now: 1_764_000_300_000 });
writeFileSync(new URL('../Vectors/identity-backup-web.json', import.meta.url), `${JSON.stringify({
  description: 'An identity backup written by the web app (ChannelKeyring.backup); written by Tests/WebApp/make-web-identity-backup-vector.mjs',
  passphrase, name: 'Alice (web)', fingerprint: await alice.identity.publicIdentity.fingerprint(), fileBase64: toBase64(file),
  channels: alice.channels.map((c) => ({ name: c.name, owned: c.owned, id: toHex(c.id), epochs: [...c.secrets.keys()] })),
  subscribers: balcony.subscribers.map((s) => ({ name: s.name, removed: s.removedAt !== null })),
  messages: [[early, 'epoch 0 from the page'], [late, 'epoch 1 from the page'], [bobs, 'https://orchard.example/']].map(([code, content]) => ({ code: toHex(code), content })),
}, null, 2)}\n`);
console.log('Tests/Vectors/identity-backup-web.json written');
