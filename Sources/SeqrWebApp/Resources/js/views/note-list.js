// The note list: titles, a search by title, and notes this browser cannot open named by id.
import { field, h, message, replace } from '../dom.js';

export async function noteListView(app) {
  const search = field('Search titles', { type: 'search', name: 'search', autocomplete: 'off', placeholder: 'Search titles' });
  search.wrapper.classList.add('search');
  const list = h('ul', { class: 'note-list', 'aria-label': 'Notes' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' }, h('p', { class: 'message info', role: 'status' }, 'Loading notes…'));
  const view = h('section', { class: 'stack', 'aria-labelledby': 'notes-title' },
    h('div', { class: 'heading-row' }, h('h1', { id: 'notes-title' }, 'Notes'),
      h('a', { class: 'button primary', href: '#/notes/new' }, h('span', { 'aria-hidden': 'true' }, '+ '), 'New note')),
    search.wrapper, status, list);

  let notes = [];
  const render = () => {
    const query = search.input.value.trim().toLocaleLowerCase();
    const shown = notes.filter((n) => !query || (n.title ?? '').toLocaleLowerCase().includes(query));
    replace(list, shown.map(noteItem));
    if (notes.length === 0) replace(status, h('div', { class: 'empty' }, h('p', {}, 'No notes yet.'), h('p', { class: 'hint' }, 'A note holds a title of up to 30 characters and up to 2,500 characters of text, encrypted on this device.')));
    else if (shown.length === 0) replace(status, message('info', `No title contains “${search.input.value.trim()}”.`));
    else replace(status);
    const legacy = notes.filter((n) => n.error?.code === 'needsUpgrade').length;
    if (legacy > 0) status.append(message('info', `${legacy === 1 ? 'One note is' : `${legacy} notes are`} in an older format this browser cannot open: run \`seqr notes upgrade\` once on a computer with the Seqr command line, then reload.`));
  };
  search.input.addEventListener('input', render);

  app.load(async () => {
    notes = await app.notes.list();
    render();
  }, status);
  return view;
}

function noteItem(note) {
  if (note.error) {
    const upgrade = note.error.code === 'needsUpgrade';
    return h('li', { class: `note-item unreadable${upgrade ? ' legacy' : ''}` },
      h('div', { class: 'note-title' }, upgrade ? `Note ${note.id.slice(0, 8)} (older format)` : `Note ${note.id.slice(0, 8)} cannot be opened`),
      h('div', { class: 'note-meta' }, upgrade ? 'Run `seqr notes upgrade` once to open it here.' : note.error.message));
  }
  return h('li', { class: 'note-item' },
    h('a', { href: `#/notes/${note.id}` },
      h('span', { class: 'note-title' }, note.title),
      h('span', { class: 'note-meta' }, preview(note.info))));
}

function preview(info) {
  const line = info.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line || 'No text';
}
