// Keeps the screen on while a share runs (the Screen Wake Lock API), so the phone does not lock and
// pause the page. The lock is the browser's to give and take back: it is refused on battery saver or
// without a user gesture on some browsers, and always released when the page is hidden — so it is
// asked for again each time the page is shown. No DOM beyond navigator.wakeLock and visibilityState.

export class ScreenWakeLock extends EventTarget {
  /** `wakeLock`: navigator.wakeLock, absent in browsers without the API. */
  constructor(wakeLock = globalThis.navigator?.wakeLock) {
    super();
    this.api = wakeLock ?? null;
    this.sentinel = null;
    this.wanted = false;
    this.refused = null;  // a sentence saying why the browser did not keep the screen on
    this.onVisibility = () => { if (document.visibilityState === 'visible') this.#request(); };
  }

  get supported() { return this.api !== null; }
  get held() { return this.sentinel !== null && !this.sentinel.released; }

  #changed() { this.dispatchEvent(new Event('change')); }

  /** Keeps the screen on from now (while the page is shown) until release(). */
  async acquire() {
    if (this.wanted) return;
    this.wanted = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    await this.#request();
  }

  async #request() {
    if (!this.wanted || !this.api || this.held || document.visibilityState !== 'visible') return;
    try {
      const sentinel = await this.api.request('screen');
      if (!this.wanted) { await sentinel.release(); return; }
      this.sentinel = sentinel;
      this.refused = null;
      // The browser takes it back when the page is hidden; shown again, onVisibility asks anew.
      sentinel.addEventListener('release', () => { if (this.sentinel === sentinel) { this.sentinel = null; this.#changed(); } });
    } catch {
      this.refused = 'The browser did not let this page keep the screen on (battery saver, or the page was not in front).';
    }
    this.#changed();
  }

  /** Lets the screen turn off again as usual. */
  async release() {
    this.wanted = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    const sentinel = this.sentinel;
    this.sentinel = null;
    this.refused = null;
    if (sentinel && !sentinel.released) await sentinel.release().catch(() => {});
    this.#changed();
  }
}
