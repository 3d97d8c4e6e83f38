// A short run of the `#follow=` link's mutation fuzzer (follow-link-fuzz.mjs; the 1,000,000-run result is
// in docs/fuzzing.md): mutated fragments, links and random text through linkFromFollowFragment; every
// refusal a LocationLinkError, every link read well formed and reading back from its pageURL and key.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a short mutation-fuzz run (follow-link-fuzz.mjs): 20,000 fragments, links and texts, no finding', async () => {
  const { fuzz } = await import('./follow-link-fuzz.mjs');
  const result = await fuzz(20_000, 20261128);
  assert.deepEqual(result.findings.map((f) => `${f.kind}: ${f.error}`), []);
  assert.ok(result.refused > 10_000 && result.accepted > 1_000, JSON.stringify(result));
});
