// The message code (type 3), suite 2 (docs/formats/channels.md; Swift:
// SeqrCore/Channels/ChannelMessageCode.swift):
//
// | length | field                                                                                  |
// | 4      | header "SQ", 2, 3                                                                       |
// | 16     | channel id                                                                             |
// | 4      | epoch (UInt32)                                                                         |
// | 12     | nonce (random)                                                                         |
// | 2      | ciphertext length n (with the 16-byte tag)                                             |
// | n      | AES-256-GCM under HKDF-SHA256(epoch secret, info "seqr channel message v2") of kind    |
// |        | (1 text, 2 URL) ‖ created (UInt64) ‖ expires (UInt64, 0 never) ‖ UTF-8 content;        |
// |        | AAD: every byte before it (38)                                                         |
// | 64     | owner's signature over every byte before it                                            |
//
// Read in this order: the owner's signature, then the epoch's secret held, then decryption.
import { ByteReader, uint16Bytes, uint32Bytes, uint64Bytes } from './byte-reader.js';
import { concatBytes, decodeUTF8, equalBytes, randomBytes, utf8 } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { newByteReader } from './public-identity.js';
import { CodeType, expectType, header } from './seqr-code-type.js';

export const MESSAGE_INFO = utf8('seqr channel message v2');
export const MessageKind = Object.freeze({ text: 1, url: 2 });
const HEADER_LENGTH = 24;  // header, channel id, epoch
const AAD_LENGTH = HEADER_LENGTH + 12 + 2;

/** The AES-256-GCM key of an epoch: HKDF-SHA256(secret, empty salt, MESSAGE_INFO), 32 bytes. */
export async function messageKey(secret, usages = ['encrypt', 'decrypt']) {
  const master = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: MESSAGE_INFO }, master, { name: 'AES-GCM', length: 256 }, false, usages);
}

/** What a message says about itself before anything is verified: { suite, channelID, epoch }. */
export function messageHeader(bytes) {
  const { suite } = expectType(bytes, CodeType.message);
  const reader = newByteReader(bytes.subarray(4));
  const channelID = reader.take(16);
  const epoch = suite === 2 ? reader.uint32() : 0;
  if (bytes.length < (suite === 2 ? HEADER_LENGTH : 20) + 12 + 2 + 16 + 64) throw channelErrors.truncated();
  return { suite, channelID, epoch };
}

/**
 * A message code of `channel` ({ id, epoch, secret }) signed by `owner` (a PrivateIdentity):
 * `message` = { kind, created, expires (0 = never), content }, times in seconds. `nonce` only for vectors.
 */
export async function encodeChannelMessage(message, channel, owner, { nonce = randomBytes(12) } = {}) {
  if (!Object.values(MessageKind).includes(message.kind)) throw channelErrors.invalidContent('unknown message kind');
  const plaintext = concatBytes(Uint8Array.of(message.kind), uint64Bytes(message.created), uint64Bytes(message.expires ?? 0), utf8(message.content));
  const aad = concatBytes(header(CodeType.message, 2), channel.id, uint32Bytes(channel.epoch), nonce, uint16Bytes(plaintext.length + 16));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad, tagLength: 128 }, await messageKey(channel.secret), plaintext);
  const signed = concatBytes(aad, new Uint8Array(sealed));
  return concatBytes(signed, await owner.sign(signed));
}

/**
 * Verifies and opens a message of `channel` ({ id, name, owner (PublicIdentity), secrets: Map epoch →
 * secret, removedAt: the epoch this subscriber was removed at, or null }): { kind, created, expires, content, epoch }.
 */
export async function decodeChannelMessage(bytes, channel) {
  const { suite, channelID, epoch } = messageHeader(bytes);
  if (!equalBytes(channelID, channel.id)) throw channelErrors.unknownChannel();
  const signed = bytes.subarray(0, bytes.length - 64);
  if (!await channel.owner.verifies(bytes.subarray(bytes.length - 64), signed)) throw channelErrors.badSignature();
  if (suite !== 2) throw channelErrors.unsupportedSuite();
  const secret = channel.secrets.get(epoch);
  if (!secret) {
    if (channel.removedAt !== null && channel.removedAt !== undefined && epoch >= channel.removedAt) throw channelErrors.removedFromChannel(channel.name);
    throw channelErrors.epochNotReached(epoch);
  }
  const reader = newByteReader(signed);
  reader.take(HEADER_LENGTH);
  const nonce = reader.take(12);
  const length = reader.uint16();
  const sealed = reader.take(length);
  if (reader.remaining !== 0 || length < 16) throw channelErrors.invalidContent('bad ciphertext length');
  let plain;
  try {
    plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: signed.subarray(0, AAD_LENGTH), tagLength: 128 },
      await messageKey(secret), sealed));
  } catch { throw channelErrors.decryptionFailed(); }
  const inner = new ByteReader(plain, () => channelErrors.invalidContent('short message'));
  const kind = inner.uint8();
  if (!Object.values(MessageKind).includes(kind)) throw channelErrors.invalidContent('unknown message kind');
  const created = inner.uint64();
  const expires = inner.uint64();
  const content = decodeUTF8(inner.rest());
  if (content === null) throw channelErrors.invalidContent('not UTF-8');
  return { kind, created, expires, content, epoch };
}
