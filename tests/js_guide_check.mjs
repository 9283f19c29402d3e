// SPDX-License-Identifier: MIT OR Apache-2.0
// The JavaScript examples of docs/guide.md, checked against a package: in each ```js block of the
// "## JavaScript" section, every line `EXPRESSION // → VALUE` must give VALUE (deep equality).
// Usage: node tests/js_guide_check.mjs GUIDE PACKAGE_DIR (scripts/test_npm.sh runs it on the
// installed package). Prints "guide examples: N passed, N failed".
import { deepStrictEqual } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [guide, pkg] = process.argv.slice(2);
const iri = await import(pathToFileURL(join(pkg, 'src', 'index.js')));
const text = readFileSync(guide, 'utf8');
const section = text.slice(text.indexOf('\n## JavaScript\n'), text.indexOf('\n## ', text.indexOf('\n## JavaScript\n') + 5));
let passed = 0;
let failed = 0;
for (const block of section.matchAll(/```js\n([\s\S]*?)```/g)) {
  const lines = block[1].split('\n').filter((l) => !l.startsWith('import '));
  const body = lines.map((line, i) => {
    const m = line.match(/^(.*?)\s*\/\/ → (.*)$/);
    return m ? `check(() => (${m[1]}), () => (${m[2]}), ${JSON.stringify(line.trim())});` : line;
  }).join('\n');
  const check = (got, want, line) => {
    try {
      deepStrictEqual(got(), want());
      passed++;
    } catch (e) {
      failed++;
      console.log(`FAIL ${line}\n  ${e.message.split('\n').slice(0, 6).join('\n  ')}`);
    }
  };
  new Function('iri', 'check', body)(iri, check);
}
console.log(`guide examples: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
