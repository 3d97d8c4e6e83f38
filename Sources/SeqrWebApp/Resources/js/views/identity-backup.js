// "Back up identity" and "Restore identity": the identity backup file (identity-backup.js,
// docs/formats/identity-backup.md) downloaded or shared, and read back from a file input. Thin:
// the keyring does the work; every string is set as text.
import { field, h, message, replace } from '../dom.js';
import { FILE_EXTENSION } from '../identity-backup.js';

/** The unlocked keyring's backup: asks the passphrase again, then offers the file (download, and Share… where the browser has it). */
export function backupForm(app) {
  const pass = field('Passphrase for the backup', { type: 'password', name: 'backup-passphrase', required: true, autocomplete: 'current-password' },
    { hint: 'The passphrase of this identity: the file is sealed under it. Anyone with the file and the passphrase has your identity.' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const result = h('div', { class: 'actions' });
  const submit = h('button', { type: 'submit' }, 'Back up identity');
  const form = h('form', { class: 'card stack', 'aria-label': 'Back up identity', onsubmit: async (event) => {
    event.preventDefault();
    submit.disabled = true;
    replace(result);
    replace(status, message('info', 'Sealing your identity and channels…'));
    const done = await app.run(async () => {
      const bytes = await app.keyring.backup(pass.input.value);
      pass.input.value = '';
      const name = `seqr-identity${FILE_EXTENSION}`;
      const file = new File([bytes], name, { type: 'application/octet-stream' });
      const download = h('a', { class: 'button primary', href: URL.createObjectURL(file), download: name }, 'Download backup');
      const share = navigator.canShare?.({ files: [file] })
        ? h('button', { type: 'button', onclick: () => navigator.share({ files: [file], title: 'Seqr identity backup' }).catch(() => {}) }, 'Share…')
        : null;
      replace(result, download, share);
      replace(status, message('ok', `Backup ready: ${app.keyring.channels.length} channel${app.keyring.channels.length === 1 ? '' : 's'} and your identity. Keep the file somewhere safe; "Restore identity" or seqr id import reads it.`));
    }, status);
    submit.disabled = false;
    if (!done) pass.input.focus();
  } }, pass.wrapper, status, submit, result);
  return form;
}

/**
 * Reads a backup file into the keyring: a new one in an empty browser, or the channels and
 * epochs the unlocked one lacks. `done(summary)` runs after a restore.
 */
export function restoreForm(app, done) {
  const file = field('Backup file', { type: 'file', name: 'backup-file', required: true, accept: `${FILE_EXTENSION},application/octet-stream` },
    { hint: 'A file from "Back up identity" or seqr id export.' });
  const pass = field('Passphrase of the backup', { type: 'password', name: 'restore-passphrase', required: true, autocomplete: 'current-password' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit' }, 'Restore identity');
  return h('form', { class: 'card stack', 'aria-label': 'Restore identity', onsubmit: async (event) => {
    event.preventDefault();
    const chosen = file.input.files?.[0];
    if (!chosen) return replace(status, message('error', 'Choose the backup file first.'));
    submit.disabled = true;
    replace(status, message('info', 'Opening the backup on this device…'));
    await app.run(async () => {
      const summary = await app.keyring.restore(new Uint8Array(await chosen.arrayBuffer()), pass.input.value);
      pass.input.value = '';
      const skipped = summary.skipped ? ` ${summary.skipped} older channel${summary.skipped === 1 ? '' : 's'} of suite 1 cannot be opened in a browser and stay in the file (use seqr on a computer).` : '';
      const what = summary.restored ? `Identity restored with ${summary.channelsAdded} channel${summary.channelsAdded === 1 ? '' : 's'}.`
        : `${summary.channelsAdded} channel${summary.channelsAdded === 1 ? '' : 's'} and ${summary.epochsAdded} key${summary.epochsAdded === 1 ? '' : 's'} added from the backup.`;
      replace(status, message('ok', what + skipped));
      done?.(summary);
    }, status);
    submit.disabled = false;
  } }, file.wrapper, pass.wrapper, status, submit);
}
