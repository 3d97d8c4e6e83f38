// The passphrase gate of the channel views: make the identity (its keys are generated here and
// sealed under the passphrase before anything is stored), or unlock it.
import { field, h, message, replace } from '../dom.js';
import { restoreForm } from './identity-backup.js';

/** `purpose` 'people': the same gate, worded for the People view (the people followed are kept with the keyring). */
export function keyringView(app, { exists, purpose = 'channels' }) {
  const people = purpose === 'people';
  const name = exists ? null : field('Your name', { name: 'name', required: true, maxLength: 64, autocomplete: 'nickname' },
    { hint: 'Shown with your public key to channel owners.' });
  const pass = field('Passphrase', { type: 'password', name: 'passphrase', required: true, autocomplete: exists ? 'current-password' : 'new-password' },
    { hint: exists ? null : 'At least 10 characters. It seals your keys in this browser; it cannot be reset.' });
  const confirm = exists ? null : field('Repeat the passphrase', { type: 'password', name: 'confirm', required: true, autocomplete: 'new-password' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary wide' }, exists ? (people ? 'Unlock' : 'Unlock channels') : 'Create identity');
  const form = h('form', { class: 'card stack', noValidate: true, onsubmit: async (event) => {
    event.preventDefault();
    const passphrase = pass.input.value;
    if (!exists && !name.input.value.trim()) return replace(status, message('error', 'Enter a name.'));
    if (!exists && passphrase.length < 10) return replace(status, message('error', 'Choose a passphrase of at least 10 characters.'));
    if (!exists && passphrase !== confirm.input.value) return replace(status, message('error', 'The two passphrases differ.'));
    submit.disabled = true;
    replace(status, h('p', { class: 'message info', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' Deriving the key on this device…'));
    await openKeyring(passphrase);
  } }, name?.wrapper, pass.wrapper, confirm?.wrapper, status, submit);
  async function openKeyring(passphrase, { acceptRollback = false } = {}) {
    try {
      if (exists) await app.keyring.unlock(passphrase, { acceptRollback });
      else await app.keyring.create(name.input.value.trim(), passphrase);
      pass.input.value = '';
      app.keyringUnlocked();
    } catch (error) {
      submit.disabled = false;
      if (error.name === 'KeyringRollbackError') {
        // Nothing was opened or changed: the person decides (keyring-manifest.js).
        const goOn = h('button', { type: 'button', onclick: () => { goOn.disabled = true; openKeyring(passphrase, { acceptRollback: true }); } }, 'Open it anyway');
        replace(status, h('div', { class: 'stack' }, message('error', error.message), goOn));
        return;
      }
      replace(status, message('error', app.problem(error)));
      pass.input.focus();
    }
  }
  queueMicrotask(() => (name ?? pass).input.focus());
  return h('section', { class: 'stack', 'aria-labelledby': 'keyring-title' },
    h('h1', { id: 'keyring-title' }, people ? (exists ? 'Unlock People' : 'People: your identity first') : exists ? 'Unlock channels' : 'Your channel identity'),
    people ? h('p', { class: 'lead' }, 'The people you follow, their keys and last positions are kept sealed in this browser with your channel identity, under its passphrase.') : null,
    h('p', { class: 'lead' }, exists
      ? 'Your identity, channels and messages are sealed in this browser: enter the passphrase to open them.'
      : 'Channels need an identity: an Ed25519 signing key and an X25519 key, made on this device and kept sealed in this browser under a passphrase.'),
    form,
    // A new phone or a cleared browser: the identity comes back from its backup file.
    exists ? null : h('h2', {}, 'Restore identity'),
    exists ? null : h('p', {}, 'Have a backup file from "Back up identity" or seqr id export? Restore it instead of creating a new identity.'),
    exists ? null : restoreForm(app, () => app.keyringUnlocked()));
}
