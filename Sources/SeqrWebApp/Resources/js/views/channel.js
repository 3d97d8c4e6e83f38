// One channel. Yours: post a text or URL message (its QR code on screen, as a PNG and printable),
// and share the channel to a public-key link. Followed: who owns it, its messages here (the key epoch under Details).
import { field, h, message, replace } from '../dom.js';
import { MessageKind } from '../channel-message-code.js';
import { escaped, escapedLines } from '../display-name.js';
import { checkLinkFits, codeLink, readCodeLink } from '../seqr-code-link.js';
import { codeCard, showMade } from './code-card.js';
import { confirmAction } from './confirm-dialog.js';

const EXPIRIES = [['', 'Never'], ['60', '1 hour'], ['1440', '1 day'], ['10080', '7 days']];

export function channelView(app, index) {
  const channel = app.keyring.channels[Number(index)];
  const back = h('a', { class: 'back', href: '#/channels' }, '‹ Channels');
  if (!channel) return h('section', { class: 'stack' }, back, message('error', 'No such channel here.'));
  const fingerprint = h('strong', { class: 'fingerprint' }, '…');
  const epochText = () => `Key epoch ${channel.epoch}: it moves on each time a subscriber is removed.`;
  const epoch = h('p', { class: 'hint' }, epochText());
  channel.owner.fingerprint().then((text) => { fingerprint.textContent = text; });
  const view = h('section', { class: 'stack', 'aria-labelledby': 'channel-title' }, back, h('h1', { id: 'channel-title' }, escaped(channel.name)),
    h('p', {}, channel.owned ? 'Your channel' : `Owned by ${escaped(channel.owner.name)}`, ', fingerprint ', fingerprint, '.'),
    h('details', { class: 'details' }, h('summary', {}, 'Details'), epoch));
  if (channel.removedAt !== null) view.append(message('error', `You were removed from ${escaped(channel.name)}: messages after that cannot be read here.`));
  if (channel.owned) view.append(postForm(app, channel), shareForm(app, channel), subscriberList(app, channel, () => { epoch.textContent = epochText(); }));
  app.keyring.historyOf(channel).then((own) => {
    if (own.length) view.append(h('h2', {}, 'Messages'), h('ul', { class: 'share-list' }, own.map((e) => h('li', { class: 'share-item' }, escapedLines(e.content)))));
  });
  return view;
}

function postForm(app, channel) {
  // What is posted: a message (text) or a link (an http or https address the reader can open).
  let url = false;
  const content = field('Message', { name: 'message', required: true, rows: 3 }, { tag: 'textarea' });
  const label = content.wrapper.querySelector('label');
  const kindButton = (text, isURL) => h('button', { type: 'button', class: 'segment', 'aria-pressed': String(url === isURL), onclick: () => {
    url = isURL;
    for (const b of kinds.children) b.setAttribute('aria-pressed', String(b === (isURL ? kinds.lastChild : kinds.firstChild)));
    label.textContent = text;
    content.input.placeholder = isURL ? 'https://…' : '';
  } }, text);
  const kinds = h('div', { class: 'segments', role: 'group', 'aria-label': 'Post a message or a link' }, kindButton('Message', false), kindButton('Link', true));
  const expiry = field('Expires', { name: 'expires' }, { tag: 'select' });
  for (const [value, text] of EXPIRIES) expiry.input.append(h('option', { value }, text));
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const result = h('div', { class: 'stack' });
  return h('form', { class: 'card stack', 'aria-label': 'Post a message', onsubmit: async (event) => {
    event.preventDefault();
    await app.run(async () => {
      const text = content.input.value;
      if (!text) throw new Error(url ? 'Write the link first.' : 'Write a message first.');
      if (url && !/^https?:\/\//i.test(text)) throw new Error('A link starts with http:// or https://.');
      const now = Math.floor(Date.now() / 1000), minutes = Number(expiry.input.value);
      const code = await app.keyring.post(channel, { kind: url ? MessageKind.url : MessageKind.text, created: now, expires: minutes ? now + minutes * 60 : 0, content: text },
        (made) => checkLinkFits(codeLink(app.base, made)));
      content.input.value = '';
      replace(result, h('h2', {}, 'Message code'), codeCard(app, code, { label: 'Message', fileName: 'seqr-message.png',
        hint: 'Subscribers scan it; only they can read it, and they check it is signed by you.' }));
      showMade(result, 'Posted: send this code or its link to your subscribers.');
    }, status);
  } }, h('h2', {}, 'Post a message'), kinds, content.wrapper, expiry.wrapper, status, h('button', { type: 'submit', class: 'primary' }, 'Post message'), result);
}

function subscriberList(app, channel, removed) {
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const result = h('div', { class: 'stack' });
  const items = channel.subscribers.map((s) => h('li', { class: 'share-item' },
    h('span', {}, escaped(s.name), ' ', h('span', { class: 'fingerprint' }, s.fingerprint)),
    s.removedAt !== null ? h('span', { class: 'share-label' }, 'removed')
      : h('button', { type: 'button', class: 'danger-outline', 'aria-label': `Remove ${escaped(s.name)}`, onclick: async (event) => {
        const others = channel.subscribers.filter((o) => o.removedAt === null && o !== s);
        const who = others.length === 0 ? 'Nobody else needs to scan anything.'
          : `${escaped(others[0].name)}${others.length > 1 ? ` and ${others.length - 1} other${others.length > 2 ? 's' : ''}` : ''} must scan the new code to keep reading.`;
        if (!await confirmAction({ title: `Remove ${escaped(s.name)}?`, action: 'Remove',
          text: `${escaped(s.name)} cannot read new messages of ${escaped(channel.name)}. ${who} This cannot be undone.` })) return;
        event.target.disabled = true;
        await app.run(async () => {
          const codes = await app.keyring.removeSubscriber(channel, s.fingerprint);
          replace(result, message('ok', `${escaped(s.name)} removed from ${escaped(channel.name)}. Every other subscriber scans the new code${codes.length > 1 ? 's' : ''} below; messages from now on use the new key.`),
            ...codes.map((code, i) => codeCard(app, code, { label: codes.length > 1 ? `Rekey code ${i + 1} of ${codes.length}` : 'Rekey code',
              fileName: codes.length > 1 ? `seqr-rekey-${i + 1}.png` : 'seqr-rekey.png', hint: `Tells ${escaped(s.name)} they were removed; gives the others the new key.` })));
          event.target.replaceWith(h('span', { class: 'share-label' }, 'removed'));
          removed();
          requestAnimationFrame(() => result.scrollIntoView({ block: 'start' }));
        }, status);
        event.target.disabled = false;
      } }, 'Remove')));
  return h('div', { class: 'card stack', role: 'group', 'aria-label': 'Subscribers' }, h('h2', {}, 'Subscribers'),
    items.length ? h('ul', { class: 'share-list' }, items) : h('p', { class: 'empty' }, 'Nobody yet: share the channel first.'), status, result);
}

function shareForm(app, channel) {
  const link = field('Subscriber\'s public-key link', { name: 'public-key-link', autocomplete: 'off', spellcheck: false });
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  return h('form', { class: 'card stack', 'aria-label': 'Share the channel', onsubmit: async (event) => {
    event.preventDefault();
    await app.run(async () => app.openPastedLink(readCodeLink(link.input.value), { channel }), status);
  } }, h('h2', {}, 'Share with someone'), link.wrapper, status, h('button', { type: 'submit' }, 'Open public key'));
}

