// SPDX-License-Identifier: MIT OR Apache-2.0
// The playground page: every box is computed by the irikit package (./irikit/, the npm package's
// src/ with irikit.wasm) on each keystroke. No framework, no network after the page has loaded.
import * as iri from './irikit/index.js';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
};

/** The components of a parse record with their places in the text: they are exactly as written,
 * so the text is scheme ":" "//" authority path "?" query "#" fragment (RFC 3986 §5.3). */
function spans(r) {
  const out = [];
  if (r.scheme !== null) out.push(['scheme', r.scheme], ['delim', ':']);
  if (r.authority !== null) {
    out.push(['delim', '//']);
    if (r.userinfo !== null) out.push(['userinfo', r.userinfo], ['delim', '@']);
    out.push(['host', r.host]);
    if (r.port !== null) out.push(['delim', ':'], ['port', r.port]);
  }
  if (r.path !== '') out.push(['path', r.path]);
  if (r.query !== null) out.push(['delim', '?'], ['query', r.query]);
  if (r.fragment !== null) out.push(['delim', '#'], ['fragment', r.fragment]);
  return out;
}

function showComponents(r) {
  const box = $('components');
  box.replaceChildren(...spans(r).map(([kind, text]) =>
    el('span', { class: `c-${kind}`, title: kind === 'delim' ? 'delimiter' : kind }, text)));
  const list = $('component-list');
  list.replaceChildren();
  for (const key of ['scheme', 'authority', 'userinfo', 'host', 'host_type', 'port', 'path', 'query', 'fragment']) {
    list.append(el('dt', {}, key), el('dd', { class: `c-${key}` }, r[key] === null ? '(absent)' : `“${r[key]}”`));
  }
}

function showError(input, e) {
  $('error-section').hidden = false;
  $('error-text').textContent = `${e.code} at offset ${e.offset}: ${e.message}`;
  const cp = input.codePointAt(e.offset);
  const len = cp === undefined ? 0 : cp > 0xffff ? 2 : 1;
  const bad = len ? input.slice(e.offset, e.offset + len) : '⟨end⟩';
  $('error-mark').replaceChildren(input.slice(0, e.offset),
    el('mark', { class: 'bad', title: `offending character (${e.code})` }, bad), input.slice(e.offset + len));
  $('components').replaceChildren();
  $('component-list').replaceChildren();
}

function text(id, value, cls) {
  $(id).textContent = value;
  $(id).className = `iri${cls ? ` ${cls}` : ''}`;
}

function update() {
  const input = $('iri').value;
  const rule = $('rule').value;
  $('error-section').hidden = true;
  let record = null;
  try {
    record = iri.parse(input, { rule });
    showComponents(record);
    $('status').className = 'ok';
    $('status').textContent = `Valid ${rule}.`;
  } catch (e) {
    if (!(e instanceof iri.IRIError)) throw e;
    showError(input, e);
    $('status').className = 'fail';
    $('status').textContent = `Not a valid ${rule}: ${e.code} at offset ${e.offset}.`;
  }
  // URI form and WHATWG href side by side, and where the two readings differ
  try {
    text('uri', iri.toURI(input, { idna: 'uts46' }));
  } catch (e) {
    text('uri', `(no URI: ${e.code ?? e.message})`, 'fail');
  }
  const c = iri.compareSpecs(input);
  text('href', c.whatwg.valid ? c.whatwg.href : `(not a URL: ${c.whatwg.error ?? 'failure'})`, c.whatwg.valid ? '' : 'fail');
  $('differences').replaceChildren(...(c.differences.length
    ? c.differences.map((d) => el('li', {}, `${d.what}: RFC 3987 “${d.rfc3987}”, WHATWG “${d.whatwg}”`))
    : [el('li', {}, c.same ? 'None: both read it the same way.' : 'No component differs.')]),
  ...c.validation.map((v) => el('li', {}, `WHATWG validation error ${v.code} at offset ${v.offset}`)));
  // lint
  let findings = [];
  try {
    findings = iri.lint(input);
  } catch {
    findings = null;
  }
  $('findings').replaceChildren(...(findings === null ? [el('li', {}, 'Not linted: the IRI does not parse.')]
    : findings.length === 0 ? [el('li', {}, 'No findings.')]
      : findings.map((f) => el('li', { class: `sev-${f.severity}` },
        `${f.severity} ${f.rule} at offset ${f.offset}: ${f.message}`))));
  // host display decision
  const host = record?.host_type === 'reg-name' ? record.host : null;
  if (host) {
    try {
      const d = iri.displayHost(host);
      text('host-shown', d.shown);
      $('host-labels').replaceChildren(...d.labels.map((l) => el('li', {},
        `“${host.slice(l.offset, l.offset + l.length)}” shown as ${l.unicode ? 'Unicode' : l.shown.startsWith('xn--') ? 'Punycode (A-label)' : 'ASCII'} “${l.shown}”: ${l.reason}${l.message ? ` (${l.message})` : ''}`)));
    } catch (e) {
      text('host-shown', `(${e.code})`, 'fail');
      $('host-labels').replaceChildren();
    }
  } else {
    text('host-shown', record ? '(no reg-name host)' : '(no host: the IRI does not parse)');
    $('host-labels').replaceChildren();
  }
  // bidi display, RFC 3987 §4.1
  try {
    const d = iri.display(input);
    text('logical', input, 'logical');
    text('visual', d.visual, 'visual');
  } catch (e) {
    text('logical', input, 'logical');
    text('visual', `(${e.code})`, 'fail');
  }
}

$('iri').addEventListener('input', update);
$('rule').addEventListener('change', update);
$('form').addEventListener('submit', (e) => e.preventDefault());
const v = iri.version();
$('version').textContent = `irikit ${v.version}, Unicode ${v.unicode} (WebAssembly)`;
const initial = new URLSearchParams(location.search).get('iri');
if (initial !== null) $('iri').value = initial;
update();
document.body.dataset.ready = 'true';
