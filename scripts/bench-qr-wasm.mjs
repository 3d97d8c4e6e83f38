#!/usr/bin/env node
// The page's QR decoder (wasm/zxing.wasm) per camera frame, in Node 20 (V8, as in Chromium), beside
// the native build of the same zxing-cpp call: the module's size, raw and gzip -9, its compile time,
// and the time per decode of 1280×720 frames — an empty one and codes from the simulated corpus
// placed on a desk-grey frame — minimum and median of ROUNDS decodes each. A benchmark, not a test.
//
//   node scripts/bench-qr-wasm.mjs [BIN_DIR]     (default .build/release, else .build/debug; seqr-bench writes the corpus)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadQRReader } from '../Sources/SeqrWebApp/Resources/js/zxing-wasm.js';

const root = new URL('..', import.meta.url).pathname;
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const bin = process.argv[2] ?? [join(root, '.build/release'), join(root, '.build/debug')].find((d) => existsSync(join(d, 'seqr-bench')));
const bytes = readFileSync(join(root, 'Sources/SeqrWebApp/Resources/wasm/zxing.wasm'));
console.log(`module: ${bytes.length.toLocaleString('en')} bytes, ${gzipSync(bytes, { level: 9 }).length.toLocaleString('en')} gzip -9`);

let started = performance.now();
const reader = await loadQRReader(bytes);
console.log(`compile + instantiate: ${(performance.now() - started).toFixed(1)} ms`);

function gray(file) {
  const pnm = execFileSync('sh', ['-c', `${file.endsWith('.jpg') ? 'jpegtopnm' : 'pngtopnm'} "$1" | pamdepth 255`, 'sh', file],
    { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  const [whole, kind, w, h] = /^(P[56])\s+(\d+)\s+(\d+)\s+255\s/.exec(pnm.subarray(0, 64).toString('latin1'));
  const channels = kind === 'P6' ? 3 : 1, data = pnm.subarray(whole.length);
  return { width: Number(w), height: Number(h), at: (x, y) => data[(y * Number(w) + x) * channels] };
}

/** A 1280×720 RGBA frame: desk grey, with the middle of `picture` (if any) copied in. */
function frame(picture) {
  const W = 1280, H = 720, rgba = new Uint8ClampedArray(W * H * 4).fill(180);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  if (picture) {
    const ox = Math.max(0, (picture.width - W) >> 1), oy = Math.max(0, (picture.height - H) >> 1);
    const dx = Math.max(0, (W - picture.width) >> 1), dy = Math.max(0, (H - picture.height) >> 1);
    for (let y = 0; y < Math.min(H, picture.height); y++) {
      for (let x = 0; x < Math.min(W, picture.width); x++) {
        const v = picture.at(x + ox, y + oy), i = ((y + dy) * W + x + dx) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = v;
      }
    }
  }
  return rgba;
}

function time(rgba) {
  const times = [];
  let found = 0;
  for (let i = 0; i < ROUNDS; i++) {
    started = performance.now();
    found = reader.read(rgba, 1280, 720).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `min ${times[0].toFixed(2)} ms, median ${times[times.length >> 1].toFixed(2)} ms (${found} code${found === 1 ? '' : 's'})`;
}

console.log(`1280×720, ${ROUNDS} decodes each (first pass: local average, tryHarder, tryRotate, tryInvert, tryDownscale):`);
console.log(`  empty frame: ${time(frame(null))}`);
const work = mkdtempSync(join(tmpdir(), 'seqr-bench-qr-wasm-'));
try {
  execFileSync(join(bin, 'seqr-bench'), ['corpus', '-o', work, '--per-class', '3', '--classes', 'clean,rotated,perspective,blurred,noisy,photo'], { stdio: 'ignore' });
  for (const name of ['clean-000.png', 'rotated-001.png', 'perspective-000.png', 'blurred-000.png', 'noisy-000.png', 'photo-000.jpg']) {
    console.log(`  ${name}: ${time(frame(gray(join(work, name))))}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
