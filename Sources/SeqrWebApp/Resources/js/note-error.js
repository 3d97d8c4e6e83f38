// Every way a note, its fields or its limits can be refused in the web app, one code each; the
// codes are NotesError's cases (SeqrCore/Notes/NotesError.swift) plus `needsUpgrade`.
export class NoteError extends Error {
  constructor(code, message) { super(message); this.name = 'NoteError'; this.code = code; }
}

/** Field versions 1–2 and RNCryptor notes: ChaCha20-Poly1305 or PBKDF2-SHA1 formats a browser does not open. */
export const UPGRADE_ADVICE = 'written in an older format this browser cannot open: run `seqr notes upgrade` once';
