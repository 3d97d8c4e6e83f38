// Collecting a paper vault's scanned codes in any order, and the message buffer they carry: the
// page's VaultAssembler (Swift: SeqrCore/PaperVault/VaultAssembler.swift; docs/formats/papervault.md,
// "Reading" and "Seqr extension: parity codes"). It says which codes of which printed page are in,
// which are missing and whether the parity codes found already cover them, and rebuilds lost data
// codes with ISA-L's Reed–Solomon (isal-erasure-code.js) exactly as `seqr vault restore` does. No DOM.
//
// Security contract: nothing here is trusted. A code of another backup (another digest) is named
// and left out; a rebuilt or scanned payload counts only if every payload together hashes to the
// document digest, so a forged parity code can make a restore fail but never change its result.
// Memory is bounded by what was scanned (one copy of each distinct code), never by what a header claims.
import { concatBytes, equalBytes, toHex } from './bytes.js';
import { DEFAULT_CODES_PER_PAGE, readVaultCode } from './vault-code.js';
import { vaultError } from './vault-error.js';

/** What add() did with one scanned payload. */
export const VaultAddOutcome = Object.freeze({
  added: 'added', addedParity: 'addedParity', duplicate: 'duplicate',
  /** A vault code of another backup (another document digest): left out. */
  otherBackup: 'otherBackup',
  /** Not a vault code (a URL, text, a damaged code): ignored. */
  ignored: 'ignored',
});


export class VaultAssembler {
  #backup = null;

  /** Forgets every code (the person starts over). */
  reset() { this.#backup = null; }

  /** How many codes a page of the backup holds, as its headers say; null before its first code or when they say 0. */
  get codesPerPage() { return this.#backup?.codesPerPage > 0 ? this.#backup.codesPerPage : null; }

  /** The hex document digest of the backup being collected, or null before its first code. */
  get documentDigest() { return this.#backup?.digest ?? null; }

  /**
   * Adds one scanned payload (a QR code's bytes). Returns { outcome (VaultAddOutcome), codeNumber?,
   * parityNumber? }. The first vault code decides the backup; another backup's codes are left out.
   */
  async add(bytes) {
    const code = await readVaultCode(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
    if (!code) return { outcome: VaultAddOutcome.ignored };
    if (this.#backup && this.#backup.digest !== code.documentDigest) return { outcome: VaultAddOutcome.otherBackup, documentDigest: code.documentDigest };
    const backup = this.#backup ??= {
      digest: code.documentDigest, totalCodes: code.totalCodes, codesPerPage: code.rows * code.columns,
      numbered: new Map(), conflicts: new Set(), inconsistentTotal: false, parity: new Map(),
    };
    if (code.totalCodes !== backup.totalCodes) backup.inconsistentTotal = true;
    const number = code.codeNumber;
    if (code.parity) {
      if (backup.parity.has(number)) return { outcome: VaultAddOutcome.duplicate, parityNumber: number };
      backup.parity.set(number, code);
      return { outcome: VaultAddOutcome.addedParity, parityNumber: number };
    }
    const existing = backup.numbered.get(number);
    if (existing) {
      if (!equalBytes(existing, code.payload)) backup.conflicts.add(number);
      return { outcome: VaultAddOutcome.duplicate, codeNumber: number };
    }
    backup.numbered.set(number, code.payload);
    return { outcome: VaultAddOutcome.added, codeNumber: number };
  }

  /**
   * What is in and what is missing, page by page in Seqr's layout (data codes in order, then the parity
   * codes, rows × columns to a page), or null before the first code:
   * { totalCodes, foundCodes, foundParityCodes, totalParityCodes (null until every group's parity was
   *   seen), missingCodes (from 1), complete (every data code in, or rebuildable from the parity found),
   *   needed (more codes that would complete it), pages: [{ number, codes: [{ kind: 'data'|'parity',
   *   number (from 1), found }], complete }], completingPages (pages that would complete it if read whole),
   *   summary (a sentence) }.
   */
  status() {
    const backup = this.#backup;
    if (!backup) return null;
    const total = backup.totalCodes;
    const payloads = payloadsOf(backup, firstNumbers(backup)[0]);
    const missing = range(total).filter((i) => !payloads.has(i));
    const groups = groupsOf(backup);
    const shortfall = new Shortfall(missing, groups);
    const needed = shortfall.needed;
    const parityTotal = parityTotalOf(groups, total);
    const parityKnown = parityTotal ?? (backup.parity.size ? Math.max(...backup.parity.keys()) + 1 : 0);
    const perPage = backup.codesPerPage > 0 ? backup.codesPerPage : DEFAULT_CODES_PER_PAGE;
    const pages = [];
    for (let position = 0; position < total + parityKnown; position++) {
      const data = position < total;
      const found = data ? payloads.has(position) : backup.parity.has(position - total);
      const page = Math.floor(position / perPage);
      pages[page] ??= { number: page + 1, codes: [], complete: true };
      pages[page].codes.push({ kind: data ? 'data' : 'parity', number: (data ? position : position - total) + 1, found });
      if (!found) pages[page].complete = false;
    }
    // Only a page missing at least `needed` codes can complete the backup alone: the others are not
    // tried, so a header claiming 65,535 codes costs one pass over its pages, not one per page. A page
    // tried costs its own codes (Shortfall.without), not a pass over every missing code and group.
    const completingPages = needed === 0 ? [] : pages
      .filter((page) => page.codes.filter((c) => !c.found).length >= needed && completesWith(page, shortfall))
      .map((page) => page.number);
    const status = {
      totalCodes: total, foundCodes: total - missing.length, foundParityCodes: backup.parity.size, totalParityCodes: parityTotal,
      missingCodes: missing.map((i) => i + 1), complete: needed === 0, needed, pages, completingPages,
    };
    status.summary = summaryOf(status);
    return status;
  }

  /**
   * The message buffer, after checking that the codes agree, that every data code is there or
   * rebuilt from parity (with `erasureCode`, an ErasureCode of isal-erasure-code.js), and that they
   * hash to the document digest. Throws VaultError (vault-error.js) naming what is wrong.
   */
  async messageBuffer(erasureCode) {
    const backup = this.#backup;
    if (!backup) throw vaultError.noCodes();
    if (backup.inconsistentTotal) throw vaultError.inconsistentTotals();
    if (backup.conflicts.size) throw vaultError.conflictingCodes(Math.min(...backup.conflicts) - firstNumbers(backup)[0]);
    if (backup.numbered.has(0) && backup.numbered.has(backup.totalCodes)) throw vaultError.mixedNumbering();
    let firstFailure = null;
    for (const first of firstNumbers(backup)) {
      try {
        return await messageOf(backup, first, erasureCode);
      } catch (error) {
        firstFailure ??= error;
      }
    }
    throw firstFailure;
  }
}

function range(n) { return Array.from({ length: n }, (_, i) => i); }

/** 0 when a code carries the number 0, 1 when one carries the total (only 1…total has it), else both, 0 first. */
function firstNumbers(backup) {
  if (backup.numbered.has(0)) return [0];
  if (backup.numbered.has(backup.totalCodes)) return [1];
  return [0, 1];
}

/** Payloads by index from 0, for a set numbered from `first`. */
function payloadsOf(backup, first) {
  const out = new Map();
  for (const [number, payload] of backup.numbered) if (number >= first && number < first + backup.totalCodes) out.set(number - first, payload);
  return out;
}

/** The parity groups seen, by first data code: { first, k, m, parity: [codes], paritySlots: Set of parity numbers }. */
function groupsOf(backup) {
  const groups = new Map();
  for (const code of backup.parity.values()) {
    let group = groups.get(code.firstDataCode);
    if (!group) {
      group = { first: code.firstDataCode, k: code.groupDataCodes, m: code.groupParityCodes, parity: [], start: code.codeNumber - code.indexInGroup };
      groups.set(code.firstDataCode, group);
    }
    group.parity.push(code);
  }
  return [...groups.values()].sort((a, b) => a.first - b.first);
}

/** How many of the sorted numbers `sorted` are in [from, to) (binary search). */
function countIn(sorted, from, to) {
  const lowerBound = (value) => {
    let low = 0, high = sorted.length;
    while (low < high) { const mid = (low + high) >>> 1; if (sorted[mid] < value) low = mid + 1; else high = mid; }
    return low;
  };
  return to > from ? lowerBound(to) - lowerBound(from) : 0;
}

/**
 * VaultCodeShortfall's count, for `missing` (sorted data-code indices) and `groups` (sorted by first,
 * one per first): a group missing `lost` data codes with `found` parity codes needs max(0, lost − found);
 * a missing code of no group seen, itself. Built once in O((missing + groups) · log); then
 * without() says what reading one page's codes would leave needed, in the cost of that page's codes.
 * (Before, each page tried took a pass over every missing code per group: with a thousand forged
 * codes of one code a page, one status() took 0.4 s, and it grew with the cube of the codes scanned.)
 */
class Shortfall {
  constructor(missing, groups) {
    this.groups = groups;
    this.lost = groups.map((group) => countIn(missing, group.first, group.first + group.k));
    this.needed = this.lost.reduce((sum, lost, i) => sum + this.#contribution(i, lost, 0), 0);
    this.uncovered = missing.filter((index) => this.groupsOf(index).length === 0).length;
    this.needed += this.uncovered;
    // Parity numbers to their group: the first group (by first data code) whose numbers hold it.
    this.parityGroup = new Map();
    groups.forEach((group, i) => { for (let n = group.start; n < group.start + group.m; n++) if (!this.parityGroup.has(n)) this.parityGroup.set(n, i); });
  }

  #contribution(i, lost, extraParity) { return Math.max(0, lost - this.groups[i].parity.length - extraParity); }

  /** The indices of the groups whose data codes hold `index` (firsts are distinct and k ≤ 254, so few are looked at). */
  groupsOf(index) {
    let low = 0, high = this.groups.length;
    while (low < high) { const mid = (low + high) >>> 1; if (this.groups[mid].first <= index) low = mid + 1; else high = mid; }
    const out = [];
    for (let i = low - 1; i >= 0 && this.groups[i].first > index - 256; i--) if (index < this.groups[i].first + this.groups[i].k) out.push(i);
    return out;
  }

  /** What would still be needed with the missing data codes `dataIndices` in and `parityNumbers` found as well. */
  without(dataIndices, parityNumbers) {
    const lessLost = new Map(), extra = new Map();
    let uncovered = this.uncovered;
    for (const index of dataIndices) {
      const holding = this.groupsOf(index);
      if (holding.length === 0) uncovered -= 1;
      for (const i of holding) lessLost.set(i, (lessLost.get(i) ?? 0) + 1);
    }
    for (const number of parityNumbers) {
      const i = this.parityGroup.get(number);
      if (i !== undefined) extra.set(i, (extra.get(i) ?? 0) + 1);
    }
    let needed = this.needed - this.uncovered + uncovered;
    for (const i of new Set([...lessLost.keys(), ...extra.keys()])) {
      needed += this.#contribution(i, this.lost[i] - (lessLost.get(i) ?? 0), extra.get(i) ?? 0) - this.#contribution(i, this.lost[i], 0);
    }
    return needed;
  }
}

/** The parity total, when the groups seen tile every data code. */
function parityTotalOf(groups, total) {
  let next = 0;
  for (const group of groups) if (group.first === next) next += group.k;
  return next === total ? groups.reduce((sum, group) => sum + group.m, 0) : null;
}

/** Whether reading every code of `page` would complete the backup. */
function completesWith(page, shortfall) {
  const unread = page.codes.filter((c) => !c.found);
  return shortfall.without(unread.filter((c) => c.kind === 'data').map((c) => c.number - 1), unread.filter((c) => c.kind === 'parity').map((c) => c.number - 1)) === 0;
}

function summaryOf(s) {
  const codes = `${s.foundCodes} of ${s.totalCodes} code${s.totalCodes === 1 ? '' : 's'}`;
  const parity = s.foundParityCodes || s.totalParityCodes ? ` and ${s.foundParityCodes}${s.totalParityCodes === null ? '' : ` of ${s.totalParityCodes}`} parity code${(s.totalParityCodes ?? s.foundParityCodes) === 1 ? '' : 's'}` : '';
  if (s.missingCodes.length === 0) return `All ${s.totalCodes} code${s.totalCodes === 1 ? ' is' : 's are'} in: type the password and restore.`;
  if (s.complete) return `${codes}${parity} in: the parity codes rebuild the missing ${s.missingCodes.length === 1 ? 'one' : s.missingCodes.length}. Type the password and restore.`;
  const pages = s.completingPages;
  const or = pages.length ? `, or ${pages.length === 1 ? 'page' : 'any of pages'} ${pages.join(', ')}` : '';
  return `${codes}${parity} in: any ${s.needed} more code${s.needed === 1 ? '' : 's'} of the missing ones needed${or}.`;
}

/** The message of a set numbered from `first`, lost codes rebuilt from parity, checked against the digest. */
async function messageOf(backup, first, erasureCode) {
  const total = backup.totalCodes;
  const payloads = payloadsOf(backup, first);
  const missing = range(total).filter((i) => !payloads.has(i));
  if (missing.length) {
    const groups = groupsOf(backup);
    if (new Shortfall(missing, groups).needed > 0) {
      if (backup.parity.size === 0) throw vaultError.missingCodes(missing.map((i) => i + 1), total);
      throw vaultError.tooFewCodes(shortfallOf(backup, payloads, missing, groups));
    }
    for (const group of groups) {
      if (missing.some((i) => i >= group.first && i < group.first + group.k)) rebuild(group, payloads, total, erasureCode);
    }
  }
  const message = concatBytes(...range(total).map((i) => payloads.get(i)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
  if (toHex(digest) !== backup.digest) throw vaultError.digestMismatch();
  return message;
}

/** What a set with parity still lacks (VaultCodeShortfall): counts, missing codes, unread and partly read pages. */
function shortfallOf(backup, payloads, missing, groups) {
  const total = backup.totalCodes;
  const parityTotal = parityTotalOf(groups, total);
  const unreadPages = [], partlyReadPages = [];
  if (backup.codesPerPage > 0) {
    const parityKnown = parityTotal ?? (Math.max(-1, ...backup.parity.keys()) + 1);
    const pages = new Map();
    for (let position = 0; position < total + parityKnown; position++) {
      const found = position < total ? payloads.has(position) : backup.parity.has(position - total);
      const page = Math.floor(position / backup.codesPerPage);
      const counts = pages.get(page) ?? { found: 0, all: 0 };
      counts.all += 1;
      if (found) counts.found += 1;
      pages.set(page, counts);
    }
    for (const [page, counts] of [...pages].sort((a, b) => a[0] - b[0])) {
      if (counts.found === 0) unreadPages.push(page + 1);
      else if (counts.found < counts.all) partlyReadPages.push(page + 1);
    }
  }
  return { needed: new Shortfall(missing, groups).needed, foundCodes: total - missing.length, totalCodes: total, foundParityCodes: backup.parity.size,
    totalParityCodes: parityTotal, missingCodes: missing.map((i) => i + 1), unreadPages, partlyReadPages };
}

/** Rebuilds a group's missing data codes (payloads zero-padded to the shard size), trimming a rebuilt last code to the message length. */
function rebuild(group, payloads, total, erasureCode) {
  const shardSize = group.parity[0].shard.length;
  if (!group.parity.every((code) => code.shard.length === shardSize)) throw vaultError.digestMismatch();
  const shards = [];
  for (let i = group.first; i < group.first + group.k; i++) {
    const payload = payloads.get(i);
    if (payload && payload.length > shardSize) throw vaultError.digestMismatch();
    shards.push(payload ? concatBytes(payload, new Uint8Array(shardSize - payload.length)) : null);
  }
  const parityShards = new Array(group.m).fill(null);
  for (const code of group.parity) if (code.indexInGroup < group.m) parityShards[code.indexInGroup] = code.shard;
  let data;
  try {
    data = erasureCode.reconstruct(group.k, group.m, [...shards, ...parityShards]);
  } catch {
    throw vaultError.digestMismatch();
  }
  const messageLength = group.parity[0].messageLength;
  for (let offset = 0; offset < group.k; offset++) {
    const index = group.first + offset;
    if (payloads.has(index)) continue;
    if (index === total - 1) {
      let before = 0;
      for (let i = 0; i < index; i++) before += payloads.get(i)?.length ?? shardSize;
      const length = messageLength - before;
      if (length < 0 || length > shardSize) throw vaultError.digestMismatch();
      payloads.set(index, data[offset].slice(0, length));
    } else {
      payloads.set(index, data[offset]);
    }
  }
}
