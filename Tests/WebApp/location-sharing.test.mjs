// Extending a share's expiry: the new time js/location-sharing.js computes, and the PATCH js/api.js sends for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SeqrAPI } from '../../Sources/SeqrWebApp/Resources/js/api.js';
import { extendedExpiry } from '../../Sources/SeqrWebApp/Resources/js/location-sharing.js';

const now = Date.parse('2026-11-25T17:00:00Z');

test('extending counts from the current expiry while it is ahead, from now once it has passed', () => {
  assert.equal(extendedExpiry('2026-11-25T18:40:00Z', 60, now).toISOString(), '2026-11-25T19:40:00.000Z');
  assert.equal(extendedExpiry('2026-11-25T18:40:00Z', 1440, now).toISOString(), '2026-11-26T18:40:00.000Z');
  assert.equal(extendedExpiry('2026-11-25T16:00:00Z', 60, now).toISOString(), '2026-11-25T18:00:00.000Z');
  assert.equal(extendedExpiry(null, 60, now).toISOString(), '2026-11-25T18:00:00.000Z');
});

test('"until I stop" is a null expiry', () => {
  assert.equal(extendedExpiry('2026-11-25T18:40:00Z', null, now), null);
});

test('extendShare PATCHes the share with an ISO date, or null for until revoked', async () => {
  const sent = [];
  const api = new SeqrAPI('http://127.0.0.1:8080/', async (url, init) => {
    sent.push({ url, method: init.method, body: JSON.parse(init.body), auth: init.headers.Authorization });
    return new Response(JSON.stringify({ id: 'abc', expiresAt: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  api.token = 't0k';
  await api.extendShare('abc', new Date('2026-11-25T19:40:00.123Z'));
  await api.extendShare('abc', null);
  assert.deepEqual(sent, [
    { url: 'http://127.0.0.1:8080/v1/location/shares/abc', method: 'PATCH', body: { expiresAt: '2026-11-25T19:40:00Z' }, auth: 'Bearer t0k' },
    { url: 'http://127.0.0.1:8080/v1/location/shares/abc', method: 'PATCH', body: { expiresAt: null }, auth: 'Bearer t0k' },
  ]);
});

test('watched-aware sending: every fix while someone watches or the count is unknown, one per interval while nobody does', async () => {
  const { sendsNow, UNWATCHED_INTERVAL_MS, watchingText } = await import('../../Sources/SeqrWebApp/Resources/js/watched-pacing.js');
  assert.equal(UNWATCHED_INTERVAL_MS, 180_000);
  assert.equal(sendsNow(null, now - 1000, now), true);
  assert.equal(sendsNow(2, now - 1000, now), true);
  assert.equal(sendsNow(0, null, now), true);
  assert.equal(sendsNow(0, now - 1000, now), false);
  assert.equal(sendsNow(0, now - UNWATCHED_INTERVAL_MS + 1, now), false);
  assert.equal(sendsNow(0, now - UNWATCHED_INTERVAL_MS, now), true);
  assert.deepEqual([null, 0, 1, 2].map((n) => watchingText(n)), ['—', 'nobody', '1 watching', '2 watching']);
});

test('shareWatching asks for the count, held open with changedFrom', async () => {
  const sent = [];
  const api = new SeqrAPI('http://127.0.0.1:8080', async (url, init) => {
    sent.push({ url, method: init.method, auth: init.headers.Authorization });
    return new Response(JSON.stringify({ watching: 2 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  api.token = 't0k';
  assert.equal(await api.shareWatching('abc'), 2);
  assert.equal(await api.shareWatching('abc', 0), 2);
  assert.deepEqual(sent.map((s) => s.url), ['http://127.0.0.1:8080/v1/location/shares/abc/watching',
    'http://127.0.0.1:8080/v1/location/shares/abc/watching?changedFrom=0']);
  assert.ok(sent.every((s) => s.method === 'GET' && s.auth === 'Bearer t0k'));
});
