// Starting one of the paper vault's WebAssembly modules (scripts/build-wasm: chacha20poly1305.wasm,
// brotli-dec.wasm, isal-ec.wasm, brotli-enc.wasm). Each is a wasm32-wasi "reactor" built from vendored C that
// imports nothing at all: a module asking for any import is refused rather than given stubs. No DOM;
// runs in the page and under node --test (which passes the module's bytes).

/** A module could not be fetched, compiled or started; `message` is a sentence for the page. */
export class WasmModuleError extends Error {
  constructor(message) { super(message); this.name = 'WasmModuleError'; }
}

/**
 * The exports of the started module, `_initialize` run. `source`: a URL (fetched from this origin),
 * a Response or a promise of one, or the module's bytes. `what` names it in errors ("the decryption module").
 */
export async function startReactor(source, what) {
  return instantiateReactor(await compileReactor(source, what));
}

/** The compiled module (checked to import nothing), for a caller that starts a fresh instance per use. */
export async function compileReactor(source, what) {
  let module;
  try {
    if (source instanceof URL || typeof source === 'string') source = fetch(source);
    if (source instanceof Promise) source = await source;
    if (typeof Response !== 'undefined' && source instanceof Response) {
      if (!source.ok) throw new WasmModuleError(`${capitalized(what)} is not available (the server answered ${source.status}).`);
      source = await source.arrayBuffer();
    }
    module = await WebAssembly.compile(source);
  } catch (error) {
    if (error instanceof WasmModuleError) throw error;
    throw new WasmModuleError(`${capitalized(what)} could not be loaded (${error.message}).`);
  }
  if (WebAssembly.Module.imports(module).length > 0) throw new WasmModuleError(`${capitalized(what)} is not the module this page was built with.`);
  return module;
}

/** The exports of a new instance of a compiled module, `_initialize` run. */
export async function instantiateReactor(module) {
  const { exports } = await WebAssembly.instantiate(module, {});
  exports._initialize();
  return exports;
}

/** `length` bytes of the module's memory at `pointer`; taken again after any call that may grow memory. */
export function memoryBytes(exports, pointer, length) { return new Uint8Array(exports.memory.buffer, pointer, length); }

function capitalized(text) { return text[0].toUpperCase() + text.slice(1); }
