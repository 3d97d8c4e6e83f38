// The scanner's routing (scanned-code.js) and set collector (code-set-collector.js): each kind of
// code `seqr scan` tells apart — channel codes raw and as links (Tests/Vectors/channel-suite2.json),
// vault codes, health cards, signed codes (Tests/Vectors/signed-codes.json), URLs and text — routed
// with the CLI's words, URLs with their warnings; and sets collected across frames with progress,
// repeats ignored, another set's codes kept out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { concatBytes, fromHex, toBase64URL, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { AddOutcome, CodeSetCollector, SetKind } from '../../Sources/SeqrWebApp/Resources/js/code-set-collector.js';
import { classifyScan, CLI_NOTES, ScanAction, ScanKind } from '../../Sources/SeqrWebApp/Resources/js/scanned-code.js';
import { KeyShare } from '../../Sources/SeqrWebApp/Resources/js/key-share.js';
import { splitKeySheets } from '../../Sources/SeqrWebApp/Resources/js/key-sheets.js';
import { codeLink } from '../../Sources/SeqrWebApp/Resources/js/seqr-code-link.js';
import { UrlWarning } from '../../Sources/SeqrWebApp/Resources/js/url-warnings.js';

const channel = JSON.parse(readFileSync(new URL('../Vectors/channel-suite2.json', import.meta.url)));
const signed = JSON.parse(readFileSync(new URL('../Vectors/signed-codes.json', import.meta.url)));
const scan = (bytes, text = null) => classifyScan({ bytes, text });
const scanText = (text) => scan(utf8(text), text);

/** A vault code as `seqr vault backup` writes one: header, payload, SHA-256 checksum (docs/formats/papervault.md). */
async function vaultCode(digestByte, total, number, payload = utf8('slice')) {
  const header = new Uint8Array(38);
  header.fill(digestByte, 0, 32);
  header[32] = 2; header[33] = 3;
  new DataView(header.buffer).setUint16(34, total);
  new DataView(header.buffer).setUint16(36, number);
  const body = concatBytes(header, payload);
  const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return concatBytes(body, sum.subarray(0, 2));
}

test('Seqr channel codes, raw or as a link, route as `seqr scan` words them; a link says its host', async () => {
  const key = await scan(fromHex(channel.owner.publicKeyCode));
  assert.deepEqual([key.kind, key.words, key.action, key.via, key.name, key.fingerprint],
    [ScanKind.publicKey, 'public key', ScanAction.shareChannel, 'raw', channel.owner.name, channel.owner.fingerprint]);
  for (const [code, kind, words, action] of [[channel.share.code, ScanKind.channelShare, 'channel share', ScanAction.subscribe],
    [channel.message.code, ScanKind.channelMessage, 'message', ScanAction.readMessage], [channel.rekey.code, ScanKind.channelRekey, 'rekey code', ScanAction.applyRekey]]) {
    const raw = await scan(fromHex(code));
    assert.deepEqual([raw.kind, raw.words, raw.action, raw.suite], [kind, words, action, 2]);
    const link = await scanText(codeLink('https://seqr.example', fromHex(code)));
    assert.deepEqual([link.kind, link.via, link.host], [kind, 'link', 'seqr.example']);
    assert.deepEqual(link.code, fromHex(code));
  }
  const unknown = await scan(Uint8Array.of(0x53, 0x51, 9, 1));
  assert.equal(unknown.kind, ScanKind.seqrCode);
  assert.equal(unknown.error.code, 'unsupportedVersion');
  assert.equal((await scan(Uint8Array.of(0x53, 0x51, 1))).error.code, 'truncated');
});

test('signed codes, bare or in a ?jws= link, and health cards (single or a chunk) are routed to be verified, with the CLI\'s notes', async () => {
  const token = signed.joserfc[0].token;
  const bare = await scanText(`${token}\n`);
  assert.deepEqual([bare.kind, bare.words, bare.action, bare.token, bare.note], [ScanKind.jws, 'signed code (JWS)', ScanAction.verifySignedCode, token, CLI_NOTES.jws]);
  assert.equal(bare.payload, undefined, 'nothing of an unverified payload is returned');
  const viaURL = await scanText(signed.swift.jws[0].url);
  assert.deepEqual([viaURL.kind, viaURL.url], [ScanKind.jws, signed.swift.jws[0].url]);
  assert.ok(signed.swift.jws[0].url.endsWith(`jws=${viaURL.token}`));
  const card = await scanText(signed.cards[1].texts[1]);
  assert.deepEqual([card.kind, card.words, card.action, card.chunk], [ScanKind.smartHealthCard, 'SMART Health Card', ScanAction.verifyHealthCard, { index: 2, count: 3 }]);
  assert.equal((await scanText('SHC:/5678')).kind, ScanKind.smartHealthCard);
  assert.equal((await scanText('a.b.c')).kind, ScanKind.text, 'three dots of text are no JWS');
});

test('a vault code (data or parity) is a page of a paper backup; a location link opens the live view; a JWK is keys to trust', async () => {
  const vault = await scan(await vaultCode(7, 3, 0));
  assert.deepEqual([vault.kind, vault.words, vault.note, vault.vault.totalCodes, vault.vault.codeNumber, vault.vault.parity],
    [ScanKind.vaultCode, 'vault code', 'one code of a paper backup; restore it with `seqr vault restore`', 3, 0, false]);
  const damaged = await vaultCode(7, 3, 0);
  damaged[40] ^= 1;
  assert.notEqual((await scan(damaged)).kind, ScanKind.vaultCode, 'a checksum that fails is some other code');
  const key = toBase64URL(new Uint8Array(32).fill(1));
  const location = await scanText(`https://seqr.example/l/AAAAAAAAAAAAAAAAAAAAAA#k=${key}`);
  assert.deepEqual([location.kind, location.action, location.link.shareID, location.link.pageURL, location.link.format],
    [ScanKind.locationLink, ScanAction.openLocation, 'AAAAAAAAAAAAAAAAAAAAAA', 'https://seqr.example/l/AAAAAAAAAAAAAAAAAAAAAA', 'seqr-location-v1']);
  const keys = await scanText(JSON.stringify(signed.issuer));
  assert.deepEqual([keys.kind, keys.action], [ScanKind.keys, ScanAction.trustKeys]);
});

test('URLs are links only for http(s), with warnings for other schemes, punycode or mixed-script hosts and credentials; text is shown escaped', async () => {
  const plain = await scanText('https://example.com/a?b=c');
  assert.deepEqual([plain.kind, plain.words, plain.action, plain.content, plain.warnings], [ScanKind.url, 'URL', ScanAction.showLink, 'https://example.com/a?b=c', []]);
  const codes = async (text) => (await scanText(text)).warnings.map((w) => w.code);
  assert.deepEqual(await codes('https://xn--pple-43d.com/'), [UrlWarning.punycodeHost]);
  assert.deepEqual(await codes('https://p\u0430ypal.com/'), [UrlWarning.punycodeHost, UrlWarning.mixedScriptHost]);
  assert.deepEqual(await codes('https://bank.example@evil.example/'), [UrlWarning.credentials]);
  const script = await scanText('javascript:alert(1)');
  assert.deepEqual([script.kind, script.warnings[0].message], [ScanKind.text, 'NOT A WEB LINK: its scheme is "javascript", not http or https; do not open it']);
  const text = await scanText('line one\nline \u202etwo\u001b[2J');
  assert.deepEqual([text.kind, text.shown], [ScanKind.text, 'line one\nline \\u{202E}two\\u{1B}[2J']);
  const binary = await scan(Uint8Array.of(0xff, 0xfe, 0x00));
  assert.deepEqual([binary.kind, binary.content], [ScanKind.text, 'base64://4A']);
  assert.equal((await scan(Uint8Array.of(0xc3, 0xa9), '\u0080')).content, 'base64:w6k=', 'a text with C1 controls is shown as its bytes');
});

test('a card in three chunks is collected across frames with progress; repeats are ignored; a chunk of another card stays out', async () => {
  const texts = signed.cards[1].texts;
  const collector = new CodeSetCollector();
  const add = async (text) => collector.add({ bytes: utf8(text), text }, await scanText(text));
  let step = await add(texts[2]);
  assert.deepEqual([step.outcome, step.set.progress, step.set.missing], [AddOutcome.added, '1 of 3', [1, 2]]);
  assert.equal((await add(texts[2])).outcome, AddOutcome.duplicate);
  const other = signed.refusedCards.find((c) => c.name === 'a missing chunk').texts[0].replace(/^shc:\/1\/3\/(\d{4})/, 'shc:/1/3/5656');
  assert.equal((await add(other)).outcome, AddOutcome.added, 'chunk 1 of another card cannot be told apart yet…');
  collector.reset();
  await add(texts[0]);
  step = await add(texts[1].slice(0, -4));
  assert.equal(step.outcome, AddOutcome.otherSet, '…but a middle chunk of another length is another card\'s');
  step = await add(texts[1]);
  assert.equal(step.set.progress, '2 of 3');
  step = await add(texts[2]);
  assert.deepEqual([step.outcome, step.set.progress, step.set.complete], [AddOutcome.added, '3 of 3', true]);
  assert.deepEqual(step.whole.texts, texts);
  assert.equal((await add(texts[0])).whole, null, 'a finished set is handed on once');
  const single = await add(signed.cards[0].texts[0]);
  assert.equal(single.outcome, AddOutcome.single);
});

test('structured-append parts join by sequence id in order; vault codes collect by document digest, another backup\'s kept out', async () => {
  const collector = new CodeSetCollector();
  const part = (index, text, id = 'p7') => collector.add({ bytes: utf8(text), text, sequenceIndex: index, sequenceSize: 3, sequenceId: id });
  assert.equal(part(2, 'C').set.progress, '1 of 3');
  assert.equal(part(2, 'C').outcome, AddOutcome.duplicate);
  assert.equal(part(0, 'X', 'other').outcome, AddOutcome.otherSet);
  part(0, 'A');
  const whole = part(1, 'B');
  assert.deepEqual([whole.set.complete, whole.whole.text, whole.whole.bytes], [true, 'ABC', utf8('ABC')]);
  const vaults = new CodeSetCollector();
  const addVault = async (bytes) => vaults.add({ bytes, text: null }, await scan(bytes));
  assert.equal((await addVault(await vaultCode(1, 2, 1))).set.progress, '1 of 2');
  assert.equal((await addVault(await vaultCode(2, 2, 0))).outcome, AddOutcome.otherSet);
  assert.equal((await addVault(await vaultCode(1, 2, 1))).outcome, AddOutcome.duplicate);
  const done = await addVault(await vaultCode(1, 2, 0));
  assert.deepEqual([done.set.kind, done.set.progress, done.set.complete, done.whole.codes.length], [SetKind.vault, '2 of 2', true, 2]);
});

test('a key sheet\'s code is a paper-vault key sheet, handed to the vault view: nothing of its share is returned to show', async () => {
  const shares = await splitKeySheets(crypto.getRandomValues(new Uint8Array(32)), 2, 3);
  const code = shares[1].serialized();
  const sheet = await scan(code, String.fromCharCode(...code));
  assert.deepEqual([sheet.kind, sheet.words, sheet.action, sheet.sheet], [ScanKind.keySheet, 'paper-vault key sheet', ScanAction.openKeySheet,
    { number: 2, threshold: 2, identifier: shares[1].identifier }]);
  assert.deepEqual(sheet.code, code, 'the code is handed on to the vault view as it is');
  assert.equal(sheet.content, undefined);
  assert.equal(sheet.shown, undefined);
  // A damaged sheet (one byte changed) is still a key sheet, said unreadable, never shown as text.
  const damaged = Uint8Array.from(code);
  damaged[10] ^= 0x40;
  const bad = await scan(damaged, String.fromCharCode(...damaged));
  assert.deepEqual([bad.kind, bad.action, bad.content, bad.shown, bad.sheet], [ScanKind.keySheet, null, undefined, undefined, undefined]);
  assert.match(bad.error.message, /checksum/i);
  // Text that merely begins with "KS" stays text.
  assert.equal((await scanText('KS is a county')).kind, ScanKind.text);
  assert.ok(KeyShare.fromCode(code).equals(shares[1]));
});
