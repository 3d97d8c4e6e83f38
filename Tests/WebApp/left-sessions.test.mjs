// A page going away ends its session with a keepalive request the browser may never deliver; it also
// keeps the session's id (a hash that cannot authenticate), and the next sign-in ends it for sure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionID } from '../../Sources/SeqrWebApp/Resources/js/api.js';
import { Session } from '../../Sources/SeqrWebApp/Resources/js/session.js';

class MemoryStorage {
  #items = new Map();
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(key, String(value)); }
  removeItem(key) { this.#items.delete(key); }
}

const TOKEN = 'A'.repeat(43);
// SHA-256 of the 43 "A"s, base64url (Python's hashlib; SessionTokenTests checks the server's hash of the same token).
const TOKEN_ID = 'DwBzhbb51LfusnSGBa_hqYSgo7-j8BTQnip4TOnlzRo';

function recordingSession(status = () => 204) {
  const storage = new MemoryStorage();
  const session = new Session('http://127.0.0.1:8080', storage);
  const sent = [];
  session.api.fetch = async (url, init) => {
    sent.push({ path: new URL(url).pathname, method: init.method, auth: init.headers.Authorization, keepalive: init.keepalive === true });
    const code = status(url);
    if (code === 'offline') throw new TypeError('Failed to fetch');
    return new Response(code === 204 ? null : JSON.stringify({ error: 'x', message: 'x' }), { status: code });
  };
  return { session, storage, sent };
}

async function holding(session, token) {
  session.api.token = token;
  while (session.api.tokenID === null) await new Promise((resolve) => setTimeout(resolve, 1));
}

test("a session's id is the base64url SHA-256 of its token, as the server keys it", async () => {
  assert.equal(await sessionID(TOKEN), TOKEN_ID);
});

test('leaving sends the keepalive logout and keeps the id; the next sign-in ends that session with its own token', async () => {
  const { session, storage, sent } = recordingSession();
  await holding(session, TOKEN);
  session.leave();
  assert.equal(session.api.token, null);
  assert.deepEqual(sent, [{ path: '/v1/sessions/current', method: 'DELETE', auth: `Bearer ${TOKEN}`, keepalive: true }]);
  assert.deepEqual(JSON.parse(storage.getItem('seqr.left-sessions')), [TOKEN_ID]);
  assert.ok(!storage.getItem('seqr.left-sessions').includes(TOKEN), 'the token itself is never stored');

  session.api.token = 'B'.repeat(43);
  session.adopt({ username: 'ana', kdf: { algorithm: 'pbkdf2-sha256', iterations: 1, salt: 'AA==' } }, null);
  await session.leftSessionsEnded;
  assert.deepEqual(sent[1], { path: `/v1/sessions/${TOKEN_ID}`, method: 'DELETE', auth: `Bearer ${'B'.repeat(43)}`, keepalive: false });
  assert.deepEqual(JSON.parse(storage.getItem('seqr.left-sessions')), []);
});

test('offline, the id is kept for the next sign-in; a refusal drops it; at most 8 are kept', async () => {
  const { session, storage, sent } = recordingSession(() => 'offline');
  for (let i = 0; i < 10; i++) {
    await holding(session, `${i}`.padStart(43, 'x'));
    session.leave();
  }
  const kept = JSON.parse(storage.getItem('seqr.left-sessions'));
  assert.equal(kept.length, 8);
  assert.equal(kept.at(-1), await sessionID('9'.padStart(43, 'x')));
  session.api.token = 'C'.repeat(43);
  session.adopt({ username: 'ana', kdf: { algorithm: 'pbkdf2-sha256', iterations: 1, salt: 'AA==' } }, null);
  await session.leftSessionsEnded;
  assert.equal(JSON.parse(storage.getItem('seqr.left-sessions')).length, 8);
  assert.equal(sent.filter((request) => request.path.length > 30).length, 8);

  session.api.fetch = async () => new Response(JSON.stringify({ error: 'bad_request', message: 'x' }), { status: 400 });
  session.adopt({ username: 'ana', kdf: { algorithm: 'pbkdf2-sha256', iterations: 1, salt: 'AA==' } }, null);
  await session.leftSessionsEnded;
  assert.deepEqual(JSON.parse(storage.getItem('seqr.left-sessions')), []);
});

test('a stored list that is not a list of ids is ignored, never sent', async () => {
  const { session, storage, sent } = recordingSession();
  storage.setItem('seqr.left-sessions', '["../account", 5, "' + 'A'.repeat(44) + '"]');
  session.api.token = TOKEN;
  session.adopt({ username: 'ana', kdf: { algorithm: 'pbkdf2-sha256', iterations: 1, salt: 'AA==' } }, null);
  await session.leftSessionsEnded;
  assert.deepEqual(sent, []);
  storage.setItem('seqr.left-sessions', '{not json');
  session.adopt({ username: 'ana', kdf: { algorithm: 'pbkdf2-sha256', iterations: 1, salt: 'AA==' } }, null);
  await session.leftSessionsEnded;
  assert.deepEqual(sent, []);
});
