// A Seqr code as a link a phone camera opens here: https://HOST/app/#<base64url of the code, no
// padding> (docs/formats/channels.md, "Links"; Swift: SeqrCore/Channels/SeqrCodeLink.swift). The
// fragment is never sent to the server.
import { fromBase64URL, toBase64URL } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { isSeqrCode } from './seqr-code-type.js';

/** What the CLI reads as a link (SeqrCodeLink.code(in:)); a version-40 code holds under 3,000 bytes. */
export const MAX_LINK_LENGTH = 8192;
const tooLong = () => channelErrors.invalidLink('longer than any Seqr code\'s link');

/** The code bytes in a link's fragment (with or without the leading "#"); `invalidLink` otherwise. */
export function codeFromFragment(fragment) {
  const text = String(fragment).replace(/^#/, '');
  if (text.length > MAX_LINK_LENGTH) throw tooLong();
  const bytes = fromBase64URL(text);
  // Canonical only: the same code has one link, so a link cannot be varied to slip past a check.
  if (bytes === null || toBase64URL(bytes) !== text || !isSeqrCode(bytes)) throw channelErrors.invalidLink('the link\'s fragment is not a Seqr code');
  return bytes;
}

/**
 * A whole link, `https://HOST/app/#CODE`: `{ code, host, origin }`, the host as the browser resolves
 * it (an internationalised name in Punycode, as it is looked up: what a look-alike cannot disguise);
 * `invalidLink` when it is none.
 */
export function readCodeLink(text) {
  if (String(text).length > MAX_LINK_LENGTH) throw tooLong();
  let url;
  try { url = new URL(String(text).trim()); } catch { throw channelErrors.invalidLink('not a Seqr link (https://HOST/app/#CODE)'); }
  if (!['http:', 'https:'].includes(url.protocol) || !url.host || url.search || url.pathname !== '/app/' || url.username || !url.hash) {
    throw channelErrors.invalidLink('not a Seqr link (https://HOST/app/#CODE)');
  }
  return { code: codeFromFragment(url.hash), host: url.host, origin: url.origin };
}

/** The code in a whole link, `https://HOST/app/#CODE`; `invalidLink` when it is none. */
export function parseCodeLink(text) { return readCodeLink(text).code; }

/** Bytes a version-40 QR code holds at level M, the level the page draws (as the CLI's check). */
export const QR_LINK_CAPACITY = 2331;

/** `linkTooLong` unless `link` fits one QR code: checked before a code is kept as made. */
export function checkLinkFits(link) {
  const bytes = new TextEncoder().encode(link).length;
  if (bytes > QR_LINK_CAPACITY) throw channelErrors.linkTooLong(bytes, QR_LINK_CAPACITY);
}

/** The link of `code` at `base` (this app's origin, e.g. https://seqr.example). */
export function codeLink(base, code) { return `${base.replace(/\/+$/, '')}/app/#${toBase64URL(code)}`; }
