// Raw DEFLATE (RFC 1951, no zlib or gzip wrapper), as SMART Health Cards compress their payload
// (Swift: SeqrCore/RawDeflate.swift, CompressionError.swift): inflated by the browser's own
// DecompressionStream('deflate-raw'), never by JS code of ours, with the output bounded — a
// 1 KB bomb that would inflate to gigabytes is stopped as soon as it passes `limit`.
export class CompressionError extends Error {
  constructor(code, message, detail = {}) { super(message); this.name = 'CompressionError'; Object.assign(this, { code }, detail); }
}

export const compressionErrors = {
  corrupt: () => new CompressionError('corrupt', 'the compressed data is corrupt or truncated'),
  tooLarge: (limit) => new CompressionError('tooLarge', `the data would decompress to more than ${limit} bytes`, { limit }),
};

/**
 * The inflated bytes of `input` (a Uint8Array), refusing more than `limit` bytes of output and input
 * that does not end cleanly (CompressionError corrupt or tooLarge). Chromium also refuses bytes after
 * the end of the stream; node 20's DecompressionStream ignores them.
 */
export async function inflateRaw(input, limit) {
  const reader = new Blob([input]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) throw compressionErrors.tooLarge(limit);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error instanceof CompressionError ? error : compressionErrors.corrupt();
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) { out.set(chunk, at); at += chunk.length; }
  return out;
}
