// The camera of the views that read several codes in a row (the paper vault's pages, a notes kit's
// sheets): frames from camera.js go one at a time to the view's decoding Worker (the next is taken
// when it has answered, so frames never queue), and each frame's codes to the view. It runs until
// stop() — the view has what it needs, "Stop the camera", the view left or hidden — or until the
// view is no longer the one shown. A stop() while the camera is still opening wins: the camera
// that opens then is closed at once, never left running unseen.
import { Camera } from '../camera.js';

/** The next animation frame (a turn of the event loop where there is none, as under node --test). */
const nextFrame = () => new Promise((resolve) => (globalThis.requestAnimationFrame ?? setTimeout)(resolve));

export class CameraLoop {
  #video;
  #decoder;
  #open;
  #camera = null;
  #active = 0;  // the run going on, opening the camera or reading it; 0: none
  #runs = 0;

  /**
   * `video`: the viewfinder's <video>; `decoder()`: the view's ScanWorker (made when first asked for);
   * `open(video)`: how the camera is opened (camera.js's Camera.open; tests hand in their own).
   */
  constructor(video, decoder, open = (element) => Camera.open(element)) {
    this.#video = video;
    this.#decoder = decoder;
    this.#open = open;
  }

  /** Whether the camera is opening or open. */
  get running() { return this.#active !== 0; }

  /**
   * Opens the camera and reads its frames (nothing, if it is already opening or open).
   * `current()`: whether the view is still the one shown; `started()`: the camera is on (show the
   * viewfinder); `failed(error)`: the camera refused, or a frame the decoder could not read, to be
   * said in a sentence — the loop goes on, unless `error.unavailable` (no decoder at all): it has
   * ended then; `take(codes)`: each frame's codes (may be async; a stop() in it ends the loop).
   */
  async start({ current, started = () => {}, failed, take }) {
    if (this.#active !== 0) return;
    const run = this.#active = ++this.#runs;
    const live = () => this.#active === run && current();
    let camera;
    try {
      camera = await this.#open(this.#video);
    } catch (error) {
      if (this.#active === run) { this.#active = 0; failed(error); }
      return;
    }
    if (!live()) {
      camera.stop();
      if (this.#active === run) this.#active = 0;
      return;
    }
    this.#camera = camera;
    started();
    while (live()) {
      const frame = await camera.frame().catch(() => null);  // a camera stopped meanwhile gives no frame
      if (!frame) { await nextFrame(); continue; }
      let codes;
      try {
        codes = await this.#decoder().decodeBitmap(frame);
      } catch (error) {
        if (this.#active !== run) return;
        // No decoder at all: the loop ends (and its camera goes off) before that is said.
        if (error.unavailable) { this.stop(); failed(error); return; }
        failed(error);
        continue;
      }
      if (!live()) break;
      await take(codes);
    }
    // The view left or drawn again: its camera goes off.
    if (this.#active === run) this.stop();
  }

  /** Closes the camera (and one still opening, as soon as it opens). */
  stop() {
    this.#active = 0;
    this.#camera?.stop();
    this.#camera = null;
  }
}
