// A short run of the keyring rollback binding's mutation fuzzer (keyring-manifest-fuzz.mjs; the
// 1,000,000-run result is in docs/fuzzing.md): the storage's records changed at random against a
// manifest, opened manifests of any shape, and the account's sealed counter altered; every record that
// differs named (a record named "constructor" or "__proto__" added to the storage used to go unnamed),
// every refusal a KeyringRollbackError, and only the unaltered counter opening.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a short mutation-fuzz run (keyring-manifest-fuzz.mjs): 5,000 storages, manifests and counters, no finding', async () => {
  const { fuzz } = await import('./keyring-manifest-fuzz.mjs');
  const result = await fuzz(5_000, 20261128);
  assert.deepEqual(result.findings.map((f) => `${f.kind}: ${f.error}`).slice(0, 5), []);
  assert.ok(result.byKind.stored > 1500 && result.byKind.shape > 500 && result.byKind.counter > 1000, JSON.stringify(result.byKind));
});
