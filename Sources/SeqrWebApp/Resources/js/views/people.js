// People: everyone this browser follows, on one map and in a list by last seen. Add a person by
// pasting their share link, by scanning its code (the scanner's "Follow") or by opening the link
// here ("Follow Ana?"); remove one. Their keys live sealed with the channel keyring.
import { ageText, field, h, message, replace } from '../dom.js';
import { byLastSeen, checkFollowable, followableLink, personState } from '../people.js';
import { confirmAction } from './confirm-dialog.js';
import { COLOURS, fitLabels, peopleMap } from './people-map.js';

/** The map and list are redrawn at most this often. */
const RENDER_MS = 250;
const STATES = { stopped: 'stopped sharing', ended: 'share ended', quiet: 'no fix for 10 min', waiting: 'waiting for a first position' };

export function peopleView(app) {
  const { people, peopleFeeds: feeds } = app;
  const view = h('section', { class: 'stack', 'aria-labelledby': 'people-title' }, h('h1', { id: 'people-title' }, 'People'));
  const pending = h('div', {});
  const connection = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const mapBox = h('div', { class: 'people-map-box' });
  const list = h('ul', { class: 'share-list people-list', 'aria-label': 'People, last seen first' });
  const generation = app.viewGeneration;
  const colourOf = (person) => COLOURS[Math.max(0, people.list.indexOf(person)) % COLOURS.length];

  const render = () => {
    if (app.viewGeneration !== generation || !people.loaded) { people.removeEventListener('change', changed); feeds.removeEventListener('change', changed); clearInterval(timer); return; }
    const everyone = people.list;
    replace(connection, feeds.retrying ? message('info', 'Connection lost — retrying…') : null);
    const map = peopleMap(everyone, colourOf, app.mapTiles);
    replace(mapBox, map);
    // Names are measured once drawn: at once when the view is shown, else in the frame that shows it.
    if (map.isConnected) fitLabels(map); else requestAnimationFrame(() => fitLabels(map));
    replace(list, everyone.length === 0
      ? h('li', { class: 'empty' }, 'Nobody yet: paste a share link below, or scan one.')
      : byLastSeen(everyone).map((person) => personItem(app, person, colourOf(person))));
  };
  // Drawn at most every RENDER_MS: 50 people sending a fix a second are 50 changes a second, and redrawing the
  // map and list for each took most of the page's main thread (scripts/bench-people).
  let drawing = null;
  const changed = () => { drawing ??= setTimeout(() => { drawing = null; render(); }, RENDER_MS); };
  const timer = setInterval(changed, 5_000);  // ages and "no fix for 10 min" move on by themselves
  people.addEventListener('change', changed);
  feeds.addEventListener('change', changed);

  const done = () => { app.pendingFollow = null; replace(pending); };
  if (app.pendingFollow?.error) replace(pending, refusedLink(app.pendingFollow.error, done));
  else if (app.pendingFollow) replace(pending, followCard(app, app.pendingFollow, done));
  view.append(pending, connection, mapBox, tilesNote(app.mapTiles), list, addForm(app),
    h('p', { class: 'hint' }, 'Positions are decrypted in this browser with the keys of the links; the server sees that a share is followed, never by whom or where anyone is. The names, keys and last positions are kept sealed with your channel passphrase.'));
  render();
  feeds.start();
  return view;
}

function personItem(app, person, colour) {
  const state = personState(person);
  const last = person.last;
  const facts = [last ? `seen ${ageText(Date.now() - last.time)}` : null, last?.accuracy ? `± ${Math.round(last.accuracy)} m` : null,
    STATES[state] ?? null].filter(Boolean).join(' · ');
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  return h('li', { class: `share-item person ${state}`, 'data-share': person.shareID },
    h('span', { class: 'swatch', 'aria-hidden': 'true', 'data-colour': colour }, svgDot(colour)),
    h('div', { class: 'person-text' }, h('strong', { class: 'person-name' }, person.name), h('span', { class: 'hint person-facts' }, facts)),
    h('button', { type: 'button', class: 'danger-outline small', 'aria-label': `Remove ${person.name}`, onclick: async () => {
      if (!await confirmAction({ title: `Remove ${person.name}?`, action: 'Remove',
        text: 'Their key and last position are deleted from this browser. To follow them again you need their link.' })) return;
      await app.run(async () => { await app.people.remove(person.shareID); app.peopleFeeds.start(); app.toast(`${person.name} removed`); }, status);
    } }, 'Remove'),
    status);
}

/** Which server, if any, learns the area viewed (as the location viewer says it); the tile provider's credit as text. */
function tilesNote(tiles) {
  if (!tiles) return h('p', { class: 'hint map-note' }, 'No map tiles: the grid is drawn here, and no server but this one is contacted.');
  // The credit is HTML for Leaflet in the viewer; here only its text is shown (parsed inert: no script runs, nothing loads).
  const credit = new DOMParser().parseFromString(tiles.attribution, 'text/html').body.textContent.trim();
  return h('p', { class: 'hint map-note' }, `Map tiles come from ${tiles.host}: that server sees which area you view (never a key or a name).`,
    credit ? h('span', { class: 'map-credit' }, ` Map: ${credit}`) : null);
}

function svgDot(colour) {
  return h('svg:svg', { viewBox: '0 0 12 12', width: 12, height: 12 }, h('svg:circle', { cx: 6, cy: 6, r: 6, fill: colour }));
}

/** A link handed over from the location viewer that is not a share link: said in a sentence, nothing added. */
function refusedLink(error, done) {
  return h('div', { class: 'card stack' }, message('error', `This link cannot be followed: ${error.message}.`),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: done }, 'Dismiss')));
}

/** "Follow Ana?" for a link opened or scanned: a name, then Follow or Not now. */
function followCard(app, link, done) {
  const name = field('Name', { name: 'person-name', maxLength: 40, autocomplete: 'off', required: true },
    { hint: 'How they appear on your map; only this browser knows it.' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  return h('form', { class: 'card stack', 'aria-labelledby': 'follow-title', onsubmit: async (event) => {
    event.preventDefault();
    await app.run(async () => {
      await app.people.add(checkFollowable(link, location.origin), name.input.value);
      app.peopleFeeds.added();
      app.toast(`Following ${name.input.value.trim()}`);
      done();
    }, status);
  } },
  h('h2', { id: 'follow-title' }, 'Follow this person?'),
  h('p', {}, 'Someone shares their live location with this link. Following keeps its key in this browser, sealed, so they stay on your map.'),
  name.wrapper, status,
  h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Follow'), h('button', { type: 'button', onclick: done }, 'Not now')));
}

function addForm(app) {
  const link = field('Share link', { name: 'share-link', autocomplete: 'off', spellcheck: false, placeholder: 'https://…/l/…#k=…' },
    { hint: 'The link someone sent you (or scan its code with Scan).' });
  const name = field('Name', { name: 'new-person-name', maxLength: 40, autocomplete: 'off' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  return h('form', { class: 'card stack', 'aria-labelledby': 'add-person-title', onsubmit: async (event) => {
    event.preventDefault();
    await app.run(async () => {
      const parsed = followableLink(link.input.value, location.origin);
      await app.people.add(parsed, name.input.value);
      app.peopleFeeds.added();
      app.toast(`Following ${name.input.value.trim()}`);
      link.input.value = '';
      name.input.value = '';
    }, status);
  } }, h('h2', { id: 'add-person-title' }, 'Add a person'), link.wrapper, name.wrapper, status,
  h('button', { type: 'submit' }, 'Follow'));
}
