// The scanner's decoding thread: a module Worker (`new Worker(new URL('./js/scan-worker.js', …), { type: 'module' })`)
// that owns one QR decoder, so a frame's decode never holds up the page. It loads wasm/zxing.wasm
// on its first message: nothing of the decoder is fetched before the scanner opens. No DOM.
// Messages in and out: scan-requests.js; a frame may also come as an ImageBitmap (`bitmap`,
// transferred), whose RGBA pixels are read here, off the page's thread, into one reused canvas,
// and a picked picture as its file (`picture`, a Blob): decoded here too, so that the page's
// thread never waits on a PNG or JPEG decoder (a refused one is answered `unreadable`).
import { ScanRequests } from './scan-requests.js';

const requests = new ScanRequests();
let canvas = null;

/** An ImageBitmap's RGBA pixels, read here and the bitmap closed. */
function pixelsOf(bitmap) {
  const { width, height } = bitmap;
  if (!canvas || canvas.width !== width || canvas.height !== height) canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, width, height).data.buffer;
}

self.addEventListener('message', async (event) => {
  let message = event.data;
  if (message?.type === 'decode') requests.pictureArrived();
  if (message?.type === 'decode' && message.picture instanceof Blob) {
    const { picture, ...rest } = message;
    try {
      message = { ...rest, bitmap: await createImageBitmap(picture) };
    } catch {
      self.postMessage({ type: 'error', id: message.id, message: 'This is not a picture this browser can read.', unavailable: false, unreadable: true });
      return;
    }
  }
  if (message?.type === 'decode' && message.bitmap) {
    const { bitmap, ...rest } = message;
    const { width, height } = bitmap;
    try {
      message = { ...rest, width, height, layout: 'rgba', pixels: pixelsOf(bitmap) };
    } catch (error) {
      self.postMessage({ type: 'error', id: message.id, message: `The picture could not be read (${error.message}).`, unavailable: false });
      return;
    }
  }
  const { reply, transfer } = await requests.answer(message);
  self.postMessage(reply, transfer);
});
