// js/lock-broadcast.js: what one tab does to the keys reaches the others (issue 47), and nothing else
// travels: only the known messages, each a type and no more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOCK_CHANNEL_NAME, LockBroadcast, LockMessage } from '../../Sources/SeqrWebApp/Resources/js/lock-broadcast.js';

test('a lock posted in one tab reaches every other tab of the origin, and not the tab that posted it', async () => {
  const received = { first: [], second: [], third: [] };
  const tabs = Object.fromEntries(Object.keys(received).map((name) => [name, new LockBroadcast((type) => received[name].push(type))]));
  tabs.first.post(LockMessage.lock);
  tabs.second.post(LockMessage.signOut);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(received.first, [LockMessage.signOut]);
  assert.deepEqual(received.second, [LockMessage.lock]);
  assert.deepEqual(received.third, [LockMessage.lock, LockMessage.signOut]);
  for (const tab of Object.values(tabs)) tab.close();
});

test('unknown messages are neither sent nor acted on; without BroadcastChannel the tab still works alone', async () => {
  const received = [];
  const tab = new LockBroadcast((type) => received.push(type));
  assert.throws(() => tab.post('unlock'), /unknown lock message/);
  const stranger = new BroadcastChannel(LOCK_CHANNEL_NAME);
  stranger.postMessage({ type: 'unlock' });
  stranger.postMessage('lock');
  stranger.postMessage({ type: LockMessage.lockChannels });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(received, [LockMessage.lockChannels]);
  stranger.close();
  tab.close();
  const alone = new LockBroadcast(() => {}, undefined);
  assert.doesNotThrow(() => alone.post(LockMessage.lock));
  alone.close();
  const none = new LockBroadcast(() => {}, null);
  assert.equal(none.channel, null);
  assert.doesNotThrow(() => none.post(LockMessage.lock));
});
