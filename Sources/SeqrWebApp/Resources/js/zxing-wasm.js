// The QR decoder of `seqr decode` in the page: zxing-cpp and Seqr's shim compiled to one WebAssembly
// module (wasm/zxing.wasm, built by scripts/build-wasm from the vendored sources), and the only
// module that calls it. No DOM: it runs in a module Worker (scan-worker.js) and under node --test.
//
// The module's C API (Sources/ZXingWasm/seqr_zxing_wasm.cpp) takes pointers and lengths, returns a
// status, and leaves its result as JSON in its memory. Its only imports are six WASI calls (an
// abort message to stderr, an empty environment, exit); they are answered here without any I/O.
import { fromBase64 } from './bytes.js';
import { PayloadDisplay } from './payload-display.js';

/** Where the page finds the module, beside the app's other files. */
export const MODULE_URL = new URL('../wasm/zxing.wasm', import.meta.url);

/** The decoder could not run or refused its input; `message` is a sentence for the page. */
export class QRReaderError extends Error {
  constructor(message) {
    super(message);
    this.name = 'QRReaderError';
  }
}

const BINARIZERS = { localAverage: 0, globalHistogram: 1, fixedThreshold: 2 };
const LAYOUTS = { luminance: 1, rgba: 4 };
const QR_VERSIONS = /^([1-9]|[1-3][0-9]|40)$/;
const EC_LEVELS = new Set(['L', 'M', 'Q', 'H']);
const ENOSYS = 52;
const ESPIPE = 70;

/**
 * The module compiled, not started. `source`: its bytes (a BufferSource, as Node reads the file), a
 * Response or a promise of one, or a URL to fetch (default: the app's own copy). A Response served
 * as `application/wasm` is compiled while it streams, which also lets the browser keep the
 * compiled code for the next visit. A compiled module can be handed to Workers (postMessage), so
 * that several decoders share one compilation (scan-worker-pool.js).
 * @returns {Promise<WebAssembly.Module>}
 */
export async function compileQRReaderModule(source = MODULE_URL) {
  try {
    if (source instanceof WebAssembly.Module) return source;
    if (source instanceof URL || typeof source === 'string') source = fetch(source);
    if (source instanceof Promise) source = await source;
    if (typeof Response !== 'undefined' && source instanceof Response) {
      if (!source.ok) throw new QRReaderError(`The QR decoder is not available (the server answered ${source.status}).`);
      if (source.headers.get('Content-Type') === 'application/wasm' && WebAssembly.compileStreaming) return await WebAssembly.compileStreaming(source);
      return await WebAssembly.compile(await source.arrayBuffer());
    }
    return await WebAssembly.compile(source);
  } catch (error) {
    if (error instanceof QRReaderError) throw error;
    throw new QRReaderError(`The QR decoder could not be loaded (${error.message}).`);
  }
}

/**
 * Compiles and starts the module. `source`: as for compileQRReaderModule, or the compiled module.
 * @returns {Promise<QRReader>}
 */
export async function loadQRReader(source = MODULE_URL) {
  return new QRReader(await compileQRReaderModule(source));
}

/** A started instance of `module`: its exports, `_initialize` run. Synchronous (the module is small). */
function start(module) {
  let memory = null;
  const wasi = {
    // libc++abi writes an abort message to stderr before a trap: it is dropped (the trap says enough).
    fd_write(fd, iovs, count, written) {
      const view = new DataView(memory.buffer);
      let total = 0;
      for (let i = 0; i < count; i++) total += view.getUint32(iovs + 8 * i + 4, true);
      view.setUint32(written, total, true);
      return 0;
    },
    fd_close() { return 0; },
    fd_seek() { return ESPIPE; },
    // Where libc reads its environment (getenv in libc++'s locale code): there is none.
    environ_sizes_get(count, size) {
      const view = new DataView(memory.buffer);
      view.setUint32(count, 0, true);
      view.setUint32(size, 0, true);
      return 0;
    },
    environ_get() { return 0; },
    // abort(): the trap that follows is what the caller sees.
    proc_exit(code) { throw new WebAssembly.RuntimeError(`the QR decoder exited (${code})`); },
  };
  for (const entry of WebAssembly.Module.imports(module)) {
    if (entry.module === 'wasi_snapshot_preview1' && !(entry.name in wasi)) wasi[entry.name] = () => ENOSYS;
  }
  const { exports } = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi });
  memory = exports.memory;
  exports._initialize();
  return exports;
}

/** One started module. Not for concurrent use: a Worker owns one. */
export class QRReader {
  #module;
  #exports;
  #buffer = 0;
  #capacity = 0;

  /** @param {WebAssembly.Module} module  the compiled zxing.wasm */
  constructor(module) {
    this.#module = module;
    this.#exports = start(module);
  }

  /**
   * Every QR Code, Micro QR and rMQR symbol in a picture, as `seqr decode`'s first pass reads it.
   * `pixels`: a Uint8Array or Uint8ClampedArray (an ImageData's `data`) of `width`×`height` pixels,
   * RGBA (default) or one luminance byte each (`options.layout: 'luminance'`), `options.rowBytes` per row.
   * @returns {DecodedCode[]}
   */
  read(pixels, width, height, options = {}) {
    const layout = options.layout ?? 'rgba';
    if (!(layout in LAYOUTS)) throw new QRReaderError(`Unknown pixel layout ${layout}.`);
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new QRReaderError('The picture has no pixels.');
    const rowBytes = options.rowBytes ?? width * LAYOUTS[layout];
    if (!Number.isInteger(rowBytes) || rowBytes < width * LAYOUTS[layout] || pixels.length < rowBytes * height) {
      throw new QRReaderError('The picture is smaller than its width and height say.');
    }
    const binarizer = BINARIZERS[options.binarizer ?? 'localAverage'];
    if (binarizer === undefined) throw new QRReaderError(`Unknown binarizer ${options.binarizer}.`);
    const flags = (options.tryHarder ?? true ? 1 : 0) | (options.tryRotate ?? true ? 2 : 0) | (options.tryInvert ?? true ? 4 : 0)
      | (options.tryDownscale ?? true ? 8 : 0) | (options.tryDenoise ? 16 : 0);
    const length = rowBytes * height;
    const json = this.#call(() => {
      const at = this.#reserve(length);
      new Uint8Array(this.#exports.memory.buffer, at, length).set(pixels.subarray(0, length));
      return this.#exports.seqr_wasm_read(at, length, layout === 'rgba' ? 1 : 0, width, height, rowBytes, flags, binarizer,
        options.maxSymbols ?? 0);
    });
    return json.map(decodedCode);
  }

  /**
   * The text of a payload with the encoding blocks given (a structured-append sequence's joined
   * payload and blocks), as `seqr decode` reads it: `{ text, encoding, guessed }`, or null for bytes.
   */
  readText(bytes, encodingBlocks = { blocks: [], fromECI: false }) {
    const blocks = encodingBlocks.blocks;
    return this.#call(() => {
      const at = this.#reserve(bytes.length + 8 * blocks.length);
      const memory = this.#exports.memory.buffer;
      new Uint8Array(memory, at, bytes.length).set(bytes);
      const list = at + bytes.length + ((4 - (bytes.length % 4)) % 4);
      const view = new DataView(memory);
      blocks.forEach((block, i) => {
        view.setInt32(list + 8 * i, block.eci, true);
        view.setInt32(list + 8 * i + 4, block.position, true);
      });
      return this.#exports.seqr_wasm_read_text(at, bytes.length, list, blocks.length, encodingBlocks.fromECI ? 1 : 0);
    });
  }

  /** Room for `length` bytes (and alignment) in the module's memory, kept between calls. */
  #reserve(length) {
    const needed = length + 16;
    if (needed > this.#capacity) {
      if (this.#buffer) this.#exports.seqr_wasm_free(this.#buffer);
      this.#buffer = this.#exports.seqr_wasm_alloc(needed);
      this.#capacity = this.#buffer ? needed : 0;
      if (!this.#buffer) throw new QRReaderError('The picture is too large for the QR decoder’s memory.');
    }
    return this.#buffer;
  }

  /** Runs `body` (a call that returns a status), then parses the module's JSON output. */
  #call(body) {
    let status;
    try {
      status = body();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      // A trap leaves the instance's stack and heap as they were mid-call: start a fresh one.
      this.#restart();
      throw new QRReaderError(`The QR decoder stopped on this picture (${error.message}); it was restarted.`);
    }
    const x = this.#exports;
    const memory = new Uint8Array(x.memory.buffer);
    if (status < 0) {
      const at = x.seqr_wasm_error();
      throw new QRReaderError(`The QR decoder refused the picture: ${new TextDecoder().decode(memory.subarray(at, memory.indexOf(0, at)))}.`);
    }
    const at = x.seqr_wasm_output();
    return JSON.parse(new TextDecoder().decode(memory.subarray(at, at + x.seqr_wasm_output_length())));
  }

  #restart() {
    this.#buffer = 0;
    this.#capacity = 0;
    this.#exports = start(this.#module);
  }
}

/**
 * @typedef {object} DecodedCode
 * @property {Uint8Array} bytes  the payload, exactly as stored in the symbol
 * @property {string} text  what `seqr decode` prints: the text, or `base64:…` (PayloadDisplay.exact)
 * @property {PayloadDisplay} display  the same, with `line` for showing it escaped
 * @property {string|null} encoding  the encoding `text` was read in (absent for base64), as --json's `encoding`
 * @property {boolean|null} encodingGuessed
 * @property {'qr'|'microqr'|'rmqr'} format
 * @property {number|null} version  the QR version (1–40), null for Micro QR and rMQR, as --json
 * @property {string} versionName  zxing-cpp's version: "12", "M3", "R7x43"
 * @property {'L'|'M'|'Q'|'H'|null} errorCorrection
 * @property {{x: number, y: number}[]} corners  top-left, top-right, bottom-right, bottom-left, in pixels
 * @property {boolean} inverted  light modules on dark
 * @property {boolean} mirrored
 * @property {number} orientation  degrees
 * @property {{index: number, count: number, id: string}|null} sequence  structured append (index from 0)
 * @property {{blocks: {eci: number, position: number}[], fromECI: boolean}} encodingBlocks  for readText of a joined sequence
 */
function decodedCode(raw) {
  const bytes = fromBase64(raw.payload);
  const display = PayloadDisplay.ofSymbol(bytes, raw.text?.text ?? null);
  const isText = display.text !== null;
  const variant = raw.format >>> 8;
  const format = variant === 0x6d ? 'microqr' : variant === 0x72 ? 'rmqr' : 'qr';
  const c = raw.corners;
  return {
    bytes,
    text: display.exact,
    display,
    encoding: isText ? raw.text.encoding : null,
    encodingGuessed: isText ? raw.text.guessed : null,
    format,
    version: format === 'qr' && QR_VERSIONS.test(raw.version) ? Number(raw.version) : null,
    versionName: raw.version,
    errorCorrection: EC_LEVELS.has(raw.errorCorrection) ? raw.errorCorrection : null,
    corners: [0, 2, 4, 6].map((i) => ({ x: c[i], y: c[i + 1] })),
    inverted: raw.inverted,
    mirrored: raw.mirrored,
    orientation: raw.orientation,
    sequence: raw.sequenceSize > 0 && raw.sequenceIndex >= 0 ? { index: raw.sequenceIndex, count: raw.sequenceSize, id: raw.sequenceId } : null,
    encodingBlocks: { blocks: raw.encodings.map(([eci, position]) => ({ eci, position })), fromECI: raw.hasECI },
  };
}
