// One note: its title and text, edit, and delete (asked once more before it happens).
import { h, message, replace } from '../dom.js';

export function noteDetailView(app, id) {
  const body = h('div', { class: 'stack' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' }, message('info', 'Opening…'));
  const view = h('section', { class: 'stack', 'aria-label': 'Note' }, h('a', { class: 'back', href: '#/notes' }, '‹ Notes'), status, body);

  app.load(async () => {
    const note = await app.notes.get(id);
    if (note.error) throw note.error;
    replace(status);
    const confirmRow = h('div', { class: 'confirm', hidden: true, role: 'group', 'aria-label': 'Confirm delete' },
      h('p', {}, 'Delete this note for good? It cannot be recovered.'),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'danger', onclick: async (e) => {
          e.target.disabled = true;
          await app.run(async () => { await app.notes.remove(id); app.toast('Note deleted'); location.hash = '#/notes'; }, status);
          e.target.disabled = false;
        } }, 'Delete for good'),
        h('button', { type: 'button', onclick: () => { confirmRow.hidden = true; deleteButton.hidden = false; } }, 'Keep it')));
    const deleteButton = h('button', { type: 'button', class: 'danger-outline', onclick: () => { confirmRow.hidden = false; deleteButton.hidden = true; confirmRow.querySelector('button').focus(); } }, 'Delete');
    replace(body,
      h('h1', { class: 'note-heading' }, note.title),
      h('p', { class: 'note-meta' }, `Changed ${new Date(note.updatedAt).toLocaleString()}`),
      h('div', { class: 'note-text', tabIndex: 0, 'aria-label': 'Note text' }, note.info || h('em', {}, 'No text')),
      h('div', { class: 'actions' },
        h('a', { class: 'button primary', href: `#/notes/${id}/edit` }, 'Edit'),
        note.info ? h('button', { type: 'button', onclick: async () => {
          try { await navigator.clipboard.writeText(note.info); app.toast('Text copied'); } catch { app.toast('Copying is not allowed here: select the text instead'); }
        } }, 'Copy text') : null,
        deleteButton),
      confirmRow,
      h('details', { class: 'details' }, h('summary', {}, 'Details'), h('p', { class: 'hint' }, `Version ${note.version}: each save makes the next.`)));
  }, status);
  return view;
}
