// One live location share from this page: positions from navigator.geolocation.watchPosition
// (high accuracy), sealed as seqr-location-v1 under a key made here, and pushed in order. The key
// lives in this object only; followers get it in the link's fragment. While the page is hidden
// the browser may pause geolocation and timers: `hidden` says so, and when the page is shown again
// the newest position is asked for and pushed at once. No DOM: the view listens to 'change'.
import { makeFix, sealFix } from './location-fix.js';
import { generateShareKey, shareLink, SHARE_FORMAT } from './share-link.js';

/** The expiry after extending by `minutes` (null: until stopped): counted from the current expiry, or from
 *  `now` once that has passed, so "+1 hour" on a share until 18:40 gives 19:40. */
export function extendedExpiry(expiresAt, minutes, now = Date.now()) {
  if (minutes === null) return null;
  const from = expiresAt ? Math.max(Date.parse(expiresAt), now) : now;
  return new Date(from + minutes * 60_000);
}

/** Fixes re-sent under the new key after a rotation, as `seqr location rotate` uploads its recent track. */
const TRACK_KEPT = 100;

export class LocationSharing extends EventTarget {
  constructor(api, base, geolocation = navigator.geolocation) {
    super();
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
    this.onVisibility = () => this.#visibilityChanged();
  }

  get active() { return this.share !== null && this.ended === null; }
  get link() { return this.share ? shareLink(this.base, this.share.id, this.key) : null; }

  #changed() { this.dispatchEvent(new Event('change')); }

  async start({ expiresAt = null, label = '' } = {}) {
    this.share = await this.api.createShare({ format: SHARE_FORMAT, expiresAt });
    this.key = generateShareKey();
    this.label = label;
    this.ended = null;
    this.watch = this.geolocation.watchPosition((p) => this.#position(p), (e) => this.#geoError(e),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 60_000 });
    document.addEventListener('visibilitychange', this.onVisibility);
    this.#changed();
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
    this.#enqueue([fix]);
  }

  #geoError(error) {
    this.lastError = error.code === 1 ? 'location permission was denied: allow it for this site to share'
      : error.code === 3 ? 'no position yet (waiting for GPS)' : 'the position is not available right now';
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
        await this.api.pushFixes(this.share.id, batch);
        this.pending.splice(0, batch.length);
        this.pushed += batch.length;
        this.lastError = null;
      } catch (error) {
        if (error.code === 'share_not_found') { this.#end('revoked elsewhere'); return; }
        if (error.code === 'share_expired') { this.#end('expired'); return; }
        this.lastError = error.code === 'offline' ? 'offline: fixes are kept and sent when the connection returns' : error.message;
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
    if (this.track.length > 0) this.#enqueue([...this.track]);
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
    this.ended = reason;
    this.key = null;
    this.pending = [];
    this.#changed();
  }
}
