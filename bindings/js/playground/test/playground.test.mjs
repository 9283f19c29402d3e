// SPDX-License-Identifier: MIT OR Apache-2.0
// make test-playground: the playground page in a real browser. Debian's chromium, headless, driven
// by playwright-core (no browser download); the page is served by serve.mjs on 127.0.0.1. Types
// IRIs with the keyboard (one right-to-left), checks what the page shows, and saves screenshots under
// build/playground/screenshots/. Usage: node --test test/playground.test.mjs (from build/playground,
// with PLAYWRIGHT_CORE naming the installed playwright-core's folder).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { serve } from '../serve.mjs';

const site = fileURLToPath(new URL('..', import.meta.url));
const shots = join(site, 'screenshots');
const require = createRequire(join(process.env.PLAYWRIGHT_CORE ?? join(site, 'driver'), 'package.json'));
const { chromium } = require('playwright-core');

let server;
let browser;
let page;
let profile;

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await serve(0);
  profile = mkdtempSync(join(tmpdir(), 'irikit-chromium-'));
  // a fresh profile (playwright passes it as --user-data-dir)
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1000, height: 1400 },
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForSelector('body[data-ready="true"]');
});

after(async () => {
  await browser?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Types `value` into the IRI field with the keyboard, as a person would. */
async function type(value) {
  await page.focus('#iri');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(value);
}

const textOf = (sel) => page.locator(sel).innerText();

test('a valid IRI: components in place, URI form, WHATWG href, host display', async () => {
  await type('http://user@bücher.de:8080/ä/b?q=1#frag');
  assert.equal(await textOf('#status'), 'Valid iri-reference.');
  assert.equal(await textOf('#components .c-host'), 'bücher.de');
  assert.equal(await textOf('#components .c-port'), '8080');
  assert.equal(await textOf('#components .c-path'), '/ä/b');
  assert.equal(await textOf('#components .c-query'), 'q=1');
  assert.equal(await textOf('#components .c-fragment'), 'frag');
  assert.equal(await textOf('#uri'), 'http://user@xn--bcher-kva.de:8080/%C3%A4/b?q=1#frag');
  assert.equal(await textOf('#href'), 'http://user@xn--bcher-kva.de:8080/%C3%A4/b?q=1#frag');
  assert.equal(await textOf('#host-shown'), 'bücher.de');
  assert.match(await textOf('#host-labels'), /“bücher” shown as Unicode “bücher”: safe/);
  await page.screenshot({ path: join(shots, 'valid.png'), fullPage: true });
});

test('an invalid IRI: the error, the offending character marked', async () => {
  await type('http://example.com/a b');
  assert.equal(await textOf('#status'), 'Not a valid iri-reference: invalid-path-char at offset 20.');
  assert.equal(await textOf('#error-mark mark.bad'), ' ');
  assert.match(await textOf('#error-text'), /^invalid-path-char at offset 20: U\+0020 is not allowed in ipath/);
  assert.equal(await textOf('#href'), 'http://example.com/a%20b');
  assert.match(await textOf('#differences'), /rfc3987-invalid/);
  await page.screenshot({ path: join(shots, 'error.png'), fullPage: true });
});

test('a right-to-left IRI: logical order beside visual order (RFC 3987 §4.1)', async () => {
  await type('http://אב.גד/ש?ת');
  assert.equal(await textOf('#status'), 'Valid iri-reference.');
  assert.equal(await textOf('#logical'), 'http://אב.גד/ש?ת');
  assert.equal(await textOf('#visual'), 'http://ת?ש/דג.בא');
  assert.equal(await textOf('#components .c-host'), 'אב.גד');
  await page.screenshot({ path: join(shots, 'rtl.png'), fullPage: true });
});

test('a look-alike host: kept as Punycode, and why', async () => {
  await type('https://xn--80ak6aa92e.com/');
  assert.equal(await textOf('#host-shown'), 'xn--80ak6aa92e.com');
  assert.match(await textOf('#host-labels'), /shown as Punycode \(A-label\) “xn--80ak6aa92e”: ascii-lookalike/);
});

test('keyboard only: Tab reaches the rule, the choice re-checks; 200 % zoom keeps everything in view', async () => {
  await type('http://例え.jp/');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'rule');
  await page.keyboard.press('ArrowDown'); // iri-reference → iri
  await page.keyboard.press('ArrowDown'); // → absolute-iri
  await page.keyboard.press('ArrowDown'); // → uri-reference
  assert.equal(await page.evaluate(() => document.getElementById('rule').value), 'uri-reference');
  assert.match(await textOf('#status'), /^Not a valid uri-reference: non-ascii-in-uri at offset 7\./);
  // 200 % zoom: a viewport half as wide at twice the scale; nothing is wider than the window.
  await page.setViewportSize({ width: 500, height: 1400 });
  await page.evaluate(() => { document.documentElement.style.zoom = '2'; });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `horizontal overflow of ${overflow}px at 200 %`);
  await page.screenshot({ path: join(shots, 'zoom200.png'), fullPage: true });
});
