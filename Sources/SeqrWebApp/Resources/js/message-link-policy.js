// How a verified message is shown (Swift: SeqrCore/Channels/MessageLinkPolicy.swift,
// ChannelMessage.isExpired): a URL message is a link only for http and https — `javascript:`,
// `data:`, `file:` or an app's scheme would run or open something other than a web page — and an
// expired message is shown with a warning, not hidden.
export const WEB_SCHEMES = ['http', 'https'];

/** The URL's scheme, lowercased, or null when it has none. */
export function schemeOf(url) { return /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase() ?? null; }

export function isWebLink(url) { return WEB_SCHEMES.includes(schemeOf(url)); }

/** Whether a message with `expires` (seconds, 0 = never) has expired at `now` (milliseconds). */
export function isExpired(expires, now = Date.now()) { return expires > 0 && now / 1000 >= expires; }
