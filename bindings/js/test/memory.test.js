// SPDX-License-Identifier: MIT OR Apache-2.0
// Nothing leaks across calls: a million calls leave the module's memory and its allocator's count
// where they were after the first ones; an input the module cannot hold is an IRIError
// "out-of-memory", and the module works after it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as iri from 'irikit';
import { raw } from '../src/module.js';

test('a million calls: memory.buffer and the heap stay flat', () => {
  const mixed = () => {
    iri.isValid('http://例え.jp/a?b#c');
    iri.parse('http://a/b?c#d');
    iri.toURI('http://例え.jp/ä');
    try {
      iri.parse('http://a b/');
    } catch {
      // an error leaves nothing behind either
    }
    iri.isValidBatch(['a:b', 'c d']);
  };
  for (let i = 0; i < 1000; i++) mixed();
  const heap = raw().ik_heap_in_use();
  const bytes = raw().memory.buffer.byteLength;
  for (let i = 0; i < 200000; i++) mixed(); // 5 calls each: a million
  assert.equal(raw().ik_heap_in_use(), heap);
  assert.equal(raw().memory.buffer.byteLength, bytes);
});

test('inputs larger than the module can hold: IRIError out-of-memory, then business as usual', () => {
  const big = 'a:'.padEnd(400 * 1024 * 1024, 'x'); // 400 Mi code units: four of them exceed wasm32's 4 GiB
  assert.throws(() => iri.toURIBatch([big, big, big, big]), (e) => e instanceof iri.IRIError &&
    e.code === 'out-of-memory');
  assert.equal(iri.toURI('http://例え.jp/ä'), 'http://%E4%BE%8B%E3%81%88.jp/%C3%A4');
});

// The module itself running out of memory half-way (a trap: no C++ exceptions here) restarts it.
// About a minute and 4 GiB of memory: run with IRIKIT_JS_OOM=1.
test('the module running out of memory during a call', { skip: process.env.IRIKIT_JS_OOM !== '1' &&
  'takes a minute and 4 GiB: IRIKIT_JS_OOM=1 runs it' }, () => {
  const huge = `a:${'ä'.repeat(300 * 1024 * 1024)}`; // its URI needs 1.8 GB, its JSON record as much again
  assert.throws(() => iri.toURI(huge), (e) => e instanceof iri.IRIError && e.code === 'out-of-memory' &&
    e.cause instanceof WebAssembly.RuntimeError);
  assert.equal(iri.toURI('http://例え.jp/ä'), 'http://%E4%BE%8B%E3%81%88.jp/%C3%A4');
});
