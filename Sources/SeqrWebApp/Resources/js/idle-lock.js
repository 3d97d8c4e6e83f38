// Locks the page after a while without input (default 15 minutes): the keys are forgotten and the
// password is asked again. Timer-based so that a page left open in a pocket locks on its own.
export const DEFAULT_IDLE_MINUTES = 15;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'];

export class IdleLock {
  constructor(onIdle, minutes = DEFAULT_IDLE_MINUTES) {
    this.onIdle = onIdle;
    this.ms = minutes * 60_000;
    this.timer = null;
    this.last = Date.now();
    this.poke = () => { this.last = Date.now(); };
    for (const type of ACTIVITY) document.addEventListener(type, this.poke, { passive: true, capture: true });
  }

  start() {
    this.stop();
    this.last = Date.now();
    // Checked every few seconds against the clock: timers are throttled in a hidden tab, and a
    // phone that slept longer than the limit locks as soon as it wakes.
    this.timer = setInterval(() => { if (Date.now() - this.last >= this.ms) { this.stop(); this.onIdle(); } }, 5000);
    document.addEventListener('visibilitychange', this.check);
  }

  check = () => {
    if (this.timer !== null && document.visibilityState === 'visible' && Date.now() - this.last >= this.ms) { this.stop(); this.onIdle(); }
  };

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    document.removeEventListener('visibilitychange', this.check);
  }
}
