// How a payload is shown to a person, as the CLI shows it (Swift: SeqrCore/PayloadDisplay.swift):
// as text when it is printable text, otherwise as `base64:` and its Base64 so that no byte is lost
// or mangled. No DOM; the scanner's codes and a JWS payload go through here alike.
import { decodeUTF8, toBase64 } from './bytes.js';
import { escapedLines } from './display-name.js';

export class PayloadDisplay {
  /** @param {string|null} text  @param {string|null} base64  (exactly one is set) */
  constructor(text, base64) {
    this.text = text;
    this.base64 = base64;
  }

  /**
   * Bytes and the text a QR symbol's encodings give them (the module's `seqr_zx_read_text`, zxing-cpp's
   * rules), or null when they hold none: the text, unless it holds DEL or a C1 control (U+007F–U+009F,
   * the mark of bytes guessed as ISO-8859-1), else the bytes. C0 controls a symbol's text declared are kept.
   */
  static ofSymbol(bytes, text) {
    if (text !== null && text !== undefined && !/[\u007F-\u009F]/.test(text)) return new PayloadDisplay(text, null);
    return new PayloadDisplay(null, toBase64(bytes));
  }

  /** Bytes that are text only as UTF-8 (a JWS payload, a link): the text when printable, else their Base64. */
  static ofUTF8(bytes) {
    const text = decodeUTF8(bytes);
    return text !== null && isPrintable(text) ? new PayloadDisplay(text, null) : new PayloadDisplay(null, toBase64(bytes));
  }

  /** The payload for machine-readable output (`seqr decode`'s line, --json's text): the text, or `base64:…`. */
  get exact() { return this.text ?? `base64:${this.base64}`; }

  /** What a page shows: `exact` with its lines kept and anything else unprintable escaped, as on a terminal. */
  get line() { return escapedLines(this.exact); }
}

/** True for text without control characters other than tab, line feed and carriage return. */
export function isPrintable(text) {
  return !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(text);
}
