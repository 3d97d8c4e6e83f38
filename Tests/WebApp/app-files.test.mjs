// What the app's files promise by construction: the service worker caches exactly the shell,
// no script writes HTML from a string or evaluates code, the format and crypto modules touch no
// DOM, crypto comes only from WebCrypto, and index.html loads nothing from another origin.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

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

test('the service worker caches every file of the app shell, and only those', async () => {
  const sw = read('sw.js');
  const listed = JSON.parse(sw.match(/const SHELL = (\[[\s\S]*?\]);/)[1].replace(/'/g, '"').replace(/,\s*\]/, ']'));
  const expected = all.filter((f) => f !== 'sw.js' && !/\.(md|txt)$/.test(f)).concat('./', 'vendor/qrcode-generator.js');
  assert.deepEqual([...new Set(listed)].sort(), [...new Set(expected)].sort());
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
    'sealed-records.js', 'channel-keyring.js', 'message-link-policy.js', 'display-name.js', 'identity-backup.js'];
  for (const f of pure) assert.doesNotMatch(code(`js/${f}`), /\bdocument\b|\bwindow\b|\blocalStorage\b|\bnavigator\b/, f);
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
