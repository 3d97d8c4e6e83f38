// What the scanner's Worker (scan-worker.js) answers, apart from the Worker itself so that
// node --test drives it too. One decoder, loaded on the first request; each request gets one reply
// with its `id`. No DOM.
//
// In:  { type: 'decode', id, pixels: ArrayBuffer (transferred), width, height,
//        layout?: 'rgba' (an ImageData's data.buffer, the default) | 'luminance', rowBytes?, options?,
//        still?: true for a picked photo or screenshot: read with every pass `seqr decode` has
//        (qr-picture-reader.js), not only the first, which is what a camera frame gets,
//        vaultPage?: { codesPerPage } with `still`: a picture of a paper-vault page, whose first
//        pass stops once it found a whole page (vault-page-reader.js) }
//      { type: 'text', id, bytes: Uint8Array, encodingBlocks: { blocks: [{ eci, position }], fromECI } }
//      { type: 'load', id, module?, warmUp? } — loads the decoder ahead of the first frame (the scanner opening);
//        `module`: the decoder already compiled (a WebAssembly.Module), instead of fetching it;
//        `warmUp: true`: then reads a made-up picture once (scan-warm-up.js), so the first real one
//        is read at full speed — unless a picture to decode arrived before the decoder had started
// Out: { type: 'decoded', id, codes: DecodedCode[] (zxing-wasm.js, without `display`), pixels } — the
//        frame's buffer transferred back, to be filled with the next frame
//      { type: 'text', id, text: { text, encoding, guessed } | null }
//      { type: 'loaded', id }
//      { type: 'error', id, message, unavailable } — `unavailable` when the decoder cannot be loaded
//        at all (the module missing from this server, or refused by this browser): the scanner then
//        says so and offers nothing else that needs it; otherwise only this request failed.
import { readPicture } from './qr-picture-reader.js';
import { warmUp } from './scan-warm-up.js';
import { readVaultPage } from './vault-page-reader.js';
import { loadQRReader, MODULE_URL, QRReaderError } from './zxing-wasm.js';

export class ScanRequests {
  #reader = null;
  #source;
  #warmedUp = false;
  #pictureArrived = false;

  /** `source`: where the module comes from (zxing-wasm.js's loadQRReader; the app's own copy by default). */
  constructor(source = MODULE_URL) {
    this.#source = source;
  }

  /** Whether the decoder was warmed up (a load asked for it, and no picture came before it had started). */
  get warmedUp() { return this.#warmedUp; }

  /**
   * A picture to decode has reached the Worker (told before its file is decoded, which takes a while):
   * a warm-up still to come is skipped, as the picture itself does its work.
   */
  pictureArrived() { this.#pictureArrived = true; }

  /** The reply to one message, and what it transfers. */
  async answer(message) {
    const id = message?.id;
    if (message?.type === 'decode') this.#pictureArrived = true;
    try {
      // A load request may bring the module already compiled (scan-worker-pool.js shares one compilation).
      if (this.#reader === null) this.#reader = loadQRReader(message?.type === 'load' && message.module instanceof WebAssembly.Module ? message.module : this.#source);
      let reader;
      try {
        reader = await this.#reader;
      } catch (error) {
        this.#reader = null; // tried again with the next request (a network that came back)
        return { reply: { type: 'error', id, message: error.message, unavailable: true }, transfer: [] };
      }
      if (message?.type === 'decode') {
        if (!(message.pixels instanceof ArrayBuffer)) throw new QRReaderError('A frame to decode comes as an ArrayBuffer of pixels.');
        const pixels = new Uint8Array(message.pixels), layout = { layout: message.layout ?? 'rgba', rowBytes: message.rowBytes };
        const codes = message.still === true
          ? (message.vaultPage ? await readVaultPage(reader, pixels, message.width, message.height, { ...layout, codesPerPage: message.vaultPage.codesPerPage })
            : readPicture(reader, pixels, message.width, message.height, layout))
          : reader.read(pixels, message.width, message.height, { ...message.options, ...layout });
        return { reply: { type: 'decoded', id, codes: codes.map(({ display, ...code }) => code), pixels: message.pixels }, transfer: [message.pixels] };
      }
      if (message?.type === 'load') {
        // A picture that arrived while the decoder was starting goes first, unwarmed: on a cold
        // decoder a warm-up costs the waiting picture more than it saves it.
        if (message.warmUp === true && !this.#warmedUp && !this.#pictureArrived) {
          this.#warmedUp = true;
          warmUp(reader);
        }
        return { reply: { type: 'loaded', id }, transfer: [] };
      }
      if (message?.type === 'text') {
        return { reply: { type: 'text', id, text: reader.readText(message.bytes, message.encodingBlocks) }, transfer: [] };
      }
      throw new QRReaderError(`Unknown request ${JSON.stringify(message?.type)}.`);
    } catch (error) {
      // Every request gets its reply, whatever went wrong (a page waiting on it would hang otherwise).
      const text = error instanceof QRReaderError ? error.message : `The QR decoder failed (${error?.message ?? error}).`;
      return { reply: { type: 'error', id, message: text, unavailable: false }, transfer: [] };
    }
  }
}
