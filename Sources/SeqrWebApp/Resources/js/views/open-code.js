// A code opened from its link (https://HOST/app/#CODE) or pasted: a public key to share a channel
// to, a channel share to subscribe from, a message to verify and read, or a rekey code to move a
// channel to its next epoch. Nothing from the code is shown before its signature verifies, except
// a public key's name and fingerprint, which are what the person compares. The host the link came
// from is shown with it ("from HOST"), and a pasted link from another host than this page's is flagged.
import { h, message, replace } from '../dom.js';
import { MessageKind } from '../channel-message-code.js';
import { ChannelKeyring } from '../channel-keyring.js';
import { escaped, escapedLines, hasUnprintable } from '../display-name.js';
import { isExpired, isWebLink, schemeOf } from '../message-link-policy.js';
import { CodeType, readHeader } from '../seqr-code-type.js';
import { codeCard, showMade } from './code-card.js';

export function openCodeView(app, opened) {
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const body = h('div', { class: 'stack' });
  const view = h('section', { class: 'stack', 'aria-labelledby': 'code-title' }, h('a', { class: 'back', href: '#/channels' }, '‹ Channels'),
    h('h1', { id: 'code-title' }, 'Seqr code'), status, body);
  if (!opened) return replace(status, message('info', 'No code to open: open a Seqr link, or paste one on the Channels page.')), view;
  app.load(async () => {
    if (opened.error) throw opened.error;
    // The host the link came from, as `seqr scan` shows it ("from HOST"): a look-alike host is seen, not hidden.
    if (opened.from) {
      body.append(h('p', { class: 'code-from', id: 'code-from' }, `from ${opened.from.host}`));
      if (opened.from.foreign) {
        body.append(message('error', `This link is from ${opened.from.host}, not from this app's server (${location.host}): `
          + 'a look-alike host can pose as someone you know. Trust it only if you expected it from there.'));
      }
    }
    const { type } = readHeader(opened.code);
    const title = view.querySelector('h1');
    switch (type) {
      case CodeType.publicKey: title.textContent = 'Public key'; return publicKey(app, opened, body, status);
      case CodeType.channelShare: title.textContent = 'Channel share'; return share(app, opened.code, body, status);
      case CodeType.message: title.textContent = 'Message'; return read(app, opened.code, body);
      case CodeType.rekey: title.textContent = 'Rekey'; return rekey(app, opened.code, body);
      default: return undefined;
    }
  }, status);
  return view;
}

async function publicKey(app, opened, body, status) {
  const identity = await ChannelKeyring.readPublicKey(opened.code);
  const fingerprint = await identity.fingerprint();
  const owned = app.keyring.owned();
  const result = h('div', { class: 'stack' });
  body.append(h('p', {}, 'The public key of ', h('strong', {}, escaped(identity.name)), ', fingerprint ', h('strong', { class: 'fingerprint' }, fingerprint),
    '. Compare the fingerprint with them aloud before you share.'));
  if (owned.length === 0) return body.append(message('info', 'You own no channel yet: create one on the Channels page first.'));
  const chosen = opened.channel ?? owned[0];
  const select = h('select', { id: 'share-channel', name: 'channel' }, owned.map((c, i) => h('option', { value: String(i), selected: c === chosen }, escaped(c.name))));
  body.append(h('form', { class: 'card stack', onsubmit: async (event) => {
    event.preventDefault();
    const channel = owned[Number(select.value)];
    await app.run(async () => {
      const code = await app.keyring.share(channel, identity);
      replace(result, h('h2', {}, `Share of ${escaped(channel.name)} for ${escaped(identity.name)}`),
        codeCard(app, code, { label: 'Channel share', fileName: 'seqr-share.png', hint: `Only ${escaped(identity.name)} can open it.` }));
      showMade(result, `Shared: send this code or its link to ${escaped(identity.name)}.`);
    }, status);
  } }, h('div', { class: 'field' }, h('label', { for: 'share-channel' }, 'Channel'), select), h('button', { type: 'submit', class: 'primary' }, 'Share channel')), result);
}

async function share(app, code, body, status) {
  const result = h('div', { class: 'stack' });
  // A look-alike share (a known channel id or owner name, another owner key) is said first; a second press subscribes.
  let newOwnerKey = false;
  const button = h('button', { type: 'button', class: 'primary', onclick: async () => {
    button.disabled = true;
    const ok = await app.run(async () => {
      const { channel, added } = await app.keyring.subscribe(code, { newOwnerKey }).catch((error) => {
        if (error.code === 'newOwnerKey') { newOwnerKey = true; button.textContent = 'Subscribe anyway'; }
        throw error;
      });
      const fingerprint = await channel.owner.fingerprint();
      const open = h('a', { href: `#/channels/${app.keyring.channels.indexOf(channel)}` }, `Open ${escaped(channel.name)}`);
      replace(result, message('ok', `${added ? 'Subscribed to' : 'Already subscribed to'} ${escaped(channel.name)}, owned by ${escaped(channel.owner.name)}.`), h('p', {}, open),
        h('p', {}, 'Owner\'s fingerprint: ', h('strong', { class: 'fingerprint' }, fingerprint), '. Compare it with the owner\'s.'));
    }, status);
    button.disabled = ok;
  } }, 'Subscribe');
  body.append(h('p', {}, 'A channel share: subscribing checks that it was made for you and signed by the key it carries, then opens the channel\'s key.'), button, result);
}

async function read(app, code, body) {
  const { message: m, channel } = await app.keyring.read(code);
  const fingerprint = await channel.owner.fingerprint();
  const parts = [h('p', { class: 'message ok', role: 'status' }, `Verified: signed by ${escaped(channel.owner.name)} (${fingerprint}) on ${escaped(channel.name)}.`)];
  if (isExpired(m.expires)) parts.push(message('error', `This message expired on ${new Date(m.expires * 1000).toLocaleString()}: it may no longer hold.`));
  // Shown as the CLI shows it: an unprintable character (a text-direction override above all) written as \u{…}.
  const hidden = hasUnprintable(m.content);
  if (hidden) parts.push(message('error', 'This message holds invisible or text-direction characters, shown as \\u{…}: they could disguise what it says.'));
  if (m.kind === MessageKind.url) {
    if (isWebLink(m.content) && !hidden) {
      parts.push(h('p', { class: 'note-text' }, h('a', { href: m.content, rel: 'noopener noreferrer', target: '_blank', id: 'message-link' }, m.content)));
    } else {
      if (!isWebLink(m.content)) parts.push(message('error', `Not a web link: its scheme is "${escaped(schemeOf(m.content) ?? 'none')}", not http or https. Do not open it.`));
      parts.push(h('p', { class: 'note-text', id: 'message-text' }, escapedLines(m.content)));
    }
  } else {
    parts.push(h('p', { class: 'note-text', id: 'message-text' }, escapedLines(m.content)));
  }
  parts.push(h('p', { class: 'message-meta' }, `Posted ${new Date(m.created * 1000).toLocaleString()}`,
    m.expires ? ` · expires ${new Date(m.expires * 1000).toLocaleString()}` : ''));
  body.append(...parts);
}

async function rekey(app, code, body) {
  const { channel, epoch } = await app.keyring.rekey(code);
  body.append(message('ok', `${escaped(channel.name)} has a new key; older messages stay readable.`),
    h('details', { class: 'details' }, h('summary', {}, 'Details'), h('p', { class: 'hint' }, `Key epoch ${epoch}.`)));
}
