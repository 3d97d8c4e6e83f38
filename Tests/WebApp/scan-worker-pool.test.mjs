// The Workers that read picked pictures side by side (js/scan-worker-pool.js), driven with
// stand-in Workers whose answers the test releases by hand: no more at once than the pool's size,
// every picture answered, one compilation shared by every Worker and handed to it before its first
// picture, a stopped Worker replaced, and pictures still waiting refused once the pool is stopped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { poolSize, ScanWorkerPool } from '../../Sources/SeqrWebApp/Resources/js/scan-worker-pool.js';
import { ScanWorkerError } from '../../Sources/SeqrWebApp/Resources/js/scan-worker-client.js';

/** Stand-in Workers: each records what it was sent; `answer()` settles the oldest picture in flight. */
function standIns() {
  const made = [], inFlight = [];
  let busy = 0, mostBusy = 0;
  const makeWorker = () => {
    const worker = {
      loads: [], pictures: [], terminated: false,
      loadOptions: [],
      load: async (module, options) => { worker.loads.push(module); worker.loadOptions.push(options); },
      decodePicture: (picture, options) => new Promise((resolve, reject) => {
        assert.equal(worker.loads.length, 1, 'the decoder is loaded before the first picture');
        worker.pictures.push({ picture, options });
        busy++;
        mostBusy = Math.max(mostBusy, busy);
        inFlight.push({ picture, resolve: (codes) => { busy--; resolve(codes); }, reject: (error) => { busy--; reject(error); } });
      }),
      terminate: () => { worker.terminated = true; },
    };
    made.push(worker);
    return worker;
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { made, inFlight, makeWorker, settled, mostBusy: () => mostBusy };
}

test('the pool size: one Worker a core, at most three, two when the browser does not say; no more than the device has gigabytes', () => {
  assert.equal(poolSize(1), 1);
  assert.equal(poolSize(2), 2);
  assert.equal(poolSize(8), 3);
  assert.equal(poolSize(undefined), 2);
  assert.equal(poolSize(0), 2);
  // No more Workers than gigabytes of memory, as the browser rounds them; unknown memory sets no limit.
  assert.equal(poolSize(8, 0.5), 1);
  assert.equal(poolSize(8, 1), 1);
  assert.equal(poolSize(8, 2), 2);
  assert.equal(poolSize(8, 4), 3);
  assert.equal(poolSize(2, 8), 2);
  assert.equal(poolSize(8, undefined), 3);
});

test('ten pictures on two Workers: never more than two at once, every picture answered, one compilation for both', async () => {
  const s = standIns();
  let compilations = 0;
  const module = { compiled: true };
  const pool = new ScanWorkerPool(2, s.makeWorker, async () => { compilations++; return module; });
  const answers = Array.from({ length: 10 }, (_, i) => pool.decodePicture(`picture ${i}`, { vaultPage: { codesPerPage: 6 } }));
  for (let answered = 0; answered < 10; answered++) {
    await s.settled();
    assert.ok(s.inFlight.length >= 1 && s.inFlight.length <= 2, `${s.inFlight.length} in flight`);
    const next = s.inFlight.shift();
    next.resolve([{ bytes: new Uint8Array([answered]), from: next.picture }]);
  }
  const codes = await Promise.all(answers);
  assert.deepEqual(codes.map(([code]) => code.from), Array.from({ length: 10 }, (_, i) => `picture ${i}`));
  assert.equal(s.made.length, 2);
  assert.equal(s.mostBusy(), 2);
  assert.equal(compilations, 1);
  assert.ok(s.made.every((worker) => worker.loads.length === 1 && worker.loads[0] === module));
  // Pictures asked for before the Workers loaded: none warms up first (scan-warm-up.js), they go first.
  assert.ok(s.made.every((worker) => worker.loadOptions[0]?.warmUp === false));
  assert.deepEqual(s.made[0].pictures[0].options, { vaultPage: { codesPerPage: 6 } });
});

test('prepare makes every Worker and loads (and warms up) the decoder before any picture; pictures then use them', async () => {
  const s = standIns();
  const pool = new ScanWorkerPool(3, s.makeWorker, async () => 'module');
  pool.prepare();
  await s.settled();
  assert.equal(s.made.length, 3);
  assert.ok(s.made.every((worker) => worker.loads.length === 1));
  // Loaded before any picture was asked for (the person still picking): each warms its decoder up.
  assert.ok(s.made.every((worker) => worker.loadOptions[0]?.warmUp === true));
  pool.prepare();
  assert.equal(s.made.length, 3, 'prepared once');
  const answer = pool.decodePicture('a page');
  await s.settled();
  s.inFlight.shift().resolve([]);
  assert.deepEqual(await answer, []);
  assert.equal(s.made.length, 3);
});

test('a picture goes to its Worker right after the load, without waiting for the load\'s answer', async () => {
  const s = standIns();
  const loads = [];
  const makeWorker = () => {
    const worker = s.makeWorker();
    worker.load = (module, options) => { worker.loads.push(module); worker.loadOptions.push(options); return new Promise((resolve) => loads.push(resolve)); };
    return worker;
  };
  const pool = new ScanWorkerPool(1, makeWorker, async () => 'module');
  pool.prepare();
  await s.settled();
  const answer = pool.decodePicture('a page');
  await s.settled();
  // The decoder is still starting in the Worker (its load unanswered), and the picture is already there.
  assert.equal(loads.length, 1);
  assert.deepEqual(s.made[0].pictures.map((p) => p.picture), ['a page']);
  s.inFlight.shift().resolve([]);
  assert.deepEqual(await answer, []);
  loads[0]();
});

test('a decoder that cannot be compiled here is loaded by each Worker itself (its own error then comes with the picture)', async () => {
  const s = standIns();
  const pool = new ScanWorkerPool(1, s.makeWorker, async () => { throw new Error('offline'); });
  const answer = pool.decodePicture('a page');
  await s.settled();
  assert.deepEqual(s.made[0].loads, [undefined]);
  s.inFlight.shift().reject(new ScanWorkerError('The QR decoder is not available (the server answered 404).', true));
  await assert.rejects(answer, /not available/);
});

test('a Worker that stopped is dropped and the next picture gets a new one; a picture that is no picture leaves the Worker in use', async () => {
  const s = standIns();
  const pool = new ScanWorkerPool(1, s.makeWorker, async () => 'module');
  const first = pool.decodePicture('one');
  const second = pool.decodePicture('two');
  const third = pool.decodePicture('three');
  await s.settled();
  s.inFlight.shift().reject(new ScanWorkerError('The QR decoder stopped: open the scanner again.', true));
  await assert.rejects(first, /stopped/);
  assert.equal(s.made[0].terminated, true);
  await s.settled();
  assert.equal(s.made.length, 2, 'a new Worker for the picture that waited');
  s.inFlight.shift().reject(new ScanWorkerError('This is not a picture this browser can read.', false, true));
  await assert.rejects(second, (error) => error.unreadable === true);
  await s.settled();
  assert.equal(s.made[1].terminated, false);
  s.inFlight.shift().resolve([]);
  assert.deepEqual(await third, []);
  assert.equal(pool.workerCount, 1);
});

test('stopping the pool stops its Workers and refuses the pictures still waiting and any new one', async () => {
  const s = standIns();
  const pool = new ScanWorkerPool(1, s.makeWorker, async () => 'module');
  pool.decodePicture('in flight').catch(() => {});
  const waiting = pool.decodePicture('waiting');
  await s.settled();
  pool.terminate();
  await assert.rejects(waiting, /closed/);
  await assert.rejects(pool.decodePicture('after'), /closed/);
  assert.ok(s.made.every((worker) => worker.terminated));
});
