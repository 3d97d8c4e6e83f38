// What one tab does to the keys, every tab of this origin does: "Lock now", "Lock channels", the
// idle lock and sign-out are told to the others (BroadcastChannel: this origin's tabs only), and
// input in any tab counts for the idle lock of all, so that one idle clock locks them together.
// Messages carry what to do, never a key or a token. No DOM.
export const LOCK_CHANNEL_NAME = 'seqr-lock';

export const LockMessage = Object.freeze({
  /** Forget the notes keys and the channel keys. */
  lock: 'lock',
  /** Forget the channel keys. */
  lockChannels: 'lock-channels',
  /** Sign out of the notes account (each tab ends its own session). */
  signOut: 'sign-out',
  /** Someone used a tab just now: the idle clock starts again. */
  activity: 'activity',
});
const known = new Set(Object.values(LockMessage));

export class LockBroadcast {
  /** `onMessage(type)` for each message another tab posts; `Channel`: BroadcastChannel, absent in old browsers. */
  constructor(onMessage, Channel = globalThis.BroadcastChannel) {
    this.channel = typeof Channel === 'function' ? new Channel(LOCK_CHANNEL_NAME) : null;
    if (this.channel) {
      this.channel.onmessage = (event) => {
        const type = event.data?.type;
        if (known.has(type)) onMessage(type);
      };
    }
  }

  post(type) {
    if (!known.has(type)) throw new Error(`unknown lock message ${type}`);
    this.channel?.postMessage({ type });
  }

  close() { this.channel?.close(); }
}
