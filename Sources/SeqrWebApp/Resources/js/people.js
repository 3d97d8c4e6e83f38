// The people this browser follows: each one's live location share (its id and key, from the link
// they sent), the name given here, and the last position seen with a short trail — kept in one
// record sealed under the channel keyring's passphrase (sealed-records.js, record "people"), so
// the keys are never stored in the clear, survive a reload and are forgotten when it locks.
// The server learns nothing of this list: following a share needs no account. A person added or
// removed in one tab (a phone's camera opens each link in a new tab) is told to this origin's other
// tabs (BroadcastChannel, a message carrying nothing but that), which read the sealed list again. No DOM.
import { decodeBase64URL, encodeBase64URL } from './base64url.js';
import { parseLocationShareLink } from './location-share-link.js';
import { SHARE_FORMAT } from './share-link.js';

const RECORD = 'people';
/** Positions kept per person for the trail on the map. */
export const TRAIL_KEPT = 20;
/** Past this long without a new fix a person is "no fix for 10 min". */
export const QUIET_AFTER_MS = 10 * 60_000;
/** People one browser follows: each live feed holds a connection (see people-feeds.js). */
export const MAX_PEOPLE = 50;
const NAME_LENGTH = 40;
/** Fixes seen within this long are sealed and saved in one write. */
export const PERSIST_MS = 1_000;
/** The BroadcastChannel on which a tab says its list of people changed; the message names no one. */
export const PEOPLE_CHANNEL_NAME = 'seqr-people';
const LIST_CHANGED = 'people-changed';

export class PeopleError extends Error {
  constructor(code, message) { super(message); this.name = 'PeopleError'; this.code = code; }
}

/**
 * A followable link, or a PeopleError saying in a sentence why not: it must be a seqr-location-v1
 * link of this server (`origin`: the app's own origin), since the page talks to its own server only.
 */
export function followableLink(text, origin) { return checkFollowable(parseLocationShareLink(text), origin); }

/** `link` (parseLocationShareLink's answer) when People can follow it; a PeopleError otherwise. */
export function checkFollowable(link, origin) {
  if (link.format !== SHARE_FORMAT) throw new PeopleError('cryptojs', 'This is a Berry Picker (CryptoJS) link: the People map follows seqr-location-v1 shares only. Open the link itself to see it.');
  if (new URL(link.base).origin !== origin) {
    throw new PeopleError('otherServer', `This link is for another server (${new URL(link.base).host}): People follows shares on this server only. Open the link itself to see it.`);
  }
  return link;
}

/**
 * A person's state: 'stopped' (they pressed Stop or New link: the server deleted the share, its stream said
 * `revoked` or `rotated`, or its feed answers 404), 'ended' (the share expired: `expired`, 410), 'quiet' (no
 * fix for 10 min), 'waiting' (none yet) or 'live'.
 */
export function personState(person, now = Date.now()) {
  if (person.ended === 'expired') return 'ended';
  if (person.ended) return 'stopped';
  if (!person.last) return 'waiting';
  return now - person.last.time >= QUIET_AFTER_MS ? 'quiet' : 'live';
}

/** Newest fix first; those never seen last, by name. */
export function byLastSeen(people) {
  return [...people].sort((a, b) => (b.last?.time ?? -Infinity) - (a.last?.time ?? -Infinity) || a.name.localeCompare(b.name));
}

/** The People of this page: in the channel keyring's records, under its lock shared by this origin's tabs, hearing
 *  from those tabs who they followed or removed. */
export function keyringPeople(keyring) {
  return new People(keyring.records, { exclusive: keyring.exclusive,
    broadcast: typeof BroadcastChannel === 'function' ? new BroadcastChannel(PEOPLE_CHANNEL_NAME) : null });
}

export class People extends EventTarget {
  /** `records`: the keyring's SealedRecords; `exclusive(work)`: the keyring's lock shared by this origin's tabs;
   *  `saveAfterMs`: fixes seen within this long are sealed and saved together (PERSIST_MS); `broadcast`: a
   *  BroadcastChannel of PEOPLE_CHANNEL_NAME (or null): who is followed is told to the other tabs and heard from them,
   *  which dispatches 'reloaded' once the list here is the one they saved. */
  constructor(records, { exclusive = (work) => work(), saveAfterMs = PERSIST_MS, broadcast = null } = {}) {
    super();
    Object.assign(this, { records, exclusive, saveAfterMs, broadcast, list: null });
    if (broadcast) broadcast.onmessage = (event) => { if (event.data?.type === LIST_CHANGED) this.#reload(); };
  }

  get loaded() { return this.list !== null && this.records.unlocked; }

  #changed() { this.dispatchEvent(new Event('change')); }

  /** Reads the sealed list (the keyring must be unlocked). */
  async load() {
    const stored = await this.records.get(RECORD, []);
    this.list = stored.map((p) => ({ ...p, key: decodeBase64URL(p.key) })).filter((p) => p.key?.length === 32);
    this.#changed();
    return this.list;
  }

  /** Forgets the list and every key (the keyring locked). */
  lock() { this.list = null; this.#changed(); }

  find(shareID) { return this.list?.find((p) => p.shareID === shareID) ?? null; }

  /** Follows the share of `link` (followableLink's answer) under `name`. */
  async add(link, name) {
    const trimmed = String(name ?? '').trim();
    if (!trimmed) throw new PeopleError('noName', 'Give them a name.');
    if (trimmed.length > NAME_LENGTH) throw new PeopleError('longName', `A name has at most ${NAME_LENGTH} characters.`);
    await this.#update((list) => {
      if (list.some((p) => p.shareID === link.shareID)) throw new PeopleError('already', `You follow this share already (as ${list.find((p) => p.shareID === link.shareID).name}).`);
      if (list.length >= MAX_PEOPLE) throw new PeopleError('full', `This browser follows ${MAX_PEOPLE} people at most: remove someone first.`);
      list.push({ shareID: link.shareID, key: link.key, name: trimmed, addedAt: Date.now(), last: null, seq: 0, trail: [], ended: null });
    });
    this.broadcast?.postMessage({ type: LIST_CHANGED });
    return this.find(link.shareID);
  }

  async remove(shareID) {
    await this.#update((list) => list.splice(0, list.length, ...list.filter((p) => p.shareID !== shareID)));
    this.broadcast?.postMessage({ type: LIST_CHANGED });
  }

  /** A fix opened from the person's feed: the newest becomes the last position (older ones only extend nothing). */
  async saw(shareID, fix, seq) {
    const person = this.find(shareID);
    if (!person) return;
    person.seq = Math.max(person.seq ?? 0, seq);
    if (person.last && fix.time < person.last.time) return;
    person.last = { lat: fix.lat, lon: fix.lon, accuracy: fix.accuracy ?? null, time: fix.time };
    person.trail = [...(person.trail ?? []), [fix.lat, fix.lon]].slice(-TRAIL_KEPT);
    this.#changed();
    this.#persist();  // saved with the others of the next PERSIST_MS; the feed does not wait for it
  }

  /** The share ended ('revoked', 'rotated', 'expired'): kept in the list with its last position until removed. */
  async ended(shareID, reason) {
    const person = this.find(shareID);
    if (!person || person.ended) return;
    person.ended = reason;
    this.#changed();
    this.#persist();  // saved with the others of the next PERSIST_MS; the feed does not wait for it
  }

  /** What another tab saved (a phone camera opens each link in a new tab), with the newer positions seen here. */
  async #stored() {
    const stored = await this.records.get(RECORD, []);
    return this.#withPositionsSeenHere(stored.map((p) => ({ ...p, key: decodeBase64URL(p.key) })));
  }

  /** `list` with what this tab has seen that `list` lacks: a newer position (and its seq and trail), an ending. */
  #withPositionsSeenHere(list) {
    for (const person of list) {
      const here = this.find(person.shareID);
      if (here && (here.last?.time ?? 0) > (person.last?.time ?? 0)) Object.assign(person, { last: here.last, trail: here.trail, seq: here.seq });
      if (here?.ended) person.ended = here.ended;
    }
    return list;
  }

  /** Makes `list` this tab's list. A fix (or an ending) that came in while it was read or written went to the list
   *  it replaces, so it is carried over here, in the same step as the assignment; the fix's own save is queued. */
  #adopt(list) { this.list = this.#withPositionsSeenHere(list); }

  async #update(change) {
    await this.exclusive(async () => {
      const list = await this.#stored();
      change(list);
      await this.records.put(RECORD, list.map((p) => ({ ...p, key: encodeBase64URL(p.key) })));
      this.#adopt(list);
    });
    this.#changed();
  }

  /** Another tab added or removed someone: the list is read again (nothing to do while locked: unlocking reads it). */
  async #reload() {
    let read = false;
    try {
      await this.exclusive(async () => { if (this.loaded) { this.#adopt(await this.#stored()); read = true; } });
    } catch { /* locked meanwhile: unlocking reads it */ }
    if (!read) return;
    this.#changed();
    this.dispatchEvent(new Event('reloaded'));
  }

  /** Resolves when every position seen so far is sealed and saved. */
  saved() { return this.queued ?? this.saving ?? Promise.resolve(); }

  // Each save seals the whole list (AES-GCM, no PBKDF2) and writes it to IndexedDB: what keeps the last positions
  // there offline. With 50 people sending a fix a second, one save per fix cost the page most of its main thread
  // (scripts/bench-people), so at most one save starts per saveAfterMs, with every fix seen meanwhile: at most
  // that much of the newest positions is lost if the page dies. Writes are chained so they land in order.
  #persist() {
    if (!this.records.unlocked || !this.list) return Promise.resolve();
    // The first fix after a quiet spell is saved at once; those that follow it within saveAfterMs wait for one write.
    const wait = Math.max(0, (this.savedAt ?? -Infinity) + this.saveAfterMs - Date.now());
    this.queued ??= new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
      this.queued = null;
      this.savedAt = Date.now();
      this.saving = (this.saving ?? Promise.resolve()).then(() => (this.records.unlocked && this.list ? this.#update(() => {}) : null)).catch(() => {});
      return this.saving;
    });
    return this.queued;
  }
}
