// A short run of the notes-kit parser's mutation fuzzer (notes-kit-fuzz.mjs; the 1,000,000-run result is
// in docs/fuzzing.md): mutated account codes, codes printed from any strings and read back, forged codes
// and kit keys of other lengths; every refusal a NotesKitError of the call's own case, every code read
// writing back its own bytes, and its tag verifying exactly when the kit prints it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a short mutation-fuzz run (notes-kit-fuzz.mjs): 5,000 account codes, printed strings, forgeries and kit keys, no finding', async () => {
  const { fuzz } = await import('./notes-kit-fuzz.mjs');
  const result = await fuzz(5_000, 20261128);
  assert.deepEqual(result.findings.map((f) => `${f.kind}: ${f.error}`), []);
  assert.ok(result.refused > 1000 && result.accepted > 100 && result.verified > 50 && result.printed > 50 && result.forgeriesRefused > 200, JSON.stringify(result));
});
