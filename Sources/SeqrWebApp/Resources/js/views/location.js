// Live location: start a share (expiry, optional label), show its link and QR code, share or
// copy it, and watch it run (a share starts only after the first fix): "Sharing until 18:40", the last fix's age and accuracy, hidden-page
// warnings; extend its expiry, new link (rotate) and stop (revoke), both asked first. Shares made elsewhere can be revoked here.
import { ageText, clock, field, h, message, replace } from '../dom.js';
import { extendedExpiry } from '../location-sharing.js';
import { loadQRCodeLibrary, qrCodeSVG } from '../qr-code.js';
import { confirmAction } from './confirm-dialog.js';
import { linkButtons } from './link-buttons.js';
import { unwatchedNote, watchingText } from '../watched-pacing.js';

const EXPIRIES = [['15', '15 minutes'], ['60', '1 hour'], ['240', '4 hours'], ['720', '12 hours'], ['1440', '24 hours'], ['', 'Until I stop']];
const EXTENSIONS = [['60', '1 hour'], ['1440', '1 day'], ['', 'Until I stop']];

export function locationView(app) {
  const view = h('section', { class: 'stack', 'aria-labelledby': 'location-title' }, h('h1', { id: 'location-title' }, 'Live location'));
  const body = h('div', { class: 'stack' });
  const others = h('div', { class: 'stack' });
  view.append(body, others,
    h('p', {}, h('a', { class: 'button', href: '#/people' }, 'People you follow')));
  const sharing = app.sharing;

  // Rebuilt when a share starts, ends or gets a new link; otherwise only its facts change.
  let shown = null, card = null;
  const render = () => {
    if (app.viewGeneration !== generation) { sharing.removeEventListener('change', render); return; }
    const state = sharing.active ? sharing.share.id : `ended:${sharing.ended}`;
    if (state === shown && card?.update) { card.update(); return; }
    shown = state;
    const started = sharing.active && card !== null && !card.update;
    card = sharing.active ? activeCard(app, sharing) : startForm(app, sharing);
    replace(body, card);
    // Just started: the link and its buttons come into view, with the confirmation.
    if (started) view.scrollIntoView({ block: 'start' });
  };
  const generation = app.viewGeneration;
  sharing.addEventListener('change', render);
  render();
  loadOtherShares(app, others);
  return view;
}

function startForm(app, sharing) {
  const expiry = field('Share for', { name: 'expiry' }, { tag: 'select' });
  for (const [value, text] of EXPIRIES) expiry.input.append(h('option', { value, selected: value === '60' }, text));
  const label = field('Label (optional)', { name: 'label', maxLength: 40, autocomplete: 'off', placeholder: 'e.g. Berry picking, north field' },
    { hint: 'Shown on this device only; followers see just the map.' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  if (sharing.ended) status.append(message('info', sharing.ended === 'expired' ? 'The last share expired.' : sharing.ended === 'stopped' ? 'Sharing stopped; the link no longer works.' : `The last share ended: ${sharing.ended}.`));
  const start = h('button', { type: 'submit', class: 'primary wide' }, 'Start sharing');
  return h('form', { class: 'card stack', onsubmit: async (event) => {
    event.preventDefault();
    start.disabled = true;
    const minutes = Number(expiry.input.value);
    const waiting = message('info', 'Waiting for your position: allow location if the phone asks.');
    await app.run(async () => {
      status.append(waiting);
      await sharing.start({ expiresAt: minutes ? new Date(Date.now() + minutes * 60_000) : null, label: label.input.value.trim() });
      app.toast('Sharing started: send the link');
    }, status);
    waiting.remove();
    start.disabled = false;
  } },
  h('p', { class: 'lead' }, 'Share where you are with a link. Positions are encrypted on this phone under a key that only the link carries; the server stores ciphertext.'),
  expiry.wrapper, label.wrapper, status, start);
}

function activeCard(app, sharing) {
  const link = sharing.link;
  const untilText = () => (sharing.share.expiresAt ? `Sharing until ${clock(sharing.share.expiresAt)}` : 'Sharing until you stop');
  const until = h('strong', { id: 'sharing-until' }, untilText());
  const linkField = field('Share link', { name: 'link', value: link, readOnly: true, spellcheck: false },
    { hint: 'Anyone with this link sees your position until the share ends: send it only to people you trust.' });
  linkField.input.addEventListener('focus', () => linkField.input.select());
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const facts = h('dl', { class: 'facts' });
  const tick = () => {
    if (!facts.isConnected) { clearInterval(timer); return; }
    sharing.checkExpiry();
    const fix = sharing.lastFix;
    replace(facts,
      h('div', {}, h('dt', {}, 'Last fix'), h('dd', { id: 'fix-age' }, fix ? ageText(Date.now() - fix.time) : 'waiting for GPS…')),
      h('div', {}, h('dt', {}, 'Accuracy'), h('dd', { id: 'fix-accuracy' }, fix?.accuracy !== undefined && fix ? `± ${Math.round(fix.accuracy)} m` : '—')),
      h('div', {}, h('dt', {}, 'Sent'), h('dd', { id: 'fix-count' }, `${sharing.pushed}${sharing.pending.length ? ` (+${sharing.pending.length} waiting)` : ''}`)),
      h('div', {}, h('dt', {}, 'Viewers'), h('dd', { id: 'watching-count' }, watchingText(sharing.watching))));
  };
  const timer = setInterval(tick, 1000);
  tick();
  const notes = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const updateNotes = () => replace(notes,
    sharing.watching === 0 ? message('info', unwatchedNote(sharing.unwatchedInterval)) : null,
    sharing.hidden ? message('info', 'This page is in the background: the browser may pause location until you come back. The newest position is sent as soon as it is shown.') : null,
    sharing.lastError ? message('error', sharing.lastError) : null);
  updateNotes();

  // Screen Wake Lock: on by default, a toggle; what the browser does to a hidden page, said plainly.
  const awake = h('input', { type: 'checkbox', id: 'keep-awake', checked: sharing.keepAwake,
    onchange: () => sharing.setKeepAwake(awake.checked) });
  const awakeState = h('p', { class: 'hint', id: 'keep-awake-state', 'aria-live': 'polite' });
  const updateAwake = () => {
    awake.checked = sharing.keepAwake;
    const lock = sharing.wakeLock;
    awakeState.textContent = !sharing.keepAwake ? 'The screen may turn off as usual; the browser then pauses this page.'
      : !lock.supported ? 'This browser cannot keep the screen on: keep the page in front and the screen on yourself.'
      : lock.refused ?? (lock.held ? 'The screen stays on while this page is shown.' : 'The screen is kept on again when this page is shown.');
  };
  updateAwake();
  const awakeCard = h('div', { class: 'stack' },
    h('label', { class: 'toggle' }, awake, 'Keep the screen on while sharing'),
    awakeState,
    h('p', { class: 'hint' }, 'A browser pauses a page it is not showing: if you switch apps or the phone locks, no position is sent and your followers see the last one grow older, until you open this page again.'));

  const extendBy = field('Extend by', { name: 'extend' }, { tag: 'select' });
  for (const [value, text] of EXTENSIONS) extendBy.input.append(h('option', { value }, text));
  const extend = h('div', { class: 'extend', hidden: !sharing.share.expiresAt }, extendBy.wrapper,
    h('button', { type: 'button', onclick: () => app.run(async () => {
      const minutes = extendBy.input.value ? Number(extendBy.input.value) : null;
      await sharing.extend(extendedExpiry(sharing.share.expiresAt, minutes));
      app.toast(untilText());
    }, status) }, 'Extend'));

  const linkStatus = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const qr = h('div', { class: 'qr-frame' });
  loadQRCodeLibrary().then(() => replace(qr, qrCodeSVG(link, 'QR code of the share link')),
    (error) => replace(qr, message('error', error.message)));

  // The link and its buttons first, so they are on the first screen after "Start sharing"; "New link"
  // (which ends this one) sits apart from "Stop sharing", and both ask first.
  const card = h('div', { class: 'stack' },
    h('div', { class: 'card live stack' },
      h('p', { class: 'live-state' }, h('span', { class: 'pulse', 'aria-hidden': 'true' }), until),
      sharing.label ? h('p', { class: 'hint share-label' }, sharing.label) : null,
      linkField.wrapper,
      h('div', { class: 'actions' }, linkButtons(link, { title: sharing.label || 'My live location', input: linkField.input, status: linkStatus })),
      linkStatus),
    h('div', { class: 'card stack' },
      facts, notes, awakeCard, extend, status,
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'danger', onclick: async () => {
          if (!await confirmAction({ title: 'Stop sharing?', action: 'Stop sharing',
            text: 'The link stops working at once for everyone who has it, and the positions sent are deleted from the server.' })) return;
          await app.run(async () => { await sharing.stop(); app.toast('Sharing stopped'); }, status);
        } }, 'Stop sharing'))),
    h('div', { class: 'card stack' },
      h('h2', {}, 'QR code of the link'),
      qr,
      h('p', { class: 'hint' }, 'Sent the link to the wrong person? A new link ends this one; everyone else needs the new link.'),
      h('div', { class: 'actions' },
        h('button', { type: 'button', onclick: async () => {
          if (!await confirmAction({ title: 'Make a new link?', action: 'New link',
            text: 'The current link stops working at once: everyone following it must be sent the new link.' })) return;
          await app.run(async () => { await sharing.rotate(); app.toast('New link: the old one no longer works'); }, status);
        } }, 'New link'))));
  card.update = () => { until.textContent = untilText(); extend.hidden = !sharing.share.expiresAt; tick(); updateNotes(); updateAwake(); };
  return card;
}

async function loadOtherShares(app, container) {
  let shares;
  try { shares = await app.session.api.listShares(); } catch { return; }
  const mine = app.sharing.active ? app.sharing.share.id : null;
  const rest = shares.filter((s) => s.id !== mine);
  if (rest.length === 0) { replace(container); return; }
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  replace(container, h('h2', {}, 'Other shares'),
    h('p', { class: 'hint' }, 'Made on another device, or before this page was reloaded (their keys are not here).'),
    h('ul', { class: 'share-list' }, rest.map((s) => h('li', { class: 'share-item' },
      h('div', {}, h('code', {}, s.id.slice(0, 8)), ' · ', s.expiresAt ? `until ${clock(s.expiresAt)}` : 'no expiry', ` · ${s.fixes} fixes`),
      h('button', { type: 'button', class: 'danger-outline small', 'aria-label': `Revoke share ${s.id.slice(0, 8)}`, onclick: () => app.run(async () => {
        await app.session.api.revokeShare(s.id);
        app.toast('Share revoked');
        loadOtherShares(app, container);
      }, status) }, 'Revoke')))),
    status);
}
