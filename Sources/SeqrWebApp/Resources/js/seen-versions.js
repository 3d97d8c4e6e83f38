// Rollback protection, as the CLI has it (Swift: SeqrCore/Notes/SeenNoteVersion.swift): per
// origin, account and note, the highest version this browser has opened or written, whether it was
// bound to its version, and whether it was deleted here. Kept in localStorage: not secret, but a
// server that serves an older note, an unbound form of a bound one, or a note deleted here is caught.
import { NoteError } from './note-error.js';

const PREFIX = 'seqr.seen-note-versions.v1';

export class SeenNoteVersions {
  /** `storage`: localStorage, or anything with getItem/setItem (tests). `origin`: lower-case scheme://host[:port]. */
  constructor(storage, origin, username) {
    this.storage = storage;
    this.key = `${PREFIX} ${origin.toLowerCase()} ${username}`;
  }

  all() {
    try { return JSON.parse(this.storage.getItem(this.key) ?? '{}') ?? {}; } catch { return {}; }
  }

  get(noteID) { return this.all()[noteID.toLowerCase()] ?? null; }

  /** Refuses a note older than what was seen of it (NoteError rolledBack, versionBindingRemoved, deletedNoteReturned). */
  check(noteID, version, bound) {
    const seen = this.get(noteID);
    if (!seen) return;
    const short = noteID.toLowerCase().slice(0, 8);
    if (seen.deleted) throw new NoteError('deletedNoteReturned', `note ${short} was deleted here, yet the server serves it again`);
    if (seen.bound && !bound) {
      throw new NoteError('versionBindingRemoved', `note ${short} is served in an older, unbound form than was seen here: the server rolled it back`);
    }
    if (version < seen.version) {
      throw new NoteError('rolledBack', `note ${short} is served at version ${version}, but version ${seen.version} was seen here: the server rolled it back`);
    }
  }

  /** Remembers a version opened or written here (merged: the highest version, bound once bound, deleted once deleted). */
  record(noteID, { version = 0, bound = false, deleted = false }) {
    const all = this.all();
    const id = noteID.toLowerCase();
    const old = all[id] ?? { version: 0, bound: false, deleted: false };
    all[id] = { version: Math.max(old.version, version), bound: old.bound || bound, deleted: old.deleted || deleted };
    this.storage.setItem(this.key, JSON.stringify(all));
  }
}
