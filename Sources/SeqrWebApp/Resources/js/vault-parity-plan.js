// How many parity codes a backup made in the page gets, in which groups: SeqrCore's
// VaultParityPlan (Sources/SeqrCore/PaperVault/VaultParityPlan.swift) with `seqr vault backup`'s
// defaults — any `survivePages` whole pages may be lost, no --redundancy share — so a backup made
// here has the parity codes the CLI would give the same message (docs/formats/papervault.md,
// "How many"). Codes print in order, data codes first, then each group's parity codes,
// `codesPerPage` to a page. No DOM.
//
// Losing a set of pages is recoverable iff no group has more than m of its codes on them, so
// m is raised to the number of the group's codes on its `survivePages` fullest pages until that
// holds (parity codes take room on pages too: a fixed point).

/** Reed–Solomon over GF(2⁸): k + m ≤ 255 per group. */
export const MAXIMUM_GROUP_CODES = 255;

/**
 * { dataCodes, codesPerPage, groups: [{ firstDataCode, dataCodes, parityCodes }], parityCodes,
 * totalCodes, pageCount, survivablePages, survivableCodes }.
 */
export function planParity(dataCodes, codesPerPage, survivePages) {
  if (!(dataCodes >= 1 && codesPerPage >= 1 && survivePages >= 0)) throw new RangeError('a parity plan needs a data code, a page and no negative page count');
  if (survivePages > Math.floor((MAXIMUM_GROUP_CODES - 1) / codesPerPage)) throw new RangeError('too many pages to survive');
  let groups = [];
  if (survivePages > 0) {
    // The fewest groups whose every k leaves room for N pages' worth of parity.
    const pageBound = survivePages * codesPerPage;
    let largestGroup = MAXIMUM_GROUP_CODES - 1;
    while (largestGroup > 1 && largestGroup + Math.max(pageBound, 1) > MAXIMUM_GROUP_CODES) largestGroup--;
    const groupCount = Math.ceil(dataCodes / largestGroup);
    const sizes = Array.from({ length: groupCount }, (_, i) => Math.floor(dataCodes / groupCount) + (i < dataCodes % groupCount ? 1 : 0)).filter((s) => s > 0);
    const firsts = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
    let parity = sizes.map(() => 1);
    // Parity only grows and never past N · codesPerPage, so this ends.
    for (;;) {
      const candidate = sizes.map((size, i) => ({ firstDataCode: firsts[i], dataCodes: size, parityCodes: parity[i] }));
      const needed = pageCounts(candidate, dataCodes, codesPerPage).map((pages) => worst(survivePages, pages));
      if (parity.every((m, i) => m >= needed[i])) { groups = candidate; break; }
      parity = parity.map((m, i) => Math.max(m, needed[i]));
    }
  }
  const parityCodes = groups.reduce((sum, g) => sum + g.parityCodes, 0);
  const totalCodes = dataCodes + parityCodes;
  const pageCount = Math.ceil(totalCodes / codesPerPage);
  let survivablePages = 0;
  if (groups.length) {
    const layout = pageCounts(groups, dataCodes, codesPerPage);
    for (let n = 0; n <= pageCount; n++) if (groups.every((g, i) => worst(n, layout[i]) <= g.parityCodes)) survivablePages = n;
  }
  const survivableCodes = groups.length ? Math.min(...groups.map((g) => g.parityCodes)) : 0;
  return { dataCodes, codesPerPage, groups, parityCodes, totalCodes, pageCount, survivablePages, survivableCodes };
}

/** For each group, how many of its codes (data and parity) each page holds: a Map page → count. */
function pageCounts(groups, dataCodes, codesPerPage) {
  let parityStart = dataCodes;
  return groups.map((group) => {
    const pages = new Map();
    const count = (position) => { const page = Math.floor(position / codesPerPage); pages.set(page, (pages.get(page) ?? 0) + 1); };
    for (let p = group.firstDataCode; p < group.firstDataCode + group.dataCodes; p++) count(p);
    for (let p = parityStart; p < parityStart + group.parityCodes; p++) count(p);
    parityStart += group.parityCodes;
    return pages;
  });
}

/** The codes of a group on the `n` pages that hold most of them. */
function worst(n, pages) {
  return [...pages.values()].sort((a, b) => b - a).slice(0, n).reduce((a, b) => a + b, 0);
}
