// The channel code modules (public key, share, message, rekey, link) against
// Tests/Vectors/channel-suite2.json — the vectors the Swift tests read exactly ("Channel suite 2"),
// written by the independent Python reference — and every tampered, truncated or foreign code
// refused with a ChannelError.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fromHex, toBase64URL, toHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelError } from '../../Sources/SeqrWebApp/Resources/js/channel-error.js';
import { decodeChannelMessage, encodeChannelMessage, messageHeader } from '../../Sources/SeqrWebApp/Resources/js/channel-message-code.js';
import { encodeRekeyCodes, openRekeyCode, parseRekeyCode } from '../../Sources/SeqrWebApp/Resources/js/channel-rekey-code.js';
import { decodeChannelShare, encodeChannelShare } from '../../Sources/SeqrWebApp/Resources/js/channel-share-code.js';
import { PrivateIdentity } from '../../Sources/SeqrWebApp/Resources/js/private-identity.js';
import { decodePublicKeyCode, encodePublicKeyCode } from '../../Sources/SeqrWebApp/Resources/js/public-key-code.js';
import { checkLinkFits, codeFromFragment, codeLink, parseCodeLink, readCodeLink } from '../../Sources/SeqrWebApp/Resources/js/seqr-code-link.js';

const v = JSON.parse(readFileSync(new URL('../Vectors/channel-suite2.json', import.meta.url)));
const person = (p) => PrivateIdentity.fromSecrets({ ed25519: fromHex(p.ed25519Private), x25519: fromHex(p.x25519Private), name: p.name });
const alice = await person(v.owner), bob = await person(v.subscriber), carol = await person(v.removed);
const hex = fromHex;
const refusedWith = (code) => (e) => { assert.ok(e instanceof ChannelError, `${e}`); assert.equal(e.code, code, e.message); return true; };

/** The channel as the app keeps it for a subscriber: secrets per epoch. */
function subscribed(channel) { return { ...channel, secrets: new Map([[channel.epoch, channel.secret]]), removedAt: null }; }

test('each person\'s public-key code, fingerprint and recipient id are the vector\'s', async () => {
  for (const [p, fields] of [[alice, v.owner], [bob, v.subscriber], [carol, v.removed]]) {
    assert.equal(toHex(encodePublicKeyCode(p.publicIdentity)), fields.publicKeyCode);
    assert.equal(await p.publicIdentity.fingerprint(), fields.fingerprint);
    assert.equal(toHex(await p.publicIdentity.recipientID()), fields.recipientId);
    const read = await decodePublicKeyCode(hex(fields.publicKeyCode));
    assert.equal(read.name, fields.name);
    assert.equal(await read.fingerprint(), fields.fingerprint);
  }
});

test('the share written with the vector\'s ephemeral key is the vector\'s bytes, and Bob opens it; Carol cannot', async () => {
  const c = v.channel;
  const channel = { id: hex(c.id), name: c.name, secret: hex(c.secret), created: c.created, epoch: c.epoch };
  const share = await encodeChannelShare(channel, bob.publicIdentity, alice, { ephemeralIKM: hex(v.share.ephemeralIkm) });
  assert.equal(toHex(share), v.share.code);
  const opened = await decodeChannelShare(hex(v.share.code), bob);
  assert.equal(toHex(opened.id), c.id);
  assert.equal(toHex(opened.secret), c.secret);
  assert.deepEqual([opened.name, opened.created, opened.epoch], [c.name, c.created, c.epoch]);
  assert.equal(await opened.owner.fingerprint(), v.owner.fingerprint);
  await assert.rejects(decodeChannelShare(hex(v.share.code), carol), refusedWith('notForThisRecipient'));
});

test('the message written with the vector\'s nonce is the vector\'s bytes, and reads back', async () => {
  const channel = subscribed({ ...(await decodeChannelShare(hex(v.share.code), bob)) });
  const m = v.message;
  const code = await encodeChannelMessage({ kind: m.kind, created: m.created, expires: m.expires, content: m.content }, channel, alice, { nonce: hex(m.nonce) });
  assert.equal(toHex(code), m.code);
  assert.deepEqual(await decodeChannelMessage(hex(m.code), channel), { kind: 1, created: m.created, expires: 0, content: m.content, epoch: 0 });
});

test('the rekey moves Bob to epoch 1 (older message still readable), tells Carol she was removed; a later message needs it', async () => {
  const share = await decodeChannelShare(hex(v.share.code), bob);
  const channel = subscribed(share);
  const later = hex(v.laterMessage.code);
  assert.deepEqual(messageHeader(later).epoch, 1);
  await assert.rejects(decodeChannelMessage(later, channel), refusedWith('epochNotReached'));
  const code = parseRekeyCode(hex(v.rekey.code));
  assert.deepEqual([code.epoch, code.part, code.parts, code.removed.map(toHex), code.entries.map((e) => toHex(e.recipientID))],
    [1, 1, 1, [v.removed.recipientId], [v.subscriber.recipientId]]);
  const moved = await openRekeyCode(hex(v.rekey.code), channel, bob);
  assert.equal(toHex(moved.secret), v.rekey.secret);
  channel.secrets.set(moved.epoch, moved.secret);
  const read = await decodeChannelMessage(later, channel);
  assert.deepEqual([read.kind, read.content, read.expires], [2, 'https://garden.example/after', v.laterMessage.expires]);
  assert.equal((await decodeChannelMessage(hex(v.message.code), channel)).content, v.message.content);
  await assert.rejects(openRekeyCode(hex(v.rekey.code), channel, bob), refusedWith('staleRekey'));

  const carolsChannel = subscribed(share);
  await assert.rejects(openRekeyCode(hex(v.rekey.code), carolsChannel, carol), refusedWith('removedFromChannel'));
  carolsChannel.removedAt = 1;
  await assert.rejects(decodeChannelMessage(later, carolsChannel), (e) => refusedWith('removedFromChannel')(e) && e.message === 'you were removed from Garden');
});

test('the rekey code written with the vector\'s ephemeral keys is the vector\'s bytes; 17 subscribers make two signed parts', async () => {
  const c = v.channel;
  const next = { id: hex(c.id), epoch: v.rekey.epoch, secret: hex(v.rekey.secret) };
  const [code, ...more] = await encodeRekeyCodes(next, [bob.publicIdentity], [carol.publicIdentity], alice, { ephemeralIKMs: v.rekey.ephemeralIkms.map(hex) });
  assert.equal(more.length, 0);
  assert.equal(toHex(code), v.rekey.code);
  const many = await Promise.all(Array.from({ length: 16 }, (_, i) => PrivateIdentity.generate(`S${i}`)));
  const parts = await encodeRekeyCodes(next, [...many.map((p) => p.publicIdentity), bob.publicIdentity], [carol.publicIdentity], alice);
  assert.deepEqual(parts.map((p) => [parseRekeyCode(p).part, parseRekeyCode(p).parts, parseRekeyCode(p).entries.length]), [[1, 2, 16], [2, 2, 1]]);
  assert.ok(parts.every((p) => p.length < 1800));
  const channel = subscribed(await decodeChannelShare(hex(v.share.code), bob));
  await assert.rejects(openRekeyCode(parts[0], channel, bob), refusedWith('inAnotherRekeyPart'));
  assert.equal(toHex((await openRekeyCode(parts[1], channel, bob)).secret), v.rekey.secret);
  assert.equal(toHex((await openRekeyCode(parts[0], channel, many[3])).secret), v.rekey.secret);
});

test('codes written by swift-crypto (the seqr CLI, Tests/Vectors/channel-suite2-swift.json) open: share, message, rekey, later message', async () => {
  const swift = JSON.parse(readFileSync(new URL('../Vectors/channel-suite2-swift.json', import.meta.url)));
  const channel = subscribed(await decodeChannelShare(hex(swift.shareToBob), bob));
  assert.equal(await channel.owner.fingerprint(), swift.owner.fingerprint);
  assert.equal(toHex(encodePublicKeyCode(channel.owner)), swift.owner.publicKeyCode);
  assert.equal((await decodeChannelMessage(hex(swift.message.code), channel)).content, swift.message.content);
  const moved = await openRekeyCode(hex(swift.rekey.code), channel, bob);
  assert.equal(moved.epoch, swift.rekey.epoch);
  channel.secrets.set(moved.epoch, moved.secret);
  const later = await decodeChannelMessage(hex(swift.laterMessage.code), channel);
  assert.deepEqual([later.kind, later.content, later.epoch], [2, swift.laterMessage.content, 1]);
  const carolsChannel = subscribed(await decodeChannelShare(hex(swift.shareToCarol), carol));
  assert.equal((await decodeChannelMessage(hex(swift.message.code), carolsChannel)).content, swift.message.content);
  await assert.rejects(openRekeyCode(hex(swift.rekey.code), carolsChannel, carol), refusedWith('removedFromChannel'));
});

test('a flipped byte anywhere in a share, message or rekey code is refused with a ChannelError', async () => {
  const channel = subscribed(await decodeChannelShare(hex(v.share.code), bob));
  const readers = [
    [v.share.code, (b) => decodeChannelShare(b, bob)],
    [v.message.code, (b) => decodeChannelMessage(b, channel)],
    [v.rekey.code, (b) => openRekeyCode(b, channel, bob)],
    [v.owner.publicKeyCode, (b) => decodePublicKeyCode(b).then(async (id) => assert.notEqual(`${await id.fingerprint()} ${id.name}`, `${v.owner.fingerprint} ${v.owner.name}`))],
  ];
  for (const [codeHex, read] of readers) {
    const code = hex(codeHex);
    for (let i = 0; i < code.length; i++) {
      const altered = Uint8Array.from(code);
      altered[i] ^= 0x01;
      // A public key has no signature: an altered one is refused or reads as another key or name.
      try { await read(altered); if (codeHex !== v.owner.publicKeyCode) assert.fail(`byte ${i} of ${codeHex.slice(0, 8)} accepted`); } catch (e) {
        if (!(e instanceof ChannelError)) throw e;
      }
    }
    for (const length of [0, 1, 3, 4, 20, code.length - 65, code.length - 1]) {
      await assert.rejects(Promise.resolve().then(() => read(code.subarray(0, Math.max(0, length)))), ChannelError, `cut to ${length}`);
    }
  }
});

test('foreign codes and headers are refused with their own error', async () => {
  await assert.rejects(decodePublicKeyCode(new TextEncoder().encode('https://example.org')), refusedWith('notASeqrCode'));
  await assert.rejects(decodePublicKeyCode(Uint8Array.of(0x53, 0x51, 9, 1)), refusedWith('unsupportedVersion'));
  await assert.rejects(decodePublicKeyCode(Uint8Array.of(0x53, 0x51, 1, 7)), refusedWith('unknownType'));
  await assert.rejects(decodePublicKeyCode(hex(v.share.code)), refusedWith('unknownType'));
  assert.throws(() => parseRekeyCode(Uint8Array.of(0x53, 0x51, 1, 4, ...new Uint8Array(100))), refusedWith('unsupportedVersion'));
});

test('links: built and read as the Swift side writes them (canonical base64url in the fragment); others refused', () => {
  const code = hex(v.message.code);
  const link = codeLink('https://seqr.example/', code);
  assert.equal(link, `https://seqr.example/app/#${toBase64URL(code)}`);
  assert.deepEqual(parseCodeLink(link), code);
  assert.deepEqual(codeFromFragment(`#${toBase64URL(code)}`), code);
  for (const bad of ['https://seqr.example/app/', 'https://seqr.example/other/#' + toBase64URL(code), 'https://seqr.example/app/?q=1#' + toBase64URL(code),
    'ftp://seqr.example/app/#' + toBase64URL(code), 'https://seqr.example/app/#aGVsbG8', 'https://seqr.example/app/#' + toBase64URL(code) + '=', 'not a link']) {
    assert.throws(() => parseCodeLink(bad), refusedWith('invalidLink'), bad);
  }
  // A non-canonical last character (unused bits set) is not the same code's link.
  assert.deepEqual(codeFromFragment('U1E'), Uint8Array.of(0x53, 0x51));
  assert.throws(() => codeFromFragment('U1F'), refusedWith('invalidLink'));
});

test('a link names its host as the browser resolves it (Punycode for an internationalised name), with its origin', () => {
  const code = hex(v.message.code);
  const fragment = toBase64URL(code);
  assert.deepEqual(readCodeLink(`https://seqr.example:8443/app/#${fragment}`), { code, host: 'seqr.example:8443', origin: 'https://seqr.example:8443' });
  assert.deepEqual(readCodeLink(`  HTTPS://SEQR.Example/app/#${fragment}\n`), { code, host: 'seqr.example', origin: 'https://seqr.example' });
  // A Cyrillic "е" in a look-alike name is shown as what the browser looks up.
  assert.equal(readCodeLink(`https://s\u0435qr.example/app/#${fragment}`).host, 'xn--sqr-rdd.example');
  assert.throws(() => readCodeLink(`https://user@seqr.example/app/#${fragment}`), refusedWith('invalidLink'));
});

test('a link longer than the CLI reads (8,192 characters, far past any QR code) is refused before it is decoded', () => {
  const longest = new Uint8Array(6141); longest.set([0x53, 0x51]);  // 8,188 characters of base64url
  assert.equal(codeFromFragment(toBase64URL(longest)).length, 6141);
  const huge = new Uint8Array(3_000_000); huge.set([0x53, 0x51]);
  assert.throws(() => codeFromFragment(`#${toBase64URL(huge)}`), refusedWith('invalidLink'));
  assert.throws(() => parseCodeLink(`https://seqr.example/app/#${toBase64URL(huge)}`), refusedWith('invalidLink'));
});

test('a link that no QR code holds (more than 2,331 bytes, version 40 at level M) is refused before it is drawn', () => {
  checkLinkFits('https://seqr.example/app/#' + 'A'.repeat(2331 - 26));
  assert.throws(() => checkLinkFits('https://seqr.example/app/#' + 'A'.repeat(2332 - 26)),
    (e) => refusedWith('linkTooLong')(e) && e.message === 'the link is 2332 bytes, more than the 2331 a version-40 QR code holds: write a shorter message');
});

test('a fresh identity signs shares and messages that read back, with its own fingerprint', async () => {
  const owner = await PrivateIdentity.generate('Dana');
  const channel = { id: crypto.getRandomValues(new Uint8Array(16)), name: 'Yard', secret: crypto.getRandomValues(new Uint8Array(32)), created: 1764000000, epoch: 0 };
  const share = await encodeChannelShare(channel, bob.publicIdentity, owner);
  const opened = await decodeChannelShare(share, bob);
  assert.equal(await opened.owner.fingerprint(), await owner.publicIdentity.fingerprint());
  const restored = await PrivateIdentity.fromSecrets(await owner.secrets());
  const message = await encodeChannelMessage({ kind: 1, created: 1, expires: 0, content: 'hi' }, channel, restored);
  assert.equal((await decodeChannelMessage(message, subscribed(opened))).content, 'hi');
});

test('a short mutation-fuzz run (channel-codes-fuzz.mjs): every refusal of 20,000 mutated codes and links is a ChannelError', async () => {
  const { fuzz } = await import('./channel-codes-fuzz.mjs');
  const result = await fuzz(20_000, 20261125);
  assert.deepEqual(result.findings.map((f) => String(f.error)), []);
  assert.ok(result.refused > 10_000 && result.accepted > 0 && result.resigned > 0, JSON.stringify(result));
});

test('a URL message is a link only for http and https; expiry is told, 0 never expires', async () => {
  const { isExpired, isWebLink, schemeOf } = await import('../../Sources/SeqrWebApp/Resources/js/message-link-policy.js');
  assert.equal(isWebLink('https://garden.example'), true);
  assert.equal(isWebLink('HTTP://garden.example'), true);
  for (const url of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'mailto:a@b', 'garden.example', ' https://x']) assert.equal(isWebLink(url), false, url);
  assert.equal(schemeOf('JavaScript:x'), 'javascript');
  assert.equal(schemeOf('no scheme'), null);
  assert.equal(isExpired(0, 10 ** 13), false);
  assert.equal(isExpired(100, 99_000), false);
  assert.equal(isExpired(100, 100_000), true);
});
