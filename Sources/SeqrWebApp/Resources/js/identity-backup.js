// The identity backup file (docs/formats/identity-backup.md; Swift: SeqrCore/IdentityBackup/):
// the identity and every channel with every epoch's secret, sealed under the passphrase the same
// way the keyring seals its records (sealed-records.js), so `seqr id export`/`seqr id import` and
// the page's "Back up identity"/"Restore identity" read each other's files.
//
// | offset | size | field                                                        |
// | 0      | 4    | magic "SQIB"                                                 |
// | 4      | 1    | version, 1                                                   |
// | 5      | 4    | PBKDF2-HMAC-SHA256 iterations, UInt32 big-endian             |
// | 9      | 16   | salt                                                         |
// | 25     | 12   | nonce                                                        |
// | 37     | n+16 | AES-256-GCM of the JSON document, then its tag               |
// key = PBKDF2-HMAC-SHA256(NFC(passphrase), salt, iterations, 32 bytes);
// AAD = "seqr identity backup v1" 0x00 ‖ bytes 0–24. No DOM: the views only call it.
import { concatBytes, decodeUTF8, fromBase64, randomBytes, toBase64, toHex, fromHex, utf8 } from './bytes.js';
import { MAXIMUM_ITERATIONS, MINIMUM_ITERATIONS, RECOMMENDED_ITERATIONS } from './note-kdf.js';
import { decodePublicKeyCode } from './public-key-code.js';
import { PrivateIdentity } from './private-identity.js';
import { forbiddenScalar } from './public-identity.js';

export const MAGIC = utf8('SQIB');
export const VERSION = 1;
const HEADER_LENGTH = 25;
const OVERHEAD = 12 + 16;
const LABEL = utf8('seqr identity backup v1\u0000');
/** Refused before any derivation (as Swift's SealedIdentityBackup.maximumBytes). */
export const MAXIMUM_BYTES = 16 << 20;
export const MAXIMUM_CHANNELS = 10_000;
/** The file name a backup is offered under. */
export const FILE_EXTENSION = '.seqr-identity';

export class BackupError extends Error {
  constructor(code, message) { super(message); this.name = 'BackupError'; this.code = code; }
}

const malformed = (detail) => new BackupError('malformedContents', `the identity backup opened, but its contents are malformed (${detail}); nothing was restored`);

/** The header's fields, checked (magic, version, length, iterations) before any key is derived. */
export function parseBackupFile(bytes, { minimumIterations = MINIMUM_ITERATIONS } = {}) {
  if (!(bytes instanceof Uint8Array)) throw new BackupError('notABackup', 'not a Seqr identity backup');
  if (bytes.length < 4) {
    const prefix = MAGIC.subarray(0, bytes.length).every((b, i) => b === bytes[i]);
    throw prefix ? new BackupError('truncated', 'the identity backup is truncated') : new BackupError('notABackup', 'not a Seqr identity backup (it does not start with SQIB)');
  }
  if (!MAGIC.every((b, i) => b === bytes[i])) throw new BackupError('notABackup', 'not a Seqr identity backup (it does not start with SQIB)');
  if (bytes.length > MAXIMUM_BYTES) throw new BackupError('tooLarge', `the file is ${bytes.length} bytes, more than an identity backup can be (${MAXIMUM_BYTES})`);
  if (bytes.length < 5) throw new BackupError('truncated', 'the identity backup is truncated');
  if (bytes[4] !== VERSION) throw new BackupError('unsupportedVersion', `an identity backup of version ${bytes[4]}, which this page does not read (it reads version 1)`);
  if (bytes.length < HEADER_LENGTH + OVERHEAD) throw new BackupError('truncated', 'the identity backup is truncated');
  const iterations = new DataView(bytes.buffer, bytes.byteOffset + 5, 4).getUint32(0);
  if (iterations < Math.max(1, minimumIterations) || iterations > MAXIMUM_ITERATIONS) {
    throw new BackupError('badIterations', `the backup asks for ${iterations} key-derivation iterations, outside the ${minimumIterations}…${MAXIMUM_ITERATIONS} this page accepts`);
  }
  return { iterations, salt: bytes.slice(9, HEADER_LENGTH), header: bytes.slice(0, HEADER_LENGTH), nonce: bytes.slice(HEADER_LENGTH, HEADER_LENGTH + 12), sealed: bytes.slice(HEADER_LENGTH + 12) };
}

async function deriveKey(passphrase, salt, iterations) {
  const material = await crypto.subtle.importKey('raw', utf8(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** The file sealing `backup` (the document below) under `passphrase`, fresh salt and nonce from the system RNG. */
export async function sealBackup(backup, passphrase, { iterations = RECOMMENDED_ITERATIONS } = {}) {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAXIMUM_ITERATIONS) throw new RangeError('iterations out of range');
  const salt = randomBytes(16), nonce = randomBytes(12);
  const header = new Uint8Array(HEADER_LENGTH);
  header.set(MAGIC); header[4] = VERSION;
  new DataView(header.buffer).setUint32(5, iterations);
  header.set(salt, 9);
  const key = await deriveKey(passphrase, salt, iterations);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: concatBytes(LABEL, header), tagLength: 128 }, key, utf8(serializeBackup(backup)));
  return concatBytes(header, nonce, new Uint8Array(sealed));
}

/** The document in the file, once `passphrase` opened it; BackupError for every refusal. */
export async function openBackup(bytes, passphrase, options = {}) {
  const { salt, iterations, header, nonce, sealed } = parseBackupFile(bytes, options);
  const key = await deriveKey(passphrase, salt, iterations);
  let plain;
  try {
    plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: concatBytes(LABEL, header), tagLength: 128 }, key, sealed));
  } catch {
    throw new BackupError('wrongPassphraseOrDamaged', 'wrong passphrase, or the backup file is damaged; nothing was restored');
  }
  return parseBackup(plain);
}

/**
 * The JSON document's text, from
 * { exported (Unix s), identity: {name, signingAlgorithm, signingKey, agreementKey (Uint8Array)},
 *   channels: [{id (Uint8Array 16), name, owner (public-key code bytes), owned, created, suite, epoch,
 *               secrets (Map epoch → Uint8Array), removed, subscribers: [{name, key (code bytes), removed}]}] }.
 */
export function serializeBackup({ exported, identity, channels }) {
  return JSON.stringify({
    channels: channels.map((c) => ({
      created: c.created, epoch: c.epoch, id: toHex(c.id), name: c.name, owned: c.owned, owner: toBase64(c.owner), removed: c.removed,
      secrets: Object.fromEntries([...c.secrets].sort(([a], [b]) => a - b).map(([epoch, secret]) => [String(epoch), toBase64(secret)])),
      subscribers: c.subscribers.map((s) => ({ key: toBase64(s.key), name: s.name, removed: s.removed })), suite: c.suite,
    })),
    exported,
    identity: { agreementKey: toBase64(identity.agreementKey), name: identity.name, signingAlgorithm: identity.signingAlgorithm, signingKey: toBase64(identity.signingKey) },
  });
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isName = (v) => typeof v === 'string' && forbiddenScalar(v) === null;
const UINT32 = 0xffffffff;

function key32(text, what) {
  const bytes = fromBase64(text);
  if (!bytes || bytes.length !== 32) throw malformed(`${what} is not 32 bytes of base64`);
  return bytes;
}

/** { bytes, fingerprint } of a public-key code in base64. */
async function publicKeyCode(text, what) {
  const bytes = fromBase64(text);
  try { if (bytes) return { bytes, fingerprint: await (await decodePublicKeyCode(bytes)).fingerprint() }; } catch { /* refused below */ }
  throw malformed(`${what} is not a public-key code`);
}

/** Checks the opened document as Swift's IdentityBackup(parsing:) does, into the form serializeBackup takes. */
export async function parseBackup(plain) {
  const text = decodeUTF8(plain);
  let json;
  try { json = JSON.parse(text); } catch { throw malformed('not the JSON of an identity backup'); }
  if (!isObject(json) || !isObject(json.identity) || !Array.isArray(json.channels) || !Number.isSafeInteger(json.exported)) {
    throw malformed('not the JSON of an identity backup');
  }
  const { name, signingAlgorithm } = json.identity;
  if (!isName(name) || utf8(name).length > 255) throw malformed('the identity\'s name is not a name Seqr keeps');
  if (signingAlgorithm !== 'ed25519' && signingAlgorithm !== 'p256') throw malformed('unknown signing algorithm');
  const identity = { name, signingAlgorithm, signingKey: key32(json.identity.signingKey, 'the identity\'s signing key'), agreementKey: key32(json.identity.agreementKey, 'the identity\'s agreement key') };
  // Owned channels are this identity's: checked where the page can derive its public key (Ed25519).
  const own = signingAlgorithm === 'ed25519'
    ? await (await PrivateIdentity.fromSecrets({ ed25519: identity.signingKey, x25519: identity.agreementKey, name })).publicIdentity.fingerprint()
    : null;
  if (json.channels.length > MAXIMUM_CHANNELS) throw malformed(`more than ${MAXIMUM_CHANNELS} channels`);
  const channels = [], seen = new Set();
  for (const c of json.channels) {
    if (!isObject(c) || typeof c.id !== 'string' || !/^[0-9a-f]{32}$/.test(c.id)) throw malformed('a channel id is not 32 lowercase hex digits');
    const label = `channel ${c.id}`;
    if (!isName(c.name)) throw malformed(`${label}: its name is not a name Seqr keeps`);
    if (typeof c.owned !== 'boolean' || typeof c.removed !== 'boolean' || !Number.isSafeInteger(c.created)) throw malformed(`${label}: owned, removed or created is missing`);
    const owner = await publicKeyCode(c.owner, `${label}: its owner`);
    if (c.owned && own !== null && owner.fingerprint !== own) throw malformed(`${label} is marked owned, but its owner is another identity`);
    if (c.suite !== 1 && c.suite !== 2) throw malformed(`${label}: unknown suite ${c.suite}`);
    if (!Number.isInteger(c.epoch) || c.epoch < 0 || c.epoch > UINT32) throw malformed(`${label}: the epoch is not 0…4294967295`);
    if (c.suite === 1 && c.epoch !== 0) throw malformed(`${label}: a suite-1 channel past epoch 0`);
    if (!isObject(c.secrets)) throw malformed(`${label}: no secrets`);
    const secrets = new Map();
    for (const [epochText, secret] of Object.entries(c.secrets)) {
      const epoch = Number(epochText);
      if (!/^(0|[1-9][0-9]*)$/.test(epochText) || epoch > c.epoch) throw malformed(`${label}: a secret of an epoch that is not 0…${c.epoch}`);
      secrets.set(epoch, key32(secret, `${label}: a secret`));
    }
    if (!secrets.has(c.epoch)) throw malformed(`${label}: no secret of its current epoch`);
    if (!Array.isArray(c.subscribers)) throw malformed(`${label}: no subscriber list`);
    if (!c.owned && c.subscribers.length) throw malformed(`${label}: subscribers of a channel it does not own`);
    const subscribers = [];
    for (const s of c.subscribers) {
      if (!isObject(s) || !isName(s.name) || typeof s.removed !== 'boolean') throw malformed(`${label}: a subscriber's name or removed is wrong`);
      subscribers.push({ name: s.name, key: (await publicKeyCode(s.key, `${label}: a subscriber`)).bytes, removed: s.removed });
    }
    const unique = `${owner.fingerprint}/${c.id}`;
    if (seen.has(unique)) throw malformed(`${label} appears twice`);
    seen.add(unique);
    channels.push({ id: fromHex(c.id), name: c.name, owner: owner.bytes, owned: c.owned, created: c.created, suite: c.suite, epoch: c.epoch, secrets, removed: c.removed, subscribers });
  }
  return { exported: json.exported, identity, channels };
}
