// The key sheets of a paper vault being restored (#/vault, backups of `seqr vault backup --shares`):
// sheets scanned with the pages (their QR codes) or typed (the 33 words, one sheet at a time), what
// is in and how many more are needed, a sheet of another backup or one that disagrees with the
// backup's header named and left out. Thin: key-share.js reads a sheet, vault-message.js checks it.
// The shares live in this panel only, in memory: forget() wipes them (the vault view calls it when
// it is left, on lock and on "Start over"); none is ever stored. The notes account's paper kit
// (#/recover-kit) uses the same panel with its own words: its sheets are "kit sheets" with a "kit
// id", as printed on them and as `seqr notes kit|recover` says, never a vault's "backup id".
import { field, h, message, replace } from '../dom.js';
import { KeySheetError } from '../key-sheet-error.js';
import { KEY_SHARE_CODE_MAGIC, KeyShare } from '../key-share.js';
import { keySheetDisagreement } from '../vault-message.js';

/** Whether a scanned payload is a key sheet's code ("KS"), not a page's. */
export function isKeySheetCode(bytes) {
  return bytes.length >= KEY_SHARE_CODE_MAGIC.length && bytes[0] === KEY_SHARE_CODE_MAGIC[0] && bytes[1] === KEY_SHARE_CODE_MAGIC[1];
}

/** What the sheets are called: a paper vault's key sheets of a backup, or a notes account's emergency kit. */
export const SHEET_WORDS = Object.freeze({
  vault: Object.freeze({ sheet: 'key sheet', sheets: 'key sheets', whole: 'backup', id: 'backup id' }),
  kit: Object.freeze({ sheet: 'kit sheet', sheets: 'kit sheets', whole: 'kit', id: 'kit id' }),
});

export class VaultKeySheetsPanel {
  #sheets = [];        // { share, how: 'scanned' | 'typed' }
  #header = null;      // the backup's key-sheet header ({ identifier, threshold, count }) once its codes are in
  #say;

  #shown;
  #words;

  /** `say(kind, text)`: shows one line in the view's status area. `shown`: visible before any sheet is in, `hint`: the line under the title,
   *  `words`: SHEET_WORDS.vault or .kit (the kit's recovery). */
  constructor(say, { shown = false, hint = 'Scan the key sheets with the pages (camera or photos), or type a sheet\'s words.', words = SHEET_WORDS.vault } = {}) {
    this.#say = say;
    this.#shown = shown;
    this.#words = words;
    this.list = h('ul', { class: 'vault-sheets', 'aria-label': `${upperFirst(words.sheets)} in` });
    this.summary = h('p', { class: 'vault-sheets-summary', role: 'status' });
    this.words = field(`Words of a ${words.sheet}`, { name: 'vault-sheet-words', autocomplete: 'off', spellcheck: false, autocapitalize: 'none', rows: 4 },
      { tag: 'textarea', hint: 'The 33 words of one sheet, in order, separated by spaces or lines (the first four letters of each are enough).' });
    this.wordsError = h('div', { 'aria-live': 'polite' });
    const add = h('button', { type: 'button' }, 'Add this sheet');
    add.addEventListener('click', () => this.#addTyped());
    // Typing is offered while sheets are still needed.
    this.typing = h('div', { class: 'stack' }, this.words.wrapper, this.wordsError, h('div', { class: 'actions' }, add));
    this.element = h('section', { class: 'stack vault-key-sheets', 'aria-labelledby': 'vault-sheets-title', hidden: true },
      h('h2', { id: 'vault-sheets-title' }, upperFirst(words.sheets)),
      h('p', { class: 'hint' }, hint),
      this.summary, this.list, this.typing);
    if (shown) this.#render();
  }

  /** The shares in, in the order they came (for restoreVault). */
  get shares() { return this.#sheets.map((sheet) => sheet.share); }

  /** The backup's header, once its codes are in: sheets already in that belong elsewhere are dropped, named. */
  setHeader(keySheets) {
    this.#header = keySheets;
    if (!keySheets) { this.#render(); return; }
    for (const sheet of [...this.#sheets]) {
      const problem = this.#problem(sheet.share);
      if (problem) { this.#drop(sheet); this.#say('error', problem); }
    }
    this.#render();
  }

  /** Adds the key-sheet codes a picture held; one line says what was left out. */
  addScanned(payloads) {
    for (const bytes of payloads) {
      let share;
      try { share = KeyShare.fromCode(bytes); } catch (error) {
        if (!(error instanceof KeySheetError)) throw error;
        this.#say('error', `A ${this.#words.sheet}'s code was not read: ${lowerFirst(error.message)}`);
        continue;
      }
      this.#add(share, 'scanned');
    }
  }

  forget() {
    for (const sheet of this.#sheets) sheet.share.value.fill(0);
    this.#sheets = [];
    this.words.input.value = '';
    replace(this.wordsError);
    this.#render();
  }

  #addTyped() {
    replace(this.wordsError);
    let share;
    try { share = KeyShare.fromMnemonic(this.words.input.value); } catch (error) {
      if (!(error instanceof KeySheetError)) throw error;
      replace(this.wordsError, message('error', error.message));
      return;
    }
    if (this.#add(share, 'typed')) this.words.input.value = '';
  }

  /** True when the share was taken in. */
  #add(share, how) {
    const problem = this.#problem(share);
    if (problem) { share.value.fill(0); this.#say('error', problem); return false; }
    if (this.#sheets.some((sheet) => sheet.share.equals(share))) { share.value.fill(0); this.#say('info', `Sheet ${share.number} is already in.`); this.#render(); return false; }
    const sameNumber = this.#sheets.find((sheet) => sheet.share.number === share.number);
    if (sameNumber) { share.value.fill(0); this.#say('error', `Two different sheets both claim to be sheet ${share.number}: one was altered or belongs to another ${this.#words.whole}; this one was left out.`); return false; }
    this.#sheets.push({ share, how });
    this.#say('ok', `${upperFirst(this.#words.sheet)} ${share.number} is in (${how}).`);
    this.#render();
    return true;
  }

  /** Why `share` cannot be one of this backup's (or kit's) sheets (another one's, forged, damaged), or null. */
  #problem(share) {
    const { sheet, whole, id } = this.#words;
    const expected = this.#header?.identifier ?? this.#sheets[0]?.share.identifier;
    if (expected !== undefined && share.identifier !== expected) {
      return `${upperFirst(sheet)} ${share.number} belongs to another ${whole}: its ${id} is ${share.identifier}, ${this.#header ? 'these pages\'' : 'the other sheets\''} is ${expected}. It was left out.`;
    }
    const parameter = this.#header ? keySheetDisagreement(share, this.#header) : null;
    return parameter ? `Key sheet ${share.number} has this backup's id but not its ${parameter}: it is forged or damaged, and was left out.` : null;
  }

  #drop(sheet) {
    sheet.share.value.fill(0);
    this.#sheets = this.#sheets.filter((other) => other !== sheet);
  }

  #render() {
    this.element.hidden = !this.#shown && !this.#header && this.#sheets.length === 0;
    const need = this.#header?.threshold ?? this.#sheets[0]?.share.memberThreshold;
    const have = this.#sheets.length;
    const of = this.#header ? ` (${this.#header.count} made)` : '';
    this.summary.textContent = need === undefined ? `No ${this.#words.sheet} yet.`
      : have >= need ? `${have} of the ${need} ${this.#words.sheets} needed${of} are in.`
        : `${have} of ${need} ${this.#words.sheets} needed${of}: ${need - have} more ${need - have === 1 ? 'sheet' : 'sheets'} needed.`;
    this.typing.hidden = need !== undefined && have >= need;
    replace(this.list, this.#sheets.map(({ share, how }) => h('li', {}, `Sheet ${share.number} (${how}), ${this.#words.id} ${share.identifier}`)));
  }
}

const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text) => text.charAt(0).toUpperCase() + text.slice(1);
