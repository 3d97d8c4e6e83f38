// What the app's files promise by construction: the service worker caches exactly the shell,
// no script writes HTML from a string or evaluates code, the format and crypto modules touch no
// DOM, crypto comes only from WebCrypto, and index.html loads nothing from another origin.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

const root = new URL('../../Sources/SeqrWebApp/Resources/', import.meta.url).pathname;
function files(dir = root) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(root, path)];
  });
}
const all = files();
const scripts = all.filter((f) => f.endsWith('.js'));
const read = (f) => readFileSync(join(root, f), 'utf8');
// Comments name the things they avoid; only code counts.
const code = (f) => read(f).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const listOf = (name) => JSON.parse(read('sw.js').match(new RegExp(`const ${name} = (\\[[\\s\\S]*?\\]);`))[1].replace(/'/g, '"').replace(/,\s*\]/, ']'));
// Built by scripts/build-wasm, git-ignored: present or not, the service worker names them.
const QR_DECODER = 'wasm/zxing.wasm';
const VAULT_MODULES = ['wasm/chacha20poly1305.wasm', 'wasm/brotli-dec.wasm', 'wasm/isal-ec.wasm', 'wasm/brotli-enc.wasm'];
const VAULT_WRAPPERS = ['js/chacha20poly1305-wasm.js', 'js/brotli-wasm.js', 'js/isal-erasure-code.js', 'js/brotli-encoder-wasm.js'];

test('the service worker caches every file of the app shell, and only those, the WebAssembly modules with them (the installed app scans and restores a vault offline)', async () => {
  const listed = listOf('SHELL');
  const expected = all.filter((f) => f !== 'sw.js' && !/\.(md|txt)$/.test(f)).concat('./', 'vendor/qrcode-generator.js', QR_DECODER, ...VAULT_MODULES);
  assert.deepEqual([...new Set(listed)].sort(), [...new Set(expected)].sort());
  for (const module of [QR_DECODER, ...VAULT_MODULES]) assert.ok(listed.includes(module), `${module} is not cached at install`);
  assert.doesNotMatch(read('sw.js'), /ON_DEMAND/);
  // A build without the modules (git-ignored, made by scripts/build-wasm) still installs an offline shell:
  // the modules are added one by one, each allowed to fail, and only the rest with addAll.
  assert.match(code('sw.js'), /SHELL\.filter\(\(path\) => !path\.endsWith\('\.wasm'\)\)/);
  assert.match(code('sw.js'), /cache\.add\(request\(path\)\)\.catch\(/);
});

// Every module a page load fetches before any view asks for more: index.html's script and its static imports.
function staticallyLoaded() {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const [, path] of code(f).matchAll(/^\s*(?:import|export)\s[^;]*?from '([^']+)'/gm)) visit(relative(root, join(root, f, '..', path)));
  };
  for (const [, src] of read('index.html').matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) if (src !== 'vendor/qrcode-generator.js') visit(src);
  return seen;
}

test('the QR decoder loads only when the scanner opens: no module a page load fetches imports it, and no page names the .wasm', () => {
  const loaded = staticallyLoaded();
  assert.ok(loaded.has('app.js') && loaded.has('js/views/sign-in.js'), [...loaded].join(' '));
  // The pool compiles the decoder once in the page for its Workers: it too loads only with a view that reads pictures.
  const decoder = ['js/zxing-wasm.js', 'js/qr-picture-reader.js', 'js/gray-image-filters.js', 'js/scan-requests.js', 'js/scan-warm-up.js', 'js/scan-worker.js', 'js/scan-worker-pool.js', 'js/vault-page-reader.js'];
  for (const f of decoder) assert.ok(!loaded.has(f), `${f} is loaded with the page`);
  for (const f of scripts.filter((name) => !decoder.includes(name) && name !== 'sw.js')) {
    assert.doesNotMatch(code(f), /zxing\.wasm\b|zxing-wasm\.js|scan-requests\.js/, `${f} reaches the decoder other than through the scanner's Worker`);
  }
});

test('the paper vault\'s modules load only when the vault view opens: no module a page load fetches imports them, and only their wrappers name them', () => {
  const loaded = staticallyLoaded();
  for (const f of [...VAULT_WRAPPERS, 'js/wasm-reactor.js', 'js/vault-restore.js', 'js/views/vault.js', 'js/vault-backup-writer.js', 'js/views/vault-backup.js']) {
    assert.ok(!loaded.has(f), `${f} is loaded with the page`);
  }
  VAULT_MODULES.forEach((module, i) => {
    const name = module.slice('wasm/'.length).replace('.', '\\.');
    for (const f of scripts.filter((s) => s !== VAULT_WRAPPERS[i] && s !== 'sw.js')) assert.doesNotMatch(code(f), new RegExp(name), `${f} names ${module}`);
    assert.match(code(VAULT_WRAPPERS[i]), new RegExp(`'\\.\\./wasm/${name}'`), `${VAULT_WRAPPERS[i]} loads ${module} from this origin`);
  });
});

test('the bytes a page load fetches before sign-in stay under 100 KB gzipped (every statically loaded module, the style, the icons)', () => {
  const files = [...staticallyLoaded(), 'index.html', 'app.css', 'manifest.webmanifest', 'icons/icon.svg', 'icons/icon-192.png'];
  const size = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(root, f)), { level: 9 }).length, 0);
  console.log(`before sign-in: ${files.length} files, ${size} bytes gzip -9`);
  assert.ok(size <= 100_000, `${size} bytes gzipped in ${files.length} files`);
});

test('the service worker never answers for the API', () => {
  const sw = code('sw.js');
  assert.match(sw, /url\.pathname\.startsWith\(scope\.pathname\)/);
  assert.doesNotMatch(sw, /\/v1\//);
});

test('no script sets HTML from a string, evaluates code, or uses a timer with a string', () => {
  for (const f of scripts) {
    assert.doesNotMatch(code(f), /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setTimeout\(\s*['"`]/, f);
  }
});

test('format, crypto and API modules touch no DOM and use only WebCrypto for crypto', () => {
  const pure = ['bytes.js', 'note-kdf.js', 'note-field.js', 'note.js', 'note-error.js', 'location-fix.js', 'share-link.js', 'api.js', 'seen-versions.js',
    'byte-reader.js', 'channel-error.js', 'channel-message-code.js', 'channel-rekey-code.js', 'channel-share-code.js', 'hkdf.js', 'hpke.js',
    'private-identity.js', 'public-identity.js', 'public-key-code.js', 'seqr-code-link.js', 'seqr-code-type.js',
    'sealed-records.js', 'channel-keyring.js', 'message-link-policy.js', 'display-name.js', 'identity-backup.js',
    'payload-display.js', 'zxing-wasm.js', 'gray-image-filters.js', 'qr-picture-reader.js', 'scan-requests.js', 'scan-warm-up.js', 'scan-worker.js',
    'wasm-reactor.js', 'chacha20poly1305-wasm.js', 'brotli-wasm.js', 'brotli-encoder-wasm.js', 'isal-erasure-code.js', 'vault-code.js', 'vault-error.js',
    'vault-assembler.js', 'vault-message.js', 'vault-restore.js'];
  // Words in strings are words ("the document is truncated"); code outside them is what counts.
  const outsideStrings = (text) => text.replace(/'(?:[^'\\\n]|\\.)*'/g, "''").replace(/`(?:[^`\\$]|\\.)*`/g, '``');
  for (const f of pure) assert.doesNotMatch(outsideStrings(code(`js/${f}`)), /\bdocument\b|\bwindow\b|\blocalStorage\b|\bnavigator\b/, f);
  for (const f of scripts) assert.doesNotMatch(code(f), /Math\.random/, `${f}: randomness only from crypto.getRandomValues`);
});

test('every import resolves to a file of the app', () => {
  for (const f of scripts) {
    for (const [, path] of code(f).matchAll(/from '([^']+)'/g)) {
      assert.ok(path.startsWith('.'), `${f} imports ${path} from outside the app`);
      const target = relative(root, join(root, f, '..', path));
      assert.ok(all.includes(target), `${f} imports ${path}, which is not a file`);
    }
  }
});

test('index.html and the manifest name only this origin\'s files, and no inline script or style', () => {
  const html = read('index.html');
  for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
    assert.ok(!/^(https?:)?\/\//.test(url), `index.html loads ${url}`);
    if (!url.startsWith('#') && url !== 'vendor/qrcode-generator.js') assert.ok(all.includes(url), `index.html names ${url}, which is not a file`);
  }
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'inline script');
  assert.doesNotMatch(html, /<style|\sstyle="|\son[a-z]+="/, 'inline style or handler');
  const manifest = JSON.parse(read('manifest.webmanifest'));
  assert.equal(manifest.display, 'standalone');
  for (const icon of manifest.icons) assert.ok(all.includes(icon.src), icon.src);
});
