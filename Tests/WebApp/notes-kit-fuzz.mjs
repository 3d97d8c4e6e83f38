#!/usr/bin/env node
// Mutation fuzzing of the page's notes-kit parser (docs/fuzzing.md, "The notes kit and follow links in
// the page"): notes-kit.js's account code, which the kit recovery reads off a sheet before it checks
// the tag (parseAccountCode, verifyAccountCode, isAccountCode), what a kit prints (accountCodeBytes)
// and the kit key's length check (kitAuthKey, kitMethodID). Seeds: the account code of the kit
// `seqr notes kit` printed (Tests/Vectors/notes-kit-swift.json) and codes printed here by a fixed
// kit (32 bytes of 9). Four kinds of input:
//   code   a code's bytes mutated (bits, bytes, cuts, insertions, magic, version, the line feed, a
//          byte-order mark, invalid UTF-8, control characters, lengths around 512), or not bytes at all;
//   print  a server and username (any code points: controls, a BOM, lone surrogates, up to 600 bytes)
//          printed by the fixed kit, then read back and verified;
//   forge  a code printed by the kit with one string changed and the tag kept, as someone holding
//          fewer sheets would write it;
//   key    kit keys of other lengths and types.
// Checks: nothing thrown but a NotesKitError of the case the call names (malformedAccountCode,
// malformedKitKey, accountCodeNotOfThisKit) with a message; a code that reads has two non-empty
// strings without control characters within 512 bytes and writes back its own bytes; its tag
// verifies under the kit exactly when the kit prints those bytes; what the kit prints reads back to
// the same strings and verifies; isAccountCode is "NK" at the start. A finding (kind, seed, run,
// stack) is written to .build/webapp-fuzz/ and the run exits 1; the same seed replays it.
//
//   node Tests/WebApp/notes-kit-fuzz.mjs [RUNS (default 100000)] [SEED]
// A short run is part of node --test (notes-kit-fuzz.test.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { concatBytes, equalBytes, fromBase64, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import {
  ACCOUNT_CODE_MAX_TEXT, ACCOUNT_CODE_TAG_LENGTH, NotesKitError, accountCodeBytes, isAccountCode, kitAuthKey, kitMethodID,
  parseAccountCode, verifyAccountCode,
} from '../../Sources/SeqrWebApp/Resources/js/notes-kit.js';
import { generator, runWeighted } from './fuzz-random.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SLOW_MS = 2000;
const KIT = new Uint8Array(32).fill(9);

class Finding extends Error {}

const pickFrom = (random, items) => items[random.below(items.length)];
const bytesOf = (random, length) => Uint8Array.from({ length }, () => random.below(256));
const hasMessage = (error) => typeof error.message === 'string' && error.message.length > 10 && !/undefined|NaN|\[object/.test(error.message);

/** A NotesKitError of `code` with a message: the only refusal allowed. */
function refusal(error, code) {
  if (error instanceof Finding) throw error;
  if (!(error instanceof NotesKitError)) throw new Finding(`not a NotesKitError: ${error?.stack ?? error}`);
  if (error.code !== code) throw new Finding(`a NotesKitError ${error.code} where ${code} is the only refusal: ${error.message}`);
  if (!hasMessage(error)) throw new Finding(`a message that says nothing: ${error.message}`);
}

/** Any string: ASCII, Latin, CJK, emoji, controls, a BOM, lone surrogates, line feeds. */
function randomString(random, maxLength) {
  const pieces = ['https://notes.example', 'http://127.0.0.1:8080', 'ana', 'zoë', 'é', 'e\u0301', '東京', '💥', '\u0000', '\u0007', '\u007f',
    '\u0085', '\u009f', '\u200b', '\u2028', '\ufeff', '\ufffd', '\ud800', '\udfff', '\n', '\r', '\t', ' ', '/', ':', '@', '%0A', 'x'.repeat(100)];
  let text = '';
  for (let n = random.below(8); n > 0 && text.length < maxLength; n--) {
    text += random.chance(0.7) ? pickFrom(random, pieces) : String.fromCodePoint(random.below(0x110000));
  }
  return text.slice(0, maxLength);
}

function mutateBytes(random, bytes) {
  let out = Array.from(bytes);
  for (let n = 1 + random.below(3); n > 0; n--) {
    const at = random.below(out.length + 1);
    switch (random.below(12)) {
      case 0: if (out.length) out[at % out.length] ^= 1 << random.below(8); break;
      case 1: if (out.length) out[at % out.length] = random.below(256); break;
      case 2: out = out.slice(0, at); break;
      case 3: out.splice(at, 0, ...bytesOf(random, 1 + random.below(4))); break;
      case 4: out[2] = pickFrom(random, [0, 1, 2, 0x0a, 255]); break;
      case 5: out[0] = pickFrom(random, [0x4e, 0x6e, 0x4b, 0]); out[1] = pickFrom(random, [0x4b, 0x6b, 0x4e]); break;
      case 6: out.splice(at, 0, pickFrom(random, [0x0a, 0x0d, 0x00, 0x7f, 0x85])); break;
      case 7: out.splice(3 + random.below(Math.max(1, out.length - 3)), 0, ...pickFrom(random, [[0xef, 0xbb, 0xbf], [0xc2, 0x85], [0xc0, 0x8a], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x80, 0xa8], [0xff]])); break;
      case 8: out.splice(at, 0, ...new Array(pickFrom(random, [1, 100, 480, 490, 500, 512, 600])).fill(pickFrom(random, [0x61, 0x0a, 0xc3]))); break;
      case 9: { const lf = out.indexOf(0x0a); if (lf >= 0) out.splice(lf, 1); break; }
      case 10: out = out.slice(0, random.below(24)); break;
      default: if (out.length > 3) out.splice(at % out.length, 1); break;
    }
  }
  return Uint8Array.from(out.map((b) => b & 0xff));
}

async function prepare() {
  const vector = JSON.parse(readFileSync(join(root, 'Tests/Vectors/notes-kit-swift.json'), 'utf8'));
  const printed = [];
  for (const [server, username] of [['https://notes.example', 'ana'], ['http://127.0.0.1:8080/seqr', 'ben.k@example'], ['https://nötes.example', 'zoë']]) {
    printed.push(await accountCodeBytes(server, username, KIT));
  }
  return { codes: [fromBase64(vector.accountCode), ...printed], printed };
}

/** A code that reads: its strings within the rules, its bytes its own, its tag the kit's exactly when the kit prints it. */
async function checkRead(code, bytes, stats) {
  const { server, username, tag } = code;
  if (typeof server !== 'string' || typeof username !== 'string' || !server || !username) throw new Finding('an empty or missing string');
  if (/\p{Cc}/u.test(server + username) || /\n/.test(server + username)) throw new Finding(`a control character in ${JSON.stringify(server + username)}`);
  if (!server.isWellFormed() || !username.isWellFormed()) throw new Finding('a lone surrogate');
  if (utf8(server).length + 1 + utf8(username).length > ACCOUNT_CODE_MAX_TEXT) throw new Finding('over 512 bytes');
  if (!(tag instanceof Uint8Array) || tag.length !== ACCOUNT_CODE_TAG_LENGTH) throw new Finding('a tag of another length');
  const written = concatBytes(Uint8Array.of(0x4e, 0x4b, 1), utf8(server), Uint8Array.of(0x0a), utf8(username), tag);
  if (!equalBytes(written, bytes)) throw new Finding(`a code that does not write back its own bytes: ${JSON.stringify({ server, username })}`);
  const printed = await accountCodeBytes(server, username, KIT);
  let verified = true;
  try { await verifyAccountCode(code, KIT); } catch (error) { refusal(error, 'accountCodeNotOfThisKit'); verified = false; }
  if (verified !== equalBytes(printed, bytes)) throw new Finding(`the tag ${verified ? 'verifies' : 'does not verify'} though the kit ${verified ? 'does not print' : 'prints'} these bytes`);
  if (verified) stats.verified++;
  stats.accepted++;
}

async function codeInput(random, context, stats) {
  if (random.chance(0.05)) {
    const notBytes = pickFrom(random, [null, undefined, 'NK\u0001a\nb', [0x4e, 0x4b, 1], new ArrayBuffer(30), new Uint16Array(30), {}, 7]);
    try { parseAccountCode(notBytes); } catch (error) { refusal(error, 'malformedAccountCode'); stats.refused++; return; }
    throw new Finding(`${Object.prototype.toString.call(notBytes)} read as an account code`);
  }
  const bytes = random.chance(0.1) ? bytesOf(random, random.below(80)) : mutateBytes(random, pickFrom(random, context.codes));
  const input = random.chance(0.1) ? Buffer.from(bytes) : bytes;
  if (isAccountCode(input) !== (bytes.length >= 2 && bytes[0] === 0x4e && bytes[1] === 0x4b)) throw new Finding('isAccountCode is not "NK" at the start');
  let code;
  try { code = parseAccountCode(input); } catch (error) { refusal(error, 'malformedAccountCode'); stats.refused++; return; }
  await checkRead(code, bytes, stats);
}

async function printInput(random, context, stats) {
  const server = randomString(random, random.chance(0.1) ? 600 : 60), username = randomString(random, random.chance(0.1) ? 600 : 30);
  let bytes;
  try { bytes = await accountCodeBytes(server, username, KIT); } catch (error) { refusal(error, 'malformedAccountCode'); stats.refused++; return; }
  stats.printed++;
  let code;
  try { code = parseAccountCode(bytes); } catch (error) { throw new Finding(`a printed code does not read back: ${error?.message ?? error} (${JSON.stringify({ server, username })})`); }
  if (code.server !== server || code.username !== username) {
    throw new Finding(`printed ${JSON.stringify({ server, username })}, read back ${JSON.stringify({ server: code.server, username: code.username })}`);
  }
  await checkRead(code, bytes, stats);
  if (!equalBytes(await accountCodeBytes(code.server, code.username, KIT), bytes)) throw new Finding('printed twice, two codes');
}

async function forgeInput(random, context, stats) {
  const code = parseAccountCode(pickFrom(random, context.printed));
  const forged = { ...code };
  if (random.chance(0.5)) forged.server = random.chance(0.5) ? 'https://evil.example' : `${code.server}${randomString(random, 3)}`;
  else forged.username = random.chance(0.5) ? `${code.username}x` : randomString(random, 20) || 'x';
  if (random.chance(0.2)) forged.tag = code.tag.map((b, i) => (i === random.below(16) ? b ^ (1 << random.below(8)) : b));
  const same = forged.server === code.server && forged.username === code.username && equalBytes(forged.tag, code.tag);
  try { await verifyAccountCode(forged, KIT); } catch (error) { refusal(error, 'accountCodeNotOfThisKit'); stats.forgeriesRefused++; return; }
  if (!same) throw new Finding(`a changed code verified: ${JSON.stringify({ server: forged.server, username: forged.username })}`);
}

async function keyInput(random, context, stats) {
  const key = pickFrom(random, [new Uint8Array(31), new Uint8Array(33), new Uint8Array(0), new Uint8Array(16), null, undefined, Array(32).fill(9), 'x'.repeat(32),
    new ArrayBuffer(32), new Uint16Array(32), bytesOf(random, random.below(70))]);
  const call = pickFrom(random, [() => kitAuthKey(key), () => kitMethodID(key), () => accountCodeBytes('https://notes.example', 'ana', key),
    () => verifyAccountCode(parseAccountCode(context.printed[0]), key)]);
  const wellFormed = key instanceof Uint8Array && key.length === 32;
  // A key of the right length that is not the kit's: its tag is another (the only refusal then).
  try { await call(); } catch (error) { refusal(error, wellFormed ? 'accountCodeNotOfThisKit' : 'malformedKitKey'); stats.refused++; return; }
  if (!wellFormed) throw new Finding(`a kit key of ${key?.length} accepted`);
}

const KINDS = [['code', codeInput, 50], ['print', printInput, 25], ['forge', forgeInput, 15], ['key', keyInput, 10]];

export async function fuzz(runs, seed = 1, { log = () => {} } = {}) {
  const context = await prepare();
  const random = generator(seed);
  const stats = { runs, refused: 0, accepted: 0, verified: 0, printed: 0, forgeriesRefused: 0, findings: [], byKind: {}, slowest: 0 };
  return runWeighted({ name: 'notes-kit', kinds: KINDS.map(([kind, make, weight]) => [kind, (r) => make(r, context, stats), weight]),
    runs, seed, random, stats, root, slowMs: SLOW_MS, log });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 100_000), seed = Number(process.argv[3] ?? 1);
  const start = performance.now();
  const result = await fuzz(runs, seed, { log: console.error });
  const seconds = (performance.now() - start) / 1000;
  console.log(`${result.runs} runs in ${Math.round(seconds)} s (${Math.round(result.runs / seconds)}/s), seed ${seed}: ${result.refused} refused, ` +
    `${result.accepted} codes read (${result.verified} verified by the kit), ${result.printed} printed and read back, ` +
    `${result.forgeriesRefused} changed codes refused, slowest ${Math.round(result.slowest)} ms, kinds ${JSON.stringify(result.byKind)}, ` +
    `${result.findings.length} findings`);
  process.exit(result.findings.length ? 1 : 0);
}
