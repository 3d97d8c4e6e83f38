// SLIP-0039 in the page (slip39-wordlist.js, rs1024.js, gf256.js, shamir-sharing.js,
// master-secret-cipher.js, key-share.js, key-sheets.js) against ALL the official vectors
// (Tests/Reference/slip39/vectors.json, passphrase "TREZOR"): each valid set gives its master
// secret, each invalid one the KeySheetError KeySheetTests.swift names for it; every valid share's
// words and QR bytes read back to the same share. Then the page's own split: k of n restore, k − 1
// are refused, a mixed set is named; a mistyped word is named. Sheets made by `seqr vault backup
// --shares` are read in Tests/WebApp/vault-key-sheets.test.mjs.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fromHex, toHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { KeySheetError, KeySheetParameter } from '../../Sources/SeqrWebApp/Resources/js/key-sheet-error.js';
import { KeyShare } from '../../Sources/SeqrWebApp/Resources/js/key-share.js';
import { combineKeyShares, splitKeySheets } from '../../Sources/SeqrWebApp/Resources/js/key-sheets.js';
import { gfDivide, gfInverse, gfMultiply } from '../../Sources/SeqrWebApp/Resources/js/gf256.js';
import { SLIP39_WORDS, slip39WordIndex } from '../../Sources/SeqrWebApp/Resources/js/slip39-wordlist.js';

const root = new URL('../../', import.meta.url).pathname;
const vectors = JSON.parse(readFileSync(`${root}Tests/Reference/slip39/vectors.json`, 'utf8'));

// The error each invalid official vector must give: KeySheetTests.expectedErrors, case for case.
const P = KeySheetParameter;
const EXPECTED = {
  2: ['checksumMismatch'], 21: ['checksumMismatch'], 3: ['invalidPadding'], 22: ['invalidPadding'],
  5: ['notEnoughShares', { have: 1, need: 2 }], 24: ['notEnoughShares', { have: 1, need: 2 }],
  6: ['anotherBackup', { position: 2, identifier: 283, expected: 282 }], 25: ['anotherBackup', { position: 2, identifier: 26511, expected: 26510 }],
  7: ['inconsistentShare', { position: 2, parameter: P.iterationExponent }], 26: ['inconsistentShare', { position: 2, parameter: P.iterationExponent }],
  8: ['inconsistentShare', { position: 3, parameter: P.groupThreshold }], 27: ['inconsistentShare', { position: 3, parameter: P.groupThreshold }],
  9: ['inconsistentShare', { position: 2, parameter: P.groupCount }], 28: ['inconsistentShare', { position: 2, parameter: P.groupCount }],
  10: ['groupThresholdExceedsCount', { threshold: 2, count: 1 }], 29: ['groupThresholdExceedsCount', { threshold: 2, count: 1 }],
  11: ['conflictingShares', { number: 3 }], 30: ['conflictingShares', { number: 3 }],
  12: ['inconsistentShare', { position: 2, parameter: P.memberThreshold }], 31: ['inconsistentShare', { position: 2, parameter: P.memberThreshold }],
  13: ['digestMismatch'], 32: ['digestMismatch'],
  14: ['notEnoughGroups', { have: 1, need: 2 }], 33: ['notEnoughGroups', { have: 1, need: 2 }],
  15: ['notEnoughGroups', { have: 1, need: 2 }], 34: ['notEnoughGroups', { have: 1, need: 2 }],
  16: ['notEnoughShares', { have: 1, need: 2 }], 35: ['notEnoughShares', { have: 1, need: 2 }],
  39: ['invalidWordCount', { count: 19 }], 40: ['invalidWordCount', { count: 21 }],
};

async function outcome(mnemonics, passphrase = 'TREZOR') {
  try {
    return { secret: toHex(await combineKeyShares(mnemonics.map((m) => KeyShare.fromMnemonic(m)), passphrase)) };
  } catch (error) {
    if (!(error instanceof KeySheetError)) throw error;
    return { error };
  }
}

test('the wordlist is SLIP-0039\'s (its SHA-256), read whole or by four letters or more, any case, never guessed', () => {
  assert.equal(createHash('sha256').update(SLIP39_WORDS.join('\n') + '\n').digest('hex'), 'bcc4555340332d169718aed8bf31dd9d5248cb7da6e5d355140ef4f1e601eec3');
  assert.equal(slip39WordIndex('academic'), 0);
  assert.equal(slip39WordIndex('ACAD'), 0);
  assert.equal(slip39WordIndex('acade'), 0);
  assert.equal(slip39WordIndex('aca'), null);
  assert.equal(slip39WordIndex('academix'), null);
  assert.equal(slip39WordIndex('academics'), null);
  assert.equal(slip39WordIndex('zero'), 1023);
});

test('GF(256) is the AES field: known products, a·a⁻¹ = 1 for every a ≠ 0', () => {
  assert.equal(gfMultiply(0x57, 0x83), 0xc1);   // FIPS-197 §4.2
  assert.equal(gfMultiply(0x57, 0x13), 0xfe);
  for (let a = 1; a < 256; a++) assert.equal(gfMultiply(a, gfInverse(a)), 1, `a = ${a}`);
  assert.equal(gfDivide(gfMultiply(0x53, 0xca), 0xca), 0x53);
});

test('SLIP-0039 vectors: valid sets give the master secret with passphrase TREZOR, invalid ones KeySheetTests\' error', async () => {
  assert.equal(vectors.length, 45);
  assert.equal(vectors.filter(([, , secret]) => secret === '').length, Object.keys(EXPECTED).length);
  for (const [description, mnemonics, secret] of vectors) {
    const number = Number.parseInt(description, 10);
    const result = await outcome(mnemonics);
    if (secret) {
      assert.equal(result.secret, secret, `${description}: ${result.error?.message}`);
    } else {
      const [code, details] = EXPECTED[number];
      assert.equal(result.error?.code, code, `${description}: ${result.error?.message ?? result.secret}`);
      for (const [key, value] of Object.entries(details ?? {})) assert.equal(result.error.details[key], value, `${description}: ${key}`);
      assert.match(result.error.message, /^[A-Z0-9"].*[.]$/);
    }
  }
});

test('SLIP-0039 vectors: every valid share\'s words and QR bytes read back to the same share, in any case', () => {
  for (const [, mnemonics, secret] of vectors) {
    if (!secret) continue;
    for (const mnemonic of mnemonics) {
      const share = KeyShare.fromMnemonic(mnemonic);
      assert.equal(share.mnemonic, mnemonic);
      assert.ok(KeyShare.fromCode(share.serialized()).equals(share));
      assert.ok(KeyShare.read(share.serialized()).equals(share));
      assert.ok(KeyShare.fromMnemonic(mnemonic.toUpperCase()).equals(share));
      assert.ok(KeyShare.read(new TextEncoder().encode(`\n${mnemonic}\n`)).equals(share));
    }
  }
});

test('a mistyped word is named: a word not in the list by its position, a wrong list word by the checksum', () => {
  const mnemonic = vectors[43][1][0].split(' ');   // 44. Valid extendable mnemonic without sharing (256 bits)
  assert.equal(mnemonic.length, 33);
  const notAWord = [...mnemonic];
  notAWord[6] = 'wombatt';
  assert.throws(() => KeyShare.fromWords(notAWord), (e) => e.code === 'wordNotInWordlist' && e.details.position === 7 && /^Word 7 \("wombatt"\)/.test(e.message));
  for (const position of [0, 1, 2, 10, 29, 32]) {
    const typo = [...mnemonic];
    typo[position] = SLIP39_WORDS[(slip39WordIndex(typo[position]) + 1 + position) % 1024];
    assert.throws(() => KeyShare.fromWords(typo), (e) => e.code === 'checksumMismatch' && e.details.suspect === position + 1
      && e.message.includes(`word ${position + 1} looks mistyped`), `word ${position + 1}`);
  }
  // Two swapped words are not one mistyped word: no position is named.
  const swapped = [...mnemonic];
  [swapped[8], swapped[9]] = [swapped[9], swapped[8]];
  assert.throws(() => KeyShare.fromWords(swapped), (e) => e.code === 'checksumMismatch' && e.details.suspect === null);
  assert.throws(() => KeyShare.fromWords(mnemonic.slice(0, 32)), (e) => e.code === 'invalidWordCount' && e.details.count === 32);
  assert.throws(() => KeyShare.fromWords([...mnemonic, ...mnemonic]), (e) => e.code === 'invalidWordCount' && e.details.count === 66);
});

test('a key-sheet code: another magic, version, length or nonzero fill bits are refused with their own error', () => {
  const share = KeyShare.fromMnemonic(vectors[44][1][0]);
  const code = share.serialized();
  assert.equal(code.length, 45);
  assert.throws(() => KeyShare.fromCode(Uint8Array.of(0x4b)), (e) => e.code === 'notAKeySheetCode');
  assert.throws(() => KeyShare.fromCode(Uint8Array.of(0x4b, 0x53)), (e) => e.code === 'invalidCodeLength');
  const version = code.slice(); version[2] = 2;
  assert.throws(() => KeyShare.fromCode(version), (e) => e.code === 'unsupportedVersion' && e.details.version === 2);
  assert.throws(() => KeyShare.fromCode(code.subarray(0, 44)), (e) => e.code === 'invalidCodeLength' && e.details.length === 44);
  const fill = code.slice(); fill[44] |= 1;
  assert.throws(() => KeyShare.fromCode(fill), (e) => e.code === 'invalidCodeLength');
  assert.throws(() => KeyShare.fromCode(new Uint8Array(1 << 20).fill(0x4b)), (e) => e.code === 'notAKeySheetCode' || e.code === 'unsupportedVersion');
  assert.throws(() => KeyShare.read(Uint8Array.of(0xff, 0xfe)), (e) => e.code === 'notAKeySheetCode');
  assert.ok(KeyShare.read(Uint8Array.of(...code, 0x0a)).equals(share));
});

test('split in the page: any k of n restore (passphrase too), k − 1 say how many more, shares of two splits are named', async () => {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const shares = await splitKeySheets(secret, 3, 5, { iterationExponent: 0 });
  assert.equal(shares.length, 5);
  assert.ok(shares.every((s) => s.words.length === 33 && s.serialized().length === 45 && s.extendable && s.memberThreshold === 3));
  for (const pick of [[0, 1, 2], [4, 2, 0], [1, 3, 4], [0, 1, 2, 3, 4]]) {
    assert.equal(toHex(await combineKeyShares(pick.map((i) => KeyShare.fromMnemonic(shares[i].mnemonic)))), toHex(secret), `${pick}`);
  }
  await assert.rejects(combineKeyShares([shares[0], shares[3]]), (e) => e.code === 'notEnoughShares' && e.message === '2 of 3 shares: 1 more needed.');
  await assert.rejects(combineKeyShares([shares[0], shares[0], shares[3]]), (e) => e.code === 'notEnoughShares');
  const other = await splitKeySheets(secret, 3, 5, { iterationExponent: 0 });
  if (other[0].identifier !== shares[0].identifier) {
    await assert.rejects(combineKeyShares([shares[0], shares[1], other[2]]), (e) => e.code === 'anotherBackup' && e.details.position === 3);
  }
  const withPassphrase = await splitKeySheets(secret.subarray(0, 16), 2, 3, { passphrase: 'TREZOR', iterationExponent: 1 });
  assert.equal(withPassphrase[0].words.length, 20);
  assert.equal(toHex(await combineKeyShares([withPassphrase[2], withPassphrase[1]], 'TREZOR')), toHex(secret.subarray(0, 16)));
  assert.notEqual(toHex(await combineKeyShares([withPassphrase[2], withPassphrase[1]], 'TREZOr')), toHex(secret.subarray(0, 16)));
  const single = await splitKeySheets(secret, 1, 1, { iterationExponent: 0 });
  assert.equal(toHex(await combineKeyShares(single)), toHex(secret));
  await assert.rejects(splitKeySheets(secret, 1, 3), (e) => e.code === 'thresholdOneWithSeveralShares');
  await assert.rejects(splitKeySheets(secret, 4, 3), (e) => e.code === 'invalidThreshold');
  await assert.rejects(splitKeySheets(secret, 2, 17), (e) => e.code === 'tooManyShares');
  await assert.rejects(splitKeySheets(secret.subarray(0, 15), 2, 3), (e) => e.code === 'invalidSecretLength');
  await assert.rejects(splitKeySheets(secret, 2, 3, { passphrase: 'pässe' }), (e) => e.code === 'passphraseNotPrintableASCII');
  // A forged share (another value, same fields) among the k used fails the digest; beyond k it is named.
  const forged = KeyShare.fromMnemonic(shares[1].mnemonic);
  forged.value = forged.value.map((b, i) => (i === 5 ? b ^ 1 : b));
  await assert.rejects(combineKeyShares([shares[0], forged, shares[2]]), (e) => e.code === 'digestMismatch');
  await assert.rejects(combineKeyShares([shares[0], shares[2], shares[3], forged]), (e) => e.code === 'shareDisagrees' && e.details.number === 2);
});
