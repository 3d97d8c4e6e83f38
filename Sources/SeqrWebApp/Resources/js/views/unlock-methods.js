// The account view's "Unlock" section: the ways this account's key can be unlocked (the password,
// passkeys, paper kits), each a wrapped copy on the server, with a button to remove all but the
// password. Thin: the API lists and removes; every server string goes in as text.
import { h, message, replace } from '../dom.js';

const NAMES = { password: 'Password', passkey: 'Passkey', kit: 'Paper kit' };

export function unlockMethodsCard(app) {
  const list = h('ul', { class: 'plain-list', 'aria-label': 'Unlock methods' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const card = h('section', { class: 'card stack', 'aria-labelledby': 'unlock-title' },
    h('h2', { id: 'unlock-title' }, 'Unlock'),
    h('p', { class: 'hint' }, 'Your notes are sealed under one account key. The server keeps it wrapped once for each way to unlock it, never in the clear.'),
    list, status,
    h('a', { href: '#/account/kit', class: 'button' }, 'Print a paper kit'));
  // "Unlock with a passkey" (views/passkey-form.js, loaded with this card, not with the sign-in screen).
  import('./passkey-form.js').then(({ passkeyForm }) => card.append(passkeyForm(app, { onAdded: () => app.load(show, status) })));

  async function show() {
    const { noteKDF, methods } = await app.session.api.unlockMethods();
    if (!noteKDF) {
      replace(list, h('li', {}, 'No account key yet: your notes are sealed from the password.'));
      return;
    }
    replace(list, methods.map((method) => {
      const added = new Date(method.createdAt);
      const when = Number.isNaN(added.getTime()) ? '' : `added ${added.toLocaleDateString('en', { dateStyle: 'medium' })}`;
      const name = NAMES[method.kind] ?? method.kind;
      const action = method.kind === 'password'
        ? h('span', { class: 'hint' }, 'Cannot be removed: it is the only way to sign in.')
        : h('button', { type: 'button', class: 'danger-outline', 'aria-label': `Remove ${name} ${method.id.slice(0, 8)}`, onclick: async () => {
          if (await app.run(() => app.session.api.removeUnlockMethod(method.id), status)) {
            replace(status, message('ok', `${name} removed.`));
            await app.load(show, status);
          }
        } }, 'Remove');
      return h('li', { class: 'unlock-method' }, h('strong', {}, name), ' ', h('span', { class: 'hint' }, when), ' ', action);
    }));
  }

  app.load(show, status);
  return card;
}
