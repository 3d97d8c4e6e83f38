// What the channel views keep and do (the browser's side of `seqr id`, `channel`, `post`, `scan`):
// one identity, the channels owned or subscribed with every epoch's secret, and the messages read
// or posted — all in records sealed under the passphrase (sealed-records.js). A channel is known by
// its owner's fingerprint and id, as in the CLI's store: anyone can seal a share under a channel id
// they saw, which then becomes a channel of its own owner and never replaces the real one.
import { equalBytes, fromBase64, fromHex, randomBytes, toBase64, toHex } from './bytes.js';
import { channelErrors } from './channel-error.js';
import { decodeChannelMessage, encodeChannelMessage, messageHeader } from './channel-message-code.js';
import { encodeRekeyCodes, openRekeyCode, parseRekeyCode } from './channel-rekey-code.js';
import { decodeChannelShare, encodeChannelShare } from './channel-share-code.js';
import { PrivateIdentity } from './private-identity.js';
import { decodePublicKeyCode, encodePublicKeyCode } from './public-key-code.js';
import { validateName } from './public-identity.js';

const IDENTITY = 'identity', CHANNELS = 'channels', HISTORY = 'history';

async function toChannel(record) {
  return {
    ...record,
    id: fromHex(record.id),
    owner: await decodePublicKeyCode(fromBase64(record.owner)),
    secrets: new Map(Object.entries(record.secrets).map(([epoch, secret]) => [Number(epoch), fromBase64(secret)])),
  };
}

function toRecord(channel) {
  return {
    ...channel, id: toHex(channel.id), owner: toBase64(encodePublicKeyCode(channel.owner)),
    secrets: Object.fromEntries([...channel.secrets].map(([epoch, secret]) => [String(epoch), toBase64(secret)])),
  };
}

export class ChannelKeyring {
  /** `records`: a SealedRecords. */
  constructor(records) { this.records = records; this.identity = null; this.channels = []; this.history = []; }

  get unlocked() { return this.identity !== null; }
  exists() { return this.records.exists(); }

  /** A new identity named `name`, sealed under `passphrase`. */
  async create(name, passphrase) {
    validateName(name);
    const identity = await PrivateIdentity.generate(name);
    await this.records.create(passphrase);
    const secrets = await identity.secrets();
    await this.records.put(IDENTITY, { name, ed25519: toBase64(secrets.ed25519), x25519: toBase64(secrets.x25519) });
    secrets.ed25519.fill(0); secrets.x25519.fill(0);
    this.identity = await PrivateIdentity.fromSecrets(await this.#identitySecrets());
    this.channels = []; this.history = [];
    await this.#save();
  }

  async unlock(passphrase) {
    await this.records.unlock(passphrase, IDENTITY);
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

  publicKeyCode() { return encodePublicKeyCode(this.identity.publicIdentity); }
  owned() { return this.channels.filter((c) => c.owned); }

  /** A new channel of this identity, at epoch 0 with a fresh secret. */
  async createChannel(name) {
    validateName(name);
    if (!name.trim()) throw channelErrors.invalidContent('a channel needs a name');
    const channel = {
      id: randomBytes(16), name, owner: this.identity.publicIdentity, created: Math.floor(Date.now() / 1000),
      epoch: 0, secrets: new Map([[0, randomBytes(32)]]), removedAt: null, owned: true, subscribers: [],
    };
    this.channels.push(channel);
    await this.#save();
    return channel;
  }

  /** The share of an owned channel, at its current epoch, for `recipient`; recorded, so a removal can reach the others. */
  async share(channel, recipient) {
    const code = await encodeChannelShare({ ...channel, secret: channel.secrets.get(channel.epoch) }, recipient, this.identity);
    const fingerprint = await recipient.fingerprint();
    const entry = { name: recipient.name, fingerprint, key: toBase64(encodePublicKeyCode(recipient)), removedAt: null };
    const known = channel.subscribers.findIndex((s) => s.fingerprint === fingerprint);
    if (known >= 0) channel.subscribers[known] = entry; else channel.subscribers.push(entry);
    await this.#save();
    return code;
  }

  /**
   * Removes a subscriber (by fingerprint) from an owned channel: the channel moves to its next epoch,
   * a fresh secret sealed to every other subscriber in rekey codes (one per 16), which are returned.
   * Messages posted after it use the new epoch.
   */
  async removeSubscriber(channel, fingerprint) {
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
  }

  /** A message code of an owned channel, at its current epoch. */
  async post(channel, message) {
    const code = await encodeChannelMessage(message, { id: channel.id, epoch: channel.epoch, secret: channel.secrets.get(channel.epoch) }, this.identity);
    await this.#remember(channel, message, channel.epoch, code, 'posted');
    return code;
  }

  /** Subscribes from a share made for this identity; { channel, added: false } when held already. */
  async subscribe(code) {
    const opened = await decodeChannelShare(code, this.identity);
    const fingerprint = await opened.owner.fingerprint();
    const known = await this.#find(opened.id, fingerprint);
    if (known) {
      const had = known.secrets.has(opened.epoch);
      known.secrets.set(opened.epoch, opened.secret);
      known.epoch = Math.max(known.epoch, opened.epoch);
      await this.#save();
      return { channel: known, added: !had };
    }
    const channel = { id: opened.id, name: opened.name, owner: opened.owner, created: opened.created, epoch: opened.epoch,
      secrets: new Map([[opened.epoch, opened.secret]]), removedAt: null, owned: false };
    this.channels.push(channel);
    await this.#save();
    return { channel, added: true };
  }

  async #find(id, fingerprint) {
    for (const channel of this.channels) if (equalBytes(channel.id, id) && await channel.owner.fingerprint() === fingerprint) return channel;
    return null;
  }

  /** The channels of an id, the real owner's first if several claim it (the signature decides). */
  #candidates(id) { return this.channels.filter((c) => equalBytes(c.id, id)); }

  /** Verifies and opens a message: { message, channel }; kept in the history. */
  async read(code) {
    const { channelID } = messageHeader(code);
    const candidates = this.#candidates(channelID);
    if (candidates.length === 0) throw channelErrors.unknownChannel();
    let failure = null;
    for (const channel of candidates) {
      try {
        const message = await decodeChannelMessage(code, channel);
        await this.#remember(channel, message, message.epoch, code, 'read');
        return { message, channel };
      } catch (error) {
        // Another owner's channel of the same id: its signature fails; the real one's error wins.
        if (failure === null || failure.code === 'badSignature') failure = error;
      }
    }
    throw failure;
  }

  /** Moves a subscribed channel to the rekey's epoch: { channel, epoch }; `removedFromChannel` is recorded. */
  async rekey(code) {
    const { channelID } = parseRekeyCode(code);
    const candidates = this.#candidates(channelID);
    if (candidates.length === 0) throw channelErrors.unknownChannel();
    let failure = null;
    for (const channel of candidates) {
      try {
        const { epoch, secret } = await openRekeyCode(code, channel, this.identity);
        channel.secrets.set(epoch, secret);
        channel.epoch = Math.max(channel.epoch, epoch);
        await this.#save();
        return { channel, epoch };
      } catch (error) {
        if (error.code === 'removedFromChannel') {
          const { epoch } = parseRekeyCode(code);
          channel.removedAt = channel.removedAt === null ? epoch : Math.min(channel.removedAt, epoch);
          await this.#save();
          throw error;
        }
        if (failure === null || failure.code === 'badSignature') failure = error;
      }
    }
    throw failure;
  }

  async #remember(channel, message, epoch, code, direction) {
    const entry = { channel: channel.name, channelID: toHex(channel.id), owner: await channel.owner.fingerprint(), direction, epoch,
      kind: message.kind, content: message.content, created: message.created, expires: message.expires ?? 0, code: toBase64(code), at: Date.now() };
    if (!this.history.some((e) => e.code === entry.code)) this.history.unshift(entry);
    await this.#save();
  }

  /** The public identity in a public-key code (to share a channel to). */
  static readPublicKey(code) { return decodePublicKeyCode(code); }
}

