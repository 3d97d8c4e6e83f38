// The camera loop of the vault and kit views (js/views/camera-loop.js), with stand-in cameras and
// decoders: frames go one at a time to the decoder and their codes to the view; a stop while the
// camera is still opening closes it as it opens; a second start while one runs does nothing; a
// view no longer shown turns its camera off; a decoder that cannot be had ends the loop, said once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CameraLoop } from '../../Sources/SeqrWebApp/Resources/js/views/camera-loop.js';

/** A camera that opens when `opened()` is called, gives numbered frames and records whether it was stopped. */
function standInCamera() {
  const camera = { stopped: false, frames: 0, stop() { camera.stopped = true; }, async frame() { return camera.stopped ? null : { frame: ++camera.frames }; } };
  let opened;
  const opening = new Promise((resolve) => { opened = () => resolve(camera); });
  return { camera, opened, open: () => opening };
}
const turns = async (n = 5) => { for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0)); };
const decoder = (answer = (frame) => [{ text: `frame ${frame.frame}` }]) => () => ({ decodeBitmap: async (frame) => answer(frame) });

test('frames go to the decoder one at a time and their codes to the view, until the view stops the loop', async () => {
  const { camera, opened, open } = standInCamera();
  const loop = new CameraLoop({}, decoder(), open);
  const taken = [];
  let started = 0;
  const done = loop.start({ current: () => true, started: () => started++, failed: assert.fail,
    take: (codes) => { taken.push(codes[0].text); if (taken.length === 3) loop.stop(); } });
  assert.equal(loop.running, true, 'running while the camera opens');
  opened();
  await done;
  assert.deepEqual(taken, ['frame 1', 'frame 2', 'frame 3']);
  assert.deepEqual([started, camera.stopped, loop.running], [1, true, false]);
});

test('a stop while the camera is still opening closes it as soon as it opens: it is never left on unseen', async () => {
  const { camera, opened, open } = standInCamera();
  const loop = new CameraLoop({}, decoder(), open);
  let started = 0;
  const done = loop.start({ current: () => true, started: () => started++, failed: assert.fail, take: assert.fail });
  loop.stop();
  opened();
  await done;
  assert.deepEqual([camera.stopped, started, camera.frames, loop.running], [true, 0, 0, false]);
});

test('a second start while the camera opens or runs does nothing (a double tap opens one camera)', async () => {
  let opens = 0;
  const { camera, opened, open } = standInCamera();
  const loop = new CameraLoop({}, decoder(), (video) => { opens++; return open(video); });
  const options = { current: () => true, failed: assert.fail, take: () => loop.stop() };
  const first = loop.start(options);
  await loop.start(options);
  opened();
  await first;
  assert.deepEqual([opens, camera.stopped], [1, true]);
});

test('the view no longer shown (left, or drawn again by a lock): its camera goes off', async () => {
  const { camera, opened, open } = standInCamera();
  const loop = new CameraLoop({}, decoder(), open);
  let shown = true;
  const taken = [];
  const done = loop.start({ current: () => shown, failed: assert.fail, take: (codes) => { taken.push(codes); if (taken.length === 2) shown = false; } });
  opened();
  await done;
  assert.deepEqual([taken.length, camera.stopped, loop.running], [2, true, false]);
});

test('a refused camera, a frame the decoder could not read, a decoder that cannot be had: each said, and only the last ends the loop', async () => {
  const refused = new CameraLoop({}, decoder(), async () => { throw new Error('The camera was refused: allow it in the browser.'); });
  const said = [];
  await refused.start({ current: () => true, failed: (error) => said.push(error.message), take: assert.fail });
  assert.deepEqual([said, refused.running], [['The camera was refused: allow it in the browser.'], false]);

  const { camera, opened, open } = standInCamera();
  const failing = new CameraLoop({}, decoder((frame) => {
    if (frame.frame === 1) throw Object.assign(new Error('That frame could not be read.'), { unavailable: false });
    throw Object.assign(new Error('The QR decoder could not be loaded.'), { unavailable: true });
  }), open);
  const errors = [];
  const done = failing.start({ current: () => true, failed: (error) => errors.push([error.message, failing.running]), take: assert.fail });
  opened();
  await done;
  await turns();
  // The loop has ended (and the camera is off) by the time the unavailable decoder is said.
  assert.deepEqual(errors, [['That frame could not be read.', true], ['The QR decoder could not be loaded.', false]]);
  assert.equal(camera.stopped, true);
});
