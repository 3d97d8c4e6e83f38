// The scanner: the rear camera (or a picked photo) read by the page's own QR decoder (zxing-cpp in
// WebAssembly, in a Worker), each code routed as `seqr scan` routes it and in its words. Nothing the
// camera sees leaves the phone: frames go to the Worker only, and a code reaches the server only
// when the person then acts on it (subscribing, following a location).
import { encodeBase64URL } from '../base64url.js';
import { CodeSetCollector, SetKind } from '../code-set-collector.js';
import { Camera } from '../camera.js';
import { field, h, message, replace } from '../dom.js';
import { ScanAction, ScanKind, classifyScan } from '../scanned-code.js';
import { ScanWorker } from '../scan-worker-client.js';
import { verifyHealthCard } from '../smart-health-card.js';
import { verifySignedCode } from '../compact-jws.js';
import { escaped, escapedLines } from '../display-name.js';
import { TRUSTED_KEYS_PATH, TrustedKeys, readTrustedKeyText } from '../trusted-keys.js';

// What the scanner keeps between visits: the set being collected (a health card's chunks, a
// sequence). Codes only; nothing decrypted. A paper vault's codes go to the vault view (views/vault.js).
const collector = new CodeSetCollector();

export function scanView(app) {
  const status = h('div', { class: 'status-area', 'aria-live': 'polite' });
  const progress = h('p', { class: 'scan-progress', role: 'status', hidden: true });
  const result = h('div', { class: 'stack scan-result' });
  const video = h('video', { class: 'scan-video', muted: true, playsInline: true, 'aria-label': 'Camera view' });
  const viewfinder = h('div', { class: 'scan-viewfinder', hidden: true }, video, h('div', { class: 'scan-frame', 'aria-hidden': 'true' }));
  const controls = h('div', { class: 'actions scan-controls' });
  const picker = h('input', { type: 'file', accept: 'image/*', multiple: true, id: 'scan-photo', class: 'visually-hidden' });
  const pickLabel = h('label', { for: 'scan-photo', class: 'button' }, 'Pick a photo');
  const again = h('button', { type: 'button', hidden: true }, 'Scan another code');
  const view = h('section', { class: 'stack scan', 'aria-labelledby': 'scan-title' },
    h('h1', { id: 'scan-title' }, 'Scan'),
    h('p', { class: 'hint' }, 'Point the camera at a Seqr code, a signed code, a health card or a paper-vault page. The picture stays on this phone.'),
    h('p', {}, h('a', { href: '#/vault' }, 'Restore a paper vault')),
    viewfinder, progress, status, result, controls, h('div', { class: 'actions' }, again, pickLabel), picker);

  const scanner = new Scanner(app, { video, viewfinder, controls, status, progress, result, again });
  picker.addEventListener('change', () => { scanner.readPhotos([...picker.files]); picker.value = ''; });
  // Keys to trust can also be pasted (a JWK or a JWK set, as `seqr jws keygen --jwk` writes them).
  const pasted = field('Public key (JWK) or key set (JWKS)', { name: 'jwk', rows: 4, spellcheck: false }, { tag: 'textarea' });
  view.append(h('details', { class: 'scan-paste' }, h('summary', {}, 'Trust signing keys by pasting them'),
    h('form', { class: 'stack', onsubmit: (event) => { event.preventDefault(); scanner.stop(); replace(result); scanner.keys(pasted.input.value); } },
      pasted.wrapper, h('button', { type: 'submit' }, 'Read keys'))));
  again.addEventListener('click', () => scanner.start());
  scanner.start();
  return view;
}

class Scanner {
  constructor(app, parts) {
    Object.assign(this, parts, { app, camera: null, worker: null, running: false, generation: app.viewGeneration });
    this.onLeave = () => this.stop();
    // The camera goes off when the view is left, the page hidden or the app locked.
    addEventListener('hashchange', this.onLeave, { once: true });
    addEventListener('pagehide', this.onLeave, { once: true });
    document.addEventListener('visibilitychange', this.onVisibility = () => { if (document.hidden) this.stop(); });
  }

  get current() { return this.app.viewGeneration === this.generation; }

  decoder() {
    this.worker ??= new ScanWorker();
    return this.worker;
  }

  async start() {
    if (!this.current) return;
    this.again.hidden = true;
    replace(this.result);
    // The decoder is fetched and compiled while the camera starts; never before the scanner opens.
    this.decoder().load().catch((error) => { if (error.unavailable) replace(this.status, message('error', error.message)); });
    replace(this.status, message('info', 'Starting the camera…'));
    try {
      this.camera = await Camera.open(this.video);
    } catch (error) {
      replace(this.status, message('error', error.message));
      return;
    }
    if (!this.current) { this.camera.stop(); return; }
    this.viewfinder.hidden = false;
    replace(this.status);
    this.showControls();
    this.running = true;
    this.loop();
  }

  showControls() {
    const { torch, zoom } = this.camera.capabilities;
    const items = [];
    if (torch) {
      let on = false;
      const button = h('button', { type: 'button', 'aria-pressed': 'false', onclick: async () => {
        on = !on;
        try { await this.camera.setTorch(on); button.setAttribute('aria-pressed', String(on)); } catch { on = !on; }
      } }, 'Torch');
      items.push(button);
    }
    if (zoom) {
      items.push(h('label', { class: 'zoom' }, 'Zoom ', h('input', { type: 'range', min: zoom.min, max: zoom.max, step: zoom.step, value: zoom.min,
        oninput: (event) => this.camera.setZoom(Number(event.target.value)).catch(() => {}) })));
    }
    replace(this.controls, ...items);
  }

  stop() {
    this.running = false;
    this.camera?.stop();
    this.camera = null;
    this.viewfinder.hidden = true;
    if (!this.current) {
      document.removeEventListener('visibilitychange', this.onVisibility);
      this.worker?.terminate();
      this.worker = null;
    }
  }

  /** One frame at a time: the next is taken when the decoder has answered, so frames never queue. */
  async loop() {
    while (this.running && this.current) {
      const frame = await this.camera?.frame();
      if (!frame) { await new Promise((resolve) => requestAnimationFrame(resolve)); continue; }
      let codes;
      try {
        codes = await this.decoder().decodeBitmap(frame);
      } catch (error) {
        replace(this.status, message('error', error.message));
        if (error.unavailable) { this.stop(); return; }
        continue;
      }
      if (!this.running) return;
      for (const code of codes) if (await this.handle(code, codes)) return;
    }
  }

  /** Decodes picked photos at full resolution (a screenshot, a photo taken earlier): the same path as frames. */
  async readPhotos(files) {
    this.stop();
    replace(this.result);
    let found = 0;
    for (const file of files) {
      let bitmap;
      try { bitmap = await createImageBitmap(file); } catch {
        replace(this.status, message('error', `${escaped(file.name)} is not a picture this browser can read.`));
        continue;
      }
      let codes;
      try { codes = await this.decoder().decodeBitmap(bitmap, { still: true }); } catch (error) { replace(this.status, message('error', error.message)); return; }
      found += codes.length;
      for (const code of codes) if (await this.handle(code, codes)) return;
    }
    if (found === 0) replace(this.status, message('error', files.length === 1 ? 'No QR code was found in this picture: try one taken closer, sharper or with more light.' : 'No QR code was found in these pictures: try ones taken closer, sharper or with more light.'));
    this.again.hidden = false;
  }

  /** Routes one decoded code (`picture`: every code of its frame or photo); true when a result is shown (scanning pauses). */
  async handle(code, picture = [code]) {
    const decoded = { ...code, sequenceIndex: code.sequence?.index, sequenceSize: code.sequence?.count, sequenceId: code.sequence?.id };
    const scan = decoded.sequenceSize > 1 ? null : await classifyScan(decoded);
    // A paper-vault page: its codes are collected and restored in the vault view, which takes over the camera.
    if (scan?.action === ScanAction.restoreVault) {
      this.stop();
      const { addVaultCodes } = await import('./vault.js');
      await addVaultCodes(picture);
      this.app.vaultFromScanner = true;
      location.hash = '#/vault';
      return true;
    }
    const { outcome, set, whole } = collector.add(decoded, scan);
    if (set) {
      this.progress.hidden = false;
      this.progress.textContent = `${setName(set.kind)}: ${set.progress}${set.missing?.length ? ` (missing ${set.missing.join(', ')})` : ''}`;
      if (outcome === 'otherSet') replace(this.status, message('info', 'That code belongs to another set: it was left out. Finish this one first.'));
      if (!whole) return false;
      collector.reset();
      this.progress.hidden = true;
      if (set.kind === SetKind.healthCard) return this.showResult(() => this.healthCard(whole.texts));
      return this.handle({ bytes: whole.bytes, text: whole.text });
    }
    return this.showResult(() => this.route(scan));
  }

  async showResult(work) {
    this.stop();
    performance.mark('seqr:scan-result');  // scripts/bench-scanner: from "Scan" to the first result
    this.again.hidden = false;
    replace(this.status);
    await this.app.run(work, this.status);
    return true;
  }

  async route(scan) {
    const { result } = this;
    const from = scan.host ? ` (from ${scan.host})` : '';
    for (const warning of scan.warnings ?? []) result.append(message('error', warning.message));
    switch (scan.action) {
      case ScanAction.shareChannel:
        // As `seqr scan` shows it: whose key, and the fingerprint to compare aloud; sharing needs the channel keys.
        result.append(h('h2', {}, 'Public key' + from),
          h('p', {}, 'The public key of ', h('strong', {}, escaped(scan.name)), ', fingerprint ', h('strong', { class: 'fingerprint' }, scan.fingerprint),
            '. Compare the fingerprint with them aloud before you share.'),
          h('button', { type: 'button', class: 'primary', onclick: () => this.app.openCode(scan.code, { host: scan.host ?? null }) }, 'Share a channel to this key'));
        return;
      case ScanAction.subscribe:
      case ScanAction.readMessage:
      case ScanAction.applyRekey:
        this.app.openCode(scan.code, { host: scan.host ?? null });
        return;
      case ScanAction.openLocation:
        result.append(h('h2', {}, 'Location link' + from),
          h('p', {}, 'Someone shares their live location with this link. Only this browser decrypts it.'),
          h('div', { class: 'actions' },
            h('a', { class: 'button primary', href: `${scan.link.pageURL}#k=${encodeBase64URL(scan.link.key)}`, rel: 'noopener noreferrer' }, 'Open the live view'),
            // Kept with the people followed (sealed in this browser), on one map with the others.
            h('button', { type: 'button', onclick: () => this.app.followLink(scan.link) }, 'Follow')));
        return;
      case ScanAction.verifySignedCode: return this.signedCode(scan);
      case ScanAction.verifyHealthCard: return this.healthCard([scan.text]);
      case ScanAction.trustKeys: return this.keys(scan.json);
      case ScanAction.showLink:
        result.append(h('h2', {}, 'Link'), h('p', { class: 'scan-text' }, scan.shown),
          (scan.warnings ?? []).length === 0 ? h('a', { class: 'button', href: scan.content, target: '_blank', rel: 'noopener noreferrer' }, 'Open link') : null);
        return;
      case ScanAction.openKeySheet:
        // A secret share: named, never shown; the vault view takes it (its words are on the paper).
        result.append(h('h2', {}, 'Paper-vault key sheet'),
          h('p', {}, `A paper-vault key sheet: sheet ${scan.sheet.number}; any ${scan.sheet.threshold} sheets of its backup open it with the backup's pages. What it holds is not shown.`),
          h('button', { type: 'button', class: 'primary', onclick: async () => {
            const { handKeySheet } = await import('./vault.js');
            handKeySheet(scan.code);
            location.hash = '#/vault';
          } }, 'Open in the paper vault'));
        return;
      case ScanAction.showText:
        result.append(h('h2', {}, 'Text'), h('pre', { class: 'scan-text' }, scan.shown));
        return;
      default:
        if (scan.kind === ScanKind.keySheet) { result.append(message('error', `A paper-vault key sheet this page cannot read: ${scan.error.message}`)); return; }
        result.append(message('error', `A Seqr code this page cannot open: ${scan.error?.message ?? 'unknown kind'}.`));
    }
  }

  async trustedKeys() {
    const keys = new TrustedKeys(this.app.keyring.unlocked ? this.app.keyring.records : emptyRecords, {
      fetchList: async () => {
        const response = await fetch(`${this.app.base}${TRUSTED_KEYS_PATH}`, { credentials: 'omit' });
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`The server's list of trusted keys could not be read (${response.status}).`);
        return response.text();
      },
    });
    await keys.loadServerList();
    return keys;
  }

  async signedCode(scan) {
    const keys = await this.trustedKeys();
    const heading = h('h2', {}, 'Signed code');
    this.result.append(heading);
    let verified;
    try {
      verified = await verifySignedCode(scan.url ?? scan.token, await keys.signedCodeKeys());
    } catch (error) {
      heading.textContent = 'Not verified';
      this.result.append(message('error', sentence(error.message)), ...this.lockedHint());
      return;
    }
    heading.textContent = 'Verified signed code';
    this.result.append(message('ok', `Signed with ${verified.algorithm}${verified.keyID ? `, key ${escaped(verified.keyID)}` : ''}.`),
      verified.json !== undefined && verified.json !== null && typeof verified.json === 'object'
        ? h('dl', { class: 'scan-facts' }, Object.entries(verified.json).flatMap(([name, value]) => [h('dt', {}, escaped(name)), h('dd', {}, escaped(typeof value === 'string' ? value : JSON.stringify(value)))]))
        : h('pre', { class: 'scan-text' }, verified.text === null ? 'binary payload' : escapedLines(verified.text)));
  }

  async healthCard(texts) {
    const keys = await this.trustedKeys();
    const heading = h('h2', {}, 'SMART Health Card');
    this.result.append(heading);
    let card;
    try {
      card = await verifyHealthCard(texts, await keys.healthCardIssuers());
    } catch (error) {
      heading.textContent = 'Health card not verified';
      this.result.append(message('error', sentence(error.message)), ...this.lockedHint());
      return;
    }
    heading.textContent = 'Verified SMART Health Card';
    this.result.append(h('pre', { class: 'scan-text' }, card.lines.slice(1).map((line) => line.trim()).join('\n')));
  }

  async keys(json) {
    let entry;
    try { entry = await readTrustedKeyText(json); } catch (error) {
      this.result.append(message('error', sentence(error.message)));
      return;
    }
    this.result.append(h('h2', {}, 'Signing keys'),
      h('p', {}, `${entry.keys.length} public key${entry.keys.length === 1 ? '' : 's'}${entry.issuer ? ` of ${escaped(entry.issuer)}` : ''}: `,
        entry.keys.map((k) => escaped(k.kid)).join(', ')),
      h('p', { class: 'hint' }, 'Trust them only if you know whose they are: codes they sign will show as verified.'));
    if (!this.app.keyring.unlocked) {
      this.result.append(message('info', 'Unlock Channels first: the keys you trust are kept sealed with them.'));
      return;
    }
    const button = h('button', { type: 'button', class: 'primary', onclick: async () => {
      button.disabled = true;
      if (await this.app.run(async () => { await (await this.trustedKeys()).add(json); }, this.status)) {
        replace(this.status, message('ok', 'Trusted: codes these keys sign now verify here.'));
      } else button.disabled = false;
    } }, 'Trust these keys');
    this.result.append(button);
  }

  /** The hint to unlock Channels, as a list to spread: none when they are unlocked (append(null) would print "null"). */
  lockedHint() {
    return this.app.keyring.unlocked ? [] : [h('p', { class: 'hint' }, 'Keys you added yourself are used once Channels are unlocked.')];
  }
}

const emptyRecords = { get: async (_name, fallback) => fallback, put: async () => { throw new Error('Unlock Channels first: trusted keys are kept sealed with them.'); } };

function setName(kind) {
  return { healthCard: 'Health card', sequence: 'Linked codes', vault: 'Paper vault codes' }[kind] ?? 'Codes';
}

/** The CLI's lowercase error line as a sentence for the page. */
function sentence(text) {
  const s = String(text);
  return s ? s[0].toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.') : 'Something went wrong.';
}
