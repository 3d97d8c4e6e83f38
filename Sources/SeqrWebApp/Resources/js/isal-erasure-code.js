// Reed–Solomon erasure coding in the page: ISA-L's portable code compiled to wasm/isal-ec.wasm by
// scripts/build-wasm from the sources vendored in Sources/VaultWasm (C API:
// Sources/VaultWasm/isal_erasure_code_wasm.c), used as SeqrCore's ErasureCode.swift uses the native
// ISA-L: the Cauchy matrix of gf_gen_cauchy1_matrix(k + m, k), so the page rebuilds exactly the codes
// `seqr vault restore` rebuilds. No DOM.
import { memoryBytes, startReactor } from './wasm-reactor.js';

export const ERASURE_CODE_MODULE_URL = new URL('../wasm/isal-ec.wasm', import.meta.url);

/** code: 'tooManyMissing' (fewer than k shards), 'invalidShards' (sizes, k and m, a singular matrix). */
export class ErasureCodeError extends Error {
  constructor(code, message) { super(message); this.name = 'ErasureCodeError'; this.code = code; }
}

/** @returns {Promise<ErasureCode>} */
export async function loadErasureCode(source = ERASURE_CODE_MODULE_URL) {
  return new ErasureCode(await startReactor(source, 'the parity module'));
}

export class ErasureCode {
  #x;
  constructor(exports) { this.#x = exports; }

  /** The m parity shards of k data shards of one length (ErasureCode.parity(of:)). */
  parity(k, m, data) {
    checkGroup(k, m);
    if (data.length !== k) throw new ErasureCodeError('invalidShards', 'parity needs k data shards');
    const length = data[0].length;
    return this.#withShards(k, m, length, [...data, ...Array(m).fill(null)], (shards) => this.#x.rs_encode(k, m, length, shards)).slice(k);
  }

  /** The k data shards from k + m shards (data first, then parity; null where lost), as ErasureCode.reconstruct. */
  reconstruct(k, m, shards) {
    checkGroup(k, m);
    if (shards.length !== k + m) throw new ErasureCodeError('invalidShards', 'reconstruct needs k + m shards');
    const present = shards.filter((s) => s);
    if (present.length < k) throw new ErasureCodeError('tooManyMissing', `${k + m - present.length} of ${k + m} shards lost, at most ${m} may be`);
    const length = present[0].length;
    return this.#withShards(k, m, length, shards, (pointers, presence) => this.#x.rs_reconstruct(k, m, length, pointers, presence)).slice(0, k);
  }

  #withShards(k, m, length, shards, operation) {
    if (shards.some((s) => s && s.length !== length)) throw new ErasureCodeError('invalidShards', 'the shards differ in length');
    const x = this.#x, n = k + m;
    const buffer = x.rs_malloc(n * (length || 1)), pointers = x.rs_malloc(4 * n), presence = x.rs_malloc(n);
    try {
      if (!buffer || !pointers || !presence) throw new ErasureCodeError('invalidShards', 'out of memory');
      const table = new Uint32Array(x.memory.buffer, pointers, n), flags = memoryBytes(x, presence, n);
      for (let i = 0; i < n; i++) {
        table[i] = buffer + i * length;
        flags[i] = shards[i] ? 1 : 0;
        memoryBytes(x, buffer + i * length, length).set(shards[i] ?? new Uint8Array(length));
      }
      const status = operation(pointers, presence);
      if (status === -1) throw new ErasureCodeError('tooManyMissing', 'too few shards');
      if (status !== 0) throw new ErasureCodeError('invalidShards', status === -2 ? 'singular matrix' : status === -4 ? 'out of memory' : 'bad k or m');
      return Array.from({ length: n }, (_, i) => memoryBytes(x, buffer + i * length, length).slice());
    } finally {
      if (buffer) memoryBytes(x, buffer, n * length).fill(0);
      for (const p of [buffer, pointers, presence]) if (p) x.rs_free(p);
    }
  }
}

// k and m checked before any array is sized or shard read by them (a fuzzed m of −1 threw a
// RangeError from Array(m), a k of 0 a TypeError reading a shard that is not there).
function checkGroup(k, m) {
  if (!Number.isInteger(k) || !Number.isInteger(m) || k < 1 || m < 1 || k + m > 255) throw new ErasureCodeError('invalidShards', '1 ≤ k, 1 ≤ m, k + m ≤ 255');
}
