// Bad requests generated from a route's valid body: wrong types, missing and unknown fields,
// nesting far past MAX_JSON_DEPTH, oversized and stalled bodies, awkward unicode, non-JSON,
// wrong content types and methods, and HTTP framing errors written on a raw socket. Seeded, so
// every run sends the same requests.
import type { Route } from "./fuzz_routes.ts";

export interface Case {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The whole request as bytes on a fresh socket (framing the HTTP client refuses to write). */
  raw?: Buffer;
  /** This many bytes streamed chunked (a body over MAX_BODY_BYTES without a declared length). */
  streamBytes?: number;
  /** Waits on the server's body-read deadline: run with the long per-request deadline. */
  slow?: boolean;
}

export const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEPTH = 10_000;
const MB = 1024 * 1024;

/** mulberry32: a tiny seeded PRNG, so the random mutations are the same every run. */
export function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WRONG: [string, unknown][] = [
  ["null", null], ["0", 0], ["-1", -1], ["1.5", 1.5], ["1e308", 1e308], ["true", true], ["empty string", ""],
  ["string", "fuzz"], ["empty array", []], ["empty object", {}], ["[null]", [null]], ["object", { a: 1 }],
];

const JSON_HEADERS = { "content-type": "application/json" };
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const deepArray = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "0" + "}".repeat(n);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `valid` with `text` (raw JSON) at `key`: for values JSON.stringify cannot make (10,000 deep). */
function withRawField(valid: Record<string, unknown>, key: string, text: string): Buffer {
  const marker = "\u0001fuzz-marker\u0001";
  return Buffer.from(JSON.stringify({ ...valid, [key]: marker }).replace(JSON.stringify(marker), text));
}

/** `valid` with a string field holding `bytes` as they are: UTF-8 no encoder would write. */
function withRawBytes(valid: Record<string, unknown>, bytes: number[]): Buffer {
  const [before, after] = JSON.stringify({ ...valid, fuzz_bytes: "\u0001" }).split("\\u0001") as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}

/** Every string leaf (keys too when `keys`) replaced by `f` of it. */
function mapStrings(value: unknown, f: (s: string) => string, keys = false): unknown {
  if (typeof value === "string") return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f, keys));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [keys ? f(k) : k, mapStrings(v, f, keys)]));
  return value;
}

/** The paths (key lists) of the top-level fields and of the fields one level below them. */
function fieldPaths(valid: Record<string, unknown>): string[][] {
  return Object.entries(valid).flatMap(([k, v]) => [[k], ...(isObject(v) ? Object.keys(v).map((k2) => [k, k2]) : [])]);
}

function setPath(valid: Record<string, unknown>, path: string[], value: unknown, remove = false): Record<string, unknown> {
  const copy = structuredClone(valid);
  const parent = path.slice(0, -1).reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), copy);
  // A random mutation may already have replaced the parent: nothing left to change there.
  if (!isObject(parent)) return copy;
  if (remove) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = value;
  return copy;
}

function bodyCases(valid: Record<string, unknown>, random: () => number): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  const paths = fieldPaths(valid);
  for (const path of paths) for (const [name, value] of WRONG) out.push([`wrong type ${path.join(".")}=${name}`, json(setPath(valid, path, value))]);
  for (const path of paths) out.push([`missing ${path.join(".")}`, json(setPath(valid, path, undefined, true))]);
  out.push(["empty object", json({})]);
  for (let i = 0; i < 8; i++) {
    const name = `fuzz_${Math.floor(random() * 1e6).toString(36)}`;
    out.push([`extra field ${name}`, json({ ...valid, [name]: WRONG[Math.floor(random() * WRONG.length)]![1] })]);
  }
  out.push(["extra __proto__", Buffer.from(JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"polluted":true},'))]);
  out.push(["extra constructor/prototype", json({ ...valid, constructor: { prototype: { polluted: true } } })]);
  out.push(["duplicate keys", Buffer.from(JSON.stringify(valid).replace(/\}$/, `,${JSON.stringify(valid).slice(1)}`))]);
  out.push([`deep array ${DEPTH} in passthrough field`, withRawField(valid, "fuzz_deep", deepArray(DEPTH))]);
  out.push([`deep object ${DEPTH} in passthrough field`, withRawField(valid, "fuzz_deep", deepObject(DEPTH))]);
  for (const key of Object.keys(valid)) out.push([`deep array ${DEPTH} at ${key}`, withRawField(valid, key, deepArray(DEPTH))]);
  out.push([`deep array ${DEPTH} as the body`, Buffer.from(deepArray(DEPTH))]);
  // Lone surrogates written as JSON escapes (well-formed JSON text, ill-formed UTF-16 once parsed).
  out.push(["lone surrogate \\ud800 in strings", json(mapStrings(valid, (s) => `${s}\ud800`))]);
  out.push(["lone surrogate \\udc00 in strings and keys", json(mapStrings(valid, (s) => `\udc00${s}`, true))]);
  out.push(["lone surrogate key", json({ ...valid, "\ud800": "x" })]);
  // The same surrogate as raw bytes: invalid UTF-8 (CESU), which a strict decoder refuses.
  out.push(["invalid UTF-8 bytes ED A0 80 (a surrogate) in a string", withRawBytes(valid, [0xed, 0xa0, 0x80])]);
  out.push(["invalid UTF-8 bytes FF FE in a string", withRawBytes(valid, [0xff, 0xfe])]);
  out.push(["NUL in strings", json(mapStrings(valid, (s) => `${s}\u0000x`))]);
  out.push(["NUL in keys", json(mapStrings(valid, (s) => `a\u0000${s}`, true))]);
  out.push(["RTL override in strings and keys", json(mapStrings(valid, (s) => `\u202e${s}\u200f`, true))]);
  out.push(["BOM before the body", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(valid)])]);
  out.push(["1 MB single word in strings", json(mapStrings(valid, () => "a".repeat(MB)))]);
  out.push(["1 MB single word in a passthrough field", json({ ...valid, fuzz_word: "w".repeat(MB) })]);
  out.push(["1 MB key", json({ ...valid, ["k".repeat(MB)]: 1 })]);
  for (let i = 0; i < (paths.length ? 30 : 0); i++) {
    const path = paths[Math.floor(random() * paths.length)]!;
    const [name, value] = WRONG[Math.floor(random() * WRONG.length)]!;
    const other = paths[Math.floor(random() * paths.length)]!;
    out.push([`random ${path.join(".")}=${name}, missing ${other.join(".")}`, json(setPath(setPath(valid, path, value), other, undefined, true))]);
  }
  return out;
}

const NON_JSON = [
  "not json", "{", "[1,2", "}", "nul", "nulll", "{'a':1}", "{a:1}", "NaN", "Infinity", "1e999999", "-", "[]", "null", "true", '"string"', "123",
  '{"a":1}garbage', '{"a":1}{"b":2}', '{"a":"\\x41"}', '{"a":"\\u12"}', '{"a":01}', "\u0000\u0001\u0002", " ", "\r\n", "<xml/>", "a=1&b=2",
];

function requestCases(route: Route, random: () => number): Case[] {
  const valid = route.valid ?? {};
  const base = { method: route.method, path: route.path };
  const cases: Case[] = [];
  const post = (label: string, body: Buffer, headers: Record<string, string> = JSON_HEADERS) => cases.push({ ...base, label, headers, body });
  if (route.method === "POST") for (const [label, body] of bodyCases(valid, random)) post(label, body);
  for (const text of NON_JSON) post(`non-JSON ${JSON.stringify(text)}`, Buffer.from(text));
  post("empty body", Buffer.alloc(0));
  post("empty body, no content-type", Buffer.alloc(0), {});
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/xml", "%%%", ""]) {
    post(`content-type ${JSON.stringify(type)}`, json(valid), { "content-type": type });
  }
  post("no content-type", json(valid), {});
  post("content-encoding gzip (not gzipped)", json(valid), { ...JSON_HEADERS, "content-encoding": "gzip" });
  for (const method of ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
    cases.push({ label: `${method} with a body`, method, path: route.path, headers: JSON_HEADERS, body: json(valid) });
  }
  if (route.method === "GET") {
    cases.push({ ...base, label: "GET with a 1 MB body", headers: JSON_HEADERS, body: Buffer.alloc(MB, "a") });
    for (const query of ["?a=%ZZ", "?a=%00", "?a=%ED%A0%80", `?${"q".repeat(8000)}=1`, "?a=1&a=2&a[]=3", "?__proto__[x]=1"]) cases.push({ ...base, path: route.path + query, label: `query ${query.slice(0, 40)}`, headers: {} });
    if (route.path.startsWith("/rollouts/")) {
      for (const id of ["%00", "..%2f..%2fhead", "%ED%A0%80", "%E2%80%AE", "x".repeat(10_000), "%", "a%2Fb"]) cases.push({ ...base, path: `/rollouts/${id}`, label: `rollout id ${id.slice(0, 40)}`, headers: {} });
    }
  }
  return cases;
}

/** Requests written on a raw socket: framing the server must refuse, without hanging or failing. */
function framingCases(route: Route): Case[] {
  const head = (lines: string[]) => `${route.method} ${route.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${lines.map((l) => `${l}\r\n`).join("")}\r\n`;
  const raw = (label: string, text: string, slow = false): Case => ({ label, method: route.method, path: route.path, headers: {}, raw: Buffer.from(text, "latin1"), slow });
  return [
    raw("chunk size zz", head(["Transfer-Encoding: chunked"]) + "zz\r\n{}\r\n0\r\n\r\n"),
    raw("chunk size -5", head(["Transfer-Encoding: chunked"]) + "-5\r\n{}\r\n0\r\n\r\n"),
    raw("chunk size ffffffffffffffff then silence", head(["Transfer-Encoding: chunked"]) + "ffffffffffffffff\r\n{", true),
    raw("Content-Length larger than the body, then silence", head(["Content-Length: 100"]) + "{}", true),
    raw(`declared Content-Length ${MAX_BODY_BYTES + 1}`, head([`Content-Length: ${MAX_BODY_BYTES + 1}`]) + "{", true),
    raw("Content-Length and Transfer-Encoding both", head(["Content-Length: 2", "Transfer-Encoding: chunked"]) + "2\r\n{}\r\n0\r\n\r\n"),
    raw("two different Content-Lengths", head(["Content-Length: 2", "Content-Length: 3"]) + "{} "),
    raw("Content-Length -1", head(["Content-Length: -1"]) + "{}"),
    raw("header without a colon", head(["X-Fuzz"]) + ""),
    raw("HTTP/1.0 body without a length", `${route.method} ${route.path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n{}`),
  ];
}

/** Every case for `route`; `streamOver` adds the one body streamed just over MAX_BODY_BYTES. */
export function casesFor(route: Route, seed: number, streamOver: boolean): Case[] {
  const cases = [...requestCases(route, mulberry32(seed)), ...framingCases(route)];
  if (streamOver) cases.push({ label: `body streamed chunked, ${MAX_BODY_BYTES + 1} bytes`, method: "POST", path: route.path, headers: JSON_HEADERS, streamBytes: MAX_BODY_BYTES + 1, slow: true });
  return cases;
}
