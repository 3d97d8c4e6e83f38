// The printed sheets of a paper emergency kit made in the page: what goes where on each A4 page,
// in PostScript points, and every line — the vault's key-sheet layout (vault-printout.js
// keySheetPage: a 190 pt share code level Q, its 33 words in three columns), plus the kit's
// account code (a small QR beside the share's, captioned "server and account") and the kit's
// instructions, as `seqr notes kit` prints them. The view draws this; no DOM here.
import { PAGE_WIDTH, SHEET_CODE_SIDE, SHEET_MARGIN } from './vault-printout.js';

export const ACCOUNT_CODE_SIDE = 110;

function day(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * One kit sheet: { heading, about, code, codeX, codeY, side, accountCode: { code, x, y, side, label, baseline },
 * wordsLabel, words: [{ text, x, baseline }], instructions: [{ text, x, baseline }] }. `share` (KeyShare) and
 * its words are secret, printed only here; `accountCode` (bytes) names the server and account.
 */
export function kitSheetPage(share, { count, server, username, accountCode, date = new Date() }) {
  const k = share.memberThreshold, words = share.words;
  const codeY = SHEET_MARGIN + 56;
  const codeX = SHEET_MARGIN + 40;
  const top = codeY + SHEET_CODE_SIDE + 34;
  const rowsPerColumn = Math.ceil(words.length / 3);
  const columnWidth = (PAGE_WIDTH - 2 * SHEET_MARGIN) / 3;
  const accountX = PAGE_WIDTH - SHEET_MARGIN - 40 - ACCOUNT_CODE_SIDE;
  const accountY = codeY + (SHEET_CODE_SIDE - ACCOUNT_CODE_SIDE) / 2;
  const instructions = [
    `Any ${k} of the ${count} kit sheets sign in to the notes account “${username}” at ${server}`,
    `and read every note, with no password; fewer than ${k} tell nothing. Whoever holds ${k} holds the account.`,
    'Keep this sheet apart from the other sheets. A newer kit revokes this one: its sheets are then refused.',
    `To recover: "Recover with a paper kit" at ${server}/app/`,
    '  or seqr notes recover --sheet <photo or PDF of this sheet> --sheet … (then a new password is set).',
    `If the code is damaged: seqr notes recover --words --server ${server} --username ${username}`,
    `and type each sheet's ${words.length} words on a line. The last 3 words are a checksum: a mistyped word is named.`,
    `Format: a SLIP-0039 share (one group, ${k} of ${count}, empty passphrase); docs/formats/notes.md, Paper emergency kit.`,
  ];
  const notesTop = top + 8 + rowsPerColumn * 19 + 16;
  return {
    heading: `Kit sheet ${share.number} of ${count} · any ${k} restore`,
    about: `Seqr notes emergency kit · “${username}” at ${server} · kit id ${share.identifier} · made ${day(date)}`,
    code: share.serialized(), codeX, codeY, side: SHEET_CODE_SIDE,
    accountCode: { code: accountCode, x: accountX, y: accountY, side: ACCOUNT_CODE_SIDE, label: 'server and account', baseline: accountY + ACCOUNT_CODE_SIDE + 14 },
    wordsLabel: { text: `The same share as ${words.length} words (SLIP-0039 wordlist):`, x: SHEET_MARGIN, baseline: top - 14 },
    words: words.map((word, index) => ({
      text: `${String(index + 1).padStart(2, ' ')}. ${word}`,
      x: SHEET_MARGIN + Math.floor(index / rowsPerColumn) * columnWidth + 8, baseline: top + 8 + (index % rowsPerColumn) * 19,
    })),
    instructions: instructions.map((text, i) => ({ text, x: SHEET_MARGIN, baseline: notesTop + i * 13 })),
  };
}
