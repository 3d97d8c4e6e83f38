// A short run of the scanner parsers' mutation fuzzer (signed-codes-fuzz.mjs; the 1,000,000-run
// result is in docs/fuzzing.md): every refusal of a mutated signed code or health card is a
// JWSError or SmartHealthCardError, no changed token or card verifies, and routing never throws.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a short mutation-fuzz run (signed-codes-fuzz.mjs): 5,000 mutated signed codes, cards and payloads, no finding', async () => {
  const { fuzz } = await import('./signed-codes-fuzz.mjs');
  const result = await fuzz(5_000, 20261127);
  assert.deepEqual(result.findings.map((f) => `${f.error}`), []);
  assert.ok(result.refused > 1000 && result.accepted > 100, JSON.stringify(result));
});
