// The printed pages of a paper-vault backup made in the page: what goes where on each A4 page, in
// PostScript points, and every line of text — SeqrQR's VaultPrintout (and +RestoreProgram) for a
// password backup on A4, so the pages look as `seqr vault backup` prints them: a header (what this
// is, page n of N · date), 3 × 2 codes each captioned "code i of n" / "parity j of m", a three-line
// footer on how to restore, then the restore program's pages (9 pt DejaVu Sans Mono, 11 pt lines
// from 96 pt, its SHA-256 in each header). The view draws this; no DOM here.
import { RESTORE_PROGRAM, RESTORE_PROGRAM_NAME } from './vault-restore-program.js';
import { toHex, utf8 } from './bytes.js';
import { COLUMNS, ROWS } from './vault-backup-writer.js';

/** A4 in points (VaultPrintout.Paper.a4). */
export const PAGE_WIDTH = 595.28, PAGE_HEIGHT = 841.89;
export const MARGIN = 36, HEADER = 34, FOOTER = 40, CAPTION = 14, QUIET_MODULES = 4;
export const PROGRAM_FONT_SIZE = 9, PROGRAM_LINE_HEIGHT = 11, PROGRAM_TOP = 60;

const CELL_WIDTH = (PAGE_WIDTH - 2 * MARGIN) / COLUMNS;
const CELL_HEIGHT = (PAGE_HEIGHT - 2 * MARGIN - HEADER - FOOTER) / ROWS;
/** The side of each code's square, quiet zone included. */
export const CODE_SIDE = Math.min(CELL_WIDTH - 12, CELL_HEIGHT - CAPTION - 8);

/** The program's lines cut into pages of A4 (VaultPrintout.programPages). */
export function programPages(source = RESTORE_PROGRAM) {
  const lines = source.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const perPage = Math.floor((PAGE_HEIGHT - 2 * MARGIN - PROGRAM_TOP) / PROGRAM_LINE_HEIGHT);
  const pages = [];
  for (let at = 0; at < lines.length; at += perPage) pages.push(lines.slice(at, at + perPage));
  return pages;
}

/** SHA-256 of the program, as printed beside it (hex). */
export async function restoreProgramDigest(source = RESTORE_PROGRAM) {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(source))));
}

/** "YYYY-MM-DD" of `date` in local time, as the CLI prints it. */
function day(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * Every page of `backup` (writeVaultBackup's result): code pages { kind: 'codes', heading, right,
 * cells: [{ code, label, x, y, side, baseline }], footer: [{ text, x, baseline }] } then program
 * pages { kind: 'program', heading, right, digestLabel, digest, lines }. Positions in points from
 * the page's top-left corner; baselines where the CLI puts its text.
 */
export async function vaultPrintout(backup, { date = new Date(), restoreProgram = true } = {}) {
  const perPage = ROWS * COLUMNS;
  const codePages = Math.ceil(backup.codes.length / perPage);
  const program = restoreProgram ? programPages() : [];
  const pageCount = codePages + program.length;
  const digest = restoreProgram ? await restoreProgramDigest() : null;
  const pages = [];
  const footer = [
    'Restore: scan or photograph every code (any order, several per picture), then run',
    '  seqr vault restore <pictures or this PDF> -o <file>    — you will need the password.',
    restoreProgram
      ? 'Format: PaperVault (ChaCha20-Poly1305, PBKDF2-SHA256). Without Seqr: the program on the last pages.'
      : 'Format: PaperVault (ChaCha20-Poly1305, PBKDF2-SHA256); the original PaperVault app reads text backups too.',
  ];
  for (let page = 0; page < codePages; page++) {
    const cells = [];
    for (let slot = 0; slot < perPage && page * perPage + slot < backup.codes.length; slot++) {
      const index = page * perPage + slot;
      const column = slot % COLUMNS, row = Math.floor(slot / COLUMNS);
      const x = MARGIN + column * CELL_WIDTH + (CELL_WIDTH - CODE_SIDE) / 2;
      const y = MARGIN + HEADER + row * CELL_HEIGHT + 4;
      const label = index < backup.dataCodes ? `code ${index + 1} of ${backup.dataCodes}` : `parity ${index - backup.dataCodes + 1} of ${backup.parityCodes}`;
      cells.push({ code: backup.codes[index], version: backup.version, errorCorrection: backup.errorCorrection, label, x, y, side: CODE_SIDE, baseline: y + CODE_SIDE + CAPTION - 2 });
    }
    pages.push({
      kind: 'codes', heading: 'Paper vault (encrypted backup)', right: `page ${page + 1} of ${pageCount} · ${day(date)}`, cells,
      footer: footer.map((text, i) => ({ text, x: MARGIN, baseline: PAGE_HEIGHT - MARGIN - FOOTER + 14 + i * 11 })),
    });
  }
  program.forEach((lines, i) => pages.push({
    kind: 'program', heading: `Restore without Seqr: ${RESTORE_PROGRAM_NAME}, part ${i + 1} of ${program.length}`,
    right: `page ${codePages + i + 1} of ${pageCount}`,
    digestLabel: `SHA-256 of ${RESTORE_PROGRAM_NAME} (check a typed copy with sha256sum):`, digest, lines,
  }));
  return pages;
}
