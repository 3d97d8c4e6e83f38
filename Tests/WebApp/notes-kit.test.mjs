// js/notes-kit.js against Tests/Vectors/notes-kit-swift.json: a kit printed by `seqr notes kit` (Swift's
// HKDF, HMAC, SHA-256 and SLIP-0039 split; make-notes-kit-vector.py). The page combines the sheets and must
// derive the method id the server lists for the kit, and accept the account code the CLI printed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { combineKeyShares, splitKeySheets } from '../../Sources/SeqrWebApp/Resources/js/key-sheets.js';
import { kitSheetProblem } from '../../Sources/SeqrWebApp/Resources/js/kit-recovery.js';
import { KeyShare } from '../../Sources/SeqrWebApp/Resources/js/key-share.js';
import { fromBase64, toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { accountCodeBytes, isAccountCode, kitAuthToken, kitMethodID, parseAccountCode, verifyAccountCode }
  from '../../Sources/SeqrWebApp/Resources/js/notes-kit.js';

const v = JSON.parse(readFileSync(new URL('../Vectors/notes-kit-swift.json', import.meta.url)));
const shares = v.shareCodes.map((code) => KeyShare.fromCode(fromBase64(code)));
const kitKey = await combineKeyShares([shares[0], shares[3], shares[4]]);

test('sheets 1, 4 and 5 of a CLI kit give the method id the server lists for it', async () => {
  assert.equal(kitKey.length, 32);
  assert.equal(await kitMethodID(kitKey), v.methodID);
  assert.equal(fromBase64(await kitAuthToken(kitKey)).length, 32);
  // Sheet 1 typed from its printed words is the same share.
  assert.ok(KeyShare.fromMnemonic(v.sheet1Words).equals(shares[0]));
  assert.equal(await kitMethodID(await combineKeyShares([KeyShare.fromMnemonic(v.sheet1Words), shares[1], shares[2]])), v.methodID);
});

test('the CLI\'s account code parses, verifies under the kit, and serializes to the same bytes', async () => {
  const bytes = fromBase64(v.accountCode);
  assert.ok(isAccountCode(bytes));
  const code = parseAccountCode(bytes);
  assert.equal(code.server, v.server);
  assert.equal(code.username, v.username);
  await verifyAccountCode(code, kitKey);
  assert.equal(toBase64(await accountCodeBytes(v.server, v.username, kitKey)), v.accountCode);
});

test('an account code rewritten to another server, or of another kit, is refused before anything is sent', async () => {
  const forged = parseAccountCode(fromBase64(v.accountCode));
  await assert.rejects(verifyAccountCode({ ...forged, server: 'https://evil.example' }, kitKey), { code: 'accountCodeNotOfThisKit' });
  const otherKit = crypto.getRandomValues(new Uint8Array(32));
  await assert.rejects(verifyAccountCode(forged, otherKit), { code: 'accountCodeNotOfThisKit' });
  const flipped = fromBase64(v.accountCode); flipped[flipped.length - 1] ^= 1;
  await assert.rejects(verifyAccountCode(parseAccountCode(flipped), kitKey), { code: 'accountCodeNotOfThisKit' });
});

test('malformed account codes and kit keys get their typed errors', async () => {
  const bad = (bytes) => assert.throws(() => parseAccountCode(bytes), { code: 'malformedAccountCode' });
  const good = fromBase64(v.accountCode);
  bad(Uint8Array.of(0x4b, 0x53, 1));
  bad(Uint8Array.of(0x4e, 0x4b, 2, ...good.subarray(3)));
  bad(good.subarray(0, 10));
  const twoNewlines = good.slice(); twoNewlines[5] = 0x0a; bad(twoNewlines);
  const control = good.slice(); control[5] = 0x07; bad(control);
  const notUTF8 = good.slice(); notUTF8[5] = 0xff; bad(notUTF8);
  bad(Uint8Array.of(0x4e, 0x4b, 1, ...new Uint8Array(600).fill(0x61), 0x0a, 0x61, ...new Uint8Array(16)));
  await assert.rejects(kitMethodID(new Uint8Array(16)), { code: 'malformedKitKey' });
  await assert.rejects(accountCodeBytes('', 'a', kitKey), { code: 'malformedAccountCode' });
});

test('sheets that do not combine are said of a kit and its kit id, never of a paper vault\'s backup', async () => {
  const problem = async (given) => {
    try { await combineKeyShares(given); } catch (error) { return kitSheetProblem(error); }
    assert.fail('combined');
  };
  assert.equal(await problem([shares[0], shares[3]]), '2 of the 3 sheets needed are in: 1 more sheet needed.');
  // A sheet of another kit (its own kit id) among this kit's.
  const other = await splitKeySheets(new Uint8Array(32).fill(7), 3, 5);
  if (other[1].identifier === shares[0].identifier) return;  // one chance in 32,768: the same id, nothing to tell apart
  const mixed = await problem([shares[0], other[1], shares[4]]);
  assert.equal(mixed, `Sheet 2 of those given belongs to another kit (kit id ${other[1].identifier}, not ${shares[0].identifier}): give the sheets of one kit only.`);
  assert.doesNotMatch(mixed, /backup/i);
  assert.equal(kitSheetProblem(new Error('not a sheet problem')), null);
});

// notes-kit-fuzz.mjs's first finding: a string with a lone surrogate was printed with U+FFFD in its place,
// so the code read back another server or username than the page had printed (and Swift cannot hold one).
test('a server or username with a lone surrogate is refused, never printed as another name', async () => {
  for (const [server, username] of [['https://notes.example', 'ana\ud800'], ['https://notes.example\udfff', 'ana'], ['https://notes.example', '\udc00\ud800']]) {
    await assert.rejects(accountCodeBytes(server, username, kitKey), { code: 'malformedAccountCode' });
  }
});

test('a code that is only NK and the version byte is refused as too short, not as another version', () => {
  assert.throws(() => parseAccountCode(Uint8Array.of(0x4e, 0x4b, 1)), (e) => e.code === 'malformedAccountCode' && /too short/.test(e.message));
});
