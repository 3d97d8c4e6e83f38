// The public-key code (type 1; docs/formats/channels.md; Swift: SeqrCore/Channels/PublicKeyCode.swift):
// header "SQ", 1, 1, then the public identity. Nothing may follow.
import { concatBytes } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { newByteReader, PublicIdentity } from './public-identity.js';
import { CodeType, expectType, header } from './seqr-code-type.js';

export function encodePublicKeyCode(identity) { return concatBytes(header(CodeType.publicKey, 1), identity.serialized()); }

/** The PublicIdentity in a public-key code; ChannelError otherwise. */
export async function decodePublicKeyCode(bytes) {
  expectType(bytes, CodeType.publicKey);
  const reader = newByteReader(bytes.subarray(4));
  const identity = await PublicIdentity.read(reader);
  if (reader.remaining !== 0) throw channelErrors.invalidContent('trailing bytes');
  return identity;
}
