// Channels: your identity (its public-key code, link and fingerprint, to give channel owners), the
// channels you own and follow, a new channel, a link to open, and the messages kept here.
import { escaped, escapedLines } from '../display-name.js';
import { field, h, replace } from '../dom.js';
import { readCodeLink } from '../seqr-code-link.js';
import { codeCard } from './code-card.js';
import { backupForm, restoreForm } from './identity-backup.js';

export function channelsView(app) {
  const { keyring } = app;
  const view = h('section', { class: 'stack', 'aria-labelledby': 'channels-title' }, h('h1', { id: 'channels-title' }, 'Channels'));
  const identity = keyring.identity.publicIdentity;
  const fingerprint = h('strong', { class: 'fingerprint' }, '…');
  identity.fingerprint().then((text) => { fingerprint.textContent = text; });
  view.append(h('h2', {}, 'Your public key'),
    h('p', {}, 'Give this to a channel owner: they share their channel back to it. Compare the fingerprint aloud: ', fingerprint, ` (${escaped(identity.name)})`),
    codeCard(app, keyring.publicKeyCode(), { label: 'Public key', fileName: 'seqr-public-key.png', hint: 'Holds only public keys.' }));

  const list = h('div', {}, channelList(app));
  view.append(h('h2', {}, 'Your channels'), list, newChannelForm(app), openLinkForm(app), historyList(app),
    h('h2', {}, 'Back up identity'),
    h('p', {}, 'Your identity and every channel live only in this browser: clearing it loses them. A backup file brings them back here, on another phone, or in seqr on a computer.'),
    backupForm(app), restoreForm(app, () => replace(list, channelList(app))),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => app.lockChannels() }, 'Lock channels')));
  return view;
}

function channelList(app) {
  const channels = app.keyring.channels;
  if (channels.length === 0) return h('p', { class: 'empty' }, 'No channels yet: create one, or open a channel share someone made for you.');
  return h('ul', { class: 'share-list' }, channels.map((channel, index) => h('li', { class: 'share-item' },
    h('a', { href: `#/channels/${index}` }, escaped(channel.name)),
    h('span', { class: 'share-label' }, channel.owned ? 'yours' : channel.removedAt !== null ? 'removed' : `from ${escaped(channel.owner.name)}`))));
}

function newChannelForm(app) {
  const name = field('Channel name', { name: 'channel-name', maxLength: 64, autocomplete: 'off' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  return h('form', { class: 'card stack', onsubmit: async (event) => {
    event.preventDefault();
    await app.run(async () => {
      const channel = await app.keyring.createChannel(name.input.value.trim());
      location.hash = `#/channels/${app.keyring.channels.indexOf(channel)}`;
    }, status);
  } }, name.wrapper, status, h('button', { type: 'submit', class: 'primary' }, 'Create channel'));
}

function openLinkForm(app) {
  const link = field('A Seqr link', { name: 'open-link', autocomplete: 'off', spellcheck: false, placeholder: 'https://…/app/#U1E…' },
    { hint: 'A public key, channel share, message or rekey link, if the camera did not open it here.' });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  return h('form', { class: 'card stack', onsubmit: async (event) => {
    event.preventDefault();
    await app.run(async () => app.openPastedLink(readCodeLink(link.input.value)), status);
  } }, link.wrapper, status, h('button', { type: 'submit' }, 'Open link'));
}

function historyList(app) {
  const entries = app.keyring.history;
  return h('div', { class: 'stack' }, h('h2', {}, 'Messages'),
    entries.length === 0 ? h('p', { class: 'empty' }, 'Messages you read or post appear here, kept sealed.')
      : h('ul', { class: 'share-list', 'aria-label': 'Messages' }, entries.map((e) => h('li', { class: 'share-item' },
        h('span', {}, escapedLines(e.content)), h('span', { class: 'share-label' }, `${e.direction === 'posted' ? 'posted on' : 'on'} ${escaped(e.channel)}`)))));
}

