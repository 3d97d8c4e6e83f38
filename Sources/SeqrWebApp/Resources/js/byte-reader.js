// Reading a code's fields in order (Swift: SeqrCore/PaperVault/ByteReader.swift); running past the
// end throws the error given, never reads out of bounds.
export class ByteReader {
  constructor(bytes, truncated) { this.bytes = bytes; this.offset = 0; this.truncated = truncated; }
  get remaining() { return this.bytes.length - this.offset; }
  take(count) {
    if (!Number.isInteger(count) || count < 0 || this.remaining < count) throw this.truncated();
    this.offset += count;
    return this.bytes.slice(this.offset - count, this.offset);
  }
  uint8() { return this.take(1)[0]; }
  uint16() { const b = this.take(2); return (b[0] << 8) | b[1]; }
  uint32() { const b = this.take(4); return ((b[0] << 24) >>> 0) + ((b[1] << 16) | (b[2] << 8) | b[3]); }
  /** A UInt64 of seconds, as a Number (exact up to 2^53). */
  uint64() { const high = this.uint32(); return high * 2 ** 32 + this.uint32(); }
  rest() { return this.take(this.remaining); }
}

export function uint16Bytes(value) { return Uint8Array.of(value >> 8, value & 0xff); }
export function uint32Bytes(value) { return Uint8Array.of(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff); }
export function uint64Bytes(value) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value));
  return out;
}
