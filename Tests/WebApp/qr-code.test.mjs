// qr-code.js's byte path (qrCodeSVGOfBytes, the paper-vault codes): it draws the exact bytes
// whatever qrcode-generator's global `qrcode.stringToBytes` has been set to (another script may set
// its UTF-8 variant, which turns each char ≥ 0x80 into two bytes), and leaves that global as it
// found it. The library is Debian's node-qrcode-generator, the file seqr-server serves at
// /app/vendor/qrcode-generator.js (QRCodeGeneratorFile.defaultPath); the few DOM calls dom.js's
// h() makes are stood in for by plain objects.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { qrCodeSVGOfBytes } from '../../Sources/SeqrWebApp/Resources/js/qr-code.js';

const LIBRARY = '/usr/share/javascript/qrcode-generator/qrcode.js';
globalThis.qrcode = createRequire(import.meta.url)(LIBRARY);

class FakeElement {
  constructor(tag) { this.tag = tag; this.attributes = {}; this.children = []; }
  setAttribute(name, value) { this.attributes[name] = value; }
  append(...children) { this.children.push(...children); }
}
globalThis.Node = FakeElement;
globalThis.document = { createElementNS: (_, tag) => new FakeElement(tag), createElement: (tag) => new FakeElement(tag), createTextNode: (text) => ({ text }) };

/** The drawn modules of `bytes` as a version-5 code at level M: the <path>'s d. */
const modules = (bytes) => qrCodeSVGOfBytes(bytes, { version: 5, errorCorrection: 'M', label: 'code' }).children.find((child) => child.tag === 'path').attributes.d;

test('the byte path draws the exact bytes even when qrcode.stringToBytes is the UTF-8 variant, and puts the global back', () => {
  const bytes = Uint8Array.from({ length: 60 }, (_, i) => 0x80 + i * 2);   // every byte ≥ 0x80
  assert.equal(globalThis.qrcode.stringToBytes, globalThis.qrcode.stringToBytesFuncs.default);
  const exact = modules(bytes);
  // The same bytes drawn by the library with its default conversion, straight: the reference.
  const qr = globalThis.qrcode(5, 'M');
  qr.addData(String.fromCharCode(...bytes), 'Byte');
  qr.make();
  let reference = '';
  for (let r = 0, n = qr.getModuleCount(); r < n; r++) {
    for (let c = 0; c < n;) {
      if (!qr.isDark(r, c)) { c++; continue; }
      let end = c;
      while (end < n && qr.isDark(r, end)) end++;
      reference += `M${c + 4} ${r + 4}h${end - c}v1h-${end - c}z`;
      c = end;
    }
  }
  assert.equal(exact, reference);

  const utf8 = globalThis.qrcode.stringToBytesFuncs['UTF-8'];
  globalThis.qrcode.stringToBytes = utf8;
  try {
    assert.equal(modules(bytes), exact);
    assert.equal(globalThis.qrcode.stringToBytes, utf8, 'the global is left as it was found');
  } finally {
    globalThis.qrcode.stringToBytes = globalThis.qrcode.stringToBytesFuncs.default;
  }
});
