// Codes that come in sets, collected across camera frames with progress ("2 of 3"): SMART Health
// Card chunks (`shc:/i/n/…`), QR structured-append sequences (the decoder's sequenceIndex,
// sequenceSize and sequenceId, as seqr_zxing.h gives them), and PaperVault codes (their transport
// header's document digest and total: docs/formats/papervault.md). A repeat — the same code seen in
// the next frame — is ignored; a code of another set does not mix in (it is reported, not added);
// memory is bounded by what was scanned and by each kind's own cap, never by what a code claims.
// No DOM: the scanner view shows `progress` and hands a whole set on.
import { concatBytes, equalBytes, toHex } from './bytes.js';
import { MAXIMUM_CHUNKS } from './smart-health-card.js';
import { ScanKind } from './scanned-code.js';

export const SetKind = Object.freeze({ healthCard: 'healthCard', sequence: 'sequence', vault: 'vault' });
/** Structured append allows 16 symbols (ISO/IEC 18004 §8); a vault at most 65,535 codes. */
const MAXIMUM_SEQUENCE = 16;

/** What add() did: added (new part), duplicate (seen already), otherSet (of another set: ignored), single (no set). */
export const AddOutcome = Object.freeze({ added: 'added', duplicate: 'duplicate', otherSet: 'otherSet', single: 'single' });

function progressOf(kind, id, have, total, missing) {
  return { kind, id, have, total, progress: `${have} of ${total}`, missing, complete: have >= total };
}

/** Whether a decoder result is one part of a structured-append sequence. */
export function isSequencePart(decoded) {
  return Number.isInteger(decoded?.sequenceSize) && decoded.sequenceSize > 1 && Number.isInteger(decoded.sequenceIndex) && decoded.sequenceIndex >= 0;
}

export class CodeSetCollector {
  constructor() { this.reset(); }

  /** Forgets every set (the person started over, or the view closed). */
  reset() { this.current = null; }

  /**
   * Adds one scan: `decoded` as the decoder gives it ({ bytes, text, sequenceIndex?, sequenceSize?,
   * sequenceId? }) and `scan`, classifyScan's result for it (null for a sequence part, which is
   * classified once whole). Returns { outcome (AddOutcome), set: { kind (SetKind), id, have, total,
   * progress ("2 of 3"), missing (numbers from 1), complete } or null, whole } where `whole` is set
   * once complete: healthCard → { texts } (for jwsFromQRContents), sequence → { bytes, text }
   * (classify it again), vault → { codes } (the bytes of each distinct code, parity included).
   */
  add(decoded, scan = null) {
    if (isSequencePart(decoded)) return this.#sequencePart(decoded);
    if (scan?.kind === ScanKind.smartHealthCard && scan.chunk && scan.chunk.count > 1) return this.#healthCardChunk(scan);
    if (scan?.kind === ScanKind.vaultCode) return this.#vaultCode(scan);
    return { outcome: AddOutcome.single, set: null, whole: null };
  }

  /** The set this code belongs to: the current one, or a new one when none is being collected; null while another is. */
  #start(kind, id, total) {
    const current = this.current;
    if (current && current.kind === kind && current.id === id) return current;
    if (current && !current.done) return null;
    this.current = { kind, id, total, parts: new Map(), extra: new Map(), done: false };
    return this.current;
  }

  #answer(outcome, set, whole = null) {
    const missing = [];
    if (set.kind !== SetKind.vault || set.parts.size < set.total) {
      for (let i = 1; i <= set.total && missing.length < 8; i++) if (!set.parts.has(set.kind === SetKind.vault ? (set.first ?? 0) + i - 1 : i)) missing.push(i);
    }
    const state = progressOf(set.kind, set.id, set.parts.size, set.total, missing);
    if (state.complete && !set.done) { set.done = true; whole = this.#whole(set); }
    return { outcome, set: state, whole };
  }

  #other(kind, id, total) {
    return { outcome: AddOutcome.otherSet, set: this.current ? progressOf(this.current.kind, this.current.id, this.current.parts.size, this.current.total, []) : progressOf(kind, id, 0, total, []), whole: null };
  }

  #whole(set) {
    const ordered = [...set.parts.keys()].sort((a, b) => a - b).map((k) => set.parts.get(k));
    switch (set.kind) {
      case SetKind.healthCard: return { texts: ordered };
      case SetKind.sequence: {
        const bytes = concatBytes(...ordered.map((p) => p.bytes));
        const text = ordered.every((p) => typeof p.text === 'string') ? ordered.map((p) => p.text).join('') : null;
        return { bytes, text };
      }
      default: return { codes: [...ordered, ...set.extra.values()] };
    }
  }

  #sequencePart(decoded) {
    const total = decoded.sequenceSize, index = decoded.sequenceIndex + 1;
    const id = `${decoded.sequenceId ?? ''}/${total}`;
    if (total > MAXIMUM_SEQUENCE || index > total) return { outcome: AddOutcome.otherSet, set: null, whole: null };
    const set = this.#start(SetKind.sequence, id, total);
    if (!set) return this.#other(SetKind.sequence, id, total);
    const bytes = decoded.bytes instanceof Uint8Array ? decoded.bytes : new Uint8Array(decoded.bytes ?? []);
    const seen = set.parts.get(index);
    if (seen) return this.#answer(equalBytes(seen.bytes, bytes) ? AddOutcome.duplicate : AddOutcome.otherSet, set);
    set.parts.set(index, { bytes, text: decoded.text ?? null });
    return this.#answer(AddOutcome.added, set);
  }

  #healthCardChunk(scan) {
    const { index, count } = scan.chunk;
    if (count > MAXIMUM_CHUNKS) return { outcome: AddOutcome.otherSet, set: null, whole: null };
    // Chunks carry no card id: a set is its count, and a chunk whose number holds other digits, or
    // whose length cannot be this card's (every chunk but the last has the same length), is another card's.
    const set = this.#start(SetKind.healthCard, `shc/${count}`, count);
    if (!set) return this.#other(SetKind.healthCard, `shc/${count}`, count);
    const text = scan.text.trim();
    const digits = text.slice(text.lastIndexOf('/') + 1).length;
    const seen = set.parts.get(index);
    if (seen !== undefined) return this.#answer(seen === text ? AddOutcome.duplicate : AddOutcome.otherSet, set);
    if (!this.#fitsChunkLengths(set, index, digits)) return this.#answer(AddOutcome.otherSet, set);
    set.parts.set(index, text);
    set.lengths ??= new Map();
    set.lengths.set(index, digits);
    return this.#answer(AddOutcome.added, set);
  }

  #fitsChunkLengths(set, index, digits) {
    for (const [other, length] of set.lengths ?? []) {
      if (index < set.total && other < set.total && length !== digits) return false;
      if (index === set.total && other < set.total && digits > length) return false;
      if (other === set.total && index < set.total && length > digits) return false;
    }
    return true;
  }

  #vaultCode(scan) {
    const { documentDigest, totalCodes, codeNumber, parity } = scan.vault;
    const set = this.#start(SetKind.vault, documentDigest, totalCodes);
    if (!set) return this.#other(SetKind.vault, documentDigest, totalCodes);
    if (set.total !== totalCodes) return this.#answer(AddOutcome.otherSet, set);
    const key = toHex(scan.bytes);
    if (parity) {
      if (set.extra.has(key)) return this.#answer(AddOutcome.duplicate, set);
      set.extra.set(key, scan.bytes);
      return this.#answer(AddOutcome.added, set);
    }
    // Numbered 0…total−1 (Seqr) or 1…total: counted from whichever the set shows.
    set.first ??= 0;
    if (codeNumber === totalCodes) set.first = 1;
    const seen = set.parts.get(codeNumber);
    if (seen) return this.#answer(equalBytes(seen, scan.bytes) ? AddOutcome.duplicate : AddOutcome.otherSet, set);
    set.parts.set(codeNumber, scan.bytes);
    return this.#answer(AddOutcome.added, set);
  }
}
