// The four bytes that start every Seqr channel code (docs/formats/channels.md, "Header"; Swift:
// SeqrCore/Channels/SeqrCodeType.swift): "SQ", the version (= channel suite: 1 or 2; public keys
// only 1, rekey codes only 2) and the type.
import { channelErrors } from './channel-error.js';

export const MAGIC = Uint8Array.of(0x53, 0x51);
export const CodeType = Object.freeze({ publicKey: 1, channelShare: 2, message: 3, rekey: 4 });
export const SUITES = [1, 2];

export function header(type, suite) { return Uint8Array.of(MAGIC[0], MAGIC[1], suite, type); }

export function isSeqrCode(bytes) { return bytes.length >= 2 && bytes[0] === MAGIC[0] && bytes[1] === MAGIC[1]; }

/** { type, suite } of a code, or the ChannelError that says why this app does not read it. */
export function readHeader(bytes) {
  if (!isSeqrCode(bytes)) throw channelErrors.notASeqrCode();
  if (bytes.length < 4) throw channelErrors.truncated();
  const [suite, type] = [bytes[2], bytes[3]];
  if (!SUITES.includes(suite)) throw channelErrors.unsupportedVersion(suite);
  if (!Object.values(CodeType).includes(type)) throw channelErrors.unknownType(type);
  if (type === CodeType.publicKey && suite !== 1) throw channelErrors.unsupportedVersion(suite);
  if (type === CodeType.rekey && suite === 1) throw channelErrors.unsupportedVersion(suite);
  return { type, suite };
}

/** The header, checked to be of `type`. */
export function expectType(bytes, type) {
  const read = readHeader(bytes);
  if (read.type !== type) throw channelErrors.unknownType(read.type);
  return read;
}
