// Change the password: the account key is rewrapped for the new password and no note changes (an
// account on a server without account keys has every note sealed again, replaced all at once).
// The account view lists the unlock methods (unlock-methods.js).
import { field, h, message, replace } from '../dom.js';
import { unlockMethodsCard } from './unlock-methods.js';

export function passwordView(app) {
  const current = field('Current password', { type: 'password', name: 'current', required: true, autocomplete: 'current-password' });
  const next = field('New password', { type: 'password', name: 'new', required: true, minLength: 10, autocomplete: 'new-password' }, { hint: 'At least 10 characters.' });
  const again = field('Repeat the new password', { type: 'password', name: 'again', required: true, autocomplete: 'new-password' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Change password');
  const form = h('form', { class: 'card stack', noValidate: true, onsubmit: async (event) => {
    event.preventDefault();
    if (next.input.value.length < 10) return replace(status, message('error', 'Choose a new password of at least 10 characters.'));
    if (next.input.value !== again.input.value) return replace(status, message('error', 'The two new passwords differ.'));
    submit.disabled = true;
    replace(status, message('info', 'Deriving the new keys…'));
    try {
      const reencrypted = await app.session.changePassword(current.input.value, next.input.value, app.notes);
      form.reset();
      replace(status, message('ok', reencrypted === 0
        ? 'Password changed; no note had to be re-encrypted. Other devices are signed out.'
        : `Password changed; ${reencrypted} note${reencrypted === 1 ? '' : 's'} re-encrypted. Other devices are signed out.`));
    } catch (error) {
      replace(status, message('error', error.code === 'notes_changed'
        ? 'A note changed while the password was being changed; nothing was replaced. Try again.' : app.problem(error)));
    }
    submit.disabled = false;
  } }, current.wrapper, next.wrapper, again.wrapper, status, h('div', { class: 'actions' }, submit));
  return h('section', { class: 'stack', 'aria-labelledby': 'password-title' },
    h('a', { class: 'back', href: '#/account' }, '‹ Account'),
    h('h1', { id: 'password-title' }, 'Change password'),
    h('p', { class: 'lead' }, 'Your notes stay as they are: the new password only unlocks the same account key. There is no reset: keep it safe.'),
    form);
}

export function accountView(app) {
  const { session } = app;
  return h('section', { class: 'stack', 'aria-labelledby': 'account-title' },
    h('h1', { id: 'account-title' }, 'Account'),
    h('div', { class: 'card stack' },
      h('p', { class: 'account-name' }, h('span', { class: 'avatar', 'aria-hidden': 'true' }, (session.username ?? '?')[0].toUpperCase()), h('strong', {}, session.username)),
      h('p', { class: 'hint' }, 'Your keys stay in this page\'s memory and are forgotten on reload or after 15 minutes without use.'),
      h('details', { class: 'details' }, h('summary', {}, 'Details'),
        h('p', { class: 'hint' }, `Keys from the password: PBKDF2-SHA256, ${session.kdf.iterations.toLocaleString('en')} rounds, then HKDF.`))),
    unlockMethodsCard(app),
    h('nav', { class: 'menu', 'aria-label': 'Account actions' },
      h('a', { class: 'button', href: '#/account/password' }, 'Change password'),
      h('button', { type: 'button', onclick: () => app.lock() }, 'Lock now'),
      h('button', { type: 'button', class: 'danger-outline', onclick: () => app.signOut() }, 'Sign out')));
}
