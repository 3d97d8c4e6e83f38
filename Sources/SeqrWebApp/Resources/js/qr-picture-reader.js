// A still picture (a photo picked from the phone, a screenshot) read as `seqr decode` reads one
// (SeqrQR/QRDecoder.swift, its default passes): zxing-cpp's own call first, then, only when it
// found nothing, a fixed threshold, an unsharp-masked copy (out of focus), both, an enlarged copy
// (tiny codes) and a global histogram, ending with the first pass that finds anything. A camera
// frame gets the first pass alone (QRReader.read): the next frame is the next chance. Not
// mirrored: the CLI's rescue of several codes painted over, its smooth doubling of tiny modules
// and ZBar's reading of an empty code. No DOM.
import { luminance, scaledUp, sharpened } from './gray-image-filters.js';

const PASSES = [
  { binarizer: 'localAverage', scale: 1 },
  { binarizer: 'fixedThreshold', scale: 1 },
  { binarizer: 'localAverage', scale: 1, sharpen: 3 },
  { binarizer: 'fixedThreshold', scale: 1, sharpen: 3 },
  { binarizer: 'localAverage', scale: 2 },
  { binarizer: 'globalHistogram', scale: 1 },
];
/** Pictures up to this many pixels are also tried enlarged (QRDecoder.enlargeLimit). */
const ENLARGE_LIMIT = 1_000_000;

/**
 * Every code `seqr decode` would read in the picture (its passes as above), from `reader`
 * (zxing-wasm.js's QRReader); `options.layout` and `options.rowBytes` as for QRReader.read;
 * `options.firstPass`: what the first pass (zxing-cpp's own call, with no limit) already found in
 * this picture, so that it is not run again (vault-page-reader.js).
 */
export function readPicture(reader, pixels, width, height, options = {}) {
  const found = [];
  const prepared = new Map();
  let gray = null;
  for (const [number, pass] of PASSES.entries()) {
    if (pass.scale > 1 && width * height > ENLARGE_LIMIT) continue;
    let symbols;
    if (number === 0) {
      symbols = options.firstPass ?? reader.read(pixels, width, height, { layout: options.layout, rowBytes: options.rowBytes });
    } else {
      gray ??= (options.layout ?? 'rgba') === 'rgba' ? luminance(pixels, width, height, options.rowBytes) : rows(pixels, width, height, options.rowBytes);
      const key = `${pass.sharpen ?? 0}x${pass.scale}`;
      if (!prepared.has(key)) {
        let variant = gray;
        if (pass.sharpen) variant = sharpened(variant, width, height, pass.sharpen, 3);
        if (pass.scale > 1) variant = scaledUp(variant, width, height, pass.scale);
        prepared.set(key, variant);
      }
      // An enlarged copy has modules big enough for zxing-cpp's row skipping, and is not shrunk again.
      symbols = reader.read(prepared.get(key), width * pass.scale, height * pass.scale,
        { layout: 'luminance', binarizer: pass.binarizer, tryHarder: pass.scale === 1, tryDownscale: pass.scale === 1 })
        .map((code) => ({ ...code, corners: code.corners.map(({ x, y }) => ({ x: Math.trunc(x / pass.scale), y: Math.trunc(y / pass.scale) })) }));
    }
    const before = found.length;
    for (const symbol of symbols) if (!found.some((f) => isSameSymbol(f, symbol))) found.push(symbol);
    if (found.length > 0 && !holdsPartialSequence(found)) return found;
    if (before > 0 && found.length === before) break;
  }
  return found;
}

function rows(pixels, width, height, rowBytes = width) {
  if (rowBytes === width) return pixels.subarray(0, width * height);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) out.set(pixels.subarray(y * rowBytes, y * rowBytes + width), y * width);
  return out;
}

/** Two detections are the same symbol when they carry the same payload near the same place (DecodedSymbol.isSameSymbol). */
function isSameSymbol(a, b) {
  if (a.format !== b.format || a.bytes.length !== b.bytes.length || a.bytes.some((v, i) => v !== b.bytes[i])) return false;
  const centre = (s) => ({ x: Math.trunc(s.corners.reduce((n, c) => n + c.x, 0) / 4), y: Math.trunc(s.corners.reduce((n, c) => n + c.y, 0) / 4) });
  const p = centre(a), q = centre(b);
  const span = Math.max(Math.abs(a.corners[0].x - a.corners[2].x), Math.abs(a.corners[0].y - a.corners[2].y), 8);
  return Math.abs(p.x - q.x) <= span && Math.abs(p.y - q.y) <= span;
}

/** A structured-append part found without the other parts of its sequence: a read goes on. */
function holdsPartialSequence(symbols) {
  return symbols.some((s) => s.sequence && new Set(symbols.filter((o) => o.sequence?.id === s.sequence.id && o.sequence?.count === s.sequence.count)
    .map((o) => o.sequence.index)).size < s.sequence.count);
}
