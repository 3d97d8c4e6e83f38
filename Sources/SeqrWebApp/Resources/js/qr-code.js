// A link's QR code as an SVG element, drawn from Debian's qrcode-generator (served from this
// origin at /app/vendor/qrcode-generator.js, a classic script that defines `qrcode`). It is
// loaded when the first code is drawn, not before sign-in: it is the app's largest file.
// The modules become one <path>, built with DOM calls: no markup strings.
import { h } from './dom.js';

let loading = null;
/** Loads the library once (a <script> from this origin, as the CSP allows). */
export function loadQRCodeLibrary() {
  if (typeof globalThis.qrcode === 'function') return Promise.resolve();
  loading ??= new Promise((resolve, reject) => {
    const script = h('script', { src: new URL('vendor/qrcode-generator.js', document.baseURI).href });
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => { loading = null; reject(new Error('the QR code library did not load')); });
    document.head.append(script);
  });
  return loading;
}

function symbol(text) {
  if (typeof globalThis.qrcode !== 'function') throw new Error('the QR code library did not load');
  const qr = globalThis.qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  return qr;
}

/** An <svg> of `text` (type number chosen by the library, error correction M, 4-module quiet zone). */
export function qrCodeSVG(text, label) {
  const qr = symbol(text);
  const n = qr.getModuleCount(), quiet = 4, size = n + 2 * quiet;
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  return h('svg:svg', { viewBox: `0 0 ${size} ${size}`, class: 'qr', role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' },
    h('svg:rect', { width: size, height: size, fill: '#fff' }),
    h('svg:path', { d, fill: '#000' }));
}

/** A PNG of `text`'s code, `scale` pixels a module, for printing or saving. */
export function qrCodePNG(text, scale = 8) {
  const qr = symbol(text);
  const n = qr.getModuleCount(), quiet = 4, size = (n + 2 * quiet) * scale;
  const canvas = h('canvas', { width: size, height: size });
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#000';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) context.fillRect((c + quiet) * scale, (r + quiet) * scale, scale, scale);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be made'))), 'image/png'));
}

/**
 * An <svg> of `bytes` (a Uint8Array) as one 8-bit segment in a symbol of exactly QR `version` at
 * level `errorCorrection`, 4-module quiet zone: a paper-vault code as `seqr vault backup` draws it.
 * Each row's dark runs become one rectangle each, so a version-37 code stays a small path.
 */
export function qrCodeSVGOfBytes(bytes, { version, errorCorrection = 'M', label }) {
  if (typeof globalThis.qrcode !== 'function') throw new Error('the QR code library did not load');
  const qr = globalThis.qrcode(version, errorCorrection);
  // The library's default stringToBytes keeps each char code's low byte: a "binary string" is the bytes.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  qr.addData(binary, 'Byte');
  qr.make();
  const n = qr.getModuleCount(), quiet = 4, size = n + 2 * quiet;
  const runs = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n;) {
      if (!qr.isDark(r, c)) { c++; continue; }
      let end = c;
      while (end < n && qr.isDark(r, end)) end++;
      runs.push(`M${c + quiet} ${r + quiet}h${end - c}v1h-${end - c}z`);
      c = end;
    }
  }
  return h('svg:svg', { viewBox: `0 0 ${size} ${size}`, class: 'qr', role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' },
    h('svg:rect', { width: size, height: size, fill: '#fff' }),
    h('svg:path', { d: runs.join(''), fill: '#000' }));
}
