// One live location share from this page: positions from navigator.geolocation.watchPosition
// (high accuracy), sealed as seqr-location-v1 under a key made here, and pushed in order. The key
// lives in this object only; followers get it in the link's fragment. While the page is hidden
// the browser may pause geolocation and timers: `hidden` says so, and when the page is shown again
// the newest position is asked for and pushed at once. Watched-aware: while the server counts no
// follower, at most one fix every few minutes is sent (watched-pacing.js), every fix again as soon as
// someone opens the link — the count comes from a request the server holds open until it changes.
// No DOM: the view listens to 'change'.
import { makeFix, sealFix } from './location-fix.js';
import { generateShareKey, shareLink, SHARE_FORMAT } from './share-link.js';
import { ScreenWakeLock } from './screen-wake-lock.js';
import { sendsNow, UNWATCHED_INTERVAL_MS } from './watched-pacing.js';

/** The expiry after extending by `minutes` (null: until stopped): counted from the current expiry, or from
 *  `now` once that has passed, so "+1 hour" on a share until 18:40 gives 19:40. */
export function extendedExpiry(expiresAt, minutes, now = Date.now()) {
  if (minutes === null) return null;
  const from = expiresAt ? Math.max(Date.parse(expiresAt), now) : now;
  return new Date(from + minutes * 60_000);
}

/** Fixes re-sent under the new key after a rotation, as `seqr location rotate` uploads its recent track. */
const TRACK_KEPT = 100;

/** Why no share could start, as a sentence saying what to do (GeolocationPositionError codes). */
function refusal(error) {
  if (error.code === 1) return 'Location is blocked for this site, so nothing was shared. Allow it in the browser\'s site settings (tap the icon beside the address, then Permissions, then Location) and tap Start sharing again.';
  if (error.code === 3) return 'The phone gave no position in time, so nothing was shared. Turn on location services, go where the sky is in view, and try again.';
  return 'The phone cannot tell its position right now, so nothing was shared. Turn on location services and try again.';
}

export class LocationSharing extends EventTarget {
  constructor(api, base, geolocation = navigator.geolocation, wakeLock = new ScreenWakeLock()) {
    super();
    this.wakeLock = wakeLock;
    this.keepAwake = true;  // keep the screen on while sharing (Screen Wake Lock): on unless turned off
    wakeLock.addEventListener('change', () => this.#changed());
    this.api = api;
    this.base = base;
    this.geolocation = geolocation;
    this.share = null;     // { id, expiresAt, … } as the server answered
    this.key = null;
    this.label = '';
    this.track = [];       // fixes taken during this share, oldest first
    this.pending = [];     // sealed, not yet accepted by the server
    this.pushed = 0;
    this.lastFix = null;
    this.lastError = null;
    this.hidden = false;
    this.watch = null;
    this.pushing = null;
    this.ended = null;     // why it stopped: 'stopped', 'expired', 'revoked elsewhere'
    this.watching = null;  // followers with the live feed open, as the server counts them; null: not known yet
    this.held = null;      // the newest fix not sent while nobody watches
    this.lastSentAt = null;
    this.pacer = null;     // the timer that sends a held fix once the interval has passed
    this.unwatchedInterval = UNWATCHED_INTERVAL_MS;
    this.onVisibility = () => this.#visibilityChanged();
  }

  get active() { return this.share !== null && this.ended === null; }
  get link() { return this.share ? shareLink(this.base, this.share.id, this.key) : null; }

  #changed() { this.dispatchEvent(new Event('change')); }

  /** Starts a share once the phone has granted location and given a first fix: before that no share
   *  exists on the server and no link is shown. A refusal or no fix throws a sentence saying what to do. */
  async start({ expiresAt = null, label = '' } = {}) {
    let started = false;
    const first = await new Promise((resolve, reject) => {
      this.watch = this.geolocation.watchPosition((p) => (started ? this.#position(p) : resolve(p)), (e) => {
        if (started) { this.#geoError(e); return; }
        this.geolocation.clearWatch(this.watch);
        this.watch = null;
        reject(new Error(refusal(e)));
      }, { enableHighAccuracy: true, maximumAge: 0, timeout: 60_000 });
    });
    try {
      this.share = await this.api.createShare({ format: SHARE_FORMAT, expiresAt });
    } catch (error) {
      this.geolocation.clearWatch(this.watch);
      this.watch = null;
      throw error;
    }
    started = true;
    this.key = generateShareKey();
    this.label = label;
    this.ended = null;
    this.watching = null;
    this.held = null;
    this.lastSentAt = null;
    document.addEventListener('visibilitychange', this.onVisibility);
    this.pacer = setInterval(() => this.#sendHeldIfDue(), 5_000);
    if (this.keepAwake) this.wakeLock.acquire();
    this.#position(first);
    this.#watchCount(this.share.id);
    this.#changed();
  }

  /** Keeps the screen on while sharing, or lets it turn off as usual. */
  setKeepAwake(on) {
    this.keepAwake = on;
    if (on && this.active) this.wakeLock.acquire(); else this.wakeLock.release();
    this.#changed();
  }

  /** Holds a question open on the server (answered when the count of followers changes) for as long as this share runs. */
  async #watchCount(id) {
    while (this.active && this.share.id === id) {
      try {
        const count = await this.api.shareWatching(id, this.watching);
        if (this.share?.id === id) this.#counted(count);
      } catch (error) {
        // A share that ended is noticed by the next push; offline: ask again shortly, the last count stands.
        if (error.code === 'share_not_found' || error.code === 'share_expired') return;
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
    }
  }

  #counted(count) {
    if (typeof count !== 'number' || count === this.watching) return;
    const arrived = this.watching === 0 && count > 0;
    this.watching = count;
    // Someone opened the link: the newest position goes at once, then every one after it.
    if (arrived && this.held) this.#sendHeld();
    this.#changed();
  }

  #sendHeldIfDue() {
    if (this.active && this.held && sendsNow(this.watching, this.lastSentAt, Date.now(), this.unwatchedInterval)) this.#sendHeld();
  }

  #sendHeld() {
    const fix = this.held;
    this.held = null;
    this.lastSentAt = Date.now();
    this.#enqueue([fix]);
  }

  #position(position) {
    if (!this.active) return;
    if (this.share.expiresAt && Date.now() >= Date.parse(this.share.expiresAt)) { this.#end('expired'); return; }
    const c = position.coords;
    let fix;
    try {
      fix = makeFix({ lat: c.latitude, lon: c.longitude, accuracy: c.accuracy, altitude: c.altitude, time: position.timestamp });
    } catch (error) {
      this.lastError = error.message;
      this.#changed();
      return;
    }
    if (this.lastFix && fix.time <= this.lastFix.time && fix.lat === this.lastFix.lat && fix.lon === this.lastFix.lon) return;
    this.lastFix = fix;
    this.lastError = null;
    this.track.push(fix);
    if (this.track.length > TRACK_KEPT) this.track.shift();
    if (!sendsNow(this.watching, this.lastSentAt, Date.now(), this.unwatchedInterval)) {
      this.held = fix;  // nobody watches: kept for the next due time, or for the moment someone does
      this.#changed();
      return;
    }
    this.held = null;
    this.lastSentAt = Date.now();
    this.#enqueue([fix]);
  }

  #geoError(error) {
    this.lastError = error.code === 1 ? 'Location permission was withdrawn: allow it for this site again to keep sharing.'
      : error.code === 3 ? 'No new position yet: waiting for GPS.' : 'The position is not available right now.';
    this.#changed();
  }

  #enqueue(fixes) {
    const id = this.share.id, key = this.key;
    // Sealed now, in order; pushed one request at a time so the server stores them in order.
    const sealing = Promise.all(fixes.map((f) => sealFix(f, id, key)));
    this.pushing = (this.pushing ?? Promise.resolve()).then(async () => {
      const sealed = await sealing;
      if (this.share?.id !== id) return;
      this.pending.push(...sealed);
      await this.#flush();
    });
    this.#changed();
  }

  async #flush() {
    while (this.pending.length > 0 && this.active) {
      const batch = this.pending.slice(0, 500);
      try {
        const answer = await this.api.pushFixes(this.share.id, batch);
        this.pending.splice(0, batch.length);
        this.pushed += batch.length;
        this.lastError = null;
        this.#counted(answer?.watching);
      } catch (error) {
        if (error.code === 'share_not_found') { this.#end('revoked elsewhere'); return; }
        if (error.code === 'share_expired') { this.#end('expired'); return; }
        this.lastError = error.code === 'offline' ? 'Offline: positions are kept and sent when the connection returns.' : error.message;
        this.#changed();
        return;  // kept in `pending`; the next fix or the page being shown again retries
      }
    }
    this.#changed();
  }

  #visibilityChanged() {
    this.hidden = document.visibilityState === 'hidden';
    if (!this.hidden && this.active) {
      // Geolocation may have been paused while hidden: ask for the newest position now.
      this.geolocation.getCurrentPosition((p) => this.#position(p), (e) => this.#geoError(e), { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 });
      this.pushing = (this.pushing ?? Promise.resolve()).then(() => this.#flush());
    }
    this.#changed();
  }

  /** Ends the share once its expiry has passed (called by the view's clock). */
  checkExpiry(now = Date.now()) {
    if (this.active && this.share.expiresAt && now >= Date.parse(this.share.expiresAt)) this.#end('expired');
  }

  /** A new id and key; the old link stops working. The recent track is re-sent under the new key. */
  async rotate() {
    const share = await this.api.rotateShare(this.share.id);
    this.share = share;
    this.key = generateShareKey();
    this.pending = [];
    // Nobody follows the new link yet, but the recent track goes with it so the first follower sees it.
    this.watching = null;
    this.held = null;
    this.lastSentAt = Date.now();
    if (this.track.length > 0) this.#enqueue([...this.track]);
    this.#watchCount(share.id);
    this.#changed();
  }

  /** A new expiry for this share (null: until stopped); the link, key and fixes stay. */
  async extend(expiresAt) {
    const id = this.share.id;
    let share;
    try { share = await this.api.extendShare(id, expiresAt); } catch (error) {
      if (error.code === 'share_not_found' && this.share?.id === id) this.#end('revoked elsewhere');
      throw error;
    }
    if (this.share?.id === id) { this.share = share; this.#changed(); }
  }

  /** Stops sharing and revokes the share: the server deletes it and its fixes, followers see the end. */
  async stop() {
    const id = this.share?.id;
    this.#end('stopped');
    if (id) await this.api.revokeShare(id);
  }

  #end(reason) {
    if (this.watch !== null) this.geolocation.clearWatch(this.watch);
    this.watch = null;
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearInterval(this.pacer);
    this.pacer = null;
    this.wakeLock.release();
    this.held = null;
    this.watching = null;
    this.ended = reason;
    this.key = null;
    this.pending = [];
    this.#changed();
  }
}
