// The page's side of the scanner's Worker (scan-worker.js): one request at a time per frame, each
// answered by its id. Frames go over as ImageBitmaps (transferred, not copied); the Worker reads
// their pixels itself, so the page's thread never touches a frame's pixels.

export class ScanWorkerError extends Error {
  /** `unavailable`: the decoder cannot be had at all; `unreadable`: the picture given is none this browser reads. */
  constructor(message, unavailable, unreadable = false) { super(message); this.name = 'ScanWorkerError'; this.unavailable = unavailable; this.unreadable = unreadable; }
}

export class ScanWorker {
  #worker;
  #pending = new Map();
  #next = 1;

  constructor(url = new URL('./scan-worker.js', import.meta.url)) {
    this.#worker = new Worker(url, { type: 'module', name: 'seqr-scanner' });
    this.#worker.addEventListener('message', (event) => {
      const reply = event.data;
      const waiting = this.#pending.get(reply?.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.type === 'error') waiting.reject(new ScanWorkerError(reply.message, reply.unavailable === true, reply.unreadable === true));
      else waiting.resolve(reply);
    });
    this.#worker.addEventListener('error', () => {
      for (const waiting of this.#pending.values()) waiting.reject(new ScanWorkerError('The QR decoder stopped: open the scanner again.', true));
      this.#pending.clear();
    });
  }

  #request(message, transfer) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  /**
   * Loads the decoder now, while the camera starts or the person picks pictures (rejects when it
   * cannot be had); `module`: the decoder already compiled, to start instead of fetching it;
   * `warmUp`: the Worker then reads a made-up picture once (scan-warm-up.js), so that the first
   * real picture is not the one that waits for the decoder's code to be compiled and optimised.
   */
  async load(module = undefined, { warmUp = false } = {}) { await this.#request({ type: 'load', module, warmUp }, []); }

  /**
   * The codes in a frame or picture (an ImageBitmap, which is transferred and closed by the Worker).
   * `still`: a picked photo or screenshot, read with every pass of `seqr decode` (a camera frame gets
   * the first pass only: the next frame comes soon).
   */
  async decodeBitmap(bitmap, { still = false, options = {} } = {}) {
    const reply = await this.#request({ type: 'decode', bitmap, still, options }, [bitmap]);
    return reply.codes;
  }

  /**
   * The codes in a picked picture, given as its file (a Blob): the Worker decodes it and reads it as
   * a still picture. `vaultPage: { codesPerPage }` reads it as a paper-vault page (vault-page-reader.js).
   * Rejects with `unreadable` set when the file is no picture this browser can decode.
   */
  async decodePicture(picture, { vaultPage = null } = {}) {
    const reply = await this.#request({ type: 'decode', picture, still: true, vaultPage }, []);
    return reply.codes;
  }

  terminate() {
    this.#worker.terminate();
    for (const waiting of this.#pending.values()) waiting.reject(new ScanWorkerError('The scanner was closed.', false));
    this.#pending.clear();
  }
}
