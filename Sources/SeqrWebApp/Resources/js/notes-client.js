// The notes of the signed-in account: fetched, checked against what this browser has seen
// (rollback), opened, and written back sealed as field version 3 with the version they edit.
import { NoteError } from './note-error.js';
import { describeNote, openNote, sealNote } from './note.js';

export class NotesClient {
  constructor(session) { this.session = session; }

  get api() { return this.session.api; }

  /**
   * One served note as the views show it: { id, version, updatedAt, title, info } when it opens,
   * else { id, version, error } with a NoteError (needsUpgrade for the formats a browser cannot open).
   */
  async open(served) {
    const id = served.id.toLowerCase();
    const base = { id, version: served.version, updatedAt: served.updatedAt, served };
    try {
      const { bound } = describeNote(served);
      this.session.seen.check(id, served.version, bound);
      const plain = await openNote(served, (kdf) => this.session.keyFor(kdf));
      this.session.seen.record(id, { version: served.version, bound });
      return { ...base, ...plain };
    } catch (error) {
      return { ...base, error: error instanceof NoteError ? error : new NoteError('cannotOpen', error.message) };
    }
  }

  async list() {
    const notes = await Promise.all((await this.api.listNotes()).map((n) => this.open(n)));
    return notes.sort((a, b) => (a.title ?? '\uffff').localeCompare(b.title ?? '\uffff') || a.id.localeCompare(b.id));
  }

  async get(id) { return this.open(await this.api.getNote(id)); }

  #seal(plain, id, noteVersion) {
    const { kdf, key } = this.session.sealingKey();
    return sealNote(plain, { id, noteVersion, kdf, key });
  }

  async add(plain) {
    const id = crypto.randomUUID();
    const stored = await this.api.createNote(await this.#seal(plain, id, 1));
    this.session.seen.record(id, { version: stored.version, bound: true });
    return stored;
  }

  /** Saves an edit of `version`; a note changed meanwhile is ApiError 409 stale_version, nothing overwritten. */
  async update(id, plain, version) {
    const stored = await this.api.updateNote(await this.#seal(plain, id, version + 1), version);
    this.session.seen.record(id, { version: stored.version, bound: true });
    return stored;
  }

  async remove(id) {
    await this.api.deleteNote(id);
    this.session.seen.record(id, { deleted: true });
  }

  /** Every note opened and sealed again for the password change; refuses when one cannot be opened here. */
  async resealAll(newKDF, newKey) {
    const out = [];
    for (const served of await this.api.listNotes()) {
      const note = await this.open(served);
      if (note.error) {
        throw new NoteError(note.error.code, `note ${note.id.slice(0, 8)} cannot be opened here (${note.error.message}); nothing was changed`);
      }
      const sealed = await sealNote(note, { id: note.id, noteVersion: note.version + 1, kdf: newKDF, key: newKey });
      out.push({ write: { note: sealed, version: note.version } });
    }
    return out;
  }
}
