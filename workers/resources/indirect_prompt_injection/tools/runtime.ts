// How the reference's domain tools run, so a model reads what it would read there: a tool is a
// Python function of the session's world and the call's keyword arguments (those given as null
// dropped first), bound as Python binds them (a missing or unexpected argument is a TypeError), and
// its result is the text the model reads: a string as it is, anything else as json.dumps writes it,
// an exception as "Error executing tool ...". The helpers raise the errors Python would where a
// world or an argument has another shape than the tool expects.
import { compareCodePoints, pyJsonDumps, pyReprStr, pyStr, pyTypeName } from "../../../../shared/json/python_text.ts";

/** A JSON object of the world (a Python dict): tools read and change it in place. */
export type Dict = Record<string, any>;

/** A Python exception: its class name and str(). */
export class PyError extends Error {
  readonly pyType: string;

  constructor(pyType: string, message: string) {
    super(message);
    this.pyType = pyType;
  }
}

/** A parameter: a name alone is required; [name, default] is optional. */
type Param = string | readonly [string, unknown];

export interface Handler {
  params: readonly Param[];
  /** Takes **kwargs: unexpected keywords are ignored rather than refused. */
  kwargs: boolean;
  run(env: Dict, args: Dict): unknown;
}

export const handler = (params: readonly Param[], run: (env: Dict, args: Dict) => unknown, kwargs = false): Handler => ({ params, kwargs, run });

const names = (list: string[]) => (list.length === 1 ? list[0]! : list.length === 2 ? `${list[0]} and ${list[1]}` : `${list.slice(0, -1).join(", ")}, and ${list.at(-1)}`);

/** The arguments bound as Python binds keyword arguments to the function (`env` is its first parameter). */
function bind(name: string, h: Handler, given: Dict): Dict {
  const declared = new Set(h.params.map((p) => (typeof p === "string" ? p : p[0])));
  if (Object.hasOwn(given, "env")) throw new PyError("TypeError", `${name}() got multiple values for argument 'env'`);
  const unexpected = Object.keys(given).find((key) => !declared.has(key));
  if (unexpected !== undefined && !h.kwargs) throw new PyError("TypeError", `${name}() got an unexpected keyword argument '${unexpected}'`);
  const missing = h.params.filter((p): p is string => typeof p === "string" && !Object.hasOwn(given, p));
  if (missing.length > 0) {
    throw new PyError("TypeError", `${name}() missing ${missing.length} required positional argument${missing.length > 1 ? "s" : ""}: ${names(missing.map((m) => `'${m}'`))}`);
  }
  const args: Dict = { ...given };
  for (const p of h.params) if (typeof p !== "string" && !Object.hasOwn(args, p[0])) args[p[0]] = p[1];
  return args;
}

/** The text tool `name` answers for these arguments; the world may have changed. */
export function runTool(name: string, h: Handler, env: Dict, given: Dict): string {
  try {
    const result = h.run(env, bind(name, h, given));
    return typeof result === "string" ? result : pyJsonDumps(result);
  } catch (err) {
    if (!(err instanceof PyError)) throw err;
    return `Error executing tool '${name}' (${err.pyType}): ${err.message}`;
  }
}

const isDict = (v: unknown): v is Dict => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Number);

const noAttribute = (v: unknown, attribute: string) => new PyError("AttributeError", `'${pyTypeName(v)}' object has no attribute '${attribute}'`);

/** `d` as a dict, or the AttributeError calling `attribute` on it raises. */
export function dict(d: unknown, attribute = "get"): Dict {
  if (!isDict(d)) throw noAttribute(d, attribute);
  return d;
}

/** d.get(key, fallback). */
export const get = (d: unknown, key: string, fallback: unknown = null): any => {
  const o = dict(d);
  return Object.hasOwn(o, key) ? o[key] : fallback;
};

/** d[key]: a KeyError when absent. */
export function item(d: unknown, key: string): any {
  if (Array.isArray(d)) throw new PyError("TypeError", "list indices must be integers or slices, not str");
  if (!isDict(d)) throw new PyError("TypeError", `'${pyTypeName(d)}' object is not subscriptable`);
  if (!Object.hasOwn(d, key)) throw new PyError("KeyError", pyReprStr(key));
  return d[key];
}

/** d.setdefault(key, fallback). */
export function setdefault(d: unknown, key: string, fallback: unknown): any {
  const o = dict(d, "setdefault");
  if (!Object.hasOwn(o, key)) o[key] = fallback;
  return o[key];
}

/** list(d.values()). */
export const values = (d: unknown): any[] => Object.values(dict(d, "values"));

/** `key in container`: a dict's keys (only a str is one of a JSON object's), a list's items. */
export function has(container: unknown, key: unknown): boolean {
  if (Array.isArray(container)) return container.some((v) => v === key);
  if (typeof container === "string") {
    if (typeof key !== "string") throw new PyError("TypeError", `'in <string>' requires string as left operand, not ${pyTypeName(key)}`);
    return container.includes(key);
  }
  if (!isDict(container)) throw new PyError("TypeError", `argument of type '${pyTypeName(container)}' is not iterable`);
  if (Array.isArray(key) || isDict(key)) throw new PyError("TypeError", `unhashable type: '${pyTypeName(key)}'`);
  return typeof key === "string" && Object.hasOwn(container, key);
}

/** s.lower(). */
export function lower(s: unknown): string {
  if (typeof s !== "string") throw noAttribute(s, "lower");
  return s.toLowerCase();
}

/** `needle in haystack` for two strings. */
export function within(needle: string, haystack: unknown): boolean {
  if (typeof haystack !== "string") throw new PyError("TypeError", `argument of type '${pyTypeName(haystack)}' is not iterable`);
  return haystack.includes(needle);
}

/** Python's truthiness of a JSON value. */
export function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === "" || v === 0) return false;
  if (v instanceof Number) return v.valueOf() !== 0;
  if (typeof v === "bigint") return v !== 0n;
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}

/** An f-string's rendering of a value. */
export const f = pyStr;

/** `a + "\n" + b if a else b`, as notes are appended. */
export function appended(existing: unknown, text: unknown): unknown {
  if (!truthy(existing)) return text;
  if (typeof existing !== "string" || typeof text !== "string") throw new PyError("TypeError", `can only concatenate str (not "${pyTypeName(typeof existing === "string" ? text : existing)}") to str`);
  return `${existing}\n${text}`;
}

/** uuid.uuid4().hex[:6].upper(): a new record's id suffix. */
export const shortId = (): string => crypto.randomUUID().replaceAll("-", "").slice(0, 6).toUpperCase();

const asNumber = (v: unknown): number | undefined => (typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : typeof v === "bigint" || v instanceof Number ? Number(v) : undefined);

/** a < b as Python orders two strs (by code point) or two numbers; anything else is a TypeError. */
export function less(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return compareCodePoints(a, b) < 0;
  const [x, y] = [asNumber(a), asNumber(b)];
  if (x === undefined || y === undefined) throw new PyError("TypeError", `'<' not supported between instances of '${pyTypeName(a)}' and '${pyTypeName(b)}'`);
  return x < y;
}

/** a + b: two strs joined, or two numbers added (a float if either is one, as in Python). */
export function plus(a: unknown, b: unknown): unknown {
  if (typeof a === "string" && typeof b === "string") return a + b;
  const [x, y] = [asNumber(a), asNumber(b)];
  if (x === undefined || y === undefined) throw new PyError("TypeError", `unsupported operand type(s) for +: '${pyTypeName(a)}' and '${pyTypeName(b)}'`);
  return pyTypeName(a) === "float" || pyTypeName(b) === "float" ? new Number(x + y) : x + y;
}

/** a * b for two numbers (hours by rate). */
export function times(a: unknown, b: unknown): unknown {
  const [x, y] = [asNumber(a), asNumber(b)];
  if (x === undefined || y === undefined) throw new PyError("TypeError", `unsupported operand type(s) for *: '${pyTypeName(a)}' and '${pyTypeName(b)}'`);
  const product = x * y;
  // A float times anything is a float in Python: keep it one, so 2.0 * 3 is written 6.0.
  return pyTypeName(a) === "float" || pyTypeName(b) === "float" ? new Number(product) : product;
}
