// SPDX-License-Identifier: MIT OR Apache-2.0
// wasi.js — the few WASI preview 1 functions irikit.wasm imports, written here so that the same
// module runs in Node and in browsers with no dependency: no environment, no arguments, no files;
// standard output and error go to the console. Any other import answers ENOSYS.
const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_NOSYS = 52;

/** Thrown by proc_exit: the module asked to stop (it never does in normal use). */
export class WasiExit extends Error {
  constructor(code) {
    super(`irikit.wasm exited with status ${code}`);
    this.code = code;
  }
}

/**
 * The import object for `module`; `memory()` returns the instance's memory once it exists.
 * @param {WebAssembly.Module} module
 * @param {() => WebAssembly.Memory} memory
 */
export function wasiImports(module, memory) {
  const view = () => new DataView(memory().buffer);
  const decoder = new TextDecoder();
  const pending = { 1: '', 2: '' };
  const zeroSizes = (countPtr, sizePtr) => {
    const v = view();
    v.setUint32(countPtr, 0, true);
    v.setUint32(sizePtr, 0, true);
    return ERRNO_SUCCESS;
  };
  const own = {
    environ_sizes_get: zeroSizes,
    environ_get: () => ERRNO_SUCCESS,
    args_sizes_get: zeroSizes,
    args_get: () => ERRNO_SUCCESS,
    fd_write(fd, iovs, iovsLen, writtenPtr) {
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      const v = view();
      let written = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32(iovs + 8 * i, true);
        const len = v.getUint32(iovs + 8 * i + 4, true);
        pending[fd] += decoder.decode(new Uint8Array(memory().buffer, ptr, len));
        written += len;
      }
      const lines = pending[fd].split('\n');
      pending[fd] = lines.pop();
      for (const line of lines) (fd === 1 ? console.log : console.error)(line);
      v.setUint32(writtenPtr, written, true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_get(fd, statPtr) {
      if (fd > 2) return ERRNO_BADF;
      const v = view();
      for (let i = 0; i < 24; i += 4) v.setUint32(statPtr + i, 0, true);
      v.setUint8(statPtr, 2); // character device
      return ERRNO_SUCCESS;
    },
    fd_close: () => ERRNO_BADF,
    fd_seek: () => ERRNO_BADF,
    clock_time_get(id, precision, timePtr) {
      view().setBigUint64(timePtr, BigInt(Math.round(Date.now())) * 1000000n, true);
      return ERRNO_SUCCESS;
    },
    random_get(ptr, len) {
      globalThis.crypto.getRandomValues(new Uint8Array(memory().buffer, ptr, len));
      return ERRNO_SUCCESS;
    },
    proc_exit(code) {
      throw new WasiExit(code);
    },
  };
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') continue;
    imports[imp.module] ??= {};
    imports[imp.module][imp.name] = own[imp.name] ?? (() => ERRNO_NOSYS);
  }
  return imports;
}
