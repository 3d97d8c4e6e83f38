// js/display-name.js: untrusted text shown as the CLI shows it (DisplayName.escaped, escapedLines in
// Swift; the cases are DisplayNameTests').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escaped, escapedLines, hasUnprintable } from '../../Sources/SeqrWebApp/Resources/js/display-name.js';

test('escaped shows every unprintable scalar as \\u{…} and doubles backslashes, as the CLI does', () => {
  assert.equal(escaped('A\u001B[31mB'), 'A\\u{1B}[31mB');
  assert.equal(escaped('x\u202Ey\u200Bz\u2028'), 'x\\u{202E}y\\u{200B}z\\u{2028}');
  assert.equal(escaped('a\\u{1B}b'), 'a\\\\u{1B}b');
  assert.equal(escaped('\u009B\u007F\t'), '\\u{9B}\\u{7F}\\u{9}');
  assert.equal(escaped('https://bank.example/\u{E000}\u{10FFFF}'), 'https://bank.example/\\u{E000}\\u{10FFFF}');
  for (const name of ['Zoë ✓', 'Владимир', 'محمد', '李小龙', "O'Brien & Söhne", '']) {
    assert.equal(escaped(name), name);
    assert.equal(hasUnprintable(name), false);
  }
  assert.equal(hasUnprintable('https://a.example/\u202Egnp.exe'), true);
});

test('escapedLines keeps LF and CR LF line breaks; a lone CR is shown, not obeyed', () => {
  assert.equal(escapedLines('one\ntwo\r\nthree\rfour\u2029'), 'one\ntwo\nthree\\u{D}four\\u{2029}');
});
