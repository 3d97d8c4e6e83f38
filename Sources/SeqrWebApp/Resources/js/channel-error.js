// Every way a Seqr channel code can be refused in the web app, one code each: ChannelError's cases
// (SeqrCore/Channels/ChannelError.swift) with the same words, plus `unsupportedSuite` (a suite-1
// channel, sealed with ChaCha20-Poly1305, which WebCrypto lacks).
import { escaped } from './display-name.js';

export class ChannelError extends Error {
  constructor(code, message, detail = {}) { super(message); this.name = 'ChannelError'; this.code = code; Object.assign(this, detail); }
}

export const channelErrors = {
  notASeqrCode: () => new ChannelError('notASeqrCode', 'not a Seqr code'),
  unsupportedVersion: (version) => new ChannelError('unsupportedVersion', `a Seqr code of format version ${version}, which this version of Seqr does not read; update Seqr`, { version }),
  unsupportedSuite: () => new ChannelError('unsupportedSuite', 'a channel of suite 1 (ChaCha20-Poly1305), which a browser cannot open: read it with the seqr command line, or ask the owner for a suite-2 channel'),
  unknownType: (type) => new ChannelError('unknownType', `an unknown kind of Seqr code (type ${type})`, { type }),
  truncated: () => new ChannelError('truncated', 'the Seqr code is truncated'),
  invalidKey: () => new ChannelError('invalidKey', 'the code holds an invalid key'),
  badSignature: () => new ChannelError('badSignature', 'the signature does not verify: the code was altered or not made by the channel\'s owner'),
  notForThisRecipient: () => new ChannelError('notForThisRecipient', 'this channel share was made for someone else'),
  decryptionFailed: () => new ChannelError('decryptionFailed', 'the message does not decrypt'),
  unknownChannel: () => new ChannelError('unknownChannel', 'a message of an unknown channel (not subscribed)'),
  invalidContent: (detail) => new ChannelError('invalidContent', `invalid content: ${detail}`),
  unsafeName: (scalar) => new ChannelError('unsafeName', `the name holds U+${scalar.toString(16).toUpperCase().padStart(4, '0')}, a control or text-direction character that could disguise it on screen; refused`),
  epochNotReached: (epoch) => new ChannelError('epochNotReached', `a message of the channel's epoch ${epoch}, which this browser has not reached: scan the channel's latest rekey code`, { epoch }),
  removedFromChannel: (name) => new ChannelError('removedFromChannel', `you were removed from ${escaped(name)}`),
  inAnotherRekeyPart: (part, parts) => new ChannelError('inAnotherRekeyPart', `this is part ${part} of ${parts} of a rekey code, and your new key is in another part: scan the others`),
  staleRekey: (epoch) => new ChannelError('staleRekey', `a rekey code of epoch ${epoch}, which this browser has already`, { epoch }),
  linkTooLong: (bytes, capacity) => new ChannelError('linkTooLong', `the link is ${bytes} bytes, more than the ${capacity} a version-40 QR code holds: write a shorter message`, { bytes, capacity }),
  // OwnerKeyConflict (SeqrStore/OwnerKeyConflict.swift), in the same words: a look-alike share, said before subscribing.
  newOwnerKey: (reason, channelName, ownerName, knownFingerprint, newFingerprint) => new ChannelError('newOwnerKey',
    `this share has ${reason === 'sameChannelID' ? 'the same channel id as' : 'the same owner name as'} "${escaped(channelName)}" from ${escaped(ownerName)} (${knownFingerprint}) but another owner key (${newFingerprint}): it may be a look-alike; compare the fingerprint with the owner's`,
    { reason, knownFingerprint, newFingerprint }),
  invalidLink: (detail) => new ChannelError('invalidLink', `invalid link: ${detail}`),
};
