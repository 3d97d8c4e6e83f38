#!/usr/bin/env node
// Mutation fuzzing of the page's `#follow=` link (docs/fuzzing.md, "The notes kit and follow links in the
// page"): the location viewer's "Follow in People" opens the app at `/app/#follow=<a share link,
// percent-encoded>`, and anyone can make such a URL. linkFromFollowFragment (location-share-link.js)
// decodes the fragment and reads the link with parseLocationShareLink, which the scanner uses too.
// Seeds: links made here — https and http, ports, IPv4, IPv6, a path prefix, an IDN host, 16- and
// 32-byte keys. Three kinds of input:
//   fragment  a link percent-encoded (all of it, or as a browser leaves it) into `#follow=`, then the
//             fragment's text mutated: characters inserted, dropped, changed; broken or overlong percent
//             escapes, encoded lone surrogates; other fragment names; lengths around the 8,192 limit;
//   link      a link's text mutated before it is encoded (share id, key, `/l/`, scheme, host, port,
//             path, a second fragment, white space, Unicode) — what the viewer could be made to hand over;
//   text      random characters.
// Checks: nothing thrown but a LocationLinkError of a known code; a fragment over 8,192 characters
// refused unread; a link that reads has a valid share id, a 16- or 32-byte key with its format, a base
// of http(s) with a host, a pageURL of base/l/<id> without the key, and the link written again from
// its pageURL and key reads back the same. A finding (kind, seed, run, stack) is written to
// .build/webapp-fuzz/ and the run exits 1; the same seed replays it.
//
//   node Tests/WebApp/follow-link-fuzz.mjs [RUNS (default 100000)] [SEED]
// A short run is part of node --test (follow-link-fuzz.test.mjs).
import { encodeBase64URL } from '../../Sources/SeqrWebApp/Resources/js/base64url.js';
import { LocationLinkError, MAX_FOLLOW_FRAGMENT_LENGTH, linkFromFollowFragment, parseLocationShareLink } from '../../Sources/SeqrWebApp/Resources/js/location-share-link.js';
import { isValidShareID } from '../../Sources/SeqrWebApp/Resources/js/share-link.js';
import { generator, runWeighted } from './fuzz-random.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SLOW_MS = 2000;
const CODES = ['notALink', 'badShareID', 'missingKey', 'badLinkKey'];

class Finding extends Error {}

const pickFrom = (random, items) => items[random.below(items.length)];
const bytesOf = (random, length) => Uint8Array.from({ length }, () => random.below(256));

const BASES = ['https://notes.example', 'http://localhost:8080', 'https://notes.example:8443', 'http://192.0.2.7', 'http://[2001:db8::1]:8080',
  'https://notes.example/seqr', 'https://xn--nts-tna.example', 'https://notes.example/a%20b', 'HTTPS://Notes.Example'];

function seedLink(random) {
  const key = bytesOf(random, random.chance(0.7) ? 32 : 16);
  const id = encodeBase64URL(bytesOf(random, 16));
  return `${pickFrom(random, BASES)}/l/${id}#k=${encodeBase64URL(key)}`;
}

const PIECES = ['/', '//', '/l/', 'l', '#', '#k=', 'k=', '%', '%2', '%25', '%2F', '%23', '%00', '%0A', '%E0%A4%A', '%ED%A0%80', '%F4%90%80%80', '%C0%AF',
  '?', '?a=b', '&', '=', ' ', '\t', '\n', '\u00a0', '\u2028', '\ufeff', 'é', '💥', '\ud800', ':', '@', 'user:pw@', '[', ']', '..', '.', 'A', '_', '-',
  'javascript:', 'data:', 'file:', 'https:', '#follow=', 'x'.repeat(200)];

function mutateText(random, text) {
  let out = text;
  for (let n = 1 + random.below(3); n > 0; n--) {
    const at = random.below(out.length + 1);
    switch (random.below(9)) {
      case 0: out = out.slice(0, at) + pickFrom(random, PIECES) + out.slice(at); break;
      case 1: out = out.slice(0, at) + out.slice(at + 1 + random.below(4)); break;
      case 2: out = out.slice(0, at) + String.fromCharCode(random.below(0x10000)) + out.slice(at + 1); break;
      case 3: out = out.slice(0, at); break;
      case 4: out = out.slice(0, at) + String.fromCharCode(32 + random.below(95)) + out.slice(at + 1); break;
      case 5: out = out.replace(pickFrom(random, ['https', 'http', '/l/', '#k=', '.example', ':8080']), pickFrom(random, PIECES)); break;
      case 6: out = out.toUpperCase(); break;
      case 7: out = out.slice(0, at) + out.slice(at).replace(/[A-Za-z0-9_-]/, pickFrom(random, ['A', 'Q', 'g', 'w', '_', '-', '+', '/', '='])); break;
      default: out += pickFrom(random, PIECES); break;
    }
  }
  return out;
}

/** A link that reads: every part within the rules, and it reads back the same from its pageURL and key. */
function checkLink(link) {
  const { base, shareID, key, format, pageURL } = link;
  if (!isValidShareID(shareID)) throw new Finding(`share id ${shareID}`);
  if (!(key instanceof Uint8Array) || (key.length !== 16 && key.length !== 32)) throw new Finding(`a key of ${key?.length} bytes`);
  if (format !== (key.length === 32 ? 'seqr-location-v1' : 'cryptojs-aes128cbc')) throw new Finding(`format ${format} for ${key.length} bytes`);
  const url = new URL(base);
  if (!['http:', 'https:'].includes(url.protocol) || !url.host) throw new Finding(`base ${base}`);
  if (pageURL !== `${base}/l/${shareID}` || pageURL.includes('#') || pageURL.includes(encodeBase64URL(key))) throw new Finding(`pageURL ${pageURL}`);
  let again;
  try { again = parseLocationShareLink(`${pageURL}#k=${encodeBase64URL(key)}`); } catch (error) {
    throw new Finding(`${pageURL} with its key does not read back: ${error?.message ?? error}`);
  }
  if (again.base !== base || again.shareID !== shareID || encodeBase64URL(again.key) !== encodeBase64URL(key)) {
    throw new Finding(`${pageURL} read back as ${again.pageURL}`);
  }
}

function follow(fragment, stats) {
  let link;
  try { link = linkFromFollowFragment(fragment); } catch (error) {
    if (error instanceof Finding) throw error;
    if (!(error instanceof LocationLinkError) || !CODES.includes(error.code)) throw new Finding(`not a LocationLinkError: ${error?.stack ?? error}`);
    if (typeof error.message !== 'string' || error.message.length < 10) throw new Finding(`a message that says nothing: ${error.message}`);
    stats.refused++;
    return;
  }
  if (fragment.length > MAX_FOLLOW_FRAGMENT_LENGTH) throw new Finding(`a fragment of ${fragment.length} characters read`);
  checkLink(link);
  stats.accepted++;
}

function fragmentInput(random, stats) {
  const link = seedLink(random);
  let fragment = `#follow=${random.chance(0.7) ? encodeURIComponent(link) : encodeURI(link)}`;
  if (random.chance(0.8)) fragment = mutateText(random, fragment);
  if (random.chance(0.05)) fragment += 'x'.repeat(Math.max(0, MAX_FOLLOW_FRAGMENT_LENGTH - fragment.length + random.below(3) - 1));
  follow(fragment, stats);
}

function linkInput(random, stats) {
  const text = mutateText(random, seedLink(random));
  let encoded;
  try { encoded = encodeURIComponent(text); } catch { encoded = text; } // a lone surrogate: handed over as it is
  follow(`#follow=${encoded}`, stats);
}

function textInput(random, stats) {
  let text = '';
  for (let n = random.below(60); n > 0; n--) text += random.chance(0.5) ? pickFrom(random, PIECES) : String.fromCharCode(random.below(0x10000));
  follow(random.chance(0.5) ? `#follow=${text}` : text, stats);
}

const KINDS = [['fragment', fragmentInput, 45], ['link', linkInput, 45], ['text', textInput, 10]];

export async function fuzz(runs, seed = 1, { log = () => {} } = {}) {
  const random = generator(seed);
  const stats = { runs, refused: 0, accepted: 0, findings: [], byKind: {}, slowest: 0 };
  return runWeighted({ name: 'follow-link', kinds: KINDS.map(([kind, make, weight]) => [kind, (r) => make(r, stats), weight]),
    runs, seed, random, stats, root, slowMs: SLOW_MS, log });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 100_000), seed = Number(process.argv[3] ?? 1);
  const start = performance.now();
  const result = await fuzz(runs, seed, { log: console.error });
  const seconds = (performance.now() - start) / 1000;
  console.log(`${result.runs} runs in ${Math.round(seconds)} s (${Math.round(result.runs / seconds)}/s), seed ${seed}: ${result.refused} refused, ` +
    `${result.accepted} links read (each reading back from its pageURL and key), slowest ${Math.round(result.slowest)} ms, ` +
    `kinds ${JSON.stringify(result.byKind)}, ${result.findings.length} findings`);
  process.exit(result.findings.length ? 1 : 0);
}
