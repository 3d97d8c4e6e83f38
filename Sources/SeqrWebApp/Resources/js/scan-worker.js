// The scanner's decoding thread: a module Worker (`new Worker(new URL('./js/scan-worker.js', …), { type: 'module' })`)
// that owns one QR decoder, so a frame's decode never holds up the page. It loads wasm/zxing.wasm
// on its first message: nothing of the decoder is fetched before the scanner opens. No DOM.
// Messages in and out: scan-requests.js.
import { ScanRequests } from './scan-requests.js';

const requests = new ScanRequests();
self.addEventListener('message', async (event) => {
  const { reply, transfer } = await requests.answer(event.data);
  self.postMessage(reply, transfer);
});
