// SPDX-License-Identifier: MIT OR Apache-2.0
// TypeScript declarations of the irikit package (src/index.js). Offsets are UTF-16 code-unit
// offsets into the JavaScript strings given; byteOffset / byteStart / byteLength are the UTF-8
// byte offsets the `iri` tool reports.

export type Rule = 'iri-reference' | 'iri' | 'absolute-iri' | 'relative-ref' | 'uri-reference' | 'uri' |
  'absolute-uri' | 'relative-uri' | 'leiri';
export type IdnaMode = 'none' | 'uts46' | 'uts46-transitional' | 'idna2003';

export class IRIError extends Error {
  readonly name: 'IRIError';
  /** The library's kebab-case error name, e.g. "invalid-path-char", "invalid-utf16", "out-of-memory". */
  readonly code: string;
  /** UTF-16 code-unit offset of the first offending character in the argument. */
  readonly offset: number;
  /** The same place as a UTF-8 byte offset. */
  readonly byteOffset: number;
  /** Which argument the offset is in, for functions of two ("base", "reference", "target", "a", "b"). */
  readonly argument?: string;
}

export interface ErrorRecord { code: string; offset: number; byteOffset: number; message: string }

export interface ParseRecord {
  valid: true;
  scheme: string | null;
  authority: string | null;
  userinfo: string | null;
  host: string | null;
  host_type: 'reg-name' | 'ipv4' | 'ipv6' | 'ipvfuture' | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

export function isValid(input: string, options?: { rule?: Rule }): boolean;
export function isValidBatch(inputs: string[], options?: { rule?: Rule }): boolean[];
export function validateBatch(inputs: string[], options?: { rule?: Rule }): (IRIError | null)[];
export function check(input: string, options?: { rule?: Rule; schemeRules?: boolean; profile?: string }):
  { valid: boolean; error?: ErrorRecord };
export function parse(input: string, options?: { rule?: Rule; spec?: 'rfc3987' | 'whatwg' }): ParseRecord;
export function parseBatch(inputs: string[], options?: { rule?: Rule; spec?: 'rfc3987' | 'whatwg' }):
  (ParseRecord | IRIError)[];

export interface ToURIOptions {
  idna?: IdnaMode; encodeUnsafeAscii?: boolean; queryCharset?: string; fromCharset?: string; noUnassigned?: boolean;
}
export interface ToIRIOptions { idnaToUnicode?: boolean; idna?: IdnaMode; noDisplayPolicy?: boolean; leiri?: boolean }
export function toURI(input: string, options?: ToURIOptions): string;
export function toURIBatch(inputs: string[], options?: ToURIOptions): (string | IRIError)[];
export function toIRI(input: string, options?: ToIRIOptions): string;
export function toIRIBatch(inputs: string[], options?: ToIRIOptions): (string | IRIError)[];

export function resolve(base: string, reference: string, options?: { nonStrict?: boolean }): string;
export function relativize(base: string, target: string): string;
export type Level = 'simple' | 'syntax' | 'scheme';
export function normalize(input: string, options?: { level?: Level; nfc?: boolean; uriForm?: boolean }): string;
export function normalizeBatch(inputs: string[], options?: { level?: Level; nfc?: boolean; uriForm?: boolean }):
  (string | IRIError)[];
export function compare(a: string, b: string, options?: { level?: Level; ignoreFragment?: boolean; nfc?: boolean }):
  boolean;

export interface Finding {
  rule: string; severity: 'info' | 'warning' | 'error'; offset: number; length: number; message: string;
  byteOffset?: number; byteLength?: number;
}
export interface LintOptions { severity?: string | string[]; disable?: string | string[]; profile?: string }
export function lint(input: string, options?: LintOptions): Finding[];
export function lintBatch(inputs: string[], options?: LintOptions): (Finding[] | IRIError)[];

export interface HostLabel { label: string; shown: string; unicode: boolean; reason: string; message?: string }
export function display(input: string, options?: { context?: 'ltr' | 'rtl'; isolate?: boolean; noDisplayPolicy?: boolean }):
  { visual: string; display: string; host_labels?: HostLabel[] };
export function extract(input: string, options?: { www?: boolean }):
  { start: number; end: number; iri: string; form: string; byteStart?: number; byteEnd?: number }[];

export class IRIBuilder {
  constructor(input: string);
  set(component: string, value: string): this;
  setEncoded(component: string, value: string): this;
  appendParam(key: string, value: string): this;
  remove(component: string): this;
  sortQuery(): this;
  removeDotSegments(): this;
  readonly parts: ParseRecord;
  toString(): string;
}

export function hostToASCII(host: string, options?: { mode?: IdnaMode }): string;
export function hostToUnicode(host: string, options?: { mode?: IdnaMode }): string;
export function publicSuffix(host: string): string;
export function registrableDomain(host: string): string | null;
export interface LabelDisplay {
  offset: number; length: number; shown: string; unicode: boolean; reason: string; message: string;
}
export function displayHost(host: string): { shown: string; labels: LabelDisplay[] };

export interface SchemeInfo {
  name: string; reference: string; default_port: number | null; requires_host: boolean; dns_host: boolean;
  empty_path_is_root: boolean; normalization: string;
}
export function findScheme(name: string): SchemeInfo | null;
export function schemes(): SchemeInfo[];
export function version(): { version: string; unicode: string; backend: string; public_suffix_list: string };
export function utf16Offset(text: string, byteOffset: number): number;

export interface ValidationError { code: string; offset: number; byteOffset?: number }
export class URL {
  constructor(input: string, base?: string | URL);
  static canParse(input: string, base?: string | URL): boolean;
  static parse(input: string, base?: string | URL): URL | null;
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: URLSearchParams;
  /** The validation errors of the parse (the Standard's names). */
  readonly validationErrors: ValidationError[];
  readonly record: Record<string, unknown>;
  toString(): string;
  toJSON(): string;
}
export class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: string | URL | Iterable<[string, string]> | Record<string, string>);
  readonly size: number;
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  delete(name: string, value?: string): void;
  sort(): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  forEach(fn: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  toString(): string;
}
export function compareSpecs(input: string): {
  same: boolean; rfc3987: Record<string, unknown>; whatwg: Record<string, unknown>;
  differences: { what: string; rfc3987: string; whatwg: string }[]; validation: ValidationError[];
};
