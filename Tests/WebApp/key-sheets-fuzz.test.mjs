// A short run of the key-sheet parser's mutation fuzzer (key-sheets-fuzz.mjs; the 1,000,000-run result
// is in docs/fuzzing.md): mutated sheet codes, typed words and texts, and forged shares against a
// real backup's header; every refusal a KeySheetError (VaultError) with a sentence, every share read
// 20 to 33 words that read back to itself, a changed word named only where it is, and no share that
// fails the vault's checks reaching a key derivation.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a short mutation-fuzz run (key-sheets-fuzz.mjs): 2,000 mutated key sheets, no finding', async () => {
  const { fuzz } = await import('./key-sheets-fuzz.mjs');
  const result = await fuzz(2_000, 20261127);
  assert.deepEqual(result.findings.map((f) => `${f.kind}: ${f.error}`), []);
  assert.ok(result.refused > 1000 && result.accepted > 100 && result.forgedAccepted > 50 && result.named > 20, JSON.stringify(result));
});
