// Whether the codes read from one picture are every code of one printed page of one backup, so
// that reading the picture further can find nothing of it: the page's reader stops there
// (vault-page-reader.js). The same count as the CLI's (SeqrCore/PaperVault/
// VaultAssembler+WholePage.swift): Seqr prints codes in order, data codes then parity codes,
// `rows × columns` to a page, as the headers say. Counted, never guessed: the codes must all fall
// on one page and be as many as a page holds, or as the last page holds when its last code is
// known (the last parity code of the last group). Codes of other kinds are not counted, and codes
// of two backups never make a whole page. No DOM.
import { readVaultCode } from './vault-code.js';

/** True when `payloads` (the bytes of the QR codes one picture showed) hold one whole printed page. */
export async function holdsWholePage(payloads) {
  let header = null;
  const data = new Set();
  const parity = new Map();
  for (const payload of payloads) {
    const code = await readVaultCode(payload instanceof Uint8Array ? payload : new Uint8Array(payload));
    if (!code) continue;
    if (code.parity) parity.set(code.codeNumber, code);
    else data.add(code.codeNumber);
    if (header && (header.documentDigest !== code.documentDigest || header.rows !== code.rows
      || header.columns !== code.columns || header.totalCodes !== code.totalCodes)) return false;
    header = code;
  }
  if (!header) return false;
  const perPage = header.rows * header.columns, total = header.totalCodes;
  if (perPage <= 0 || total <= 0) return false;
  // Where the last code is printed, when a parity code says so: parity is numbered group by group
  // in the order of the data codes, so the last group's last parity code ends the print.
  const last = [...parity.values()].find((p) => p.firstDataCode + p.groupDataCodes === total && p.indexInGroup === p.groupParityCodes - 1);
  const end = last ? total + last.codeNumber + 1 : null;
  // Data codes are numbered from 0 (Seqr) or, in the format's other reading, from 1; only Seqr
  // prints parity. A page whole under either numbering is whole.
  for (const first of parity.size === 0 ? [0, 1] : [0]) {
    if (![...data].every((n) => n >= first && n < first + total)) continue;
    const positions = [...[...data].map((n) => n - first), ...[...parity.keys()].map((n) => total + n)];
    if (positions.length === 0) continue;
    const page = Math.floor(positions[0] / perPage);
    if (!positions.every((p) => Math.floor(p / perPage) === page)) continue;
    const holds = end === null ? perPage : Math.min(perPage, end - page * perPage);
    if (positions.length >= holds) return true;
  }
  return false;
}
