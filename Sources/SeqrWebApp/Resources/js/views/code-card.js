// A code shown to be scanned: its QR code (of the link, so any phone camera opens it here), the
// link as text, "Share…" and "Copy link", a PNG to download and a print button.
import { codeLink } from '../seqr-code-link.js';
import { field, h, message, replace } from '../dom.js';
import { loadQRCodeLibrary, qrCodePNG, qrCodeSVG } from '../qr-code.js';
import { linkButtons } from './link-buttons.js';

export function codeCard(app, code, { label, fileName, hint }) {
  const link = codeLink(app.base, code);
  const frame = h('div', { class: 'qr-frame' });
  const linkField = field(`${label} link`, { name: 'code-link', value: link, readOnly: true, spellcheck: false }, { hint });
  linkField.input.addEventListener('focus', () => linkField.input.select());
  const download = h('a', { class: 'button', download: fileName, hidden: true }, 'Download PNG');
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const card = h('div', { class: 'card stack', role: 'group', 'aria-label': label }, frame, linkField.wrapper,
    h('div', { class: 'actions' }, linkButtons(link, { title: `Seqr ${label.toLowerCase()}`, input: linkField.input, status })),
    h('div', { class: 'actions' }, download, h('button', { type: 'button', onclick: () => { card.classList.add('printing'); print(); card.classList.remove('printing'); } }, 'Print')), status);
  (async () => {
    try {
      await loadQRCodeLibrary();
      replace(frame, qrCodeSVG(link, `${label} QR code`));
      download.href = URL.createObjectURL(await qrCodePNG(link));
      download.hidden = false;
    } catch (error) { replace(status, message('error', error.message ?? String(error))); }  // qrcode-generator throws strings
  })();
  return card;
}

/** After an action made codes: `text` confirms it at the top of `container` (which holds the cards),
 *  brought into view, so the result of a tap low on the screen is not missed. */
export function showMade(container, text) {
  container.prepend(message('ok', text));
  requestAnimationFrame(() => container.scrollIntoView({ block: 'start' }));
}
