// The paper-vault backup view (#/vault/backup): a text typed or a file picked, the password
// twice with a plain strength hint — or K of N key sheets instead (`seqr vault backup --shares`),
// with the password too if chosen — then the pages `seqr vault backup` would print — as printable
// A4 sheets (the print style sheet in app.css, the browser's print dialog), the key sheets as
// pages of their own after them. Thin:
// vault-backup-writer.js makes the codes, vault-printout.js lays the pages out.
//
// Security contract: everything happens in this page; nothing is sent or stored. The document,
// the password, the key sheets and the pages are held by this view only: wiped and dropped on
// leaving it, on lock (the view is drawn again) and on "Forget", and the password fields are
// emptied once sealed. The key sheets' secret is random (crypto.getRandomValues) and wiped once
// sealed; the shares are printed only on their own pages.
import { field, h, message, replace } from '../dom.js';
import { escaped } from '../display-name.js';
import { loadQRCodeLibrary, qrCodeSVGOfBytes } from '../qr-code.js';
import { VaultBackupError } from '../vault-backup-error.js';
import { BodyFlags, checkBackupRequest, checkDocumentSize, loadBackupPieces, passwordStrengthHint, writeVaultBackup } from '../vault-backup-writer.js';
import { PAGE_HEIGHT, PAGE_WIDTH, SHEET_MARGIN, vaultPrintout } from '../vault-printout.js';
import { utf8 } from '../bytes.js';

let pieces = null;
// The picked file's bytes, while this view holds them: one place, wiped by any new rendering.
let picked = null;
function forgetPicked() {
  picked?.content.fill(0);
  picked = null;
}

export function vaultBackupView(app) {
  forgetPicked();
  document.body.classList.remove('vault-printing');
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const title = field('Title (kept encrypted, not printed)', { name: 'vault-title', autocomplete: 'off', spellcheck: false });
  const text = field('Text to back up', { name: 'vault-text', rows: 6, spellcheck: false, autocomplete: 'off' }, { tag: 'textarea' });
  const picker = h('input', { type: 'file', id: 'vault-backup-file', class: 'visually-hidden' });
  const pickedLine = h('p', { class: 'hint vault-picked', 'aria-live': 'polite' });
  const password = field('Password', { type: 'password', name: 'vault-new-password', autocomplete: 'off', spellcheck: false });
  const confirmation = field('Password again', { type: 'password', name: 'vault-new-password-again', autocomplete: 'off', spellcheck: false });
  const strength = h('p', { class: 'hint vault-strength', 'aria-live': 'polite' });
  // What opens the backup: the password, K of N key sheets instead, or both (flags 0, 1, 3).
  const unlock = field('Opened by', { name: 'vault-unlock' }, { tag: 'select' });
  unlock.input.append(h('option', { value: 'password' }, 'A password'), h('option', { value: 'sheets' }, 'Key sheets instead of a password'),
    h('option', { value: 'both' }, 'Key sheets and a password'));
  const threshold = field('Key sheets needed (K)', { type: 'number', name: 'vault-sheets-needed', min: 2, max: 16, value: '2', inputMode: 'numeric' });
  const count = field('Key sheets made (N)', { type: 'number', name: 'vault-sheets-made', min: 2, max: 16, value: '3', inputMode: 'numeric' });
  const sheetsFields = h('div', { class: 'stack', hidden: true }, h('p', { class: 'hint' }, 'Any K of the N sheets restore the backup; fewer tell nothing about its key. Each prints as a page of its own after the backup\'s pages, to give to a different holder.'),
    threshold.wrapper, count.wrapper);
  const showUnlock = () => {
    sheetsFields.hidden = unlock.input.value === 'password';
    const noPassword = unlock.input.value === 'sheets';
    for (const wrapper of [password.wrapper, confirmation.wrapper, strength]) wrapper.hidden = noPassword;
  };
  unlock.input.addEventListener('change', showUnlock);
  // The shares of the pages shown, wiped with them.
  let shownShares = [];
  const make = h('button', { type: 'submit', class: 'primary' }, 'Make the pages');
  const form = h('form', { class: 'stack', novalidate: true }, title.wrapper, text.wrapper,
    h('div', { class: 'actions' }, h('label', { for: 'vault-backup-file', class: 'button' }, 'Or pick a file'), picker), pickedLine,
    unlock.wrapper, sheetsFields, password.wrapper, confirmation.wrapper, strength, make);
  const result = h('div', { class: 'stack vault-backup-result' });
  const view = h('section', { class: 'stack vault-backup', 'aria-labelledby': 'vault-backup-title' },
    h('h1', { id: 'vault-backup-title' }, 'Back up to paper'),
    h('p', { class: 'hint' }, 'Encrypt a text or a file into pages of QR codes to print: the same pages as `seqr vault backup`, restored by `seqr vault restore`, by the program printed on the last pages, or in this app. Everything happens on this phone; nothing is sent or kept.'),
    h('p', {}, h('a', { href: '#/vault' }, 'Restore a paper vault')),
    form, status, result);

  const generation = app.viewGeneration;
  const current = () => app.viewGeneration === generation;
  const forgetPages = () => {
    for (const share of shownShares) share.value.fill(0);
    shownShares = [];
    replace(result);
    document.body.classList.remove('vault-printing');
  };
  const leave = () => {
    forgetPicked();
    forgetPages();
    for (const input of [text.input, password.input, confirmation.input, title.input]) input.value = '';
    removeEventListener('hashchange', leave);
    removeEventListener('pagehide', leave);
  };
  addEventListener('hashchange', leave);
  addEventListener('pagehide', leave);

  const hint = () => { strength.textContent = passwordStrengthHint(password.input.value).text; };
  password.input.addEventListener('input', hint);

  // A picked file is backed up instead of the text, which stays as typed (nothing typed is thrown away).
  const showPicked = () => {
    if (!picked) { replace(pickedLine); return; }
    replace(pickedLine, `${escaped(picked.name)}: ${picked.content.length.toLocaleString('en')} bytes, backed up instead of the text. `,
      h('button', { type: 'button', class: 'link', onclick: () => { forgetPicked(); showPicked(); replace(status); } }, 'Use the text instead'));
  };
  picker.addEventListener('change', async () => {
    const file = picker.files[0];
    picker.value = '';
    if (!file) return;
    forgetPicked();
    // Too large is said at once, from the file's size, before it is read (a 4 GB file is never
    // loaded) and before a password is typed; such a file is not taken.
    try { checkDocumentSize(title.input.value || file.name, file.size); } catch (error) {
      replace(pickedLine);
      replace(status, message('error', error instanceof VaultBackupError ? error.message : app.problem(error)));
      return;
    }
    let content;
    try { content = new Uint8Array(await file.arrayBuffer()); } catch {
      replace(status, message('error', `${escaped(file.name)} could not be read.`));
      return;
    }
    if (!current()) { content.fill(0); return; }
    picked = { name: file.name, content };
    if (!title.input.value) title.input.value = file.name;
    showPicked();
    replace(status);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    forgetPages();
    const content = picked ? picked.content : utf8(text.input.value);
    const mode = unlock.input.value;
    const keySheets = mode === 'password' ? null : { threshold: Number(threshold.input.value), count: Number(count.input.value), password: mode === 'both' };
    const request = { title: title.input.value || (picked ? picked.name : 'text'), content, keySheets,
      password: mode === 'sheets' ? '' : password.input.value, confirmation: mode === 'sheets' ? '' : confirmation.input.value };
    try {
      checkBackupRequest(request);
    } catch (error) {
      replace(status, message('error', error instanceof VaultBackupError ? error.message : app.problem(error)));
      return;
    }
    make.disabled = true;
    replace(status, message('info', mode === 'sheets' ? 'Encrypting…' : 'Encrypting (PBKDF2, 600,000 rounds)…'));
    try {
      pieces ??= await loadBackupPieces();
      await loadQRCodeLibrary();
      const backup = await writeVaultBackup(request, pieces);
      if (!picked) content.fill(0);
      const shares = backup.keySheets?.shares ?? [];
      if (!current()) { for (const share of shares) share.value.fill(0); return; }
      shownShares = shares;
      password.input.value = '';
      confirmation.input.value = '';
      strength.textContent = '';
      replace(status, message('info', 'Drawing the pages…'));
      const pages = await vaultPrintout(backup);
      const sheets = [];
      for (const page of pages) {
        sheets.push(sheet(page));
        // A page at a time, so the view stays responsive while version-37 codes are drawn.
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (!current()) return;
      }
      const parity = backup.parityCodes ? ` + ${backup.parityCodes} parity` : '';
      const promise = backup.plan.survivableCodes
        ? `${backup.plan.survivablePages ? `any ${backup.plan.survivablePages} whole page${backup.plan.survivablePages === 1 ? '' : 's'} or ` : ''}any ${backup.plan.survivableCodes} code${backup.plan.survivableCodes === 1 ? '' : 's'} may be lost`
        : 'no parity codes: every code is needed to restore';
      const backupPages = pages.filter((page) => page.kind !== 'keySheet').length;
      const keySheets = backup.keySheets
        ? ` Then ${backup.keySheets.count} key sheets, a page each (backup id ${backup.keySheets.identifier}): any ${backup.keySheets.threshold} restore it${backup.keySheets.needsPassword ? ', with the password' : ''}.`
        : '';
      replace(status, message('ok', `${backup.dataCodes} code${backup.dataCodes === 1 ? '' : 's'}${parity} on ${backupPages} pages (QR version ${backup.version}, EC ${backup.errorCorrection}${backup.bodyFlags === BodyFlags.brotli ? ', brotli' : ''}); ${promise}.${keySheets}`));
      document.body.classList.add('vault-printing');
      const print = h('button', { type: 'button', class: 'primary', onclick: () => window.print() }, 'Print the pages');
      replace(result, h('div', { class: 'actions' }, print,
        h('button', { type: 'button', class: 'danger', onclick: () => { forgetPages(); replace(status, message('info', 'Forgotten: the pages are no longer in this page.')); } }, 'Forget')),
      h('p', { class: 'hint' }, backup.keySheets
        ? 'Print on A4 at 100 % (no “fit to page”). Give each key sheet to a different holder, apart from the pages.'
        : 'Print on A4 at 100 % (no “fit to page”). Keep the password away from the pages.'),
      h('div', { class: 'vault-printout', 'aria-label': 'The pages to print', role: 'region' }, sheets));
      // The pages are below the form: the Print button is brought into view.
      print.focus();
    } catch (error) {
      replace(status, message('error', error instanceof VaultBackupError ? error.message : app.problem(error)));
    } finally {
      make.disabled = false;
    }
  });

  return view;
}

/** Sets inline geometry through the CSSOM (the CSP allows no style attributes). */
function placed(el, style) {
  for (const [name, value] of Object.entries(style)) el.style.setProperty(name, value);
  return el;
}

const pt = (n) => `${n.toFixed(2)}pt`;

/** One A4 sheet: everything placed in points, where VaultPrintout puts it. */
function sheet(page) {
  // Text is placed by its baseline: a line box of one font size puts the baseline about 0.8 of it down.
  const text = (content, { x, baseline, size, right = false, center = false, mono = false, bold = false }) => placed(
    h('span', { class: `vault-sheet-text${mono ? ' mono' : ''}${bold ? ' bold' : ''}` }, content),
    { 'font-size': `${size}pt`, top: pt(baseline - 0.8 * size),
      ...(right ? { right: pt(PAGE_WIDTH - x) } : center ? { left: pt(x - 150), width: '300pt', 'text-align': 'center' } : { left: pt(x) }) });
  const children = [text(page.heading, { x: 36, baseline: 46, size: 11 }), text(page.right, { x: PAGE_WIDTH - 36, baseline: 46, size: 11, right: true })];
  if (page.kind === 'codes') {
    for (const cell of page.cells) {
      const svg = qrCodeSVGOfBytes(cell.code, { version: cell.version, errorCorrection: cell.errorCorrection, label: cell.label });
      svg.classList.add('vault-sheet-code');
      children.push(placed(svg, { left: pt(cell.x), top: pt(cell.y), width: pt(cell.side), height: pt(cell.side) }),
        text(cell.label, { x: cell.x + cell.side / 2, baseline: cell.baseline, size: 9, center: true }));
    }
    for (const line of page.footer) children.push(text(line.text, { x: line.x, baseline: line.baseline, size: 8.5 }));
  } else if (page.kind === 'keySheet') {
    children.length = 0;
    children.push(text(page.heading, { x: SHEET_MARGIN, baseline: SHEET_MARGIN + 18, size: 20, bold: true }),
      text(page.about, { x: SHEET_MARGIN, baseline: SHEET_MARGIN + 40, size: 11 }));
    const svg = qrCodeSVGOfBytes(page.code, { version: 0, errorCorrection: 'Q', label: page.heading });
    svg.classList.add('vault-sheet-code');
    children.push(placed(svg, { left: pt(page.codeX), top: pt(page.codeY), width: pt(page.side), height: pt(page.side) }),
      text(page.wordsLabel.text, { x: page.wordsLabel.x, baseline: page.wordsLabel.baseline, size: 10 }));
    for (const word of page.words) children.push(text(word.text, { x: word.x, baseline: word.baseline, size: 13, mono: true }));
    for (const line of page.instructions) children.push(text(line.text, { x: line.x, baseline: line.baseline, size: 9 }));
  } else {
    children.push(text(page.digestLabel, { x: 36, baseline: 61, size: 8.5 }), text(page.digest, { x: 36, baseline: 73, size: 8.5, mono: true }),
      placed(h('span', { class: 'vault-sheet-rule' }), { left: '36pt', top: '79pt', width: pt(PAGE_WIDTH - 72) }));
    page.lines.forEach((line, i) => children.push(text(line, { x: 36, baseline: 96 + i * 11, size: 9, mono: true })));
  }
  return placed(h('div', { class: 'vault-sheet' }, children), { width: `${PAGE_WIDTH}pt`, height: `${PAGE_HEIGHT}pt` });
}
