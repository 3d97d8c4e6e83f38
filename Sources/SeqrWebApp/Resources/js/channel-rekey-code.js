// The rekey code (type 4, suite 2 only; docs/formats/channels.md; Swift:
// SeqrCore/Channels/ChannelRekeyCode.swift): a channel's next epoch secret sealed to each remaining
// subscriber, naming those removed, signed by the owner.
//
// | length | field                                                                                   |
// | 4      | header "SQ", 2, 4                                                                        |
// | 16     | channel id                                                                              |
// | 4      | new epoch (UInt32, ≥ 1)                                                                 |
// | 1, 1   | part (from 1), parts (≥ part)                                                           |
// | 1 + 8r | removed count r, their recipient ids                                                     |
// | 1      | entry count e                                                                           |
// | 88e    | recipient id (8) ‖ HPKE enc (32) ‖ HPKE ciphertext of the secret (48); info             |
// |        | "seqr channel rekey v2", AAD: header ‖ channel id ‖ new epoch ‖ recipient id             |
// | 64     | owner's signature over every byte before it                                             |
import { uint32Bytes } from './byte-reader.js';
import { concatBytes, equalBytes, utf8 } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { hpkeOpen, hpkeSeal } from './hpke.js';
import { newByteReader } from './public-identity.js';
import { CodeType, expectType, header } from './seqr-code-type.js';

export const REKEY_INFO = utf8('seqr channel rekey v2');
/** Subscribers per code: 16 keep a part under 1,800 bytes, a version-40 code even as a link. */
export const ENTRIES_PER_CODE = 16;

function rekeyAAD(channelID, epoch, recipientID) {
  return concatBytes(header(CodeType.rekey, 2), channelID, uint32Bytes(epoch), recipientID);
}

/**
 * The codes that move a channel to `next` ({ id, epoch ≥ 1, secret }) for `subscribers`, telling
 * `removed` they are removed (PublicIdentity lists), signed by `owner`: one code per 16 subscribers
 * (at least one). `ephemeralIKMs` (one per subscriber) only for test vectors.
 */
export async function encodeRekeyCodes(next, subscribers, removed, owner, { ephemeralIKMs = null } = {}) {
  if (!(next.epoch >= 1)) throw channelErrors.invalidContent('a rekey moves a channel to epoch 1 or later');
  // The epoch is a UInt32 on the wire: past the last one it would wrap to 0, an epoch every subscriber holds.
  if (next.epoch > 0xFFFFFFFF) throw channelErrors.invalidContent('the channel is at its last epoch: make a new channel');
  if (removed.length > 255) throw channelErrors.invalidContent('at most 255 subscribers removed at once');
  const groups = [];
  for (let i = 0; i < Math.max(subscribers.length, 1); i += ENTRIES_PER_CODE) groups.push(subscribers.slice(i, i + ENTRIES_PER_CODE));
  if (groups.length > 255) throw channelErrors.invalidContent('too many subscribers for one rekey');
  const removedIDs = await Promise.all(removed.map((r) => r.recipientID()));
  const codes = [];
  for (const [index, group] of groups.entries()) {
    const parts = [header(CodeType.rekey, 2), next.id, uint32Bytes(next.epoch), Uint8Array.of(index + 1, groups.length, removed.length), ...removedIDs, Uint8Array.of(group.length)];
    for (const [n, subscriber] of group.entries()) {
      const id = await subscriber.recipientID();
      const ikm = ephemeralIKMs?.[index * ENTRIES_PER_CODE + n] ?? null;
      const { enc, ciphertext } = await hpkeSeal(subscriber.agreementKey, REKEY_INFO, rekeyAAD(next.id, next.epoch, id), next.secret, { ephemeralIKM: ikm });
      parts.push(id, enc, ciphertext);
    }
    const body = concatBytes(...parts);
    codes.push(concatBytes(body, await owner.sign(body)));
  }
  return codes;
}

/** The fields of a rekey code, nothing verified yet: { channelID, epoch, part, parts, removed, entries }. */
export function parseRekeyCode(bytes) {
  expectType(bytes, CodeType.rekey);
  if (bytes.length < 4 + 16 + 4 + 2 + 1 + 1 + 64) throw channelErrors.truncated();
  const reader = newByteReader(bytes.subarray(4, bytes.length - 64));
  const channelID = reader.take(16);
  const epoch = reader.uint32();
  const part = reader.uint8();
  const parts = reader.uint8();
  if (epoch < 1 || part < 1 || part > parts) throw channelErrors.invalidContent('bad epoch or part number');
  const removed = Array.from({ length: reader.uint8() }, () => reader.take(8));
  const entries = Array.from({ length: reader.uint8() }, () => ({ recipientID: reader.take(8), enc: reader.take(32), ciphertext: reader.take(48) }));
  if (reader.remaining !== 0) throw channelErrors.invalidContent('trailing bytes');
  return { channelID, epoch, part, parts, removed, entries };
}

/**
 * Verifies a rekey code with the owner key of `channel` (as in decodeChannelMessage) and opens the
 * new secret for `me` (a PrivateIdentity): { epoch, secret }. `removedFromChannel` when the code
 * names me removed; `staleRekey` when the epoch's secret is held already.
 */
export async function openRekeyCode(bytes, channel, me) {
  const code = parseRekeyCode(bytes);
  if (!equalBytes(code.channelID, channel.id)) throw channelErrors.unknownChannel();
  if (!await channel.owner.verifies(bytes.subarray(bytes.length - 64), bytes.subarray(0, bytes.length - 64))) throw channelErrors.badSignature();
  if (channel.secrets.has(code.epoch)) throw channelErrors.staleRekey(code.epoch);
  const mine = await me.publicIdentity.recipientID();
  const entry = code.entries.find((e) => equalBytes(e.recipientID, mine));
  if (!entry) {
    if (code.removed.some((id) => equalBytes(id, mine))) throw channelErrors.removedFromChannel(channel.name);
    if (code.parts > 1) throw channelErrors.inAnotherRekeyPart(code.part, code.parts);
    throw channelErrors.notForThisRecipient();
  }
  const aad = rekeyAAD(channel.id, code.epoch, mine);
  try {
    return { epoch: code.epoch, secret: await hpkeOpen(entry.enc, me.agreementKey, me.publicIdentity.agreementKey, REKEY_INFO, aad, entry.ciphertext) };
  } catch { throw channelErrors.decryptionFailed(); }
}
