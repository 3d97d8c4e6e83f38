// Locks the page after a while without input (default 15 minutes): the keys are forgotten and the
// password is asked again. Timer-based so that a page left open in a pocket locks on its own.
// Input in another tab of the app counts too (`activityElsewhere`, through lock-broadcast.js), so
// the tabs share one idle clock; `onActivity` is told of this tab's input at most every 30 s.
export const DEFAULT_IDLE_MINUTES = 15;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'];
const ACTIVITY_NOTICE_MS = 30_000;

export class IdleLock {
  constructor(onIdle, minutes = DEFAULT_IDLE_MINUTES, { onActivity = () => {} } = {}) {
    this.onIdle = onIdle;
    this.ms = minutes * 60_000;
    this.timer = null;
    this.last = Date.now();
    this.noticed = 0;
    this.poke = () => {
      this.last = Date.now();
      if (this.last - this.noticed >= ACTIVITY_NOTICE_MS) { this.noticed = this.last; onActivity(); }
    };
    for (const type of ACTIVITY) document.addEventListener(type, this.poke, { passive: true, capture: true });
  }

  /** Another tab had input just now. */
  activityElsewhere() { this.last = Date.now(); }

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
