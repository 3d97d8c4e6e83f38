// Key sheets: a key split k-of-n so that any k sheets restore it and k − 1 tell nothing about it, in
// SLIP-0039's format (one group; Swift: SeqrCore/KeySheets/KeySheets.swift; docs/formats/key-sheets.md).
// split makes the shares (crypto.getRandomValues, WebCrypto's HMAC and PBKDF2), combine restores the
// key from shares parsed by key-share.js. No DOM.
//
// Security contract (as KeySheets.swift): with k − 1 shares nothing is learnt beyond a 32-bit digest
// check, and combine refuses them (notEnoughShares) instead of returning a guess; a share of another
// backup is named by its identifier (anotherBackup) and one with this identifier but another
// exponent, group parameter or length (inconsistentShare) before any PBKDF2 runs; a forged share
// among the k used fails the digest except with chance 2⁻³² (digestMismatch), one beyond k is named
// (shareDisagrees). The passphrase is not checked here: a wrong one gives a wrong key, which the
// document's AEAD refuses.
import { keySheetError, KeySheetParameter } from './key-sheet-error.js';
import { KeyShare } from './key-share.js';
import { MasterSecretCipher } from './master-secret-cipher.js';
import { MAXIMUM_SHARE_COUNT, interpolate, shamirRecover, shamirSplit } from './shamir-sharing.js';
import { equalBytes, randomBytes } from './bytes.js';

/** 2500·2⁵ PBKDF2 iterations per Feistel round, 320,000 in all (KeySheets.defaultIterationExponent). */
export const DEFAULT_ITERATION_EXPONENT = 5;

/**
 * `count` shares (KeyShare) of `secret`, any `threshold` of which restore it with combineKeyShares.
 * secret: 16 to 32 bytes, an even number; 1 ≤ threshold ≤ count ≤ 16 (1 only as 1-of-1); passphrase
 * printable ASCII ("" for none). Throws KeySheetError.
 */
export async function splitKeySheets(secret, threshold, count, { passphrase = '', iterationExponent = DEFAULT_ITERATION_EXPONENT } = {}) {
  if (!Number.isInteger(iterationExponent) || iterationExponent < 0 || iterationExponent > 15) throw new RangeError('SLIP-0039\'s iteration exponent has 4 bits');
  if (!(secret.length >= 16 && secret.length <= 32 && secret.length % 2 === 0)) throw keySheetError.invalidSecretLength(secret.length);
  if (count > MAXIMUM_SHARE_COUNT) throw keySheetError.tooManyShares(count);
  if (!(Number.isInteger(threshold) && Number.isInteger(count) && threshold >= 1 && threshold <= count)) throw keySheetError.invalidThreshold(threshold, count);
  if (threshold === 1 && count !== 1) throw keySheetError.thresholdOneWithSeveralShares(count);
  checkPassphrase(passphrase);
  const random = randomBytes(2);
  const identifier = (random[0] << 8 | random[1]) & 0x7fff;
  const cipher = new MasterSecretCipher({ passphrase, iterationExponent, identifier, extendable: true });
  const encrypted = await cipher.encrypt(secret);
  // One group holding the whole encrypted key (a 1-of-1 group split is the identity).
  const values = await shamirSplit(encrypted, threshold, count);
  encrypted.fill(0);
  return values.map((value, memberIndex) => new KeyShare({ identifier, extendable: true, iterationExponent, memberIndex, memberThreshold: threshold, value }));
}

/**
 * The key from enough shares of one backup, in any order; an identical share given twice counts
 * once; shares beyond a threshold are checked against the others. Also reads SLIP-0039 backups with
 * several groups (made elsewhere): the first complete groups by group index are used. Throws KeySheetError.
 */
export async function combineKeyShares(shares, passphrase = '') {
  const first = shares[0];
  if (!first) throw keySheetError.noShares();
  checkPassphrase(passphrase);
  const unique = [];
  shares.forEach((share, offset) => {
    checkBelongs(share, offset + 1, first);
    if (!unique.some((known) => known.equals(share))) unique.push(share);
  });
  const groups = new Map();
  for (const share of unique) groups.set(share.groupIndex, [...(groups.get(share.groupIndex) ?? []), share]);

  const groupSecrets = [];
  let bestIncomplete = null, incompleteGroups = 0;
  for (const index of [...groups.keys()].sort((a, b) => a - b)) {
    if (groupSecrets.length >= first.groupThreshold) break;
    const members = groups.get(index);
    const threshold = checkGroup(members, shares);
    if (members.length < threshold) {
      incompleteGroups++;
      if (bestIncomplete === null || bestIncomplete.need - bestIncomplete.have > threshold - members.length) bestIncomplete = { have: members.length, need: threshold };
      continue;
    }
    groupSecrets.push({ x: index, y: await recover(members, threshold) });
  }
  if (groupSecrets.length !== first.groupThreshold) {
    // Name the shares still missing when completing a group given in part would be enough.
    if (bestIncomplete && groupSecrets.length + incompleteGroups >= first.groupThreshold) throw keySheetError.notEnoughShares(bestIncomplete.have, bestIncomplete.need);
    throw keySheetError.notEnoughGroups(groupSecrets.length, first.groupThreshold);
  }
  const encrypted = await shamirRecover(groupSecrets, first.groupThreshold);
  if (!encrypted) throw keySheetError.digestMismatch();
  const cipher = new MasterSecretCipher({ passphrase, iterationExponent: first.iterationExponent, identifier: first.identifier, extendable: first.extendable });
  const secret = await cipher.decrypt(encrypted);
  encrypted.fill(0);
  for (const group of groupSecrets) group.y.fill(0);
  return secret;
}

/** One group's secret from its first `threshold` members; the others must lie on the same polynomials. */
async function recover(members, threshold) {
  const points = members.slice(0, threshold).map((share) => ({ x: share.memberIndex, y: share.value }));
  const secret = await shamirRecover(points, threshold);
  if (!secret) throw keySheetError.digestMismatch();
  for (const extra of members.slice(threshold)) {
    if (!equalBytes(interpolate(extra.memberIndex, points), extra.value)) throw keySheetError.shareDisagrees(extra.number);
  }
  return secret;
}

/** The group's member threshold, once its members agree on it and no two claim one number. */
function checkGroup(members, shares) {
  const threshold = members[0].memberThreshold;
  for (const member of members) {
    if (member.memberThreshold !== threshold) throw keySheetError.inconsistentShare(shares.findIndex((s) => s.equals(member)) + 1, KeySheetParameter.memberThreshold);
  }
  members.forEach((member, i) => {
    if (members.slice(0, i).some((other) => other.memberIndex === member.memberIndex)) throw keySheetError.conflictingShares(member.number);
  });
  return threshold;
}

function checkBelongs(share, position, first) {
  if (share.identifier !== first.identifier) throw keySheetError.anotherBackup(position, share.identifier, first.identifier);
  const mismatch = share.extendable !== first.extendable ? KeySheetParameter.extendableFlag
    : share.iterationExponent !== first.iterationExponent ? KeySheetParameter.iterationExponent
      : share.groupThreshold !== first.groupThreshold ? KeySheetParameter.groupThreshold
        : share.groupCount !== first.groupCount ? KeySheetParameter.groupCount
          : share.value.length !== first.value.length ? KeySheetParameter.length
            : null;
  if (mismatch) throw keySheetError.inconsistentShare(position, mismatch);
}

function checkPassphrase(passphrase) {
  if (typeof passphrase !== 'string' || ![...passphrase].every((c) => c.codePointAt(0) >= 32 && c.codePointAt(0) <= 126)) throw keySheetError.passphraseNotPrintableASCII();
}
