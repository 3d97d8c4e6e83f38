// #/account/kit: "Print a paper kit" — K-of-N, the password once more, then the kit's sheets as
// printable A4 pages (the vault backup's print style: body.vault-printing, .vault-sheet pages):
// each a share's QR code and 33 words, and the account code naming this server and account.
// Making it replaces (revokes) any older kit. Thin: kit-making.js makes and registers the kit,
// notes-kit-printout.js lays the pages out. The sheets live in this view only, in memory:
// forgotten when it is left, locked, or "Forget" is pressed; nothing is stored.
import { field, h, message, replace } from '../dom.js';
import { KeySheetError } from '../key-sheet-error.js';
import { makeKit } from '../kit-making.js';
import { kitSheetPage } from '../notes-kit-printout.js';
import { loadQRCodeLibrary, qrCodeSVGOfBytes } from '../qr-code.js';
import { PAGE_HEIGHT, PAGE_WIDTH, SHEET_MARGIN } from '../vault-printout.js';

export function kitPrintView(app) {
  const { session } = app;
  document.body.classList.remove('vault-printing');
  const threshold = field('Sheets needed to recover (K)', { type: 'number', name: 'kit-threshold', min: 2, max: 16, value: 3, inputMode: 'numeric' });
  const count = field('Sheets printed (N)', { type: 'number', name: 'kit-count', min: 2, max: 16, value: 5, inputMode: 'numeric' });
  const password = field('Password', { type: 'password', name: 'password', autocomplete: 'current-password' },
    { hint: 'Asked again: an unlocked phone left alone cannot make a kit.' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const make = h('button', { type: 'submit', class: 'primary' }, 'Print a paper kit');
  const result = h('div', { class: 'stack vault-backup-result' });
  let shown = [];
  const forget = () => {
    for (const share of shown) share.value.fill(0);
    shown = [];
    replace(result);
    document.body.classList.remove('vault-printing');
  };
  const generation = app.viewGeneration;
  const leave = () => { if (app.viewGeneration !== generation) { forget(); password.input.value = ''; removeEventListener('hashchange', leave); } };
  addEventListener('hashchange', leave);
  session.addEventListener('lock', forget, { once: true });

  const form = h('form', { class: 'card stack', noValidate: true, onsubmit: async (event) => {
    event.preventDefault();
    forget();
    const k = Number(threshold.input.value), n = Number(count.input.value);
    if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 2 && k <= n && n <= 16)) return replace(status, message('error', 'Choose K and N with 2 ≤ K ≤ N ≤ 16.'));
    if (password.input.value.length === 0) return replace(status, message('error', 'Enter the password.'));
    make.disabled = true;
    replace(status, h('p', { class: 'message info', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' Making the kit on this device…'));
    try {
      await loadQRCodeLibrary();
      const kit = await makeKit(session, password.input.value, k, n, app.base);
      password.input.value = '';
      if (app.viewGeneration !== generation) { for (const share of kit.shares) share.value.fill(0); return; }
      shown = kit.shares;
      const date = new Date();
      const pages = kit.shares.map((share) => sheet(kitSheetPage(share, { count: n, server: kit.server, username: kit.username, accountCode: kit.accountCode, date })));
      document.body.classList.add('vault-printing');
      const print = h('button', { type: 'button', class: 'primary', onclick: () => window.print() }, 'Print the sheets');
      replace(result, h('div', { class: 'actions' }, print,
        h('button', { type: 'button', class: 'danger', onclick: () => { forget(); replace(status, message('info', 'Forgotten: the sheets are no longer in this page.')); } }, 'Forget')),
      h('p', { class: 'hint' }, `Print on A4 at 100 % (no “fit to page”), give the sheets to different people or places, then press Forget: any ${k} sheets are the account.`),
      h('div', { class: 'vault-printout', 'aria-label': 'The sheets to print', role: 'region' }, pages));
      replace(status, message('ok', `A ${k}-of-${n} kit was made (kit id ${kit.shares[0].identifier}); any older kit no longer works.`));
      print.focus();
    } catch (error) {
      replace(status, message('error', error instanceof KeySheetError || error.code === 'wrong_password' ? error.message : app.problem(error)));
    } finally {
      make.disabled = false;
    }
  } }, h('div', { class: 'row' }, threshold.wrapper, count.wrapper), password.wrapper, status, h('div', { class: 'actions' }, make));

  return h('section', { class: 'stack vault-backup', 'aria-labelledby': 'kit-print-title' },
    h('h1', { id: 'kit-print-title' }, 'Print a paper kit'),
    h('p', { class: 'hint' }, 'Key sheets that sign in, read every note and set a new password without the password: for you or an heir. Any K of the N sheets are the account; fewer tell nothing. A new kit revokes the old one. Made on this phone; the server keeps only the kit\'s wrapped copy of the account key.'),
    form, result, h('p', {}, h('a', { href: '#/account' }, 'Back to the account')));
}

/** Sets inline geometry through the CSSOM (the CSP allows no style attributes). */
function placed(el, style) {
  for (const [name, value] of Object.entries(style)) el.style.setProperty(name, value);
  return el;
}

const pt = (n) => `${n.toFixed(2)}pt`;

/** One A4 kit sheet, placed in points as notes-kit-printout.js lays it out. */
function sheet(page) {
  const text = (content, { x, baseline, size, center = false, mono = false, bold = false }) => placed(
    h('span', { class: `vault-sheet-text${mono ? ' mono' : ''}${bold ? ' bold' : ''}` }, content),
    { 'font-size': `${size}pt`, top: pt(baseline - 0.8 * size), ...(center ? { left: pt(x - 150), width: '300pt', 'text-align': 'center' } : { left: pt(x) }) });
  const code = qrCodeSVGOfBytes(page.code, { version: 0, errorCorrection: 'Q', label: page.heading });
  code.classList.add('vault-sheet-code');
  const account = qrCodeSVGOfBytes(page.accountCode.code, { version: 0, errorCorrection: 'M', label: 'Server and account code' });
  account.classList.add('vault-sheet-code');
  const children = [
    text(page.heading, { x: SHEET_MARGIN, baseline: SHEET_MARGIN + 18, size: 20, bold: true }),
    text(page.about, { x: SHEET_MARGIN, baseline: SHEET_MARGIN + 40, size: 9 }),
    placed(code, { left: pt(page.codeX), top: pt(page.codeY), width: pt(page.side), height: pt(page.side) }),
    placed(account, { left: pt(page.accountCode.x), top: pt(page.accountCode.y), width: pt(page.accountCode.side), height: pt(page.accountCode.side) }),
    text(page.accountCode.label, { x: page.accountCode.x + page.accountCode.side / 2, baseline: page.accountCode.baseline, size: 9, center: true }),
    text(page.wordsLabel.text, { x: page.wordsLabel.x, baseline: page.wordsLabel.baseline, size: 10 }),
    ...page.words.map((word) => text(word.text, { x: word.x, baseline: word.baseline, size: 13, mono: true })),
    ...page.instructions.map((line) => text(line.text, { x: line.x, baseline: line.baseline, size: 8.5 })),
  ];
  return placed(h('div', { class: 'vault-sheet' }, children), { width: `${PAGE_WIDTH}pt`, height: `${PAGE_HEIGHT}pt` });
}
