// #/recover-kit: "Recover with a paper kit" — the sheets of a kit printed by `seqr notes kit` (or
// this page), typed (33 words a sheet, a mistyped word named), scanned with the camera or read from
// photos; combined here;
// the account code a photo held checked against the kit before anything is sent; then a new
// password, and the notes open. Thin: key-sheets.js combines, notes-kit.js checks, kit-recovery.js
// talks to the server. The sheets, the kit key and the new password live in this view only, in
// memory: forgotten when it is left, locked or done; nothing is stored.
import { field, h, message, replace } from '../dom.js';
import { combineKeyShares } from '../key-sheets.js';
import { kitRecoveryProblem, kitSheetProblem, recoverWithKit } from '../kit-recovery.js';
import { isAccountCode, NotesKitError, parseAccountCode, verifyAccountCode } from '../notes-kit.js';
import { ScanWorker } from '../scan-worker-client.js';
import { CameraLoop } from './camera-loop.js';
import { SHEET_WORDS, VaultKeySheetsPanel, isKeySheetCode } from './vault-key-sheets.js';

const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

export function kitRecoverView(app) {
  const { session } = app;
  const generation = app.viewGeneration;
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const say = (kind, text) => replace(status, message(kind, text));
  const sheets = new VaultKeySheetsPanel(say, { shown: true, words: SHEET_WORDS.kit,
    hint: 'Type each sheet\'s 33 words, scan the sheets with the camera or pick photos of them: any K of the kit\'s sheets (its sheets say how many).' });
  let accountCode = null;  // parsed from a photo, checked once the sheets are combined

  const picker = h('input', { type: 'file', accept: 'image/*', multiple: true, id: 'kit-photos', class: 'visually-hidden' });
  let worker = null;
  const decoder = () => (worker ??= new ScanWorker());
  /** Takes the codes one picture or frame held: key sheets to the panel, an account code kept; how many there were. */
  const take = (codes) => {
    const payloads = codes.map((code) => (code.bytes instanceof Uint8Array ? code.bytes : new Uint8Array(code.bytes ?? [])));
    for (const bytes of payloads.filter(isAccountCode)) {
      try { accountCode = parseAccountCode(bytes); } catch (error) { say('error', `A sheet's account code was not read: ${error.message}.`); }
    }
    sheets.addScanned(payloads.filter(isKeySheetCode));
    if (accountCode) { user.input.value = accountCode.username; user.input.readOnly = true; }
    return payloads.length;
  };
  const enough = () => sheets.shares.length > 0 && sheets.shares.length >= sheets.shares[0].memberThreshold;
  picker.addEventListener('change', async () => {
    const files = [...picker.files];
    picker.value = '';
    stopCamera();
    let found = 0;
    for (const file of files) {
      let bitmap;
      try { bitmap = await createImageBitmap(file); } catch { say('error', 'A picked file is not a picture this browser can read.'); continue; }
      let codes;
      try { codes = await decoder().decodeBitmap(bitmap, { still: true }); } catch (error) { say('error', error.message); return; }
      found += take(codes);
    }
    if (found === 0) say('error', 'No QR code was found in the pictures: try ones taken closer, sharper or with more light.');
  });

  // The camera: frames go to the decoding Worker and are closed there; it stops once the kit's K
  // sheets are in, on "Stop the camera", when the view is left or hidden, and on lock.
  const video = h('video', { class: 'scan-video', muted: true, playsInline: true, 'aria-label': 'Camera view' });
  const viewfinder = h('div', { class: 'scan-viewfinder', hidden: true }, video, h('div', { class: 'scan-frame', 'aria-hidden': 'true' }));
  const camera = h('button', { type: 'button' }, 'Scan sheets with the camera');
  const stop = h('button', { type: 'button', hidden: true }, 'Stop the camera');
  const cameraLoop = new CameraLoop(video, () => decoder());
  function stopCamera() {
    cameraLoop.stop();
    viewfinder.hidden = true;
    stop.hidden = true;
    camera.hidden = false;
  }
  const current = () => app.viewGeneration === generation;
  camera.addEventListener('click', () => {
    if (cameraLoop.running) return;
    decoder().load().catch((error) => { if (error.unavailable) say('error', error.message); });
    say('info', 'Starting the camera…');
    cameraLoop.start({
      current,
      started: () => { replace(status); viewfinder.hidden = false; camera.hidden = true; stop.hidden = false; },
      failed: (error) => { say('error', error.message); if (error.unavailable) stopCamera(); },
      take: (codes) => {
        take(codes);
        if (enough()) { stopCamera(); (accountCode ? pass : user).input.focus(); }
      },
    });
  });
  stop.addEventListener('click', stopCamera);
  const onHidden = () => { if (document.hidden) stopCamera(); };
  document.addEventListener('visibilitychange', onHidden);

  const user = field('Username', { name: 'username', autocomplete: 'username', autocapitalize: 'none', spellcheck: false, value: session.rememberedUsername ?? '' },
    { hint: 'The account the kit is for, as its sheets name it. A photo of a sheet fills it in.' });
  const pass = field('New password', { type: 'password', name: 'new-password', autocomplete: 'new-password', minLength: 10 },
    { hint: 'At least 10 characters. It replaces the old password; the kit keeps working.' });
  const confirm = field('Repeat the new password', { type: 'password', name: 'confirm', autocomplete: 'new-password' });
  const submit = h('button', { type: 'submit', class: 'primary wide' }, 'Recover the account');

  const forget = () => {
    stopCamera();
    sheets.forget();
    accountCode = null;
    pass.input.value = '';
    confirm.input.value = '';
    worker?.terminate();
    worker = null;
  };
  // Left (another view) or locked: the sheets are forgotten.
  const leave = () => {
    if (app.viewGeneration !== generation) { forget(); removeEventListener('hashchange', leave); document.removeEventListener('visibilitychange', onHidden); }
  };
  addEventListener('hashchange', leave);
  session.addEventListener('lock', forget, { once: true });

  const form = h('form', { class: 'card stack', noValidate: true, onsubmit: async (event) => {
    event.preventDefault();
    const password = pass.input.value;
    if (sheets.shares.length === 0) return say('error', 'Add the kit\'s sheets first: type their words or pick photos of them.');
    if (password.length < 10) return say('error', 'Choose a new password of at least 10 characters.');
    if (password !== confirm.input.value) return say('error', 'The two passwords differ.');
    submit.disabled = true;
    replace(status, h('p', { class: 'message info', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' Combining the sheets on this device…'));
    let kitKey = null;
    try {
      kitKey = await combineKeyShares(sheets.shares);
      let username = user.input.value.trim();
      if (accountCode) {
        await verifyAccountCode(accountCode, kitKey);
        if (new URL(accountCode.server).origin !== session.origin) {
          throw new NotesKitError('otherServer', `These sheets are for an account at ${accountCode.server}: open ${accountCode.server}/app/ to recover it there. Nothing was sent.`);
        }
        username = accountCode.username;
      }
      if (!USERNAME_PATTERN.test(username)) throw new NotesKitError('noUsername', 'Enter the account\'s username, as the sheets name it.');
      replace(status, h('p', { class: 'message info', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' Signing in with the kit and setting the new password…'));
      await recoverWithKit(session, kitKey, username, password);
      forget();
      location.hash = '#/notes';
      app.toast('Recovered: the new password is set, and the kit still works.');
      app.unlocked();
    } catch (error) {
      submit.disabled = false;
      say('error', kitSheetProblem(error) ?? kitRecoveryProblem(error));
    } finally {
      kitKey?.fill(0);
    }
  } },
  user.wrapper, pass.wrapper, confirm.wrapper, status, submit);

  return h('section', { class: 'auth stack', 'aria-labelledby': 'kit-title' },
    h('h1', { id: 'kit-title' }, 'Recover with a paper kit'),
    h('p', { class: 'lead' }, 'Any K sheets of the account\'s emergency kit sign in without the password and set a new one. Everything is combined on this device; the sheets are never sent or kept.'),
    h('div', { class: 'card stack' }, sheets.element, viewfinder,
      h('div', { class: 'actions' }, camera, stop, h('label', { for: 'kit-photos', class: 'button' }, 'Pick photos of sheets')), picker),
    form,
    h('p', { class: 'switch' }, h('a', { href: '#/sign-in' }, 'Back to sign-in')));
}
