// A short run of the paper-vault restore's mutation fuzzer (vault-fuzz.mjs; the 1,000,000-run result
// is in docs/fuzzing.md): mutated codes, code sets, messages, plaintexts behind the password, brotli
// streams and parity groups; every refusal a VaultError with a sentence (the wrappers' own errors
// where they are called alone), nothing assembled but the original message, nothing restored but
// the original document or what the sealed plaintext says. Needs the wasm modules (scripts/build-wasm).
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a short mutation-fuzz run (vault-fuzz.mjs): 2,000 mutated vault inputs, no finding', async () => {
  const { fuzz } = await import('./vault-fuzz.mjs');
  const result = await fuzz(2_000, 20261127);
  assert.deepEqual(result.findings.map((f) => `${f.kind}: ${f.error}`), []);
  assert.ok(result.refused > 500 && result.assembled > 50 && result.assembledMutated > 10 && result.restored > 100, JSON.stringify(result));
});
