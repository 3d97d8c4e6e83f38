// A picture of a paper-vault page read as `seqr vault restore` reads one in its first, quick look
// (SeqrQR/VaultAssembler+Pages.swift, `Look.quick`): zxing-cpp is asked to stop once it has found
// as many codes as a page holds, instead of going through every layer of its image pyramid,
// normal and inverted, after it already found them all — on a clean page that is most of the
// time a picture takes. Only a whole page (vault-whole-page.js: counted from the codes' own
// headers) ends the read there; a wrong count (a guess before any code of the backup was read)
// costs time, never codes: the picture is then read as any still picture is
// (qr-picture-reader.js). No DOM.
import { readPicture } from './qr-picture-reader.js';
import { DEFAULT_CODES_PER_PAGE } from './vault-code.js';
import { holdsWholePage } from './vault-whole-page.js';

/**
 * Every code in the picture, as readPicture finds them, from `reader` (zxing-wasm.js's QRReader);
 * `options.codesPerPage`: how many codes a page of the backup holds (the headers read so far say;
 * DEFAULT_CODES_PER_PAGE before the first), `options.layout` and `options.rowBytes` as for QRReader.read.
 */
export async function readVaultPage(reader, pixels, width, height, options = {}) {
  const layout = { layout: options.layout, rowBytes: options.rowBytes };
  const limit = Number.isInteger(options.codesPerPage) && options.codesPerPage > 0 ? Math.min(options.codesPerPage, 255) : DEFAULT_CODES_PER_PAGE;
  const first = reader.read(pixels, width, height, { ...layout, maxSymbols: limit });
  if (first.length < limit) return readPicture(reader, pixels, width, height, { ...layout, firstPass: first });
  if (await holdsWholePage(first.map((code) => code.bytes))) return first;
  // As many codes as the count, but not one whole page: the count was wrong, or another kind of
  // code is on the page. Read it whole.
  return readPicture(reader, pixels, width, height, layout);
}
