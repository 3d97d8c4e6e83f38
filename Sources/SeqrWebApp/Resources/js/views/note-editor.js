// Add or edit a note. An edit names the version it started from; when the note changed on the
// server meanwhile (409 stale_version) both texts are shown and the person chooses which to keep.
import { field, h, message, replace } from '../dom.js';
import { characterCount, checkPlaintext, INFO_LIMIT, TITLE_LIMIT } from '../note.js';

export function noteEditorView(app, id = null) {
  const editing = id !== null;
  const title = field('Title', { name: 'title', required: true, autocomplete: 'off' });
  const info = field('Text', { name: 'info', rows: 10, autocomplete: 'off' }, { tag: 'textarea' });
  const counters = {};
  for (const [f, limit] of [[title, TITLE_LIMIT], [info, INFO_LIMIT]]) {
    const counter = h('span', { class: 'counter', id: `${f.input.id}-count` });
    const label = f.wrapper.querySelector('label');
    const row = h('div', { class: 'label-row' });
    label.before(row);
    row.append(label, counter);
    f.input.setAttribute('aria-describedby', counter.id);
    const update = () => {
      const n = characterCount(f.input.value);
      counter.textContent = `${n} / ${limit.toLocaleString('en')}`;
      counter.classList.toggle('over', n > limit);
    };
    f.input.addEventListener('input', update);
    counters[f.input.name] = update;
  }
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const conflict = h('div', { class: 'conflict stack', hidden: true });
  const save = h('button', { type: 'submit', class: 'primary' }, editing ? 'Save' : 'Add note');
  let baseVersion = null;

  const refresh = () => { counters.title(); counters.info(); };
  const form = h('form', { class: 'card stack', noValidate: true, onsubmit: async (event) => {
    event.preventDefault();
    const plain = { title: title.input.value, info: info.input.value };
    try { checkPlaintext(plain); } catch (error) { replace(status, message('error', limitProblem(error))); return; }
    save.disabled = true;
    replace(status, message('info', 'Encrypting and saving…'));
    try {
      if (editing) await app.notes.update(id, plain, baseVersion);
      else {
        const stored = await app.notes.add(plain);
        id = stored.id.toLowerCase();
      }
      app.toast(editing ? 'Saved' : 'Note added');
      location.hash = `#/notes/${id}`;
    } catch (error) {
      save.disabled = false;
      if (error.code === 'stale_version') await showConflict(plain);
      else replace(status, message('error', app.problem(error)));
    }
  } },
  title.wrapper, info.wrapper, status,
  h('div', { class: 'actions' }, save, h('a', { class: 'button', href: editing ? `#/notes/${id}` : '#/notes' }, 'Cancel')));

  // The edit was refused (409 stale_version): nothing was overwritten. Both texts side by side,
  // the form put away until the person chooses.
  async function showConflict(mine) {
    const theirs = await app.notes.get(id);
    if (theirs.error) { replace(status, message('error', theirs.error.message)); return; }
    replace(status);
    const column = (heading, note) => h('div', { class: 'version card' }, h('h3', {}, heading),
      h('p', { class: 'version-title' }, note.title), h('div', { class: 'note-text' }, note.info || h('em', {}, 'No text')));
    const done = () => { conflict.hidden = true; form.hidden = false; baseVersion = theirs.version; };
    replace(conflict,
      message('error', `This note was changed elsewhere (now version ${theirs.version}) since you opened it. Nothing was overwritten: choose which text to keep.`),
      h('div', { class: 'versions' }, column('Your edit', mine), column(`Saved elsewhere · version ${theirs.version}`, theirs)),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'primary', onclick: () => { done(); form.requestSubmit(); } }, 'Keep my edit'),
        h('button', { type: 'button', onclick: () => {
          done();
          title.input.value = theirs.title;
          info.input.value = theirs.info;
          refresh();
          replace(status, message('info', `This is the version saved elsewhere (version ${theirs.version}): edit it, or go back.`));
          title.input.focus();
        } }, 'Use the saved version')));
    form.hidden = true;
    conflict.hidden = false;
    conflict.querySelector('button').focus();
  }

  const view = h('section', { class: 'stack', 'aria-labelledby': 'editor-title' },
    h('a', { class: 'back', href: editing ? `#/notes/${id}` : '#/notes' }, editing ? '‹ Note' : '‹ Notes'),
    h('h1', { id: 'editor-title' }, editing ? 'Edit note' : 'New note'), form, conflict);
  refresh();
  if (editing) {
    form.inert = true;
    app.load(async () => {
      const note = await app.notes.get(id);
      if (note.error) throw note.error;
      title.input.value = note.title;
      info.input.value = note.info;
      baseVersion = note.version;
      form.inert = false;
      refresh();
      title.input.focus();
    }, status);
  } else queueMicrotask(() => title.input.focus());
  return view;
}

function limitProblem(error) {
  return error.code === 'emptyTitle' ? 'A note needs a title.' : `${error.message[0].toUpperCase()}${error.message.slice(1)}.`;
}
