// A live location share's link, `https://HOST[/PREFIX]/l/<share id>#k=<base64url key>`
// (docs/formats/location.md, "Share keys and links"; Swift: SeqrCore/Location/LocationShareLink.swift,
// the link errors of LocationError.swift, in the same words). The key rides in the fragment, which
// browsers never send to a server: a parsed link's `pageURL` is the link without it, safe to show.
import { decodeBase64URL } from './base64url.js';
import { isValidShareID } from './share-link.js';

export class LocationLinkError extends Error {
  constructor(code, message) { super(message); this.name = 'LocationLinkError'; this.code = code; }
}

export const locationLinkErrors = {
  notALink: () => new LocationLinkError('notALink', 'not a location share link (expected https://HOST/l/<share id>#k=<key>)'),
  badShareID: () => new LocationLinkError('badShareID', 'the link\'s share id is not 22 base64url characters'),
  missingKey: () => new LocationLinkError('missingKey', 'the link has no key: it must end in #k=<key> (copy the whole link)'),
  badLinkKey: () => new LocationLinkError('badLinkKey', 'the link\'s key is not a 16- or 32-byte base64url key (cut off or mistyped?)'),
};

/**
 * { base, shareID, key (Uint8Array), format ('seqr-location-v1' for 32 bytes, 'cryptojs-aes128cbc'
 * for 16), pageURL (without the key) }; a LocationLinkError naming what is missing or wrong.
 */
export function parseLocationShareLink(text) {
  let url;
  try { url = new URL(String(text).trim()); } catch { throw locationLinkErrors.notALink(); }
  if (!['http:', 'https:'].includes(url.protocol) || !url.host) throw locationLinkErrors.notALink();
  const parts = url.pathname.split('/');
  if (parts.length < 3 || parts[parts.length - 2] !== 'l') throw locationLinkErrors.notALink();
  const shareID = parts[parts.length - 1];
  if (!isValidShareID(shareID) || decodeBase64URL(shareID)?.length !== 16) throw locationLinkErrors.badShareID();
  const fragment = url.hash.replace(/^#/, '');
  if (!fragment.startsWith('k=') || fragment.length <= 2) throw locationLinkErrors.missingKey();
  const key = decodeBase64URL(fragment.slice(2));
  if (!key || (key.length !== 32 && key.length !== 16)) throw locationLinkErrors.badLinkKey();
  const base = `${url.protocol}//${url.host}${parts.slice(0, -2).join('/')}`;
  return { base, shareID, key, format: key.length === 32 ? 'seqr-location-v1' : 'cryptojs-aes128cbc', pageURL: `${base}/l/${shareID}` };
}

/** The longest `#follow=` fragment read: 8,192 characters, as for every link fragment (seqr-code-link.js). */
export const MAX_FOLLOW_FRAGMENT_LENGTH = 8192;

/** The location viewer's "Follow in People" hands a share link over in the app's fragment, `#follow=<the link,
 *  percent-encoded>`: that link, parsed (parseLocationShareLink's answer); a LocationLinkError otherwise. */
export function linkFromFollowFragment(fragment) {
  // The limit every link fragment has (docs/security.md): a longer one is not decoded or parsed.
  if (String(fragment).length > MAX_FOLLOW_FRAGMENT_LENGTH) throw locationLinkErrors.notALink();
  let text;
  try { text = decodeURIComponent(String(fragment).slice('#follow='.length)); } catch { throw locationLinkErrors.notALink(); }
  return parseLocationShareLink(text);
}
