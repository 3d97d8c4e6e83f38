// The page's side of the scanner's Worker (scan-worker.js): one request at a time per frame, each
// answered by its id. Frames go over as ImageBitmaps (transferred, not copied); the Worker reads
// their pixels itself, so the page's thread never touches a frame's pixels.

export class ScanWorkerError extends Error {
  constructor(message, unavailable) { super(message); this.name = 'ScanWorkerError'; this.unavailable = unavailable; }
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
      if (reply.type === 'error') waiting.reject(new ScanWorkerError(reply.message, reply.unavailable === true));
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

  /** The codes in a frame or picture (an ImageBitmap, which is transferred and closed by the Worker). */
  async decodeBitmap(bitmap, options = {}) {
    const reply = await this.#request({ type: 'decode', bitmap, options }, [bitmap]);
    return reply.codes;
  }

  terminate() {
    this.#worker.terminate();
    for (const waiting of this.#pending.values()) waiting.reject(new ScanWorkerError('The scanner was closed.', false));
    this.#pending.clear();
  }
}
