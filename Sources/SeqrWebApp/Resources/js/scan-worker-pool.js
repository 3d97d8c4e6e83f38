// Several scanner Workers (scan-worker-client.js) for pictures picked together, such as the pages
// of a paper vault: each Worker decodes and reads one picture at a time and the next picture goes
// to whichever is free, so that a phone's cores read a stack of pages side by side instead of one
// after another. Workers are made when first needed (or all at once by `prepare`, when a view that
// reads pictures opens), at most `size`; the decoder is compiled once, here, and each Worker starts
// that compiled module, so a second Worker costs no second compilation and shares the first's
// optimised code. A Worker that stopped is dropped, and the next picture gets a new one. No DOM.
import { ScanWorker, ScanWorkerError } from './scan-worker-client.js';
import { compileQRReaderModule } from './zxing-wasm.js';

/**
 * How many Workers a batch gets: one per core, at most 3 — each holds a whole page's pixels and
 * its own decoder's memory, and a phone's page has other work too — and no more than the device
 * has gigabytes of memory (`navigator.deviceMemory`, rounded by the browser; unknown: no limit):
 * a Worker reading a 12-megapixel photo holds about 150 MB, and a phone with 1 or 2 GB that runs
 * out closes the tab, and with it the page grid.
 */
export function poolSize(cores = globalThis.navigator?.hardwareConcurrency, memoryGB = globalThis.navigator?.deviceMemory) {
  const byCores = Math.min(Number.isInteger(cores) && cores > 0 ? cores : 2, 3);
  const byMemory = typeof memoryGB === 'number' && memoryGB > 0 ? Math.floor(memoryGB) : Infinity;
  return Math.max(1, Math.min(byCores, byMemory));
}

export class ScanWorkerPool {
  #size;
  #makeWorker;
  #all = [];
  #idle = [];
  #waiting = [];
  #closed = false;
  #module = null;
  #compile;
  #loadSent = new WeakMap();
  #asked = false;

  /**
   * `makeWorker`: how a Worker is made (a ScanWorker of the app's scan-worker.js by default);
   * `compile`: how the decoder is compiled for them (the app's own copy by default).
   */
  constructor(size = poolSize(), makeWorker = () => new ScanWorker(), compile = () => compileQRReaderModule()) {
    this.#size = size;
    this.#makeWorker = makeWorker;
    this.#compile = compile;
  }

  /** Makes every Worker now and has each load the decoder, while the person picks pictures. */
  prepare() {
    while (!this.#closed && this.#all.length < this.#size) this.#idle.push(this.#start());
  }

  /** A new Worker, told to start the shared compiled decoder (or, if it could not be compiled here, to load its own). */
  #start() {
    const worker = this.#makeWorker();
    this.#all.push(worker);
    this.#module ??= this.#compile().catch(() => { this.#module = null; return undefined; });
    // The load is sent first and a picture right after it, without waiting for its answer: the
    // Worker answers in the order it was told, and a picture that arrives while the decoder is
    // still starting is read as soon as it has started. A load that fails is told with the
    // picture's own answer.
    // Each Worker warms its decoder up once (scan-warm-up.js) while no picture has been asked for:
    // made while the view opens, it is done before the person has picked their pictures, and their
    // first picture is read at full speed. Pictures already waiting go first, also those that
    // reach the Worker before its decoder has started (scan-requests.js): on a cold decoder a
    // warm-up costs more than it saves them.
    this.#loadSent.set(worker, this.#module.then((module) => { worker.load(module, { warmUp: !this.#asked }).catch(() => {}); }));
    return worker;
  }

  /** How many Workers have been made and not dropped. */
  get workerCount() { return this.#all.length; }

  async #acquire() {
    if (this.#closed) throw new ScanWorkerError('The scanner was closed.', false);
    if (this.#idle.length) return this.#idle.pop();
    if (this.#all.length < this.#size) return this.#start();
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  #release(worker) {
    const next = this.#waiting.shift();
    if (next) next.resolve(worker);
    else this.#idle.push(worker);
  }

  #drop(worker) {
    worker.terminate();
    this.#all = this.#all.filter((w) => w !== worker);
    this.#idle = this.#idle.filter((w) => w !== worker);
    // Someone waiting for a Worker gets a new one in its place.
    const next = this.#waiting.shift();
    if (next) this.#acquire().then(next.resolve, next.reject);
  }

  /** The codes in a picked picture (its file), read by the first free Worker (ScanWorker.decodePicture). */
  async decodePicture(picture, options = {}) {
    this.#asked = true;
    const worker = await this.#acquire();
    try {
      await this.#loadSent.get(worker);
      const codes = await worker.decodePicture(picture, options);
      this.#release(worker);
      return codes;
    } catch (error) {
      if (this.#closed) throw error;
      if (error instanceof ScanWorkerError && error.unavailable) this.#drop(worker);
      else this.#release(worker);
      throw error;
    }
  }

  /** Stops every Worker; pictures still waiting are refused. */
  terminate() {
    this.#closed = true;
    for (const worker of this.#all) worker.terminate();
    for (const waiting of this.#waiting) waiting.reject(new ScanWorkerError('The scanner was closed.', false));
    this.#all = [];
    this.#idle = [];
    this.#waiting = [];
  }
}
