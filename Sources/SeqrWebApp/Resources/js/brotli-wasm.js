// brotli decompression in the page: brotli 1.2.1's own decoder compiled to wasm/brotli-dec.wasm by
// scripts/build-wasm from the sources vendored in Sources/VaultWasm (C API:
// Sources/VaultWasm/brotli_decoder_wasm.c). The browser's DecompressionStream has no brotli. No DOM.
//
// Security contract: decompress() is Seqr's Brotli.decompress(_:limit:): the whole stream and
// nothing after it, and never more than `limit` bytes out — a bomb stops at the limit, in 64 KiB
// steps, without the whole output ever being held.
import { memoryBytes, startReactor } from './wasm-reactor.js';

export const BROTLI_MODULE_URL = new URL('../wasm/brotli-dec.wasm', import.meta.url);
const CHUNK = 64 * 1024;
const DONE = 1, NEEDS_INPUT = 2, NEEDS_OUTPUT = 3;

/** The stream could not be decompressed: code 'tooLarge' (more than the limit) or 'corrupt'. */
export class BrotliError extends Error {
  constructor(code, message) { super(message); this.name = 'BrotliError'; this.code = code; }
}

/** @returns {Promise<BrotliDecoder>} */
export async function loadBrotliDecoder(source = BROTLI_MODULE_URL) {
  return new BrotliDecoder(await startReactor(source, 'the decompression module'));
}

export class BrotliDecoder {
  #x;
  constructor(exports) { this.#x = exports; }

  /** The decompressed bytes of one whole brotli stream, at most `limit` of them. */
  decompress(input, limit) {
    const x = this.#x;
    const state = x.brotli_dec_new();
    const inP = x.br_malloc(input.length || 1), outP = x.br_malloc(CHUNK), io = x.br_malloc(8);
    try {
      if (!state || !inP || !outP || !io) throw new BrotliError('corrupt', 'the data could not be decompressed (out of memory)');
      memoryBytes(x, inP, input.length).set(input);
      const parts = [];
      let total = 0, offset = 0, result;
      do {
        result = x.brotli_dec_stream(state, inP + offset, input.length - offset, outP, CHUNK, io);
        const [consumed, produced] = new Uint32Array(x.memory.buffer, io, 2);
        offset += consumed;
        if (produced > 0) {
          total += produced;
          if (total > limit) throw new BrotliError('tooLarge', `more than ${limit} bytes decompressed`);
          parts.push(memoryBytes(x, outP, produced).slice());
        }
      } while (result === NEEDS_OUTPUT);
      // Cut short (needs more input), an error, or bytes after the end of the stream: corrupt.
      if (result !== DONE || offset !== input.length) {
        throw new BrotliError('corrupt', result === NEEDS_INPUT ? 'the data could not be decompressed (the stream is cut short)'
          : result === DONE ? 'the data could not be decompressed (bytes after the end of the stream)' : 'the data could not be decompressed');
      }
      const out = new Uint8Array(total);
      let at = 0;
      for (const part of parts) { out.set(part, at); at += part.length; part.fill(0); }
      return out;
    } finally {
      if (outP) memoryBytes(x, outP, CHUNK).fill(0);
      for (const p of [inP, outP, io]) if (p) x.br_free(p);
      if (state) x.brotli_dec_free(state);
    }
  }
}
