// "Share…" and "Copy link" for a link shown on a card: Web Share (the phone's share sheet) where
// the browser has it, else a copy; every copy says "Copied" in the card's status, where it is seen.
import { h, message, replace } from '../dom.js';

export function linkButtons(link, { title, input, status }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      replace(status, message('ok', 'Copied: the link is on the clipboard.'));
    } catch {
      input?.select();
      replace(status, message('info', 'Copy did not work here: the link is selected, copy it by hand.'));
    }
  };
  const share = h('button', { type: 'button', class: 'primary', onclick: async () => {
    if (!navigator.share) { await copy(); return; }
    try { await navigator.share({ title, url: link }); } catch (error) { if (error?.name !== 'AbortError') await copy(); }
  } }, 'Share…');
  return [share, h('button', { type: 'button', onclick: copy }, 'Copy link')];
}
