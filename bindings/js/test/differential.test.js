// SPDX-License-Identifier: MIT OR Apache-2.0
// The package against the native `iri` tool on every line of the shared corpora: validity and
// components (`iri parse --json`) and the URI (`iri to-uri --json`), record for record: zero
// differences. Needs IRIKIT_IRI (the native tool) and IRIKIT_CORPORA (../shared/corpora); CTest
// (js.npm) sets both. Lines that are not UTF-8 cannot be JavaScript strings and are counted apart.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import * as iri from 'irikit';

const tool = process.env.IRIKIT_IRI;
const corpora = process.env.IRIKIT_CORPORA;
const why = !tool || !corpora ? 'IRIKIT_IRI and IRIKIT_CORPORA name the native tool and the corpora' : false;

function corpusFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...corpusFiles(path));
    else if (/\.(txt|csv)$/.test(name)) out.push(path);
  }
  return out;
}

/** The lines as the line engine reads them: LF ends a line, a CR before it is not part of it. */
function lines(bytes) {
  const fatal = new TextDecoder('utf-8', { fatal: true });
  const out = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    if (i === bytes.length && start === i) break;
    let end = i;
    if (end > start && bytes[end - 1] === 0x0d) end--;
    try {
      out.push(fatal.decode(bytes.subarray(start, end)));
    } catch {
      out.push(null);
    }
    start = i + 1;
  }
  return out;
}

function native(command, file) {
  // exit status 1: some line failed, which the corpora have; 2 would be a usage error
  const run = spawnSync(tool, [command, '--json', file], { maxBuffer: 1 << 30, encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, `${tool} ${command}: ${run.stderr}`);
  return run.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
}

/** The JS result as the tool's record: an IRIError becomes {"error": {code, byte offset, message}}. */
function asRecord(value, key) {
  if (value instanceof iri.IRIError) {
    const error = { code: value.code, offset: value.byteOffset, message: value.message };
    return key === 'parse' ? { valid: false, error } : { error };
  }
  return key === 'parse' ? value : { output: value };
}

for (const file of corpora ? corpusFiles(corpora) : []) {
  test(`differential: ${file}`, () => {
    const all = lines(readFileSync(file));
    const texts = all.filter((l) => l !== null);
    const expected = { parse: native('parse', file), 'to-uri': native('to-uri', file) };
    const got = { parse: iri.parseBatch(texts), 'to-uri': iri.toURIBatch(texts) };
    let differences = 0;
    for (const key of ['parse', 'to-uri']) {
      assert.equal(expected[key].length, all.length, `${key}: one record per line`);
      let k = 0;
      for (let i = 0; i < all.length; i++) {
        if (all[i] === null) continue;
        const { line, input, ...want } = expected[key][i];
        const have = asRecord(got[key][k++], key);
        try {
          assert.deepEqual(have, want);
        } catch {
          if (differences++ < 5) console.log(`${file}:${i + 1} ${key}: native ${JSON.stringify(want)} js ${JSON.stringify(have)}`);
        }
      }
    }
    console.log(`${file}: ${all.length} lines (${all.length - texts.length} not UTF-8), ${differences} differences`);
    assert.equal(differences, 0);
  });
}

test('differential: the corpora are there', { skip: why }, () => {
  assert.ok(corpusFiles(corpora).length >= 8);
});
