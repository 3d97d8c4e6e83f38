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
import { hpkeOpen } from './hpke.js';
import { newByteReader } from './public-identity.js';
import { CodeType, expectType, header } from './seqr-code-type.js';

export const REKEY_INFO = utf8('seqr channel rekey v2');

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
  const aad = concatBytes(header(CodeType.rekey, 2), channel.id, uint32Bytes(code.epoch), mine);
  try {
    return { epoch: code.epoch, secret: await hpkeOpen(entry.enc, me.agreementKey, me.publicIdentity.agreementKey, REKEY_INFO, aad, entry.ciphertext) };
  } catch { throw channelErrors.decryptionFailed(); }
}
