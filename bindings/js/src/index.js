// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit for JavaScript: RFC 3987 IRIs (RFC 3986 URIs, draft 3987bis) and the WHATWG URL Standard,
// the irikit C++ library compiled to WebAssembly (irikit.wasm).
//
//   import { parse, toURI, isValid } from 'irikit';
//   parse('http://例え.jp/a?b#c').host;            // '例え.jp'
//   toURI('http://例え.jp/ä');                     // 'http://xn--r8jz45g.jp/%C3%A4'
//   isValid('http://a b');                         // false
//
// Results have the keys and values of the `iri` tool's --json records (they come from the same
// code); offsets are UTF-16 code-unit offsets into the JavaScript strings given (`byteOffset`: the
// UTF-8 offset the tool reports). Errors are IRIError (code, offset, message); a string argument
// that is not a string is a TypeError; a string with a lone surrogate is an IRIError
// "invalid-utf16" (never replaced by U+FFFD).
import { IRIError, guard, mapTexts, pack, put, raw, resultText } from './module.js';

export { IRIError };

// --- arguments --------------------------------------------------------------------------------

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Checks that `value` is a string JavaScript can hand over as UTF-8. */
function text(value, name) {
  if (typeof value !== 'string') {
    throw new TypeError(`irikit: ${name} must be a string, not ${value === null ? 'null' : typeof value}`);
  }
  if (typeof value.isWellFormed === 'function' ? !value.isWellFormed() : loneSurrogate.test(value)) {
    const at = value.search(loneSurrogate);
    throw new IRIError('invalid-utf16', at, `irikit: ${name} has a lone surrogate at offset ${at} (UTF-16)`, {
      byteOffset: new TextEncoder().encode(value.slice(0, at)).length,
      argument: name,
    });
  }
  return value;
}

function texts(values, name) {
  if (!Array.isArray(values)) throw new TypeError(`irikit: ${name} must be an array of strings`);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    // the message names the element only when there is one to report
    if (typeof v !== 'string' || !(typeof v.isWellFormed === 'function' ? v.isWellFormed() : !loneSurrogate.test(v))) {
      text(v, `${name}[${i}]`);
    }
  }
  return values;
}

const isAscii = (s) => !/[^\x00-\x7f]/.test(s);

/** The UTF-16 offset of UTF-8 byte offset `byte` of `s`. */
export function utf16Offset(s, byte) {
  if (isAscii(s)) return Math.min(byte, s.length);
  let bytes = 0;
  let i = 0;
  while (i < s.length && bytes < byte) {
    const c = s.codePointAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    i += c > 0xffff ? 2 : 1;
  }
  return i;
}

/** The command's CLI options from a JavaScript options object: `{ idna: 'uts46' }` is
 * `--idna uts46`, `{ encodeUnsafeAscii: true }` is `--encode-unsafe-ascii`, false/undefined leave
 * an option out, an array repeats it; `renames` maps keys to other option names. */
function cli(command, options, renames = {}) {
  const spec = [command];
  if (options === undefined || options === null) return spec;
  if (typeof options !== 'object') throw new TypeError('irikit: options must be an object');
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === false || value === null) continue;
    const name = `--${renames[key] ?? key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === true) {
        spec.push(name, '');
      } else if (typeof v === 'string' || typeof v === 'number') {
        spec.push(name, text(String(v), `option ${key}`));
      } else {
        throw new TypeError(`irikit: option ${key} takes a string, a number or true`);
      }
    }
  }
  return spec;
}

/** An IRIError from a record's "error" ({code, offset in bytes, message}) for `input`. */
function recordError(error, input, argument) {
  return new IRIError(error.code, utf16Offset(input, error.offset), error.message, {
    byteOffset: error.offset,
    argument,
  });
}

/** For a record of a pair `a<TAB>b`: the error, with its offset in the argument it falls in. */
function pairError(error, a, b, names) {
  const aBytes = new TextEncoder().encode(a).length;
  if (error.offset <= aBytes && error.code !== 'missing-tab') return recordError(error, a, names[0]);
  return recordError({ ...error, offset: error.offset - aBytes - 1 }, b, names[1]);
}

/** Byte offsets inside a record made UTF-16 offsets of `input` (lint findings, extract, WHATWG
 * validation errors, host labels); the byte offsets are kept as byteOffset / byteLength / byteStart. */
function utf16Record(r, input) {
  if (isAscii(input)) return r;
  const fix = (o) => {
    if (typeof o.offset === 'number') {
      const start = utf16Offset(input, o.offset);
      if (typeof o.length === 'number') {
        o.byteLength = o.length;
        o.length = utf16Offset(input, o.offset + o.length) - start;
      }
      o.byteOffset = o.offset;
      o.offset = start;
    }
  };
  for (const key of ['findings', 'validation', 'host_labels', 'labels']) {
    if (Array.isArray(r[key])) r[key].forEach(fix);
  }
  if (r.rfc3987 && typeof r.rfc3987.offset === 'number') {
    r.rfc3987.byteOffset = r.rfc3987.offset;
    r.rfc3987.offset = utf16Offset(input, r.rfc3987.offset);
  }
  if (typeof r.start === 'number') {
    r.byteStart = r.start;
    r.byteEnd = r.end;
    r.start = utf16Offset(input, r.start);
    r.end = utf16Offset(input, r.end);
  }
  return r;
}

/** Runs a line-mapping command on one text: its record, or the IRIError it failed with. */
function one(spec, input, argument = 'input') {
  const [r] = mapTexts(spec, [text(input, argument)])[0];
  if (r.error) throw recordError(r.error, input, argument);
  return utf16Record(r, input);
}

/** Runs a line-mapping command on an array: a record or an IRIError (not thrown) per text. */
function many(spec, inputs, name = 'inputs') {
  const checked = texts(inputs, name);
  return mapTexts(spec, checked).map(([r], i) => (r.error ? recordError(r.error, checked[i]) : utf16Record(r, checked[i])));
}

// --- validation and parsing -----------------------------------------------------------------

const RULES = ['iri-reference', 'iri', 'absolute-iri', 'relative-ref', 'uri-reference', 'uri', 'absolute-uri',
  'relative-uri', 'leiri'];

function ruleIndex(rule) {
  if (rule === undefined) return 0;
  const i = RULES.indexOf(rule);
  if (i < 0) throw new RangeError(`irikit: unknown rule '${rule}' (${RULES.join(', ')})`);
  return i;
}

const codeNames = new Map();
function codeName(code) {
  let name = codeNames.get(code);
  if (name === undefined) {
    raw().ik_code_name(code);
    name = resultText();
    codeNames.set(code, name);
  }
  return name;
}

/** Whether `input` matches the rule (default 'iri-reference', RFC 3987 §2.2). */
export function isValid(input, { rule } = {}) {
  const r = ruleIndex(rule);
  text(input, 'input');
  return guard(() => {
    const [ptr, len] = put(input, 'the input');
    const offset = raw().ik_alloc(4);
    try {
      return raw().ik_validate(ptr, len, r, offset) === 0;
    } finally {
      raw().ik_free(offset);
    }
  }, 'the input');
}

/** isValid for every string of an array, in one crossing: an array of booleans. */
export function isValidBatch(inputs, { rule } = {}) {
  const [codes] = validateCodes(texts(inputs, 'inputs'), ruleIndex(rule));
  return Array.from(codes, (c) => c === 0);
}

/** Validates every string of an array in one crossing: null (valid) or an IRIError per string. */
export function validateBatch(inputs, { rule } = {}) {
  const checked = texts(inputs, 'inputs');
  const n = checked.length;
  const [codes, offsets] = validateCodes(checked, ruleIndex(rule));
  const result = new Array(n);
  for (let i = 0; i < n; i++) {
    if (codes[i] === 0) {
      result[i] = null;
    } else {
      const message = errorMessage(checked[i], codes[i], offsets[i]);
      result[i] = recordError({ code: codeName(codes[i]), offset: offsets[i], message }, checked[i]);
    }
  }
  return result;
}

/** The error codes (0: valid) and byte offsets of `checked` strings against rule number `r`. */
function validateCodes(checked, r) {
  const n = checked.length;
  return guard(() => {
    const out = raw().ik_alloc(5 * n + 4);
    if (!out) throw new IRIError('out-of-memory', 0, 'irikit: the WebAssembly module cannot grow its memory');
    try {
      const [ptr, len] = pack(checked, 'the inputs');
      const offsetsAt = (out + n + 3) & ~3;
      if (raw().ik_validate_batch(ptr, len, n, r, out, offsetsAt) !== 0) throw new Error('irikit: bad block');
      const buffer = raw().memory.buffer;
      return [new Uint8Array(buffer, out, n).slice(), new Uint32Array(buffer, offsetsAt, n).slice()];
    } finally {
      raw().ik_free(out);
    }
  }, 'the inputs');
}

function errorMessage(input, code, offset) {
  return guard(() => {
    const [ptr, len] = put(input, 'the input');
    raw().ik_error_message(ptr, len, code, offset);
    return resultText();
  }, 'the input');
}

/** `iri check`: { valid, error? } — never throws for an invalid input. Options: rule,
 * schemeRules (also check the scheme rules), profile. */
export function check(input, { rule, schemeRules, profile } = {}) {
  const [r] = mapTexts(cli('check', { rule, schemeRules, profile }, { rule: 'as' }), [text(input, 'input')])[0];
  if (!r.error) return r;
  const e = recordError(r.error, input);
  return { valid: false, error: { code: e.code, offset: e.offset, byteOffset: e.byteOffset, message: e.message } };
}

/** `iri parse --json`: { valid, scheme, authority, userinfo, host, host_type, port, path, query,
 * fragment } (null when absent); throws IRIError. `{ spec: 'whatwg' }`: the WHATWG parse record. */
export function parse(input, { rule, spec } = {}) {
  return one(cli('parse', { spec, rule }, { rule: 'as' }), input);
}

/** parse for every string of an array, in one crossing: a record or an IRIError per string. */
export function parseBatch(inputs, { rule, spec } = {}) {
  return many(cli('parse', { spec, rule }, { rule: 'as' }), inputs);
}

// --- conversion, resolution, normalization, comparison ------------------------------------

/** `iri to-uri`: the URI of an IRI (RFC 3987 §3.1). Options: idna ('none', 'uts46',
 * 'uts46-transitional', 'idna2003'), encodeUnsafeAscii, queryCharset, fromCharset, noUnassigned. */
export function toURI(input, options) {
  return one(cli('to-uri', options), input).output;
}

export function toURIBatch(inputs, options) {
  return many(cli('to-uri', options), inputs).map((r) => (r instanceof IRIError ? r : r.output));
}

/** `iri to-iri`: the IRI of a URI (RFC 3987 §3.2). Options: idnaToUnicode, idna, noDisplayPolicy, leiri. */
export function toIRI(input, options) {
  return one(cli('to-iri', options), input).output;
}

export function toIRIBatch(inputs, options) {
  return many(cli('to-iri', options), inputs).map((r) => (r instanceof IRIError ? r : r.output));
}

function pair(command, a, b, names, options) {
  text(a, names[0]);
  text(b, names[1]);
  // A TAB is never valid in an IRI: an argument with one fails as the library says, on its own.
  for (const [value, name] of [[a, names[0]], [b, names[1]]]) {
    if (value.includes('\t')) {
      const at = value.indexOf('\t');
      throw new IRIError('invalid-path-char', at, `irikit: ${name} has a TAB at offset ${at}`, {
        byteOffset: new TextEncoder().encode(value.slice(0, at)).length,
        argument: name,
      });
    }
  }
  const [r] = mapTexts(cli(command, command === 'compare' ? options : { ...options, pairs: true }), [`${a}\t${b}`])[0];
  if (r.error) throw pairError(r.error, a, b, names);
  return r;
}

/** `iri resolve`: `reference` resolved against `base` (RFC 3986 §5.2). Options: nonStrict. */
export function resolve(base, reference, options) {
  return pair('resolve', base, reference, ['base', 'reference'], options).output;
}

/** `iri relativize`: a reference that resolves against `base` to `target` (RFC 3986 §5.2 inverted). */
export function relativize(base, target, options) {
  return pair('relativize', base, target, ['base', 'target'], options).output;
}

/** `iri normalize`: the normal form (RFC 3987 §5.3). Options: level ('simple', 'syntax',
 * 'scheme'), nfc, uriForm. */
export function normalize(input, options) {
  return one(cli('normalize', options), input).output;
}

export function normalizeBatch(inputs, options) {
  return many(cli('normalize', options), inputs).map((r) => (r instanceof IRIError ? r : r.output));
}

/** `iri compare`: whether `a` and `b` are equivalent (RFC 3987 §5.3). Options: level,
 * ignoreFragment, nfc. */
export function compare(a, b, options) {
  return pair('compare', a, b, ['a', 'b'], options).equivalent;
}

// --- lint, bidi display, extraction -------------------------------------------------------

/** `iri lint`: the findings [{ rule, severity, offset, length, message }]. Options: severity
 * ('RULE=LEVEL' or an array of them), disable, profile. Throws IRIError when input does not parse. */
export function lint(input, options) {
  return one(cli('lint', options), input).findings;
}

export function lintBatch(inputs, options) {
  return many(cli('lint', options), inputs).map((r) => (r instanceof IRIError ? r : r.findings));
}

/** `iri display`: { visual, display, host_labels? } — RFC 3987 §4.1's bidi display. Options:
 * context ('ltr', 'rtl'), isolate, noDisplayPolicy. */
export function display(input, options) {
  return one(cli('display', options), input);
}

/** `iri extract`: the IRIs in running text (RFC 3987 §7.3): [{ start, end, iri, form }]
 * (UTF-16 offsets). Options: www. */
export function extract(input, options) {
  const records = mapTexts(cli('extract', options), [text(input, 'input')])[0];
  return records.map((r) => utf16Record(r, input));
}

// --- the editing builder ------------------------------------------------------------------

/** An IRI reference edited step by step (`iri edit`): every setter encodes or validates as the
 * library's iri_builder does (RFC 3987 §2.2 per component); `toString()` is the result. */
export class IRIBuilder {
  #text;
  constructor(input) {
    this.#text = one(['edit'], input).output;
  }
  #run(option, value = '') {
    this.#text = one(['edit', option, value], this.#text).output;
    return this;
  }
  /** Sets a component (scheme, userinfo, host, port, path, query, fragment), encoding what needs it. */
  set(component, value) {
    return this.#run('--set', `${text(component, 'component')}=${text(value, 'value')}`);
  }
  /** Sets a component to an already encoded value (checked, never changed). */
  setEncoded(component, value) {
    return this.#run('--set-encoded', `${text(component, 'component')}=${text(value, 'value')}`);
  }
  /** Appends a query parameter. */
  appendParam(key, value) {
    return this.#run('--append', `query.${text(key, 'key')}=${text(value, 'value')}`);
  }
  remove(component) {
    return this.#run('--remove', text(component, 'component'));
  }
  sortQuery() {
    return this.#run('--sort-query');
  }
  removeDotSegments() {
    return this.#run('--remove-dot-segments');
  }
  get parts() {
    return parse(this.#text);
  }
  toString() {
    return this.#text;
  }
}

// --- hosts and schemes --------------------------------------------------------------------

const IDNA_MODES = ['none', 'uts46', 'uts46-transitional', 'idna2003'];

function hostCall(op, host, mode = 'uts46') {
  text(host, 'host');
  const m = IDNA_MODES.indexOf(mode);
  if (m < 0) throw new RangeError(`irikit: unknown IDNA mode '${mode}' (${IDNA_MODES.join(', ')})`);
  const r = guard(() => {
    const [ptr, len] = put(host, 'the host');
    raw().ik_host(op, ptr, len, m);
    return JSON.parse(resultText());
  }, 'the host');
  if (r.error) throw recordError(r.error, host, 'host');
  return utf16Record(r, host);
}

/** IDNA ToASCII of a host (UTS #46 by default; mode: 'uts46-transitional', 'idna2003', 'none'). */
export function hostToASCII(host, { mode } = {}) {
  return hostCall(0, host, mode).value;
}

/** IDNA ToUnicode of a host. */
export function hostToUnicode(host, { mode } = {}) {
  return hostCall(1, host, mode).value;
}

/** The public suffix of a host (the Public Suffix List). */
export function publicSuffix(host) {
  return hostCall(2, host).public_suffix;
}

/** The registrable domain of a host (public suffix plus one label), or null. */
export function registrableDomain(host) {
  return hostCall(2, host).registrable_domain;
}

/** The host display policy: { shown, labels: [{ offset, length, shown, unicode, reason, message }] }
 * — each label shown as Unicode or as its A-label, and why. */
export function displayHost(host) {
  return hostCall(3, host);
}

/** The scheme registry's entry for a scheme (or "urn:NID"), or null. */
export function findScheme(name) {
  text(name, 'name');
  if (name === '') return null;
  return guard(() => {
    const [ptr, len] = put(name, 'the name');
    raw().ik_scheme(ptr, len);
    return JSON.parse(resultText());
  }, 'the name');
}

/** Every entry of the scheme registry. */
export function schemes() {
  return guard(() => {
    raw().ik_scheme(0, 0);
    return JSON.parse(resultText());
  }, 'the registry');
}

/** The library's versions: { version, unicode, backend, public_suffix_list }. */
export function version() {
  return guard(() => {
    raw().ik_version();
    return JSON.parse(resultText());
  }, 'the version');
}

// --- the WHATWG URL Standard --------------------------------------------------------------

const SETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search',
  'hash'];
const kRecord = Symbol('record');

function urlRecord(input, base, steps = []) {
  const spec = ['url'];
  if (base !== undefined) spec.push('--base', text(String(base), 'base'));
  for (const s of steps) spec.push(...s);
  return mapTexts(spec, [input])[0][0];
}

/** The WHATWG URL Standard's URL (the library's parser, not the platform's), with its setters,
 * the validation errors of its parse (`validationErrors`, UTF-16 offsets) and `searchParams`. */
export class URL {
  constructor(input, base) {
    text(input, 'input');
    if (base !== undefined && typeof base !== 'string' && !(base instanceof URL)) {
      throw new TypeError('irikit: base must be a string or a URL');
    }
    const r = urlRecord(input, base === undefined ? undefined : String(base));
    if (r.error) {
      throw new TypeError(`irikit: invalid URL: ${r.error.message}`, { cause: recordError(r.error, input) });
    }
    Object.defineProperty(this, kRecord, { value: utf16Record(r, input), writable: true });
    this.validationErrors = this[kRecord].validation;
  }
  static canParse(input, base) {
    return URL.parse(input, base) !== null;
  }
  static parse(input, base) {
    try {
      return new URL(input, base);
    } catch (e) {
      if (e instanceof TypeError && e.cause instanceof IRIError) return null;
      throw e;
    }
  }
  get origin() {
    return this[kRecord].origin;
  }
  /** The URL record: scheme, username, password, host, host_type, port, path, query, fragment. */
  get record() {
    return this[kRecord].record;
  }
  get searchParams() {
    return new URLSearchParams(this);
  }
  toString() {
    return this[kRecord].href;
  }
  toJSON() {
    return this[kRecord].href;
  }
}
for (const name of SETTERS) {
  Object.defineProperty(URL.prototype, name, {
    get() {
      return this[kRecord][name];
    },
    set(value) {
      const v = text(String(value), name);
      const r = urlRecord(this[kRecord].href, undefined, [['--set', `${name}=${v}`]]);
      if (r.error) {
        if (name === 'href') throw new TypeError(`irikit: invalid URL: ${r.error.message}`);
        return;
      }
      this[kRecord] = r;
    },
    enumerable: true,
    configurable: true,
  });
}

/** URLSearchParams over the library's application/x-www-form-urlencoded parser and serializer;
 * one made from a URL (url.searchParams) updates that URL's query as the Standard says. */
export class URLSearchParams {
  #url;
  constructor(init = '') {
    if (init instanceof URL) {
      this.#url = init;
      return;
    }
    let query;
    if (typeof init === 'string') {
      query = init.startsWith('?') ? init.slice(1) : init;
    } else if (init !== null && typeof init === 'object') {
      const pairs = Symbol.iterator in init ? [...init] : Object.entries(init);
      this.#url = new URL('http://h/');
      for (const p of pairs) {
        if (!Array.isArray(p) && !(Symbol.iterator in Object(p))) throw new TypeError('irikit: each pair must have two items');
        const [n, v, ...rest] = p;
        if (rest.length) throw new TypeError('irikit: each pair must have two items');
        this.append(n, v);
      }
      return;
    } else {
      throw new TypeError('irikit: URLSearchParams takes a string, pairs or a record');
    }
    // The query parser percent-encodes what form-urlencoded parsing decodes back: only "#" would
    // end the query, so it goes in as %23 (the same pair either way).
    this.#url = new URL(`http://h/?${text(query, 'init').replaceAll('#', '%23')}`);
  }
  #op(op) {
    this.#url[kRecord] = urlRecord(this.#url[kRecord].href, undefined, [['--search', op]]);
  }
  #pairs() {
    return this.#url[kRecord].search_params;
  }
  get size() {
    return this.#pairs().length;
  }
  append(name, value) {
    this.#op(`append:${encodeName(name)}=${text(String(value), 'value')}`);
  }
  set(name, value) {
    this.#op(`set:${encodeName(name)}=${text(String(value), 'value')}`);
  }
  delete(name, value) {
    this.#op(value === undefined ? `delete:${encodeName(name)}` : `delete:${encodeName(name)}=${text(String(value), 'value')}`);
  }
  sort() {
    this.#op('sort');
  }
  get(name) {
    const p = this.#pairs().find(([n]) => n === String(name));
    return p === undefined ? null : p[1];
  }
  getAll(name) {
    return this.#pairs().filter(([n]) => n === String(name)).map(([, v]) => v);
  }
  has(name, value) {
    return this.#pairs().some(([n, v]) => n === String(name) && (value === undefined || v === String(value)));
  }
  forEach(fn, thisArg) {
    for (const [n, v] of this.#pairs()) fn.call(thisArg, v, n, this);
  }
  *entries() {
    yield* this.#pairs().map((p) => [...p]);
  }
  *keys() {
    for (const [n] of this.#pairs()) yield n;
  }
  *values() {
    for (const [, v] of this.#pairs()) yield v;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    const s = this.#url[kRecord].search;
    return s.startsWith('?') ? s.slice(1) : s;
  }
}

/** A parameter name for `iri url --search OP:NAME=VALUE`, which splits at the first "=": a name
 * with "=" cannot be passed there. */
function encodeName(name) {
  const n = text(String(name), 'name');
  if (n.includes('=')) throw new RangeError('irikit: a URLSearchParams name with "=" is not supported');
  return n;
}

/** `iri compare-specs`: how RFC 3987 and the WHATWG URL Standard read `input`:
 * { same, rfc3987, whatwg, differences, validation }. */
export function compareSpecs(input) {
  const [r] = mapTexts(['compare-specs'], [text(input, 'input')])[0];
  return utf16Record(r, input);
}
