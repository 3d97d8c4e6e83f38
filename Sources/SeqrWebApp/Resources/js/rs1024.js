// The RS1024 checksum of a SLIP-0039 share (Swift: SeqrCore/KeySheets/RS1024.swift): a Reed–Solomon
// code over GF(1024) whose three check words detect any three or fewer wrong words, and more with a
// chance of missing it below 10⁻⁹. The customization string is "shamir" (or "shamir_extendable"),
// so shares of other schemes fail. Share words are secret: the generator terms are added under
// masks, never under branches. No DOM.

export const CHECKSUM_LENGTH = 3;
// The generator from SLIP-0039's "Checksum" section.
const GENERATOR = [0xE0E040, 0x1C1C080, 0x3838100, 0x7070200, 0xE0E0009, 0x1C0C2412, 0x38086C24, 0x3090FC48, 0x21B1F890, 0x3F3F120];

export function customization(extendable) {
  return Array.from(extendable ? 'shamir_extendable' : 'shamir', (c) => c.charCodeAt(0));
}

/** The checksum state after `values`, from `initial` (1; 0 gives the linear part alone, for key-share.js). */
export function polymod(values, initial = 1) {
  let check = initial;
  for (const value of values) {
    const top = check >>> 20;
    check = (((check & 0xfffff) << 10) ^ value) >>> 0;
    for (let i = 0; i < 10; i++) check = (check ^ (GENERATOR[i] & -((top >>> i) & 1))) >>> 0;
  }
  return check;
}

/** The three check words for `data` (10-bit values). */
export function rs1024Checksum(data, extendable) {
  const remainder = polymod([...customization(extendable), ...data, 0, 0, 0]) ^ 1;
  return [0, 1, 2].map((i) => (remainder >>> (10 * (2 - i))) & 1023);
}

/** Whether `words` (data then check words) carry a valid checksum. */
export function rs1024Verify(words, extendable) {
  return polymod([...customization(extendable), ...words]) === 1;
}
