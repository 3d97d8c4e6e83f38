// Arithmetic in GF(2⁸) with the AES polynomial x⁸ + x⁴ + x³ + x + 1 (0x11B), the field SLIP-0039
// shares bytes in (Swift: SeqrCore/KeySheets/GF256.swift; FIPS-197 §4). Part of the SLIP-0039
// protocol, not a cipher primitive. No DOM.
//
// Constant time as far as JavaScript allows: no table lookups and no branches on the operands
// (share values and the secret pass through multiply); each product is eight shift-and-mask steps,
// an inverse the fixed chain a²⁵⁴.

/** The product modulo 0x11B ("Russian peasant" multiplication with masks in place of branches). */
export function gfMultiply(a, b) {
  let product = 0;
  for (let i = 0; i < 8; i++) {
    product ^= a & -(b & 1);              // add a when b's low bit is set
    const reduce = -(a >> 7) & 0x1b;      // 0x1B when a overflows on the shift
    a = ((a << 1) & 0xff) ^ reduce;
    b >>= 1;
  }
  return product & 0xff;
}

/** The multiplicative inverse a²⁵⁴ (a²⁵⁵ = 1); the inverse of 0 comes out as 0. */
export function gfInverse(a) {
  let power = a, result = 1;
  for (let i = 0; i < 7; i++) {           // 254 = 2 + 4 + … + 128
    power = gfMultiply(power, power);
    result = gfMultiply(result, power);
  }
  return result;
}

/** a / b; b ≠ 0 (divisors are differences of distinct share indices). */
export function gfDivide(a, b) {
  if (b === 0) throw new RangeError('division by zero in GF(256)');
  return gfMultiply(a, gfInverse(b));
}
