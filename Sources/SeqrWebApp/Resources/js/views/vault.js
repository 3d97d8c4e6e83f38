// The paper vault view (#/vault): the pages of a `seqr vault backup` read by the camera or from
// picked photos (the scanner's decoder Worker), a page grid of which codes are in and what is
// still needed, then the password or the key sheets (scanned with the pages or typed:
// vault-key-sheets.js) and Restore — all in this page, with no network once loaded.
// Thin: vault-assembler.js and vault-restore.js do the work. The codes collected are kept (in
// memory) when the view is left; the key sheets and the restored document only while it is shown:
// they are forgotten on leaving the view, on lock, and on "Start over" / "Forget", and the key
// sheets as soon as a restore with them succeeds (so no one can press Restore again after
// "Forgotten" and get the document back without them); the document is shown or downloaded only
// when asked.
import { field, h, message, replace } from '../dom.js';
import { escaped, escapedLines } from '../display-name.js';
import { ScanWorker, ScanWorkerError } from '../scan-worker-client.js';
import { ScanWorkerPool } from '../scan-worker-pool.js';
import { CameraLoop } from './camera-loop.js';
import { VaultAddOutcome, VaultAssembler } from '../vault-assembler.js';
import { VaultError } from '../vault-error.js';
import { ContentType, parseVaultMessage } from '../vault-message.js';
import { loadVaultPieces, restoreVault } from '../vault-restore.js';
import { isKeySheetCode, VaultKeySheetsPanel } from './vault-key-sheets.js';

// What the view keeps between visits: the codes (still encrypted), never a password or a document.
const assembler = new VaultAssembler();
let pieces = null;
// The Workers that read picked pictures: one set for every rendering of the view, stopped when it is left.
let pool = null;
const MAXIMUM_PAGES_SHOWN = 100;
// The restored document, while a view shows it: one place, so that any new rendering of the view
// (after a lock, say) or leaving it drops and wipes it.
let restored = null;
function forgetDocument() {
  restored?.content.fill(0);
  restored = null;
}
// The key sheets of the view shown, likewise: a new rendering (after a lock, say) wipes the old one's.
let shownSheets = null;

// A key sheet the scanner read (#/scan), handed to the next rendering of this view, which takes it
// into its key-sheet panel at once: held here only between the two.
let handedSheets = [];
/** The scanner hands a key sheet's code on through this (a copy is kept until the view opens). */
export function handKeySheet(bytes) {
  handedSheets.push(Uint8Array.from(bytes));
}

/** The codes a picked photo or the scanner found, added here; the scanner hands a vault code on through this. */
export async function addVaultCodes(codes) {
  const outcomes = [];
  for (const code of codes) outcomes.push((await assembler.add(code.bytes instanceof Uint8Array ? code.bytes : new Uint8Array(code.bytes ?? []))).outcome);
  return outcomes;
}

export function vaultView(app) {
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const summary = h('p', { class: 'vault-summary', role: 'status' });
  const progress = h('p', { class: 'hint vault-progress', hidden: true });
  const grid = h('ol', { class: 'vault-grid', 'aria-label': 'Pages of the backup' });
  const video = h('video', { class: 'scan-video', muted: true, playsInline: true, 'aria-label': 'Camera view' });
  const viewfinder = h('div', { class: 'scan-viewfinder', hidden: true }, video, h('div', { class: 'scan-frame', 'aria-hidden': 'true' }));
  const picker = h('input', { type: 'file', accept: 'image/*', multiple: true, id: 'vault-photos', class: 'visually-hidden' });
  const camera = h('button', { type: 'button' }, 'Use the camera');
  const startOver = h('button', { type: 'button', class: 'danger' }, 'Start over');
  const password = field('Backup password', { type: 'password', name: 'vault-password', autocomplete: 'off', spellcheck: false });
  const restore = h('button', { type: 'submit', class: 'primary' }, 'Restore');
  const form = h('form', { class: 'stack', hidden: true }, password.wrapper, restore);
  const result = h('div', { class: 'stack vault-result' });
  const sheets = new VaultKeySheetsPanel((kind, text) => replace(status, message(kind, text)));
  shownSheets?.forget();
  shownSheets = sheets;
  const handed = handedSheets;
  handedSheets = [];
  // The complete backup's clear header (password, or key sheets and whether a password too), read once its codes are in.
  let header = null, headerRead = null;
  const view = h('section', { class: 'stack vault', 'aria-labelledby': 'vault-title' },
    h('h1', { id: 'vault-title' }, 'Paper vault'),
    h('p', { class: 'hint' }, 'Restore a backup printed by `seqr vault backup`: scan its pages in any order, with the camera or photos of them. Everything happens on this phone; nothing is sent.'),
    h('p', {}, h('a', { href: '#/vault/backup' }, 'Make a backup on this phone')),
    viewfinder, h('div', { class: 'actions' }, camera, h('label', { for: 'vault-photos', class: 'button' }, 'Pick photos of pages'), startOver), picker,
    progress, summary, grid, status, sheets.element, form, result);

  const generation = app.viewGeneration;
  const current = () => app.viewGeneration === generation;
  let worker = null;
  const cameraLoop = new CameraLoop(video, () => decoder());
  forgetDocument();

  const forget = () => {
    forgetDocument();
    replace(result);
  };
  /** What the complete backup asks for: the password field only when it needs one, the sheets panel when it has sheets. */
  const readHeader = () => (headerRead ??= (async () => {
    try {
      pieces ??= await loadVaultPieces();
      const parsed = parseVaultMessage(await assembler.messageBuffer(pieces.erasureCode));
      if (!current()) return;
      header = { keySheets: parsed.keySheets, needsPassword: parsed.needsPassword };
    } catch {
      header = null;   // Restore says what is wrong with the codes or the header.
    }
    password.wrapper.hidden = header?.needsPassword === false;
    sheets.setHeader(header?.keySheets ?? null);
    if (current()) show();
  })());
  /** Whether the camera can stop: every code in, and the key sheets needed too. */
  const readyToRestore = async () => {
    if (!assembler.status()?.complete) return false;
    await readHeader();
    return !header?.keySheets || sheets.shares.length >= header.keySheets.threshold;
  };
  const stopCamera = () => {
    cameraLoop.stop();
    viewfinder.hidden = true;
    camera.hidden = false;
  };
  const leave = () => {
    stopCamera();
    forget();
    sheets.forget();
    password.input.value = '';
    worker?.terminate();
    worker = null;
    pool?.terminate();
    pool = null;
    removeEventListener('hashchange', leave);
    removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', onHidden);
  };
  const onHidden = () => { if (document.hidden) stopCamera(); };
  addEventListener('hashchange', leave);
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', onHidden);
  const decoder = () => (worker ??= new ScanWorker());
  // The Workers that read picked pictures start now, while the person picks them: the decoder is
  // compiled once and started in each (no picture's pixels are held until one is picked).
  const pictures = () => (pool ??= new ScanWorkerPool());
  pictures().prepare();

  const show = () => {
    const state = assembler.status();
    if (state?.complete) readHeader();
    form.hidden = !state?.complete;
    if (!state) {
      summary.textContent = 'No page read yet.';
      replace(grid);
      return state;
    }
    // The assembler's sentence ends by asking for the password; a key-sheet backup asks for its sheets.
    const ask = header?.keySheets ? `add ${header.keySheets.threshold} key sheets${header.needsPassword ? ' and the password' : ''} and restore.` : null;
    summary.textContent = ask ? state.summary.replace(/(type) the password and restore\.$/i, (_, type) => (type === 'Type' ? ask[0].toUpperCase() + ask.slice(1) : ask)) : state.summary;
    // A header may claim up to 65,535 codes: the grid shows the first pages, and says how many more there are.
    const hidden = Math.max(0, state.pages.length - MAXIMUM_PAGES_SHOWN);
    replace(grid, state.pages.slice(0, MAXIMUM_PAGES_SHOWN).map((page) => h('li', { class: page.complete ? 'vault-page complete' : 'vault-page' },
      h('span', { class: 'vault-page-name' }, `Page ${page.number}`),
      h('span', { class: 'vault-codes' }, page.codes.map((code) => {
        const name = `${code.kind === 'data' ? 'code' : 'parity code'} ${code.number}`;
        return h('span', { class: `vault-code ${code.kind}${code.found ? ' found' : ''}`, role: 'img', 'aria-label': `${name}: ${code.found ? 'in' : 'missing'}`, title: name });
      })),
      h('span', { class: 'vault-page-state' }, page.complete ? 'all in' : `${page.codes.filter((c) => c.found).length} of ${page.codes.length}`))),
    hidden ? h('li', { class: 'vault-page' }, `${hidden.toLocaleString('en')} more pages`) : null);
    return state;
  };

  /** Adds what one picture held; true once the backup is complete (the camera stops). */
  const take = async (codes) => {
    let other = 0, added = 0;
    const payload = (code) => (code.bytes instanceof Uint8Array ? code.bytes : new Uint8Array(code.bytes ?? []));
    const keySheetCodes = codes.filter((code) => isKeySheetCode(payload(code)));
    for (const outcome of await addVaultCodes(codes.filter((code) => !keySheetCodes.includes(code)))) {
      if (outcome === VaultAddOutcome.otherBackup) other++;
      if (outcome === VaultAddOutcome.added || outcome === VaultAddOutcome.addedParity) added++;
    }
    if (other) replace(status, message('info', `${other === 1 ? 'A code' : `${other} codes`} of another backup ${other === 1 ? 'was' : 'were'} left out: finish this one first, or start over.`));
    else if (added) replace(status);
    if (!current()) return false;
    if (keySheetCodes.length) sheets.addScanned(keySheetCodes.map(payload));
    show();
    return readyToRestore();
  };

  camera.addEventListener('click', () => {
    if (cameraLoop.running) return;
    decoder().load().catch((error) => { if (error.unavailable) replace(status, message('error', error.message)); });
    replace(status, message('info', 'Starting the camera…'));
    cameraLoop.start({
      current,
      started: () => { replace(status); viewfinder.hidden = false; camera.hidden = true; },
      failed: (error) => { replace(status, message('error', error.message)); if (error.unavailable) stopCamera(); },
      take: async (codes) => { if (await take(codes)) { stopCamera(); password.input.focus(); } },
    });
  });

  // Picked pictures are decoded and read in the pool's Workers, side by side, each as a vault page
  // (its first pass stops at a whole page, as `seqr vault restore`'s quick look does); what each
  // holds is added in the order the pictures finish, one picture's codes at a time.
  picker.addEventListener('change', async () => {
    const files = [...picker.files];
    picker.value = '';
    stopCamera();
    if (files.length === 0) return;
    performance.mark('seqr:vault-pictures-picked');  // scripts/bench-vault-page times the page from here
    let found = 0, done = 0, failure = null;
    const unreadable = [];
    let adding = Promise.resolve();
    const counted = () => {
      progress.hidden = files.length < 2 || done === files.length;
      progress.textContent = `Read ${done} of ${files.length} pictures…`;
    };
    counted();
    await Promise.all(files.map(async (file) => {
      let codes;
      try {
        codes = await pictures().decodePicture(file, { vaultPage: { codesPerPage: assembler.codesPerPage } });
      } catch (error) {
        if (error.unreadable) unreadable.push(file.name);
        else failure ??= error;
        return;
      } finally {
        done++;
        if (current()) counted();
      }
      found += codes.length;
      adding = adding.then(() => (current() ? take(codes) : false)).catch((error) => { failure ??= error; });
      await adding;
    }));
    performance.mark('seqr:vault-pictures-read');
    if (!current()) return;
    progress.hidden = true;
    if (failure) replace(status, message('error', failure instanceof ScanWorkerError ? failure.message : app.problem(failure)));
    else if (unreadable.length) replace(status, message('error', `${escaped(unreadable[0])} ${unreadable.length > 1 ? `and ${unreadable.length - 1} more are not pictures` : 'is not a picture'} this browser can read.`));
    else if (found === 0) replace(status, message('error', files.length === 1 ? 'No QR code was found in this picture: try one taken closer, sharper or with more light.' : 'No QR code was found in these pictures: try ones taken closer, sharper or with more light.'));
    if (assembler.status()?.complete) password.input.focus();
  });

  startOver.addEventListener('click', () => {
    assembler.reset();
    forget();
    sheets.forget();
    header = null;
    headerRead = null;
    sheets.setHeader(null);
    password.wrapper.hidden = false;
    replace(status);
    show();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    forget();
    restore.disabled = true;
    replace(status, message('info', 'Restoring…'));
    performance.mark('seqr:vault-restore-started');
    try {
      pieces ??= await loadVaultPieces();
      const unlocking = header?.keySheets ? { keyShares: sheets.shares, password: header.needsPassword ? password.input.value : undefined } : password.input.value;
      const opened = await restoreVault(assembler, unlocking, pieces);
      if (!current()) { opened.content.fill(0); return; }
      restored = opened;
      performance.mark('seqr:vault-restored');
      password.input.value = '';
      // The sheets did their work: kept, they would let anyone at this page restore again with no input.
      sheets.forget();
      replace(status, message('ok', 'Restored: the document is held in this page only, until you leave it.'));
      offer();
    } catch (error) {
      replace(status, message('error', error instanceof VaultError ? error.message : app.problem(error)));
    } finally {
      restore.disabled = false;
    }
  });

  /** The restored document's title and, only when asked, its text or a download. */
  const offer = () => {
    const kind = restored.contentType === ContentType.text ? 'text' : 'file';
    const name = fileName(restored.title, kind);
    const shown = h('div', { class: 'stack' });
    const buttons = [];
    if (kind === 'text') buttons.push(h('button', { type: 'button', onclick: () => { if (restored) replace(shown, h('pre', { class: 'scan-text vault-text' }, escapedLines(restored.text))); } }, 'Show text'));
    buttons.push(h('button', { type: 'button', onclick: () => {
      if (!restored) return;
      const link = h('a', { href: URL.createObjectURL(new Blob([restored.content], { type: kind === 'text' ? 'text/plain;charset=utf-8' : 'application/octet-stream' })), download: name, hidden: true });
      document.body.append(link);
      link.click();
      setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    } }, kind === 'text' ? 'Download text' : 'Download file'));
    buttons.push(h('button', { type: 'button', class: 'danger', onclick: () => { forget(); sheets.forget(); replace(status, message('info', 'Forgotten: the document is no longer in this page.')); } }, 'Forget'));
    replace(result, h('h2', {}, escaped(restored.title) || 'Restored document'),
      h('p', { class: 'hint' }, `${kind === 'text' ? 'Text' : 'A file'} of ${restored.content.length.toLocaleString('en')} bytes.`),
      h('div', { class: 'actions' }, buttons), shown);
  };

  show();
  if (handed.length) {
    sheets.addScanned(handed);
    for (const bytes of handed) bytes.fill(0);
  }
  // Opened by the scanner on a vault page: the camera goes on here at once.
  if (app.vaultFromScanner) { app.vaultFromScanner = false; queueMicrotask(() => camera.click()); }
  // The modules are fetched as the view opens (the service worker keeps them from then on).
  loadVaultPieces().then((loaded) => { pieces ??= loaded; }, (error) => { if (current()) replace(status, message('error', error.message)); });
  return view;
}

/** A download name from the document's title: its last path part, nothing a file system would read otherwise. */
function fileName(title, kind) {
  const base = String(title).split(/[\\/]/).pop().replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^\.+/, '').trim().slice(0, 120);
  return base || (kind === 'text' ? 'restored.txt' : 'restored.bin');
}
