// The storage behind sealed-records.js in the page: one IndexedDB object store of name → value.
// It only ever holds the KDF parameters and sealed records.
const DATABASE = 'seqr-keyring', STORE = 'records';

function request(r) { return new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); }); }

export class IndexedDBRecords {
  constructor(factory = globalThis.indexedDB) { this.factory = factory; this.db = null; }

  async open() {
    if (this.db) return this.db;
    try {
      const opening = this.factory.open(DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
      this.db = await request(opening);
    } catch {
      // A private window or a browser setting can refuse storage; the page says so instead of going blank.
      throw new Error('this browser does not let the page keep anything (IndexedDB is refused), and channels need it: leave private browsing, or allow site data');
    }
    return this.db;
  }

  async get(name) { return request((await this.open()).transaction(STORE).objectStore(STORE).get(name)); }

  /** Every [name, value], read in one transaction: a record and the manifest that lists it are never seen half-written. */
  async entries() {
    const store = (await this.open()).transaction(STORE).objectStore(STORE);
    const [names, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
    return names.map((name, i) => [name, values[i]]);
  }

  put(name, value) { return this.putMany([[name, value]]); }

  /** Writes every [name, value] in one transaction: all of them, or (on failure) none. */
  async putMany(entries) {
    const transaction = (await this.open()).transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const [name, value] of entries) store.put(value, name);
    await new Promise((resolve, reject) => { transaction.oncomplete = resolve; transaction.onerror = () => reject(transaction.error); transaction.onabort = () => reject(transaction.error); });
  }
}
