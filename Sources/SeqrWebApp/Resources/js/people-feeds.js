// The live feeds of the people followed (People, people.js): one Server-Sent Events stream per
// person (GET /v1/location/feed/{id}/events), each fix opened here with that person's key
// (location-fix.js) before anything is shown. A browser gives one origin only 6 connections over
// HTTP/1.1 (HTTP/2 behind a TLS proxy: about 100 streams on one), and each stream holds one; so at
// most LIVE_STREAMS stream at once (the most recently seen people) and the others are polled
// (GET /v1/location/feed/{id}?after=) every POLL_MS, leaving connections for everything else.
// A feed that cannot be reached retries on its own ("Connection lost — retrying…"). No DOM.
import { openFix } from './location-fix.js';
import { byLastSeen } from './people.js';

export const LIVE_STREAMS = 4;
export const POLL_MS = 15_000;
const RETRY_MS = 5_000;

export class PeopleFeeds extends EventTarget {
  /** `base`: the server's base URL; `api`: SeqrAPI (for the JSON feed); `people`: People. */
  constructor(base, api, people, { EventSourceClass = globalThis.EventSource } = {}) {
    super();
    Object.assign(this, { base, api, people, EventSourceClass });
    this.feeds = new Map();  // shareID → { source, poller, retry, online }
    this.running = false;
    // Someone followed or removed in another tab: their feed opens (or closes) here too.
    people.addEventListener('reloaded', () => { if (this.running) this.start(); });
  }

  /** Whether any feed is cut off from the server right now. */
  get retrying() { return [...this.feeds.values()].some((f) => f.online === false); }

  #changed() { this.dispatchEvent(new Event('change')); }

  /** Opens (or re-balances) a feed for everyone followed and not ended. */
  start() {
    this.running = true;
    const wanted = byLastSeen(this.people.list ?? []).filter((p) => !p.ended);
    const live = new Set(wanted.slice(0, LIVE_STREAMS).map((p) => p.shareID));
    for (const [id, feed] of this.feeds) {
      if (!wanted.some((p) => p.shareID === id) || (feed.source ? !live.has(id) : live.has(id))) this.#close(id);
    }
    for (const person of wanted) {
      if (this.feeds.has(person.shareID)) continue;
      if (live.has(person.shareID) && this.EventSourceClass) this.#stream(person.shareID); else this.#poll(person.shareID);
    }
  }

  stop() {
    this.running = false;
    for (const id of [...this.feeds.keys()]) this.#close(id);
  }

  #close(id) {
    const feed = this.feeds.get(id);
    if (!feed) return;
    feed.source?.close();
    clearInterval(feed.poller);
    clearTimeout(feed.retry);
    this.feeds.delete(id);
  }

  #online(id, online) {
    const feed = this.feeds.get(id);
    if (!feed || feed.online === online) return;
    feed.online = online;
    this.#changed();
  }

  async #fixes(id, items) {
    const person = this.people.find(id);
    if (!person) return;
    for (const item of items) {
      if (typeof item?.seq !== 'number' || typeof item.data !== 'string' || item.seq <= (person.seq ?? 0)) continue;
      let fix;
      try { fix = await openFix(item.data, id, person.key); } catch { continue; }  // not this key's: never shown
      await this.people.saw(id, fix, item.seq);
    }
  }

  async #ended(id, reason) {
    this.#close(id);
    await this.people.ended(id, reason);
    this.#changed();
  }

  #stream(id) {
    const person = this.people.find(id);
    const source = new this.EventSourceClass(`${this.base}/v1/location/feed/${encodeURIComponent(id)}/events?after=${person?.seq ?? 0}`);
    const feed = { source, poller: null, retry: null, online: null };
    this.feeds.set(id, feed);
    let queue = Promise.resolve();
    source.addEventListener('open', () => this.#online(id, true));
    source.addEventListener('fix', (event) => {
      let item;
      try { item = JSON.parse(event.data); } catch { return; }
      queue = queue.then(() => this.#fixes(id, [item]));
    });
    source.addEventListener('end', (event) => {
      let reason = 'ended';
      try { reason = JSON.parse(event.data).reason ?? reason; } catch { /* an unknown ending is still an ending */ }
      queue = queue.then(() => this.#ended(id, reason));
    });
    source.addEventListener('error', () => {
      if (this.feeds.get(id) !== feed) return;
      if (source.readyState === this.EventSourceClass.CLOSED) {
        // Refused (a 404 after a revocation, a 503 when the server is full): the JSON feed says why, and polling goes on.
        source.close();
        feed.source = null;
        this.#close(id);
        this.#poll(id);
      } else {
        this.#online(id, false);  // EventSource retries by itself, sending Last-Event-ID
      }
    });
  }

  #poll(id) {
    const feed = { source: null, poller: null, retry: null, online: null };
    this.feeds.set(id, feed);
    const once = async () => {
      const person = this.people.find(id);
      if (!person || this.feeds.get(id) !== feed) return;
      try {
        const answer = await this.api.feed(id, person.seq ?? 0);
        this.#online(id, true);
        await this.#fixes(id, answer.fixes ?? []);
      } catch (error) {
        if (error.code === 'share_not_found') { await this.#ended(id, 'revoked'); return; }
        if (error.code === 'share_expired') { await this.#ended(id, 'expired'); return; }
        this.#online(id, false);
      }
    };
    once();
    feed.poller = setInterval(once, POLL_MS);
  }

  /** After a person was added: their feed starts at once. */
  added() { if (this.running) this.start(); }
}
