// One key sheet's share: a SLIP-0039 share (satoshilabs/slips slip-0039.md) as words and as the bytes
// of its QR code (Swift: SeqrCore/KeySheets/KeyShare.swift; docs/formats/key-sheets.md). No DOM.
//
// | bits | field |
// | 15 | identifier: random, the same on every share of one backup |
// | 1 | extendable-backup flag |  4 | iteration exponent e (2500·2ᵉ PBKDF2 rounds per Feistel round) |
// | 4 | group index |  4 | group threshold − 1 |  4 | group count − 1 |
// | 4 | member index: the share's number − 1 |  4 | member threshold − 1: k − 1 |
// | 10·⌈8n/10⌉ | zero bits, then the n-byte share value |
// | 30 | RS1024 checksum over all of the above |
// Words are these bits in 10-bit groups (20 words for a 16-byte key, 33 for 32 bytes). The QR form is
// "KS", version 1, then the same 10-bit groups packed big-endian and zero-filled to a whole byte.
//
// Security contract: a share is refused, with its own KeySheetError, unless its length is 20 to 33
// words (no longer share can make a restore derive more), its RS1024 checksum holds, its padding
// bits are zero and its group threshold fits its group count. A checksum that fails is never
// corrected: when changing one word could make it hold, that word's position is named (SLIP-0039's
// checksum has distance 4, so one wrong word has one place), the word itself is not suggested.
import { equalBytes } from './bytes.js';
import { keySheetError } from './key-sheet-error.js';
import { CHECKSUM_LENGTH, customization, polymod, rs1024Checksum, rs1024Verify } from './rs1024.js';
import { RADIX_BITS, slip39Word, slip39WordIndex } from './slip39-wordlist.js';

/** The first bytes of a share's QR code form ("KS") and its version. */
export const KEY_SHARE_CODE_MAGIC = Uint8Array.of(0x4b, 0x53);
export const KEY_SHARE_CODE_VERSION = 1;
const METADATA_WORDS = 7;                          // 2 identifier words, 2 parameter words, 3 check words
export const MINIMUM_WORDS = METADATA_WORDS + 13;  // a 128-bit value
/** A 256-bit value: the longest SLIP-0039 tools write; a longer share would only cost a restore more PBKDF2. */
export const MAXIMUM_WORDS = METADATA_WORDS + 26;

export class KeyShare {
  /** Fields as KeyShare.swift names them; `value` (Uint8Array) is secret. */
  constructor({ identifier, extendable, iterationExponent, groupIndex = 0, groupThreshold = 1, groupCount = 1, memberIndex, memberThreshold, value }) {
    if (!(identifier >= 0 && identifier < 0x8000 && iterationExponent >= 0 && iterationExponent < 16 && groupIndex >= 0 && groupIndex < 16
      && groupThreshold >= 1 && groupThreshold <= 16 && groupCount >= 1 && groupCount <= 16 && memberIndex >= 0 && memberIndex < 16
      && memberThreshold >= 1 && memberThreshold <= 16 && value.length % 2 === 0)) throw new RangeError('share fields out of range');
    Object.assign(this, { identifier, extendable, iterationExponent, groupIndex, groupThreshold, groupCount, memberIndex, memberThreshold, value });
  }

  /** The share's number as printed on its sheet, from 1. */
  get number() { return this.memberIndex + 1; }

  /** "share 2, any 3 restore, backup 12345": what a sheet says about itself (not the value). */
  get description() { return `share ${this.number}, any ${this.memberThreshold} restore, backup ${this.identifier}`; }

  /** The share as words, to print on a sheet and type back with KeyShare.fromWords. */
  get words() { return this.wordIndices().map(slip39Word); }
  get mnemonic() { return this.words.join(' '); }

  /** Same parameters and value (the value compared in constant time). */
  equals(other) {
    return this.identifier === other.identifier && this.extendable === other.extendable && this.iterationExponent === other.iterationExponent
      && this.groupIndex === other.groupIndex && this.groupThreshold === other.groupThreshold && this.groupCount === other.groupCount
      && this.memberIndex === other.memberIndex && this.memberThreshold === other.memberThreshold && equalBytes(this.value, other.value);
  }

  /** A share typed back from its words (any case, whole words or their first four letters or more). Throws KeySheetError. */
  static fromWords(words) {
    if (words.length > MAXIMUM_WORDS) throw keySheetError.invalidWordCount(words.length);
    const indices = words.map((word, position) => {
      const index = slip39WordIndex(word);
      if (index === null) throw keySheetError.wordNotInWordlist(position + 1, word);
      return index;
    });
    return KeyShare.fromWordIndices(indices);
  }

  /** A share from text with its words separated by spaces or line breaks. */
  static fromMnemonic(text) { return KeyShare.fromWords(String(text).split(/\s+/u).filter((w) => w.length > 0)); }

  /** The bytes for the sheet's QR code: magic, version, the words' 10-bit groups packed. */
  serialized() {
    const bits = bitsOf(this.wordIndices(), RADIX_BITS);
    const fill = new Array((8 - bits.length % 8) % 8).fill(0);
    return Uint8Array.from([...KEY_SHARE_CODE_MAGIC, KEY_SHARE_CODE_VERSION, ...valuesOf([...bits, ...fill], 8)]);
  }

  /** A share from the bytes of its QR code. Throws KeySheetError. */
  static fromCode(bytes) {
    if (!startsWith(bytes, KEY_SHARE_CODE_MAGIC)) throw keySheetError.notAKeySheetCode();
    if (bytes.length <= KEY_SHARE_CODE_MAGIC.length) throw keySheetError.invalidCodeLength(bytes.length);
    const version = bytes[KEY_SHARE_CODE_MAGIC.length];
    if (version !== KEY_SHARE_CODE_VERSION) throw keySheetError.unsupportedVersion(version);
    const body = bytes.subarray(KEY_SHARE_CODE_MAGIC.length + 1);
    // Checked before the bits are spread out: a hostile code of megabytes costs nothing.
    const wordCount = Math.floor(body.length * 8 / RADIX_BITS);
    if (Math.ceil(wordCount * RADIX_BITS / 8) !== body.length || !isValidWordCount(wordCount)) throw keySheetError.invalidCodeLength(bytes.length);
    const bits = bitsOf(body, 8);
    // Exactly the bytes the words need, and the fill bits zero: one share has one code.
    if (bits.slice(wordCount * RADIX_BITS).some((bit) => bit !== 0)) throw keySheetError.invalidCodeLength(bytes.length);
    return KeyShare.fromWordIndices(valuesOf(bits.slice(0, wordCount * RADIX_BITS), RADIX_BITS));
  }

  /**
   * A share from whatever a restore was handed: the bytes of a scanned sheet code, or a text (a QR
   * code holding its words). Which one is told by the magic: no word begins "ks".
   */
  static read(contents) {
    if (startsWith(contents, KEY_SHARE_CODE_MAGIC)) {
      // `zbarimg --raw` of a sheet, saved to a file, may end in one newline that is not the code's.
      if (contents[contents.length - 1] === 0x0a) {
        try { return KeyShare.fromCode(contents); } catch { return KeyShare.fromCode(contents.subarray(0, contents.length - 1)); }
      }
      return KeyShare.fromCode(contents);
    }
    const body = startsWith(contents, Uint8Array.of(0xef, 0xbb, 0xbf)) ? contents.subarray(3) : contents;
    let text;
    try { text = new TextDecoder('utf-8', { fatal: true }).decode(body); } catch { throw keySheetError.notAKeySheetCode(); }
    if (text.trim() === '') throw keySheetError.notAKeySheetCode();
    return KeyShare.fromMnemonic(text);
  }

  wordIndices() {
    const head = this.identifier << 5 | (this.extendable ? 1 : 0) << 4 | this.iterationExponent;
    const parameters = this.groupIndex << 16 | (this.groupThreshold - 1) << 12 | (this.groupCount - 1) << 8 | this.memberIndex << 4 | (this.memberThreshold - 1);
    const valueBits = bitsOf(this.value, 8);
    const valueWords = Math.ceil(valueBits.length / 10);
    const padding = new Array(valueWords * 10 - valueBits.length).fill(0);
    const data = [head >> 10, head & 1023, parameters >> 10, parameters & 1023, ...valuesOf([...padding, ...valueBits], 10)];
    return [...data, ...rs1024Checksum(data, this.extendable)];
  }

  static fromWordIndices(words) {
    if (!isValidWordCount(words.length)) throw keySheetError.invalidWordCount(words.length);
    const valueBitCount = (words.length - METADATA_WORDS) * 10;
    const head = words[0] << 10 | words[1];
    const extendable = (head >> 4 & 1) === 1;
    if (!rs1024Verify(words, extendable)) throw keySheetError.checksumMismatch(mistypedWordPosition(words));
    const parameters = words[2] << 10 | words[3];
    const groupThreshold = (parameters >> 12 & 15) + 1, groupCount = (parameters >> 8 & 15) + 1;
    if (groupThreshold > groupCount) throw keySheetError.groupThresholdExceedsCount(groupThreshold, groupCount);
    const bits = bitsOf(words.slice(4, words.length - CHECKSUM_LENGTH), 10);
    const padding = valueBitCount % 16;
    if (bits.slice(0, padding).some((bit) => bit !== 0)) throw keySheetError.invalidPadding();
    return new KeyShare({ identifier: head >> 5, extendable, iterationExponent: head & 15, groupIndex: parameters >> 16,
      groupThreshold, groupCount, memberIndex: parameters >> 4 & 15, memberThreshold: (parameters & 15) + 1,
      value: Uint8Array.from(valuesOf(bits.slice(padding), 8)) });
  }
}

/** A 128- to 256-bit value, and at most 8 padding bits before it (more would be a whole byte). */
export function isValidWordCount(count) {
  return count >= MINIMUM_WORDS && count <= MAXIMUM_WORDS && (count - METADATA_WORDS) * 10 % 16 <= 8;
}

/**
 * Where one changed word would make the checksum hold (a position from 1), or null when no single
 * word would, or more than one might. The checksum is linear over GF(2): changing the word `j`
 * places from the end by d changes polymod by E_j(d), with E_j linear in d's ten bits, so each
 * position is one comparison per candidate d; the second word also holds the extendable flag,
 * which picks the customization string, so both strings are tried there.
 */
export function mistypedWordPosition(words) {
  const finals = [false, true].map((extendable) => polymod([...customization(extendable), ...words]) ^ 1);
  const extendable = (words[1] >> 4 & 1) === 1;
  const found = new Set();
  for (let i = 0; i < words.length; i++) {
    const basis = changeEffects(words.length - 1 - i);
    let effect = 0;
    for (let d = 1; d < 1024; d++) {
      effect ^= basis[31 - Math.clz32(d & -d)];          // Gray code: d's effect from the previous one's
      const gray = d ^ (d >> 1);
      // The flag after the change, when the change is to the second word.
      const flag = i === 1 ? (((words[1] ^ gray) >> 4 & 1) === 1) : extendable;
      if (effect === finals[flag ? 1 : 0]) found.add(i + 1);
    }
  }
  return found.size === 1 ? [...found][0] : null;
}

// E_j of each of the ten bits, for j = 0 … MAXIMUM_WORDS − 1 words after the changed one: computed once.
const effects = [];
function changeEffects(after) {
  effects[after] ??= Array.from({ length: 10 }, (_, bit) => polymod([1 << bit, ...new Array(after).fill(0)], 0));
  return effects[after];
}

function startsWith(bytes, prefix) {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/** Big-endian bits (one per element) of `values`, `width` bits each. */
export function bitsOf(values, width) {
  const bits = new Array(values.length * width);
  let at = 0;
  for (const value of values) for (let b = width - 1; b >= 0; b--) bits[at++] = (value >> b) & 1;
  return bits;
}

/** `bits` regrouped big-endian into values of `width` bits; a whole number of values. */
export function valuesOf(bits, width) {
  if (bits.length % width !== 0) throw new RangeError('not a whole number of values');
  const values = [];
  for (let i = 0; i < bits.length; i += width) {
    let value = 0;
    for (let b = 0; b < width; b++) value = value << 1 | bits[i + b];
    values.push(value);
  }
  return values;
}
