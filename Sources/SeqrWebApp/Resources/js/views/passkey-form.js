// "Unlock with a passkey" in the account view's Unlock section: the password once more, then the
// browser's passkey dialog; the list above shows the new method when it is added. And what the
// sign-in and Locked screens' "Use a passkey" does. Loaded when first shown or pressed (the
// sign-in screen stays small); thin: session.js does the work.
import { field, h, message, replace } from '../dom.js';
import { addPasskey, signInWithPasskey, unlockWithPasskey } from '../passkey-session.js';

/** Whether this browser offers WebAuthn at all. */
function passkeysSupported() {
  return typeof globalThis.PublicKeyCredential === 'function' && typeof navigator?.credentials?.create === 'function';
}

export function passkeyProblem(app, error) {
  switch (error.code) {
    case 'passkeys_off': return 'This server does not offer passkeys (it was started without --origin).';
    case 'passkey_refused': return 'The server did not accept this passkey for this account.';
    case 'wrappedKeyDoesNotOpen': return 'This passkey does not open this account\'s key: use the password.';
    case 'wrong_password': return 'That is not this account\'s password: no passkey was added.';
    default: return error.name === 'PasskeyError' ? error.message : app.problem(error);
  }
}

export function passkeyForm(app, { onAdded }) {
  if (!passkeysSupported()) {
    return h('div', { class: 'stack' }, h('h3', {}, 'Unlock with a passkey'), h('p', { class: 'hint' }, 'This browser offers no passkeys.'));
  }
  const pass = field('Password', { type: 'password', name: 'passkey-password', required: true, autocomplete: 'current-password' },
    { hint: 'Asked again so that an unlocked page left alone cannot add a passkey.' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit' }, 'Add a passkey');
  return h('form', { class: 'stack', noValidate: true, 'aria-labelledby': 'passkey-title', onsubmit: async (event) => {
    event.preventDefault();
    if (pass.input.value.length === 0) return replace(status, message('error', 'Enter the password.'));
    submit.disabled = true;
    replace(status, message('info', 'Follow your browser\'s passkey dialog…'));
    try {
      await addPasskey(app.session, pass.input.value);
      pass.input.value = '';
      replace(status, message('ok', 'Passkey added: after a reload or the idle lock, unlock with it instead of the password.'));
      onAdded();
    } catch (error) {
      replace(status, message('error', passkeyProblem(app, error)));
    }
    submit.disabled = false;
  } },
  h('h3', { id: 'passkey-title' }, 'Unlock with a passkey'),
  h('p', { class: 'hint' }, 'Unlock with your fingerprint, face or screen lock instead of the password, and sign in on a new phone with a synced passkey. Its PRF output wraps the account key; the server keeps only the wrapped copy.'),
  pass.wrapper, status, h('div', { class: 'actions' }, submit));
}

/** The sign-in / Locked screen's "Use a passkey": a passkey instead of the password, for `username`. */
export async function usePasskey(app, { locked, username, status, button }) {
  if (!/^[A-Za-z0-9._@-]{3,64}$/.test(username)) return replace(status, message('error', 'Enter the username first.'));
  button.disabled = true;
  replace(status, message('info', 'Follow your browser\'s passkey dialog…'));
  try {
    if (locked) await unlockWithPasskey(app.session);
    else await signInWithPasskey(app.session, username);
    app.unlocked();
  } catch (error) {
    button.disabled = false;
    replace(status, message('error', passkeyProblem(app, error)));
  }
}
