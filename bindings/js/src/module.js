// SPDX-License-Identifier: MIT OR Apache-2.0
// module.js — irikit.wasm's instance and the crossings into it: strings in as UTF-8 in the
// module's memory, results out as JSON from its result buffer. Not part of the public API.
//
// Every crossing goes through `guard`: a trap (the module ran out of memory: there are no C++
// exceptions in WebAssembly here) discards the instance and starts a fresh one from the compiled
// module, and the call throws an IRIError "out-of-memory"; the next call works as before.
import { wasiImports } from './wasi.js';

/** The error of the package: `code` is the library's kebab-case error name, `offset` a UTF-16
 * code-unit offset into the JavaScript string given (where the offending character starts),
 * `byteOffset` the same place in its UTF-8 form (what `iri --json` reports). */
export class IRIError extends Error {
  constructor(code, offset, message, details = {}) {
    super(message);
    this.name = 'IRIError';
    this.code = code;
    this.offset = offset;
    this.byteOffset = details.byteOffset ?? offset;
    if (details.argument !== undefined) this.argument = details.argument;
  }
}

const isNode = typeof process !== 'undefined' && process.versions?.node !== undefined;
const wasmUrl = new URL('./irikit.wasm', import.meta.url);

async function wasmBytes() {
  if (isNode && wasmUrl.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`irikit: cannot load ${wasmUrl}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

const compiled = await WebAssembly.compile(await wasmBytes());
const encoder = new TextEncoder();
const decoder = new TextDecoder();

let exports_;
const mappers = new Map(); // option text → command handle, most recently used last
const k_mapper_cache = 64;
let scratch = 0; // a block of the module's heap reused for inputs
let scratchSize = 0;
const k_scratch_keep = 1 << 20;

function makeInstance(instance) {
  exports_ = instance.exports;
  exports_._initialize();
  mappers.clear();
  scratch = 0;
  scratchSize = 0;
}

function imports() {
  return wasiImports(compiled, () => exports_.memory);
}

makeInstance(await WebAssembly.instantiate(compiled, imports()));

/** The instance's exports (for the tests: ik_heap_in_use, memory). */
export function raw() {
  return exports_;
}

function outOfMemory(what) {
  return new IRIError('out-of-memory', 0, `irikit: the WebAssembly module cannot grow its memory for ${what}`);
}

/** Runs `fn` (which crosses into the module); a trap restarts the module and throws out-of-memory. */
export function guard(fn, what) {
  try {
    return fn();
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      makeInstance(new WebAssembly.Instance(compiled, imports()));
      const err = outOfMemory(what);
      err.cause = e;
      throw err;
    }
    throw e;
  }
}

/** A block of at least `size` bytes of the module's heap for an input, valid until the next call. */
function input(size, what) {
  if (size > scratchSize || (scratchSize > k_scratch_keep && size <= k_scratch_keep)) {
    if (scratch) exports_.ik_free(scratch);
    scratch = 0;
    scratchSize = 0;
    const want = Math.max(size, 256);
    if (want > 0xffffffff) throw outOfMemory(what);
    const p = exports_.ik_alloc(want);
    if (!p) throw outOfMemory(what);
    scratch = p;
    scratchSize = want;
  }
  return scratch;
}

/** The result buffer's text. */
export function resultText() {
  const ptr = exports_.ik_result_ptr();
  const len = exports_.ik_result_len();
  return decoder.decode(new Uint8Array(exports_.memory.buffer, ptr, len));
}

/** Writes `texts` packed ([u32 length][UTF-8]...) into the module; returns [pointer, bytes]. */
export function pack(texts, what) {
  let bound = 0;
  for (const t of texts) bound += 4 + 3 * t.length;
  const ptr = input(bound, what);
  const mem = new Uint8Array(exports_.memory.buffer);
  const view = new DataView(exports_.memory.buffer);
  let at = ptr;
  for (const t of texts) {
    let written = t.length;
    // ASCII (most IRIs on the wire) is copied code unit by code unit: cheaper than a view per string
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c >= 0x80) {
        written = -1;
        break;
      }
      mem[at + 4 + i] = c;
    }
    if (written < 0) written = encoder.encodeInto(t, mem.subarray(at + 4, at + 4 + 3 * t.length)).written;
    view.setUint32(at, written, true);
    at += 4 + written;
  }
  return [ptr, at - ptr];
}

/** Writes one string as UTF-8 into the module; returns [pointer, bytes]. */
export function put(text, what) {
  const ptr = input(3 * text.length, what);
  const { written } = encoder.encodeInto(text, new Uint8Array(exports_.memory.buffer, ptr, 3 * text.length));
  return [ptr, written];
}

/** The command handle for `spec` (["parse", "--as", "iri", ...]); a RangeError for bad options. */
export function mapper(spec) {
  const key = spec.join('\u0000');
  let handle = mappers.get(key);
  if (handle !== undefined) {
    mappers.delete(key);
    mappers.set(key, handle);
    return handle;
  }
  handle = guard(() => {
    const [ptr, len] = pack(spec, 'the options');
    return exports_.ik_mapper(ptr, len, spec.length);
  }, 'the options');
  if (!handle) throw new RangeError(`irikit: ${resultText()}`);
  mappers.set(key, handle);
  if (mappers.size > k_mapper_cache) {
    const [oldest, h] = mappers.entries().next().value;
    mappers.delete(oldest);
    exports_.ik_mapper_free(h);
  }
  return handle;
}

/** Runs a configured command over `texts` (already checked strings): one crossing for the array;
 * returns, per text, its records (objects with the keys of `iri COMMAND --json`). */
export function mapTexts(spec, texts) {
  const handle = mapper(spec);
  return guard(() => {
    const [ptr, len] = pack(texts, 'the input');
    if (exports_.ik_map(handle, ptr, len, texts.length) !== 0) throw new Error('irikit: malformed input block');
    return JSON.parse(resultText());
  }, 'the input');
}

