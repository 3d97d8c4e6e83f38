// A decode done once, right after a Worker starts its decoder, on a made-up picture: a page-sized
// white picture with one small QR code in its middle. V8 compiles a WebAssembly function only when
// it first runs, and optimises it only once it has run a while; so a Worker's first real picture
// took two to three times as long as the next (81–125 ms against 30–45 ms for a vault page at
// 200 dpi in Chromium 156; docs/benchmarks.md). Warmed up while the person is still picking their
// pictures, the first one is read at the later speed. The picture is made here from the code's
// modules below (nothing is fetched, nothing a camera saw is used); its one code holds the text
// WARM_UP_TEXT, which tests check it still reads as. No DOM.

/** What the warm-up picture's code holds. */
export const WARM_UP_TEXT = 'seqr';

// The version-1 QR code of WARM_UP_TEXT (error correction M, mask as qrcode-generator chose it),
// a row a number: bit 20 is the row's leftmost module, 1 is dark.
const ROWS = [0x1fde7f, 0x105741, 0x17495d, 0x175a5d, 0x17485d, 0x104841, 0x1fd57f, 0x001000, 0x16ec4b, 0x0e952d, 0x04edf3,
  0x1cbd89, 0x0b4698, 0x001caa, 0x1fd4d8, 0x1053cc, 0x174a47, 0x175892, 0x175290, 0x104f59, 0x1fdf20];
const SIZE = ROWS.length;

/** A vault page photographed or printed at 200 dpi: A4 in pixels, the size the warm-up is done at. */
export const WARM_UP_WIDTH = 1654, WARM_UP_HEIGHT = 2339;

/** The warm-up picture's RGBA pixels: white, the code drawn `moduleSize` pixels a module in the middle. */
export function warmUpPicture(width = WARM_UP_WIDTH, height = WARM_UP_HEIGHT, moduleSize = 8) {
  const pixels = new Uint8Array(width * height * 4).fill(255);
  const left = (width - SIZE * moduleSize) >> 1, top = (height - SIZE * moduleSize) >> 1;
  for (let row = 0; row < SIZE; row++) {
    for (let column = 0; column < SIZE; column++) {
      if (((ROWS[row] >> (SIZE - 1 - column)) & 1) === 0) continue;
      for (let y = 0; y < moduleSize; y++) {
        const start = ((top + row * moduleSize + y) * width + left + column * moduleSize) * 4;
        for (let x = 0; x < moduleSize * 4; x += 4) pixels.fill(0, start + x, start + x + 3);
      }
    }
  }
  return { pixels, width, height };
}

/**
 * Reads the warm-up picture with `reader` (zxing-wasm.js's QRReader) as a picture's first pass is
 * read (one code looked for: the pass stops there), and returns what it found. Never throws: a
 * warm-up that fails leaves the decoder as it was.
 */
export function warmUp(reader) {
  try {
    const { pixels, width, height } = warmUpPicture();
    return reader.read(pixels, width, height, { layout: 'rgba', maxSymbols: 1 });
  } catch {
    return [];
  }
}
