// brotli compression in the page: brotli 1.2.1's own encoder compiled to wasm/brotli-enc.wasm by
// scripts/build-wasm from the sources vendored in Sources/VaultWasm (C API:
// Sources/VaultWasm/brotli_encoder_wasm.c), called as Seqr's Brotli.compress(_:quality:) calls
// libbrotli (window 22, generic mode). The browser's CompressionStream has no brotli; no
// compression code is written here, only the calls. Only the paper-vault backup loads it
// (vault-backup-writer.js's loadBackupPieces), never a page load. No DOM.
//
// Security contract: what is compressed is the user's own document. Each session() runs on a fresh
// instance of the module whose whole memory (the input, the output and every buffer the encoder
// freed) is wiped before the instance is dropped, so no piece of a document outlives its backup in
// the module.
import { compileReactor, instantiateReactor, memoryBytes } from './wasm-reactor.js';

export const BROTLI_ENCODER_MODULE_URL = new URL('../wasm/brotli-enc.wasm', import.meta.url);
/** brotli's qualities (BROTLI_MIN_QUALITY, BROTLI_MAX_QUALITY). */
export const MINIMUM_QUALITY = 0, MAXIMUM_QUALITY = 11;

/** @returns {Promise<BrotliEncoder>} */
export async function loadBrotliEncoder(source = BROTLI_ENCODER_MODULE_URL) {
  return new BrotliEncoder(await compileReactor(source, 'the compression module'));
}

export class BrotliEncoder {
  #module;
  constructor(module) { this.#module = module; }

  /**
   * Runs `work(compress)` on a fresh instance and returns its result; `compress(input, quality)`
   * gives one whole brotli stream of `input` (a Uint8Array), or null when the encoder failed (out
   * of memory), as Brotli.compress throws and VaultBody.encode then writes the document plain.
   */
  async session(work) {
    const x = await instantiateReactor(this.#module);
    let broken = false;
    const compress = (input, quality) => {
      if (!Number.isInteger(quality) || quality < MINIMUM_QUALITY || quality > MAXIMUM_QUALITY) throw new RangeError(`brotli's quality is ${MINIMUM_QUALITY} to ${MAXIMUM_QUALITY}`);
      if (broken) return null;
      // BrotliEncoderMaxCompressedSize is 0 for an input too large to bound; Brotli.swift then allows 1,024 bytes more.
      const capacity = x.brotli_enc_max_size(input.length) || input.length + 1024;
      const inP = x.br_malloc(input.length || 1), outP = x.br_malloc(capacity), sizeP = x.br_malloc(4);
      try {
        if (!inP || !outP || !sizeP) return null;
        memoryBytes(x, inP, input.length).set(input);
        new DataView(x.memory.buffer).setUint32(sizeP, capacity, true);
        if (x.brotli_enc_compress(quality, inP, input.length, outP, sizeP) !== 1) return null;
        const size = new DataView(x.memory.buffer).getUint32(sizeP, true);
        return memoryBytes(x, outP, size).slice();
      } catch (error) {
        // A trap (RuntimeError) leaves the instance's stack and heap unusable: no further call on it.
        if (!(error instanceof WebAssembly.RuntimeError)) throw error;
        broken = true;
        return null;
      } finally {
        if (!broken) for (const p of [inP, outP, sizeP]) if (p) x.br_free(p);
      }
    };
    try {
      return await work(compress);
    } finally {
      new Uint8Array(x.memory.buffer).fill(0);
    }
  }
}
