// The channel-share code (type 2), suite 2 (docs/formats/channels.md; Swift:
// SeqrCore/Channels/ChannelShareCode.swift):
//
// | length | field                                                                               |
// | 4      | header "SQ", 2, 2                                                                    |
// | var    | owner's public identity                                                             |
// | 8      | recipient id: SHA-256(recipient's X25519 key)[0..<8]                                |
// | 32     | HPKE encapsulated key                                                               |
// | 2      | ciphertext length n                                                                 |
// | n      | HPKE (suite 2, info "seqr channel share v2") of channel id (16) ‖ epoch (UInt32) ‖  |
// |        | secret (32) ‖ created (UInt64) ‖ name length ‖ name; AAD: every byte before it      |
// | 64     | owner's Ed25519 signature over every byte before it                                 |
//
// Opened in this order: addressed to me, signed by the owner whose key it carries, then decrypted.
import { ByteReader, uint16Bytes, uint32Bytes, uint64Bytes } from './byte-reader.js';
import { concatBytes, equalBytes, utf8 } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { hpkeOpen, setupBaseSender } from './hpke.js';
import { nameBytes, newByteReader, PublicIdentity, readName, validateName } from './public-identity.js';
import { CodeType, expectType, header } from './seqr-code-type.js';

export const SHARE_INFO = utf8('seqr channel share v2');

/**
 * A share of `channel` ({ id, name, secret, created (seconds), epoch }) for `recipient` (a
 * PublicIdentity), signed by `owner` (a PrivateIdentity). `ephemeralIKM` only for test vectors.
 */
export async function encodeChannelShare(channel, recipient, owner, { ephemeralIKM = null } = {}) {
  validateName(channel.name);
  const plaintext = concatBytes(channel.id, uint32Bytes(channel.epoch), channel.secret, uint64Bytes(channel.created), nameBytes(channel.name));
  const prefix = concatBytes(header(CodeType.channelShare, 2), owner.publicIdentity.serialized(), await recipient.recipientID());
  // The AAD holds enc, so the context is set up before the seal.
  const { enc, context } = await setupBaseSender(recipient.agreementKey, SHARE_INFO, { ephemeralIKM });
  const aad = concatBytes(prefix, enc, uint16Bytes(plaintext.length + 16));
  const signed = concatBytes(aad, await context.seal(aad, plaintext));
  return concatBytes(signed, await owner.sign(signed));
}

/** The channel in a share made for `me` (a PrivateIdentity): { id, name, secret, created, epoch, owner }. */
export async function decodeChannelShare(bytes, me) {
  const { suite } = expectType(bytes, CodeType.channelShare);
  if (bytes.length <= 4 + 64) throw channelErrors.truncated();
  const reader = newByteReader(bytes.subarray(4, bytes.length - 64));
  const owner = await PublicIdentity.read(reader);
  const addressedTo = reader.take(8);
  const enc = reader.take(32);
  const length = reader.uint16();
  const ciphertext = reader.take(length);
  if (reader.remaining !== 0) throw channelErrors.invalidContent('trailing bytes');
  if (!equalBytes(addressedTo, await me.publicIdentity.recipientID())) throw channelErrors.notForThisRecipient();
  const signed = bytes.subarray(0, bytes.length - 64);
  if (!await owner.verifies(bytes.subarray(bytes.length - 64), signed)) throw channelErrors.badSignature();
  if (suite !== 2) throw channelErrors.unsupportedSuite();
  let plain;
  try {
    plain = await hpkeOpen(enc, me.agreementKey, me.publicIdentity.agreementKey, SHARE_INFO, signed.subarray(0, signed.length - length), ciphertext);
  } catch { throw channelErrors.decryptionFailed(); }
  const inner = new ByteReader(plain, () => channelErrors.invalidContent('short channel data'));
  const channel = { id: inner.take(16), epoch: inner.uint32(), secret: inner.take(32), created: inner.uint64(), name: readName(inner), owner };
  if (inner.remaining !== 0) throw channelErrors.invalidContent('trailing channel data');
  return channel;
}
