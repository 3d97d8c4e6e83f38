// What the page says about a scanned URL before anyone follows it. A URL is a link only for http
// and https (message-link-policy.js, the CLI's MessageLinkPolicy, in the CLI's words: "NOT A WEB
// LINK"); a web link is still never opened by itself, and is shown with a warning when its host
// could pass for another: written in punycode (xn--) or in international characters, letters of
// more than one script (a Cyrillic "а" in "pаypal.com"), or a user name or password before the host
// (https://bank.example@evil.example goes to evil.example). The CLI warns about the scheme only;
// these host warnings are the page's (docs/web-app.md, "What the scanner reads").
import { escaped } from './display-name.js';
import { isWebLink, schemeOf } from './message-link-policy.js';

export const UrlWarning = Object.freeze({ notWebLink: 'notWebLink', punycodeHost: 'punycodeHost', mixedScriptHost: 'mixedScriptHost', credentials: 'credentials' });

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Hebrew', 'Arabic', 'Georgian', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Thai', 'Devanagari', 'Cherokee'];
const SCRIPT_PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')]);

/** The scripts of the letters of `text` (Common and Inherited characters, digits and dots aside). */
export function scriptsOf(text) {
  const found = new Set();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    const script = SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char));
    found.add(script ? script[0] : 'Other');
  }
  return [...found];
}

/** The host as the text writes it (before a browser's URL parser turns it into punycode), or null. */
function writtenHost(text) {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/u.exec(text)?.[1];
  if (authority === undefined) return null;
  return authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
}

/**
 * The warnings for `text` shown as a URL: [{ code (UrlWarning), message }], empty for a plain
 * http(s) link to an ASCII host without credentials. Messages escape what they quote.
 */
export function urlWarnings(text) {
  if (!isWebLink(text)) {
    return [{ code: UrlWarning.notWebLink, message: `NOT A WEB LINK: its scheme is "${escaped(schemeOf(text) ?? 'none')}", not http or https; do not open it` }];
  }
  const warnings = [];
  let url = null;
  try { url = new URL(text); } catch { /* shown as text; the warnings below read the text itself */ }
  const host = writtenHost(text) ?? '';
  const ascii = url?.hostname ?? host;
  if (/(^|\.)xn--/i.test(ascii) || /[^\x00-\x7F]/.test(host)) {
    warnings.push({ code: UrlWarning.punycodeHost, message: `the host is written in international characters (${escaped(ascii)}): check that it is the site you expect` });
  }
  const scripts = scriptsOf(host);
  if (scripts.length > 1) {
    warnings.push({ code: UrlWarning.mixedScriptHost, message: `the host mixes letters of ${scripts.join(' and ')}, as a look-alike address does: check it letter by letter` });
  }
  if (url && (url.username || url.password)) {
    warnings.push({ code: UrlWarning.credentials, message: `the link holds a user name or password before its host: it goes to ${escaped(url.hostname)}, whatever the text before "@" says` });
  }
  return warnings;
}
