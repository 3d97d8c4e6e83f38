// What the channel views keep and do (the browser's side of `seqr id`, `channel`, `post`, `scan`):
// one identity, the channels owned or subscribed with every epoch's secret, and the messages read
// or posted — all in records sealed under the passphrase (sealed-records.js). A channel is known by
// its owner's fingerprint and id, as in the CLI's store: anyone can seal a share under a channel id
// they saw, which then becomes a channel of its own owner and never replaces the real one.
// Every change starts from what is stored, under a lock shared by this origin's tabs: a phone camera
// opens each link in a new tab, and a tab's older copy must not overwrite what another one saved.
import { equalBytes, fromBase64, fromHex, randomBytes, toBase64, toHex } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { decodeChannelMessage, encodeChannelMessage, messageHeader } from './channel-message-code.js';
import { encodeRekeyCodes, openRekeyCode, parseRekeyCode } from './channel-rekey-code.js';
import { decodeChannelShare, encodeChannelShare } from './channel-share-code.js';
import { PrivateIdentity } from './private-identity.js';
import { decodePublicKeyCode, encodePublicKeyCode } from './public-key-code.js';
import { validateName } from './public-identity.js';
import { BackupError, openBackup, sealBackup } from './identity-backup.js';

const IDENTITY = 'identity', CHANNELS = 'channels', HISTORY = 'history';

async function toChannel(record) {
  return {
    ...record,
    id: fromHex(record.id),
    owner: await decodePublicKeyCode(fromBase64(record.owner)),
    secrets: new Map(Object.entries(record.secrets).map(([epoch, secret]) => [Number(epoch), fromBase64(secret)])),
  };
}

const sameChannel = (a, b) => equalBytes(a.id, b.id) && equalBytes(encodePublicKeyCode(a.owner), encodePublicKeyCode(b.owner));

function toRecord(channel) {
  return {
    ...channel, id: toHex(channel.id), owner: toBase64(encodePublicKeyCode(channel.owner)),
    secrets: Object.fromEntries([...channel.secrets].map(([epoch, secret]) => [String(epoch), toBase64(secret)])),
  };
}

export class ChannelKeyring {
  /**
   * `records`: a SealedRecords; `exclusive(work)` runs work while no other tab changes the keyring
   * (the page passes the Web Locks API's; alone, work runs at once). `account`: where the manifest's
   * counter is kept beyond this browser — { read(keyringID), save(keyringID, counter) }, a
   * KeyringAccountCounter of the notes account (each null/false when signed out), or none.
   */
  constructor(records, { exclusive = (work) => work(), account = null } = {}) {
    Object.assign(this, { records, exclusive, account, identity: null, channels: [], history: [], counterSaved: Promise.resolve() });
    records.afterWrite = () => this.saveCounter();
  }

  /**
   * Saves the manifest's counter with the account, after what is saving already (in order, so the
   * account's never goes back within a tab; a lost save only leaves it lower, never falsely higher).
   */
  saveCounter() {
    if (!this.account) return this.counterSaved;
    this.counterSaved = this.counterSaved.then(async () => {
      const { keyringID, counter } = this.records;
      if (keyringID !== null && counter !== null) await this.account.save(keyringID, counter);
    }).catch(() => {});
    return this.counterSaved;
  }

  /** The account's counter for this keyring, when higher than the manifest's: refused (the keyring locked again) unless `acceptRollback`. */
  async #checkAccount(acceptRollback) {
    if (!this.account) return;
    const { keyringID } = this.records;
    const seen = await this.account.read(keyringID).catch(() => null);
    // Another tab may have written (and saved) since this one read the records: what is stored now
    // counts, read after the account's (a tab saves only once its write is stored).
    const counter = seen !== null && this.records.counter < seen ? await this.records.storedCounter() : this.records.counter;
    if (seen !== null && counter < seen) {
      if (!acceptRollback) {
        this.records.lock();
        const { olderThanAccount } = await import('./keyring-manifest.js');
        throw olderThanAccount(counter, seen);
      }
      await this.records.raiseCounter(seen);
    }
    if (seen === null || this.records.counter > seen) await this.saveCounter();
  }

  get unlocked() { return this.identity !== null; }
  exists() { return this.records.exists(); }

  /** A new identity named `name`, sealed under `passphrase`; refused (`exists`) when one is kept already. */
  async create(name, passphrase) {
    validateName(name);
    const identity = await PrivateIdentity.generate(name);
    await this.exclusive(async () => {
      await this.records.create(passphrase);
      const secrets = await identity.secrets();
      await this.records.put(IDENTITY, { name, ed25519: toBase64(secrets.ed25519), x25519: toBase64(secrets.x25519) });
      secrets.ed25519.fill(0); secrets.x25519.fill(0);
      this.identity = await PrivateIdentity.fromSecrets(await this.#identitySecrets());
      this.channels = []; this.history = [];
      await this.#save();
    });
  }

  /**
   * Opens the keyring. A record that is not the copy this browser last wrote (keyring-manifest.js),
   * or a manifest older than the account last saw of this keyring, is a KeyringRollbackError and
   * nothing opens, unless `acceptRollback`: the person chose to go on.
   */
  async unlock(passphrase, { acceptRollback = false } = {}) {
    await this.records.unlock(passphrase, IDENTITY, { acceptRollback });
    await this.#checkAccount(acceptRollback);
    this.identity = await PrivateIdentity.fromSecrets(await this.#identitySecrets());
    this.channels = await Promise.all((await this.records.get(CHANNELS, [])).map(toChannel));
    this.history = await this.records.get(HISTORY, []);
  }

  lock() { this.records.lock(); this.identity = null; this.channels = []; this.history = []; }

  async #identitySecrets() {
    const stored = await this.records.get(IDENTITY);
    return { ed25519: fromBase64(stored.ed25519), x25519: fromBase64(stored.x25519), name: stored.name };
  }

  async #save() {
    await this.records.put(CHANNELS, this.channels.map(toRecord));
    await this.records.put(HISTORY, this.history);
  }

  /** Runs `work` on what is stored now (channel objects updated in place, so views' references hold), one tab at a time. */
  #change(work) {
    const run = async () => {
      for (const stored of await Promise.all((await this.records.get(CHANNELS, [])).map(toChannel))) {
        const held = this.channels.find((c) => sameChannel(c, stored));
        if (held) Object.assign(held, stored); else this.channels.push(stored);
      }
      this.history = await this.records.get(HISTORY, []);
      return work();
    };
    return this.exclusive(run);
  }

  publicKeyCode() { return encodePublicKeyCode(this.identity.publicIdentity); }
  owned() { return this.channels.filter((c) => c.owned); }

  /** A new channel of this identity, at epoch 0 with a fresh secret. */
  async createChannel(name) {
    validateName(name);
    if (!name.trim()) throw channelErrors.invalidContent('a channel needs a name');
    return this.#change(async () => {
      const channel = {
        id: randomBytes(16), name, owner: this.identity.publicIdentity, created: Math.floor(Date.now() / 1000),
        epoch: 0, secrets: new Map([[0, randomBytes(32)]]), removedAt: null, owned: true, subscribers: [],
      };
      this.channels.push(channel);
      await this.#save();
      return channel;
    });
  }

  /** The share of an owned channel, at its current epoch, for `recipient`; recorded, so a removal can reach the others. */
  share(channel, recipient) {
    return this.#change(async () => {
      const code = await encodeChannelShare({ ...channel, secret: channel.secrets.get(channel.epoch) }, recipient, this.identity);
      const fingerprint = await recipient.fingerprint();
      const entry = { name: recipient.name, fingerprint, key: toBase64(encodePublicKeyCode(recipient)), removedAt: null };
      const known = channel.subscribers.findIndex((s) => s.fingerprint === fingerprint);
      if (known >= 0) channel.subscribers[known] = entry; else channel.subscribers.push(entry);
      await this.#save();
      return code;
    });
  }

  /**
   * Removes a subscriber (by fingerprint) from an owned channel: the channel moves to its next epoch,
   * a fresh secret sealed to every other subscriber in rekey codes (one per 16), which are returned.
   * Messages posted after it use the new epoch.
   */
  removeSubscriber(channel, fingerprint) {
    return this.#change(async () => {
      const target = channel.subscribers.find((s) => s.fingerprint === fingerprint && s.removedAt === null);
      if (!target) throw channelErrors.invalidContent('no such subscriber of this channel');
      const remaining = channel.subscribers.filter((s) => s !== target && s.removedAt === null);
      const read = (s) => decodePublicKeyCode(fromBase64(s.key));
      const next = { id: channel.id, epoch: channel.epoch + 1, secret: randomBytes(32) };
      const codes = await encodeRekeyCodes(next, await Promise.all(remaining.map(read)), [await read(target)], this.identity);
      channel.secrets.set(next.epoch, next.secret);
      channel.epoch = next.epoch;
      target.removedAt = next.epoch;
      await this.#save();
      return codes;
    });
  }

  /**
   * A message code of an owned channel, at its current epoch. `deliver(code)` (e.g. a check that it
   * can be drawn) runs first: a code it refuses is not kept as posted.
   */
  post(channel, message, deliver = () => {}) {
    return this.#change(async () => {
      const code = await encodeChannelMessage(message, { id: channel.id, epoch: channel.epoch, secret: channel.secrets.get(channel.epoch) }, this.identity);
      deliver(code);
      await this.#remember(channel, message, channel.epoch, code, 'posted');
      return code;
    });
  }

  /**
   * Subscribes from a share made for this identity; { channel, added: false } when held already. A share
   * whose channel id, or owner name, is known with another owner key is refused (`newOwnerKey`, naming both
   * fingerprints) unless `newOwnerKey` is true: a look-alike is said before subscribing, never accepted silently.
   */
  async subscribe(code, { newOwnerKey = false } = {}) {
    const opened = await decodeChannelShare(code, this.identity);
    const fingerprint = await opened.owner.fingerprint();
    return this.#change(async () => {
      const known = await this.#find(opened.id, fingerprint);
      if (!known && !newOwnerKey) {
        const conflict = await this.ownerKeyConflict(opened, fingerprint);
        if (conflict) throw channelErrors.newOwnerKey(conflict.reason, conflict.channel.name, conflict.channel.owner.name, conflict.fingerprint, fingerprint);
      }
      if (known) {
        const had = known.secrets.has(opened.epoch);
        known.secrets.set(opened.epoch, opened.secret);
        known.epoch = Math.max(known.epoch, opened.epoch);
        // Shared again at or after the epoch that left this subscriber out: the owner added them back.
        if (known.removedAt !== null && opened.epoch >= known.removedAt) known.removedAt = null;
        await this.#save();
        return { channel: known, added: !had };
      }
      const channel = { id: opened.id, name: opened.name, owner: opened.owner, created: opened.created, epoch: opened.epoch,
        secrets: new Map([[opened.epoch, opened.secret]]), removedAt: null, owned: false };
      this.channels.push(channel);
      await this.#save();
      return { channel, added: true };
    });
  }

  /**
   * The channel held under `channel`'s id (reason `sameChannelID`), else from an owner of its owner's name
   * (`sameOwnerName`), whose owner key is not `fingerprint`: { reason, channel, fingerprint }, or null.
   */
  async ownerKeyConflict(channel, fingerprint) {
    let byName = null;
    for (const held of this.channels) {
      const heldFingerprint = await held.owner.fingerprint();
      if (heldFingerprint === fingerprint) continue;
      if (equalBytes(held.id, channel.id)) return { reason: 'sameChannelID', channel: held, fingerprint: heldFingerprint };
      if (!byName && held.owner.name === channel.owner.name) byName = { reason: 'sameOwnerName', channel: held, fingerprint: heldFingerprint };
    }
    return byName;
  }

  async #find(id, fingerprint) {
    for (const channel of this.channels) if (equalBytes(channel.id, id) && await channel.owner.fingerprint() === fingerprint) return channel;
    return null;
  }

  /**
   * `open(channel)` with the channel of `id` whose owner signed the code: anyone can seal a share
   * under an id they saw, so several owners' channels may hold it, and the signature decides.
   */
  async #bySigner(id, open) {
    const candidates = this.channels.filter((c) => equalBytes(c.id, id));
    if (candidates.length === 0) throw channelErrors.unknownChannel();
    let failure;
    for (const channel of candidates) {
      try { return await open(channel); } catch (error) { if (error.code !== 'badSignature') throw error; failure = error; }
    }
    throw failure;
  }

  /** Verifies and opens a message: { message, channel }; kept in the history. */
  read(code) {
    const { channelID } = messageHeader(code);
    return this.#change(() => this.#bySigner(channelID, async (channel) => {
      const message = await decodeChannelMessage(code, channel);
      await this.#remember(channel, message, message.epoch, code, 'read');
      return { message, channel };
    }));
  }

  /**
   * Moves a subscribed channel to the rekey's epoch: { channel, epoch }; `removedFromChannel` is recorded
   * when the removal names a later epoch than any this keyring holds, else it is `staleRekey`.
   */
  rekey(code) {
    const { channelID, epoch: codeEpoch } = parseRekeyCode(code);
    return this.#change(() => this.#bySigner(channelID, async (channel) => {
      try {
        const { epoch, secret } = await openRekeyCode(code, channel, this.identity);
        channel.secrets.set(epoch, secret);
        channel.epoch = Math.max(channel.epoch, epoch);
        await this.#save();
        return { channel, epoch };
      } catch (error) {
        if (error.code === 'removedFromChannel') {
          // A removal applies to the epoch it names, and only while this keyring holds no share of that
          // epoch or a later one: replayed after the owner shared the channel again, it is stale.
          if (Math.max(...channel.secrets.keys()) >= codeEpoch) throw channelErrors.staleRekey(codeEpoch);
          // Thrown only once the owner's signature verified: only then is the removal believed.
          channel.removedAt = channel.removedAt === null ? codeEpoch : Math.min(channel.removedAt, codeEpoch);
          await this.#save();
        }
        throw error;
      }
    }));
  }

  /** The messages kept of `channel`: those of its id and its owner, not of another owner's channel of the same name. */
  async historyOf(channel) {
    const id = toHex(channel.id), owner = await channel.owner.fingerprint();
    return this.history.filter((e) => e.channelID === id && e.owner === owner);
  }

  async #remember(channel, message, epoch, code, direction) {
    const entry = { channel: channel.name, channelID: toHex(channel.id), owner: await channel.owner.fingerprint(), direction, epoch,
      kind: message.kind, content: message.content, created: message.created, expires: message.expires ?? 0, code: toBase64(code), at: Date.now() };
    if (!this.history.some((e) => e.code === entry.code)) this.history.unshift(entry);
    await this.#save();
  }

  /**
   * The identity and every channel with every epoch's secret, as an identity backup file
   * (identity-backup.js) sealed under `passphrase`, which must be this keyring's: checked first, so
   * that a typo never makes a file nobody can open. Messages read or posted are not in it.
   */
  async backup(passphrase, { iterations, now = Date.now() } = {}) {
    await this.records.verifyPassphrase(passphrase, IDENTITY);
    const secrets = await this.#identitySecrets();
    const channels = this.channels.map((c) => ({
      id: c.id, name: c.name, owner: encodePublicKeyCode(c.owner), owned: c.owned, created: c.created, suite: 2, epoch: c.epoch,
      secrets: c.secrets, removed: c.removedAt !== null,
      subscribers: (c.subscribers ?? []).map((s) => ({ name: s.name, key: fromBase64(s.key), removed: s.removedAt !== null })),
    }));
    const identity = { name: secrets.name, signingAlgorithm: 'ed25519', signingKey: secrets.ed25519, agreementKey: secrets.x25519 };
    try {
      return await sealBackup({ exported: Math.floor(now / 1000), identity, channels }, passphrase, iterations ? { iterations } : {});
    } finally { secrets.ed25519.fill(0); secrets.x25519.fill(0); }
  }

  /**
   * Restores an identity backup file. Into a browser that keeps no identity, the backup's identity
   * and channels become the keyring, sealed under the backup's passphrase; into this keyring, unlocked
   * and of the same identity, the channels and epochs it lacks are added. Another identity is
   * refused (`otherIdentity`), before anything is written: a backup never replaces an identity.
   * Suite-1 channels (ChaCha20-Poly1305, which WebCrypto lacks) are left out and counted in `skipped`.
   * Returns { restored, channelsAdded, epochsAdded, skipped }.
   */
  async restore(file, passphrase, options = {}) {
    const backup = await openBackup(file, passphrase, options);
    if (backup.identity.signingAlgorithm !== 'ed25519') {
      throw new BackupError('unsupportedIdentity', 'this identity signs with P-256, which the web app cannot use: restore it with `seqr id import` on a computer');
    }
    const secrets = { ed25519: backup.identity.signingKey, x25519: backup.identity.agreementKey, name: backup.identity.name };
    const fingerprint = await (await PrivateIdentity.fromSecrets(secrets)).publicIdentity.fingerprint();
    const usable = backup.channels.filter((c) => c.suite === 2);
    const channels = await Promise.all(usable.map(async (c) => {
      const channel = { id: c.id, name: c.name, owner: await decodePublicKeyCode(c.owner), created: c.created, epoch: c.epoch,
        secrets: new Map(c.secrets), removedAt: c.removed ? c.epoch + 1 : null, owned: c.owned };
      if (c.owned) {
        channel.subscribers = await Promise.all(c.subscribers.map(async (s) => ({ name: s.name, fingerprint: await (await decodePublicKeyCode(s.key)).fingerprint(),
          key: toBase64(s.key), removedAt: s.removed ? c.epoch : null })));
      }
      return channel;
    }));
    const summary = { restored: false, channelsAdded: 0, epochsAdded: 0, skipped: backup.channels.length - usable.length };
    if (!(await this.exists())) {
      await this.exclusive(async () => {
        await this.records.create(passphrase);
        await this.records.put(IDENTITY, { name: secrets.name, ed25519: toBase64(secrets.ed25519), x25519: toBase64(secrets.x25519) });
        this.identity = await PrivateIdentity.fromSecrets(await this.#identitySecrets());
        this.channels = channels; this.history = [];
        await this.#save();
      });
      return { ...summary, restored: true, channelsAdded: channels.length };
    }
    if (!this.unlocked) throw new BackupError('locked', 'unlock the identity kept in this browser first, then restore into it');
    const mine = await this.identity.publicIdentity.fingerprint();
    if (mine !== fingerprint) throw new BackupError('otherIdentity', `the backup is of identity ${fingerprint}, but this browser keeps ${mine}; nothing was restored`);
    return this.#change(async () => {
      for (const channel of channels) {
        const held = await this.#find(channel.id, await channel.owner.fingerprint());
        if (!held) { this.channels.push(channel); summary.channelsAdded += 1; continue; }
        for (const [epoch, secret] of channel.secrets) if (!held.secrets.has(epoch)) { held.secrets.set(epoch, secret); summary.epochsAdded += 1; }
        const later = channel.epoch > held.epoch;
        if (later) Object.assign(held, { epoch: channel.epoch, removedAt: channel.removedAt });
        for (const s of held.owned ? channel.subscribers ?? [] : []) {
          const known = held.subscribers.find((k) => k.fingerprint === s.fingerprint);
          // A later backup's removals count: a rekey of this keyring must not reach whom the owner removed since.
          if (!known) held.subscribers.push(s); else if (later && s.removedAt !== null && known.removedAt === null) known.removedAt = s.removedAt;
        }
      }
      await this.#save();
      return summary;
    });
  }

  /** The public identity in a public-key code (to share a channel to). */
  static readPublicKey(code) { return decodePublicKeyCode(code); }
}

