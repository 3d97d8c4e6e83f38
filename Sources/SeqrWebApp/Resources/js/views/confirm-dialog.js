// Asking before something that cannot be undone: a modal <dialog> that says what happens, with
// the action named on its button and "Cancel" first (Escape cancels too). Resolves true only when
// the person chose the action.
import { h } from '../dom.js';

let dialogCounter = 0;
export function confirmAction({ title, text, action }) {
  return new Promise((resolve) => {
    const id = `confirm-${++dialogCounter}`;
    const cancel = h('button', { type: 'button', onclick: () => dialog.close('cancel') }, 'Cancel');
    const ok = h('button', { type: 'button', class: 'danger', onclick: () => dialog.close('ok') }, action);
    const dialog = h('dialog', { class: 'confirm card stack', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-text` },
      h('h2', { id: `${id}-title` }, title), h('p', { id: `${id}-text` }, text), h('div', { class: 'actions' }, cancel, ok));
    dialog.addEventListener('close', () => { dialog.remove(); resolve(dialog.returnValue === 'ok'); });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
