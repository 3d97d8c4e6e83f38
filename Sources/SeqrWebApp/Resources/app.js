// The app shell: routes (#/notes, #/notes/<id>, #/location, #/channels, #/account, …), the signed-in
// state, the idle lock, the offline banner and the service worker. Views are in views/ and only call
// the format, crypto and API modules. A Seqr code link (#<base64url code>) opens in the channel
// views, which need no account: their keys live sealed in this browser.
import { ChannelKeyring } from './js/channel-keyring.js';
import { h, message, replace } from './js/dom.js';
import { IndexedDBRecords } from './js/idb-records.js';
import { IdleLock } from './js/idle-lock.js';
import { LockBroadcast, LockMessage } from './js/lock-broadcast.js';
import { LocationSharing } from './js/location-sharing.js';
import { NotesClient } from './js/notes-client.js';
import { SealedRecords } from './js/sealed-records.js';
import { codeFromFragment } from './js/seqr-code-link.js';
import { Session } from './js/session.js';
import { locationView } from './js/views/location.js';
import { noteDetailView } from './js/views/note-detail.js';
import { noteEditorView } from './js/views/note-editor.js';
import { noteListView } from './js/views/note-list.js';
import { accountView, passwordView } from './js/views/password.js';
import { signInView } from './js/views/sign-in.js';

// The server's base: where /app/ is served from (an origin, or an origin and a proxy's path prefix).
const base = new URL('..', document.baseURI).href.replace(/\/+$/, '');
const ownOrigin = new URL(base).origin;
const main = document.getElementById('main');
const tabs = document.getElementById('tabs');
const offline = document.getElementById('offline');
const toastEl = document.getElementById('toast');
const session = new Session(base, localStorage);
let accountCounter = null;
const keyringCounter = async () => (accountCounter ??= new (await import('./js/keyring-account-counter.js')).KeyringAccountCounter(session));

const app = {
  base,
  session,
  // Each tab changes the keyring in turn (a phone camera opens every link in a new tab).
  // A record and the keyring's manifest are written together, one tab at a time (a lock of their own:
  // Web Locks are not re-entrant, and keyring changes hold 'seqr-keyring' while they write).
  keyring: new ChannelKeyring(new SealedRecords(new IndexedDBRecords(),
    navigator.locks ? { exclusive: (work) => navigator.locks.request('seqr-keyring-records', work) } : {}),
  {
    ...(navigator.locks ? { exclusive: (work) => navigator.locks.request('seqr-keyring', work) } : {}),
    // Signed in, the manifest's counter is kept with the account too (loaded when first used).
    account: {
      read: (id) => (session.unlocked ? keyringCounter().then((c) => c.read(id)) : Promise.resolve(null)),
      save: (id, counter) => (session.unlocked ? keyringCounter().then((c) => c.save(id, counter)) : Promise.resolve(false)),
    },
  }),
  /** The code being opened ({ code } or { error }), shown at #/channels/open. */
  opened: null,
  notes: new NotesClient(session),
  sharing: new LocationSharing(session.api, base),
  viewGeneration: 0,

  /** Runs a view's loading step, showing its failure in `status`. */
  async load(work, status) {
    const generation = app.viewGeneration;
    try { await work(); setOffline(false); } catch (error) { if (generation === app.viewGeneration) replace(status, message('error', app.problem(error))); }
  },
  /** Runs an action, showing its failure in `status`; true when it succeeded. */
  async run(work, status) {
    replace(status);
    try { await work(); setOffline(false); return true; } catch (error) { replace(status, message('error', app.problem(error))); return false; }
  },
  problem(error) {
    if (error.code === 'offline') { setOffline(true); return 'You are offline: this needs the server. Try again when connected.'; }
    if (error.status === 401) { app.expired(); return 'The session has ended: sign in again.'; }
    const text = {
      quota_exceeded: 'This account holds as many notes as its plan allows: delete one first.',
      storage_quota_exceeded: 'This account\'s storage is full: delete notes first.',
      too_many_shares: 'Too many live shares: stop one first.',
      wrong_password: 'The current password is wrong.',
    }[error.code];
    return text ?? (error.message ? error.message[0].toUpperCase() + error.message.slice(1) : 'Something went wrong.');
  },
  /** Opens a code's view; `extra` (e.g. { channel }) travels with it. */
  openCode(code, extra = {}) {
    app.opened = { code, ...extra };
    if (location.hash === '#/channels/open') route(); else location.hash = '#/channels/open';
  },
  /** A location link scanned or opened: "Follow this person?" on the People view (the keyring must be unlocked first). */
  followLink(link) {
    app.pendingFollow = link;
    if (location.hash === '#/people') route(); else location.hash = '#/people';
  },
  /** Opens a pasted link's code (readCodeLink), with the host the link names: shown, and flagged when not this server's. */
  openPastedLink({ code, host, origin }, extra = {}) {
    app.openCode(code, { ...extra, from: { host, foreign: origin !== ownOrigin } });
  },
  refresh() { route(); },
  /** The channel keys are open: the idle lock forgets them too. */
  keyringUnlocked() { idle.start(); route(); },
  toast(text) {
    const item = h('div', { class: 'toast' }, text);
    toastEl.replaceChildren(item);
    setTimeout(() => item.remove(), 3000);
  },
  unlocked() {
    idle.start();
    if (['', '#/', '#/sign-in', '#/register'].includes(location.hash)) location.hash = '#/notes';
    else route();
  },
  /** Locks this tab and every other tab of the app. */
  lock() {
    lockHere();
    otherTabs.post(LockMessage.lock);
  },
  /** Forgets the channel keys in this tab and every other. */
  lockChannels() {
    lockChannelsHere();
    otherTabs.post(LockMessage.lockChannels);
  },
  /** Signs out here (ending this tab's session on the server), and tells the other tabs to. */
  async signOut() {
    otherTabs.post(LockMessage.signOut);
    await signOutHere();
  },
  expired() {
    stopIdleUnlessChannelsOpen();
    session.keys = new Map();
    session.api.token = null;
    route();
  },
};

// The tabs of this origin lock together and share one idle clock (lock-broadcast.js).
const otherTabs = new LockBroadcast((type) => {
  if (type === LockMessage.activity) idle.activityElsewhere();
  else if (type === LockMessage.lock) lockHere();
  else if (type === LockMessage.lockChannels) lockChannelsHere();
  else if (type === LockMessage.signOut) {
    if (session.signedIn) signOutHere();
    else route();  // a Locked screen of the account just signed out of becomes Sign in
  }
});
// The people followed (made when People first opens): kept sealed in the channel keyring's records, under its passphrase and lock.
app.people = null;
app.peopleFeeds = null;
app.pendingFollow = null;
function forgetPeople() {
  app.peopleFeeds?.stop();
  app.people?.lock();
}

const idle = new IdleLock(() => app.lock(), undefined, { onActivity: () => otherTabs.post(LockMessage.activity) });
// Leaving the notes account leaves the channel keys open if they are: the idle lock still guards them.
function stopIdleUnlessChannelsOpen() { if (!app.keyring.unlocked) idle.stop(); }

function lockHere() {
  const open = session.unlocked || app.keyring.unlocked;
  idle.stop();
  session.lock();
  app.keyring.lock();
  forgetPeople();
  // A tab with nothing open keeps what is being typed into it; a restored vault document is forgotten.
  if (open || location.hash.startsWith('#/vault')) route();
}

function lockChannelsHere() {
  if (!app.keyring.unlocked) return;
  app.keyring.lock();
  forgetPeople();
  if (!session.unlocked) idle.stop();
  route();
}

async function signOutHere() {
  stopIdleUnlessChannelsOpen();
  if (app.sharing.active) { try { await app.sharing.stop(); } catch { /* revoked or offline */ } }
  await session.signOut();
  if (location.hash.split('/')[1] !== 'channels') location.hash = '#/sign-in';
  route();
}

// Leaving the page (another site, a reload, the tab closed): the keys are forgotten before the
// browser can keep the page in its back/forward cache, so Back shows it locked, and the server
// session ends (a reload signs in afresh, and must not leave the old session valid).
addEventListener('pagehide', () => {
  session.leave();
  idle.stop();
  app.keyring.lock();
  forgetPeople();
  route();
});

function setOffline(isOffline) {
  offline.hidden = !isOffline;
  document.body.classList.toggle('is-offline', isOffline);
}
// navigator.onLine only knows about this device's network; a stopped or unreachable server is
// found by asking it (GET /health, never cached).
async function checkServer() {
  if (!navigator.onLine) { setOffline(true); return; }
  try {
    const response = await fetch(`${base}/health`, { cache: 'no-store', credentials: 'omit' });
    setOffline(!response.ok);
  } catch { setOffline(true); }
}
addEventListener('online', checkServer);
addEventListener('offline', () => setOffline(true));
checkServer();

// The channel views load when first opened: the bytes a page load fetches before sign-in stay small.
const keyringView = (...args) => import('./js/views/keyring.js').then((m) => m.keyringView(...args));

async function channelsViewFor(parts) {
  const openCode = () => import('./js/views/open-code.js').then((m) => m.openCodeView(app, app.opened));
  if (parts[1] === 'open' && app.opened?.error) return openCode();
  if (!app.keyring.unlocked) return keyringView(app, { exists: await app.keyring.exists() });
  if (parts[1] === 'open') return openCode();
  if (parts[1]) return import('./js/views/channel.js').then((m) => m.channelView(app, parts[1]));
  return import('./js/views/channels.js').then((m) => m.channelsView(app));
}

// A code's link: its fragment is taken (and dropped from the address bar) before routing.
function takeCodeFragment() {
  const hash = location.hash;
  if (hash.length <= 1 || hash.startsWith('#/') || hash === '#main') return false;
  if (hash.startsWith('#follow=')) {
    // A share link from the location viewer's "Follow in People": its key is taken and dropped the same way,
    // and read when People opens (its modules load then, not before sign-in).
    app.pendingFollow = { fragment: hash };
    history.replaceState(null, '', '#/people');
    return true;
  }
  // Opened from its link: the link's host is this page's own.
  try { app.opened = { code: codeFromFragment(hash), from: { host: location.host, foreign: false } }; } catch (error) { app.opened = { error }; }
  history.replaceState(null, '', '#/channels/open');
  return true;
}

async function peopleViewFor() {
  if (!app.keyring.unlocked) return keyringView(app, { exists: await app.keyring.exists(), purpose: 'people' });
  // Loaded when opened, as the scanner is: not among the bytes before sign-in.
  const [{ keyringPeople }, { PeopleFeeds }, { peopleView }, { linkFromFollowFragment }] = await Promise.all([
    import('./js/people.js'), import('./js/people-feeds.js'), import('./js/views/people.js'), import('./js/location-share-link.js')]);
  if (app.pendingFollow?.fragment) {
    try { app.pendingFollow = linkFromFollowFragment(app.pendingFollow.fragment); } catch (error) { app.pendingFollow = { error }; }
  }
  // The operator's tile server, if any (asked once): People draws its tiles, the grid otherwise.
  if (app.mapTiles === undefined) app.mapTiles = await import('./js/map-tiles.js').then(({ loadMapTiles }) => loadMapTiles(document.baseURI));
  app.people ??= keyringPeople(app.keyring);
  app.peopleFeeds ??= new PeopleFeeds(base, session.api, app.people);
  if (!app.people.loaded) await app.people.load();
  return peopleView(app);
}

function viewFor(hash) {
  const section = hash.replace(/^#\/?/, '').split('/');
  if (section[0] === 'channels') return channelsViewFor(section);
  // Following people needs no account: their keys live sealed with the channel keyring.
  if (section[0] === 'people') return peopleViewFor();
  // The scanner needs no account: what it reads is verified or opened in this page.
  // Loaded when opened: the scanner's modules are not among the bytes before sign-in.
  if (section[0] === 'scan') return import('./js/views/scan.js').then(({ scanView }) => scanView(app));
  // The paper vault is restored in this page alone: no account, no server (its own modules, loaded when opened).
  // A backup is made in this page alone too: nothing of it is sent or kept.
  if (section[0] === 'vault' && section[1] === 'backup') return import('./js/views/vault-backup.js').then(({ vaultBackupView }) => vaultBackupView(app));
  if (section[0] === 'vault') return import('./js/views/vault.js').then(({ vaultView }) => vaultView(app));
  if (hash === '#/register' && !session.signedIn) return signInView(app, { mode: 'register' });
  if (hash === '#/recover-kit' && !session.unlocked) return import('./js/views/kit-recover.js').then((m) => m.kitRecoverView(app));
  // Signed in, or signed in before a reload and not signed out: Locked, for that account.
  if (!session.unlocked) return session.rememberedUsername ? signInView(app, { mode: 'unlock' }) : signInView(app);
  const parts = hash.replace(/^#\/?/, '').split('/');
  switch (parts[0]) {
    case 'notes':
      if (parts[1] === 'new') return noteEditorView(app);
      if (parts[1] && parts[2] === 'edit') return noteEditorView(app, parts[1]);
      if (parts[1]) return noteDetailView(app, parts[1]);
      return noteListView(app);
    case 'location': return locationView(app);
    case 'account':
      if (parts[1] === 'kit') return import('./js/views/kit-print.js').then((m) => m.kitPrintView(app));
      return parts[1] === 'password' ? passwordView(app) : accountView(app);
    default: return noteListView(app);
  }
}

async function route() {
  const generation = ++app.viewGeneration;
  takeCodeFragment();
  let view;
  try {
    view = await viewFor(location.hash);
  } catch (error) {
    view = h('section', { class: 'stack' }, h('h1', {}, 'Seqr'), message('error', app.problem(error)));  // never a blank page
  }
  // Another route began while this view was loading (a section opened before this one's module came in): that
  // route's view is the one to show. Put over it, this stale one would be shown for the wrong address, and dead:
  // each view stops updating once it is no longer the current generation.
  if (generation !== app.viewGeneration) return;
  const open = session.unlocked;
  // The sections are there signed out too: channels, the scanner, the paper vault and People need
  // no account, and the others lead to sign-in.
  tabs.hidden = false;
  document.body.classList.toggle('signed-in', open);
  document.body.classList.toggle('has-tabs', !tabs.hidden);
  const section = location.hash.split('/')[1] || 'notes';
  // Signed out, the sign-in screen is no section's page; People sits under Location.
  const current = open || ['channels', 'scan', 'vault', 'people'].includes(section) ? (section === 'people' ? 'location' : section) : null;
  for (const link of tabs.querySelectorAll('a')) {
    if (link.dataset.section === current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  replace(main, view);
  if (performance.getEntriesByName('seqr:first-view').length === 0) performance.mark('seqr:first-view');  // scripts/bench-webapp
  // The browser's history keeps titles in the clear: a section's name there, never a note's or a channel's.
  const sectionTitle = { notes: 'Notes', location: 'Location', channels: 'Channels', scan: 'Scan', vault: 'Paper vault', account: 'Account', people: 'People' }[section];
  document.title = `${(open || ['channels', 'scan', 'vault', 'people'].includes(section)) && sectionTitle ? sectionTitle : main.querySelector('h1')?.textContent ?? 'Seqr'} · Seqr`;
  if (!main.contains(document.activeElement)) main.focus({ preventScroll: true });
  scrollTo(0, 0);
}

addEventListener('hashchange', route);
route();

// The app shell only (never an API answer) is cached so the app opens offline (sw.js).
// Registered a little after the page has loaded, not with it: a first visit's install fetches and
// stores the whole shell and every WebAssembly module, and on a phone's few cores that competed with
// the opened view's own work — a paper vault's pages picked at once were read about 0.2 s slower
// (docs/benchmarks.md). A returning visit is controlled already; this is only its update check.
// (A module script runs before the page's load event, so that event is always still to come here.)
const SERVICE_WORKER_DELAY_MS = 2000;
if ('serviceWorker' in navigator) {
  addEventListener('load', () => setTimeout(() => {
    navigator.serviceWorker.register('sw.js', { scope: './' }).catch(() => { /* no offline shell; the app still works online */ });
  }, SERVICE_WORKER_DELAY_MS), { once: true });
}
