// How untrusted text from a code is shown in the page, as the CLI shows it on a terminal (Swift:
// SeqrCore/Channels/DisplayName.swift, escaped and escapedLines): every unprintable scalar —
// controls, bidi and other format characters, line and paragraph separators, private use,
// unassigned — written as \u{…}, backslashes doubled so an escape cannot be faked. A right-to-left
// override in a message could otherwise reorder a link's text to show another address.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/u;

/** Whether `text` holds a scalar `escaped` rewrites (a backslash aside). */
export function hasUnprintable(text) { return UNPRINTABLE.test(text); }

export function escaped(text) {
  let out = '';
  for (const char of text) {
    if (char === '\\') out += '\\\\';
    else if (UNPRINTABLE.test(char)) out += `\\u{${char.codePointAt(0).toString(16).toUpperCase()}}`;
    else out += char;
  }
  return out;
}

/** `text` as lines (split at LF and CR LF only), each escaped: a lone CR or a separator shows as \u{…}. */
export function escapedLines(text) { return text.split(/\r?\n/).map(escaped).join('\n'); }
