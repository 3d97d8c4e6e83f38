// Seqr's service worker: keeps the app shell (this page's HTML, style, scripts, icons) so the app
// opens offline. It never caches or answers anything outside /app/ — no API response, key or note
// is ever stored here — and fetches the shell from the network first, so an update shows at once.
const CACHE = 'seqr-app-shell-v4';
// The WebAssembly modules too (the QR decoder about 250 KB gzipped, the paper vault's four about
// 260 KB, 167 KB of it the brotli encoder that only a backup loads): cached at install, in the
// background after the first page has shown (no page load imports them), so that the installed app
// scans, restores and backs up a paper vault with no network even if none was opened online.
const SHELL = [
  './', 'index.html', 'app.css', 'manifest.webmanifest', 'icons/icon.svg', 'icons/search.svg', 'icons/icon-192.png', 'icons/icon-512.png',
  'vendor/qrcode-generator.js',
  'app.js', 'js/api.js', 'js/bytes.js', 'js/dom.js', 'js/idle-lock.js', 'js/lock-broadcast.js', 'js/location-fix.js', 'js/location-sharing.js',
  'js/note-error.js', 'js/note-field.js', 'js/note-kdf.js', 'js/note.js', 'js/notes-client.js', 'js/qr-code.js',
  'js/seen-versions.js', 'js/session.js', 'js/share-link.js', 'js/account-key.js', 'js/views/unlock-methods.js',
  'js/byte-reader.js', 'js/channel-error.js', 'js/channel-message-code.js', 'js/channel-rekey-code.js', 'js/channel-share-code.js',
  'js/hkdf.js', 'js/hpke.js', 'js/private-identity.js', 'js/public-identity.js', 'js/public-key-code.js', 'js/seqr-code-link.js',
  'js/seqr-code-type.js', 'js/sealed-records.js', 'js/keyring-manifest.js', 'js/keyring-account-counter.js', 'js/idb-records.js', 'js/identity-backup.js', 'js/channel-keyring.js', 'js/message-link-policy.js', 'js/display-name.js',
  'js/base64url.js', 'js/jws-error.js', 'js/jwk.js', 'js/compact-jws.js', 'js/raw-deflate.js', 'js/smart-health-card.js', 'js/trusted-keys.js',
  'js/location-share-link.js', 'js/vault-code.js', 'js/url-warnings.js', 'js/scanned-code.js', 'js/code-set-collector.js',
  'js/views/location.js', 'js/views/note-detail.js', 'js/views/note-editor.js', 'js/views/note-list.js',
  'js/views/password.js', 'js/views/sign-in.js', 'js/views/channel.js', 'js/views/channels.js', 'js/views/code-card.js',
  'js/views/confirm-dialog.js', 'js/views/link-buttons.js',
  'js/views/keyring.js', 'js/views/open-code.js', 'js/views/identity-backup.js', 'js/views/scan.js',
  'js/payload-display.js', 'js/zxing-wasm.js', 'js/gray-image-filters.js', 'js/qr-picture-reader.js', 'js/scan-requests.js', 'js/scan-warm-up.js', 'js/scan-worker.js',
  'js/scan-worker-client.js', 'js/scan-worker-pool.js', 'js/vault-page-reader.js', 'js/vault-whole-page.js', 'js/camera.js', 'js/watched-pacing.js', 'js/screen-wake-lock.js',
  'js/wasm-reactor.js', 'js/chacha20poly1305-wasm.js', 'js/brotli-wasm.js', 'js/brotli-encoder-wasm.js', 'js/isal-erasure-code.js', 'js/vault-error.js',
  'js/vault-assembler.js', 'js/vault-message.js', 'js/vault-restore.js', 'js/views/vault.js', 'js/views/camera-loop.js',
  'js/slip39-wordlist.js', 'js/rs1024.js', 'js/gf256.js', 'js/shamir-sharing.js', 'js/master-secret-cipher.js',
  'js/key-sheet-error.js', 'js/key-share.js', 'js/key-sheets.js', 'js/views/vault-key-sheets.js',
  'js/vault-parity-plan.js', 'js/vault-backup-error.js', 'js/vault-backup-writer.js', 'js/vault-printout.js', 'js/vault-restore-program.js', 'js/views/vault-backup.js',
  'js/people.js', 'js/people-feeds.js', 'js/views/people.js', 'js/views/people-map.js',
  'js/map-tiles.js',
  'js/passkey-wrapping.js', 'js/passkeys.js', 'js/passkey-session.js', 'js/views/passkey-form.js',
  'js/notes-kit.js', 'js/kit-recovery.js', 'js/views/kit-recover.js',
  'js/kit-making.js', 'js/notes-kit-printout.js', 'js/views/kit-print.js',
  'wasm/zxing.wasm', 'wasm/chacha20poly1305.wasm', 'wasm/brotli-dec.wasm', 'wasm/isal-ec.wasm', 'wasm/brotli-enc.wasm',
];
const scope = new URL(self.registration.scope);

self.addEventListener('install', (event) => {
  // The WebAssembly modules one by one, each allowed to fail: a build without them (scripts/build-wasm
  // not run) still gets an offline shell, saying the scanner is unavailable, rather than none.
  const request = (path) => new Request(new URL(path, scope), { cache: 'no-cache' });
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all([
    cache.addAll(SHELL.filter((path) => !path.endsWith('.wasm')).map(request)),
    ...SHELL.filter((path) => path.endsWith('.wasm')).map((path) => cache.add(request(path)).catch(() => undefined)),
  ])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  // Only the shell: same origin, under /app/, GET. Everything else (the API above all) goes to the
  // network untouched.
  if (event.request.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(event.request, { cache: 'no-cache' });
      if (response.ok && SHELL.some((path) => new URL(path, scope).href === url.origin + url.pathname)) cache.put(url.origin + url.pathname, response.clone());
      return response;
    } catch {
      const cached = await cache.match(url.origin + url.pathname) ?? (event.request.mode === 'navigate' ? await cache.match(new URL('./', scope).href) : undefined);
      return cached ?? Response.error();
    }
  })());
});
