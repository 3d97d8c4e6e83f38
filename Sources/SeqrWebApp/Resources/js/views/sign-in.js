// Sign in, create an account, or unlock a locked page. The password is turned into keys here
// (note-kdf.js); only the authentication key goes to the server.
import { field, h, message, replace } from '../dom.js';

const USERNAME_PATTERN = '[A-Za-z0-9._@\\-]{3,64}';

export function signInView(app, { mode = 'sign-in' } = {}) {
  const { session } = app;
  const locked = mode === 'unlock';
  const registering = mode === 'register';
  const title = locked ? 'Locked' : registering ? 'Create an account' : 'Sign in';
  const user = field('Username', { name: 'username', autocomplete: 'username', required: true, pattern: USERNAME_PATTERN,
    value: locked ? session.rememberedUsername : session.lastUsername, readOnly: locked, autocapitalize: 'none', spellcheck: false },
  { hint: registering ? '3–64 letters, digits or . _ - @' : null });
  const pass = field('Password', { type: 'password', name: 'password', required: true, minLength: registering ? 10 : 1,
    autocomplete: registering ? 'new-password' : 'current-password' },
  { hint: registering ? 'At least 10 characters. It never leaves this device: it cannot be reset, and a lost password loses the notes.' : null });
  const confirm = registering ? field('Repeat the password', { type: 'password', name: 'confirm', required: true, autocomplete: 'new-password' }) : null;
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary wide' }, locked ? 'Unlock' : registering ? 'Create account' : 'Sign in');

  // A passkey instead of the password (views/passkey-form.js, loaded when pressed).
  const passkey = registering || typeof globalThis.PublicKeyCredential !== 'function' ? null : h('button', { type: 'button', class: 'wide', onclick: async () =>
    (await import('./passkey-form.js')).usePasskey(app, { locked, username: user.input.value.trim(), status, button: passkey }) }, 'Use a passkey');
  const form = h('form', { class: 'card stack', noValidate: true, onsubmit: async (event) => {
    event.preventDefault();
    const username = user.input.value.trim(), password = pass.input.value;
    if (!new RegExp(`^${USERNAME_PATTERN}$`).test(username)) return replace(status, message('error', 'The username takes 3–64 letters, digits or . _ - @.'));
    if (password.length === 0) return replace(status, message('error', 'Enter the password.'));
    if (registering && password.length < 10) return replace(status, message('error', 'Choose a password of at least 10 characters.'));
    if (registering && password !== confirm.input.value) return replace(status, message('error', 'The two passwords differ.'));
    submit.disabled = true;
    replace(status, h('p', { class: 'message info', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' Deriving your keys on this device…'));
    try {
      if (locked) await session.unlock(password);
      else if (registering) await session.register(username, password);
      else await session.signIn(username, password);
      pass.input.value = '';
      if (confirm) confirm.input.value = '';
      app.unlocked();
    } catch (error) {
      submit.disabled = false;
      replace(status, message('error', signInProblem(error)));
      pass.input.focus();
    }
  } },
  user.wrapper, pass.wrapper, confirm?.wrapper, status, submit,
  passkey);

  const switcher = locked
    ? h('p', { class: 'switch' }, 'Not you? ', h('button', { type: 'button', class: 'link', onclick: () => app.signOut() }, 'Sign out'))
    : h('p', { class: 'switch' }, registering ? 'Have an account? ' : 'New here? ',
      h('a', { href: registering ? '#/sign-in' : '#/register' }, registering ? 'Sign in' : 'Create an account'));
  const recover = registering ? null : h('p', { class: 'switch' }, 'Forgot the password? ', h('a', { href: '#/recover-kit' }, 'Recover with a paper kit'));

  const intro = locked
    ? 'The keys were forgotten after a reload or 15 minutes without use. Enter the password to open your notes again.'
    : 'Notes and live location, end-to-end encrypted: this server stores only ciphertext.';
  // What works here without an account: the channel and scanner views keep their keys in this browser.
  const withoutAccount = locked ? null : h('div', { class: 'card stack without-account' },
    h('h2', {}, 'No account needed for'),
    h('ul', { class: 'plain' },
      h('li', {}, h('a', { href: '#/scan' }, 'Scanning a code'), ': signed codes, health cards, channel codes and links, checked in this page.'),
      h('li', {}, h('a', { href: '#/channels' }, 'Channels'), ': subscribe and post, with keys kept sealed in this browser.'),
      h('li', {}, h('a', { href: '#/vault' }, 'Restoring a paper vault'), ': its pages scanned and decrypted in this page.'),
      h('li', {}, 'Following a live location: open the link the person shared.')));
  queueMicrotask(() => (locked || user.input.value ? pass.input : user.input).focus());
  return h('section', { class: 'auth', 'aria-labelledby': 'auth-title' },
    h('div', { class: 'brand' }, h('img', { src: 'icons/icon.svg', alt: '', width: 56, height: 56 }), h('h1', { id: 'auth-title' }, title)),
    h('p', { class: 'lead' }, intro), form, switcher, recover, withoutAccount);
}

function signInProblem(error) {
  switch (error.code) {
    case 'wrong_credentials': return 'Wrong username or password.';
    case 'username_taken': return 'That username is taken: choose another.';
    case 'rate_limited': case 'registration_limited': {
      const s = error.retryAfter;
      const wait = !s ? 'a little while' : s < 90 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`;
      return `Too many attempts from here: try again in ${wait}.`;
    }
    case 'weakKDFParameters': case 'unsupportedKDF': case 'badKDFSalt':
      return `Refused: ${error.message}. This server may be trying to weaken your password's protection.`;
    default: return error.message;
  }
}
