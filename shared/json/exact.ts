// JSON numbers read as Python reads them. JSON.parse makes every number a double, so an integer
// past 2^53 is rounded (a wrong x + 1 reads as equal to the right one) and 2.0 becomes 2 (a float
// reads as an int). parseExact keeps what a double loses, as two values JavaScript already has:
//   - an integer a double cannot hold is a BigInt (12345678901234567891n);
//   - a float whose value is a whole number (2.0, 1e5, -0.0, 1e999) is a Number object, not a
//     primitive; every other number stays a plain number (an int when whole, else a float).
// Both survive structured clone (Workers RPC, Durable Objects), and JSON.stringify writes them
// back as the same numbers (the toJSON they get below), so rows, echoes and output files keep
// them from the row to the comparison. Where a schema wants a number, safeParseExact hands it
// the double; code that reads unknown JSON as numbers goes through asDouble or pyNumber.
import type { z } from "../zod.ts";

export type ExactNumber = bigint | Number;

const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** A float's JSON text that Python reads back as that float: always with a point or an exponent. */
function floatText(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "null" : value > 0 ? "1e999" : "-1e999";
  const text = String(value);
  return /[.e]/.test(text) ? text : `${Object.is(value, -0) ? "-" : ""}${text}.0`;
}

// JSON.stringify asks objects and BigInts for toJSON, never a plain number: these two write the
// exact values back as JSON numbers (JSON.rawJSON), where a BigInt would throw and a Number object
// would lose its point.
const toJSON = (text: (value: never) => string) => ({
  value(this: { valueOf(): never }) {
    return rawJSON(text(this.valueOf()));
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(BigInt.prototype, "toJSON", toJSON(String));
Object.defineProperty(Number.prototype, "toJSON", toJSON(floatText));

export const isExactNumber = (value: unknown): value is ExactNumber => typeof value === "bigint" || value instanceof Number;

/** A number's value as a double (rounded, for an exact integer); undefined for anything else. */
export function asDouble(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  return isExactNumber(value) ? Number(value) : undefined;
}

export type PyNumber = { int: bigint; float?: undefined } | { float: number; int?: undefined };

/** A JSON value as Python's number: bools are ints, as in Python; undefined for a non-number. */
export function pyNumber(value: unknown): PyNumber | undefined {
  if (typeof value === "boolean") return { int: value ? 1n : 0n };
  if (typeof value === "bigint") return { int: value };
  if (value instanceof Number) return { float: value.valueOf() };
  if (typeof value !== "number") return undefined;
  // A plain number is what JSON.stringify writes it as: digits alone read back as an int.
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? { int: BigInt(value) } : { float: value };
}

/** Python's == on two numbers: exact, an int and a float equal only when the float is that integer. */
export function pyNumbersEqual(a: PyNumber, b: PyNumber): boolean {
  if (a.int !== undefined && b.int !== undefined) return a.int === b.int;
  if (a.float !== undefined && b.float !== undefined) return a.float === b.float;
  const [int, float] = a.int !== undefined ? [a.int, b.float!] : [b.int!, a.float!];
  return Number.isInteger(float) && BigInt(float) === int;
}

// Where parseExact finds numbers a double cannot hold: one pass over the text beside JSON.parse
// (a reviver given the numbers' source text runs 30 times slower in V8), then each is set in the
// parsed value. Linear whatever the text: a container's place is a link to its parent's (made
// only for containers holding an exact number), resolved once. A key given twice keeps its last
// value, as JSON.parse and Python do: what was found under an earlier one is dropped.
type Key = string | number;
/** A container's place: its key in its parent (none for the root). */
interface Place {
  parent?: Place;
  key: Key;
  dropped?: boolean;
  /** The parsed container there, once resolved (null: none, or dropped). */
  holder?: object | null;
}
interface Frame {
  array: boolean;
  /** Arrays: the current element's index. */
  index: number;
  /** Objects: the current key's text, quotes included, decoded only when needed (`key`). */
  keyStart: number;
  keyEnd: number;
  key?: string;
  expectKey: boolean;
  place?: Place;
  /** The exact numbers this container holds itself, by key or index. */
  found?: Map<Key, ExactNumber>;
  /** Objects: the places made under each key, dropped if the key comes again. */
  under?: Map<string, Place>;
}

/** The index of the quote closing the string that opens at `start` (the text's length if none). */
function stringEnd(text: string, start: number): number {
  for (let end = text.indexOf('"', start + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 0x5c /* \\ */) slashes++;
    if (slashes % 2 === 0) return end;
  }
  return text.length;
}

/** The exact value of a number token, or undefined when its double holds it (value and type). */
function exactToken(token: string, float: boolean): ExactNumber | undefined {
  const value = Number(token);
  if (!float) return Number.isSafeInteger(value) ? undefined : BigInt(token);
  return (Number.isInteger(value) && Math.abs(value) < 1e21) || !Number.isFinite(value) ? new Number(value) : undefined;
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** The exact numbers of `text`, each container's with its place. */
function exactNumbersIn(text: string): { place: Place; found: Map<Key, ExactNumber> }[] {
  const out: { place: Place; found: Map<Key, ExactNumber> }[] = [];
  const stack: Frame[] = [];
  const keyOf = (frame: Frame) => (frame.key ??= JSON.parse(text.slice(frame.keyStart, frame.keyEnd)) as string);
  const keyIn = (frame: Frame): Key => (frame.array ? frame.index : keyOf(frame));
  // The top frame's place, making those of its ancestors that have none yet (from the root down).
  const placeOfTop = (): Place => {
    let i = stack.length - 1;
    while (i > 0 && !stack[i]!.place) i--;
    stack[0]!.place ??= { key: "" };
    for (i++; i < stack.length; i++) {
      const parent = stack[i - 1]!;
      const place: Place = { parent: parent.place, key: keyIn(parent) };
      if (!parent.array) (parent.under ??= new Map()).set(place.key as string, place);
      stack[i]!.place = place;
    }
    return stack[stack.length - 1]!.place!;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.expectKey = false;
        top.keyStart = i;
        top.keyEnd = end + 1;
        top.key = undefined;
        if (top.found || top.under) {
          const key = keyOf(top);
          top.found?.delete(key);
          const earlier = top.under?.get(key);
          if (earlier) earlier.dropped = true;
          top.under?.delete(key);
        }
      }
      i = end;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      stack.push({ array: code === 0x5b, index: 0, keyStart: 0, keyEnd: 0, expectKey: code === 0x7b });
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      stack.pop();
    } else if (code === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    } else if (code === 0x2d /* - */ || isDigit(code)) {
      // Only a long integer, or a float with an exponent or a fraction of zeros, may be exact.
      let end = i + 1;
      let float = false;
      let exponent = false;
      let fraction = false;
      let fractionDigit = false;
      for (; end < text.length; end++) {
        const c = text.charCodeAt(end);
        if (isDigit(c)) fractionDigit ||= fraction && c !== 0x30;
        else if (c === 0x2e /* . */) float = fraction = true;
        else if (c === 0x65 /* e */ || c === 0x45 /* E */) [float, exponent, fraction] = [true, true, false];
        else if (c !== 0x2b /* + */ && c !== 0x2d /* - */) break;
      }
      const candidate = float ? exponent || !fractionDigit : end - i > 15;
      const exact = candidate ? exactToken(text.slice(i, end), float) : undefined;
      const top = stack[stack.length - 1];
      if (exact !== undefined && top) {
        if (!top.found) out.push({ place: placeOfTop(), found: (top.found = new Map()) });
        top.found.set(keyIn(top), exact);
      }
      i = end - 1;
    }
  }
  return out;
}

/** The parsed container at `place`, or null where there is none (or it was dropped); each place resolved once, from the root down. */
function holderAt(root: object, place: Place): object | null {
  const unresolved: Place[] = [];
  for (let p: Place | undefined = place; p && p.holder === undefined; p = p.parent) unresolved.push(p);
  for (const p of unresolved.reverse()) {
    const parent = p.parent ? p.parent.holder! : null;
    const value = !p.parent ? root : parent && Object.hasOwn(parent, p.key) ? (parent as Record<Key, unknown>)[p.key] : null;
    p.holder = !p.dropped && typeof value === "object" && value !== null ? value : null;
  }
  return place.holder!;
}

/** JSON.parse, with the numbers a double cannot hold kept exact (see the top of this file). */
export function parseExact(text: string): unknown {
  const root = JSON.parse(text) as unknown;
  if (typeof root === "number") {
    const token = text.trim();
    return exactToken(token, /[.eE]/.test(token)) ?? root;
  }
  for (const { place, found } of exactNumbersIn(text)) {
    const holder = holderAt(root as object, place);
    // An object's key is defined, not assigned: "__proto__" is its own property, as JSON.parse made it.
    if (Array.isArray(holder)) for (const [index, value] of found) holder[index as number] = value;
    else if (holder) for (const [key, value] of found) Object.defineProperty(holder, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return root;
}

/** `value` with the exact number at `path` (if one is there) made a double; a copy along the path only. */
function doubleAt(value: unknown, path: readonly PropertyKey[], depth = 0): unknown {
  if (depth === path.length) return isExactNumber(value) ? Number(value) : value;
  const key = path[depth]!;
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return value;
  const child = (value as Record<PropertyKey, unknown>)[key];
  const next = doubleAt(child, path, depth + 1);
  if (next === child) return value;
  const copy = Array.isArray(value) ? [...value] : { ...value };
  Object.defineProperty(copy, key, { value: next, writable: true, enumerable: true, configurable: true });
  return copy;
}

function doublesAtIssues(value: unknown, issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[]): unknown {
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === "invalid_union") for (const branch of issue.errors) value = doublesAtIssues(value, branch, path);
    else value = doubleAt(value, path);
  }
  return value;
}

/**
 * schema.safeParse, where a field the schema refuses an exact number for (it wants a number:
 * `temperature: 1.0`) gets its double instead; what the schema leaves unchecked stays exact.
 * Each round makes at least one exact number a double, so it ends.
 */
export function safeParseExact<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.infer<S>> {
  let result = schema.safeParse(value);
  while (!result.success) {
    const next = doublesAtIssues(value, result.error.issues, []);
    if (next === value) break;
    value = next;
    result = schema.safeParse(value);
  }
  return result;
}
