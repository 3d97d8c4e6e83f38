// The image preparations of `seqr decode`'s later passes, as SeqrQR/GrayImage+Filters.swift and
// QRDecoder.swift's scaledUp compute them, value for value (Float arithmetic through Math.fround),
// on one luminance byte per pixel. No DOM.

/** Radii of three boxes whose combined variance is closest to sigma² (Kovesi's method). */
export function boxRadii(sigma) {
  const ideal = Math.sqrt(12 * sigma * sigma / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower -= 1;
  lower = Math.max(lower, 1);
  const upper = lower + 2;
  const m = Math.round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4));
  return [0, 1, 2].map((i) => Math.trunc((i < m ? lower : upper) / 2));
}

function boxBlurRows(src, dst, width, height, radius) {
  const f = Math.fround, scale = f(1 / (2 * radius + 1));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const at = (x) => src[row + Math.min(Math.max(x, 0), width - 1)];
    let sum = 0;
    for (let x = -radius; x <= radius; x++) sum = f(sum + at(x));
    for (let x = 0; x < width; x++) {
      dst[row + x] = f(sum * scale);
      sum = f(sum + f(at(x + radius + 1) - at(x - radius)));
    }
  }
}

function boxBlurColumns(src, dst, width, height, radius) {
  const f = Math.fround, scale = f(1 / (2 * radius + 1));
  const sums = new Float32Array(width);
  const row = (y) => Math.min(Math.max(y, 0), height - 1) * width;
  for (let y = -radius; y <= radius; y++) {
    const r = row(y);
    for (let x = 0; x < width; x++) sums[x] = f(sums[x] + src[r + x]);
  }
  for (let y = 0; y < height; y++) {
    const out = y * width, add = row(y + radius + 1), remove = row(y - radius);
    for (let x = 0; x < width; x++) {
      dst[out + x] = f(sums[x] * scale);
      sums[x] = f(sums[x] + f(src[add + x] - src[remove + x]));
    }
  }
}

/** An approximate Gaussian blur (three box blurs, edges clamped), as GrayImage.blurred(sigma:). */
export function blurred(pixels, width, height, sigma) {
  if (!(sigma > 0) || width <= 0 || height <= 0) return pixels;
  let buffer = Float32Array.from(pixels), scratch = new Float32Array(pixels.length);
  for (const radius of boxRadii(sigma)) {
    boxBlurRows(buffer, scratch, width, height, radius);
    boxBlurColumns(scratch, buffer, width, height, radius);
  }
  // Swift's rounded(): half away from zero (the values are not negative).
  return Uint8Array.from(buffer, (v) => Math.min(255, Math.max(0, Math.floor(v + 0.5))));
}

/** Unsharp masking, as GrayImage.sharpened(sigma:amount:). */
export function sharpened(pixels, width, height, sigma, amount) {
  const soft = blurred(pixels, width, height, sigma);
  const gain = Math.trunc((1 + amount) * 256), loss = Math.trunc(amount * 256);
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.max(0, (pixels[i] * gain - soft[i] * loss + 128) >> 8));
  return out;
}

/** Nearest-neighbour enlargement by an integer factor, as GrayImage.scaledUp(by:). */
export function scaledUp(pixels, width, height, factor) {
  const w = width * factor, h = height * factor, out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sourceRow = Math.trunc(y / factor) * width;
    for (let x = 0; x < w; x++) out[y * w + x] = pixels[sourceRow + Math.trunc(x / factor)];
  }
  return out;
}

/** RGBA to luminance as zxing-cpp's ImageFormat::RGBA reads it (RGBToLum), so a pass on the grey copy sees what the first saw. */
export function luminance(rgba, width, height, rowBytes = width * 4) {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * rowBytes + 4 * x;
      out[y * width + x] = (306 * rgba[i] + 601 * rgba[i + 1] + 117 * rgba[i + 2] + 0x200) >> 10;
    }
  }
  return out;
}
