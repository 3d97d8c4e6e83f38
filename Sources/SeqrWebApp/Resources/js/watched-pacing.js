// Watched-aware sending: while the server counts no follower on a share's live feed, a sharer sends
// at most one fix every few minutes (the newest, so a follower who arrives sees a recent position);
// as soon as someone watches, every fix again. Mirrors `seqr location push --follow`'s WatchedPacer
// (Sources/seqr/Location/WatchedPacer.swift). No DOM.

/** At most one fix this often while nobody watches. */
export const UNWATCHED_INTERVAL_MS = 3 * 60_000;

/** Whether a new fix goes to the server now: always while someone watches or the count is not known
 *  yet (`watching` null), and while nobody does only once `interval` has passed since the last one sent. */
export function sendsNow(watching, lastSentAt, now = Date.now(), interval = UNWATCHED_INTERVAL_MS) {
  if (watching === null || watching > 0) return true;
  return lastSentAt === null || now - lastSentAt >= interval;
}

/** What the sharer's page says about who watches: a count, nothing about who. */
export function watchingText(watching) {
  if (watching === null) return '—';
  return watching === 0 ? 'nobody' : `${watching} watching`;
}

/** The sentence under the count while nobody watches, so the slower rate is no surprise. */
export function unwatchedNote(interval = UNWATCHED_INTERVAL_MS) {
  return `Nobody has the link open: one position every ${Math.round(interval / 60_000)} minutes is sent until someone opens it, then every position again.`;
}
