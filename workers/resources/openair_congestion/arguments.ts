// A tool call's arguments as the reference reads them: json.loads with NaN/Infinity and repeated
// keys refused, into Python values that keep what JSON.parse loses: an int (bigint) apart from a
// float (number), and a dict's keys in the order written (a Map: JavaScript objects put
// integer-like keys first), since the next observation echoes the call as Python's repr of it.
import { pyReprStr } from "../../../shared/json/python_text.ts";
import { pyFloatRepr } from "../../../shared/verifiers/python_float_repr.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { TOOL_ARGUMENTS, isToolName } from "./tools.ts";
import type { ArgType, ToolName } from "./tools.ts";

export type PyValue = null | boolean | string | bigint | number | PyValue[] | PyDict;
export type PyDict = Map<string, PyValue>;

/** A call that is not one well-formed call of a known tool: a protocol violation, with the reason. */
export class MalformedCall extends Error {}

export interface ToolCall {
  name: ToolName;
  arguments: PyDict;
}

// The only nesting a tool's arguments have is a map inside them; deeper text fails the shape
// anyway, so it is refused before it is walked (the walk recurses).
const MAX_DEPTH = 8;
// Python (3.11 on) refuses to read an int of more digits than this from text.
const MAX_INT_DIGITS = 4300;

/** Reads JSON text that JSON.parse has accepted (so it is well formed): one pass, no regex. */
function readValue(text: string, start: number, depth: number): [PyValue, number] {
  if (depth > MAX_DEPTH) throw new MalformedCall(`arguments nest deeper than ${MAX_DEPTH} levels`);
  let i = skipSpace(text, start);
  const c = text[i];
  if (c === "{" || c === "[") {
    const dict: PyDict = new Map();
    const list: PyValue[] = [];
    const close = c === "{" ? "}" : "]";
    i = skipSpace(text, i + 1);
    while (text[i] !== close) {
      let key = "";
      if (c === "{") {
        const end = stringEnd(text, i);
        key = JSON.parse(text.slice(i, end)) as string;
        if (dict.has(key)) throw new MalformedCall(`duplicate JSON key ${brief(pyReprStr(key))}`);
        i = skipSpace(text, end) + 1; // past the colon
      }
      const [value, next] = readValue(text, i, depth + 1);
      if (c === "{") dict.set(key, value);
      else list.push(value);
      i = skipSpace(text, next);
      if (text[i] === ",") i = skipSpace(text, i + 1);
    }
    return [c === "{" ? dict : list, i + 1];
  }
  if (c === '"') {
    const end = stringEnd(text, i);
    return [JSON.parse(text.slice(i, end)) as string, end];
  }
  for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
    if (text.startsWith(word, i)) return [value, i + word.length];
  }
  let end = i;
  while (end < text.length && "+-0123456789.eE".includes(text[end]!)) end++;
  const token = text.slice(i, end);
  // Python reads digits alone as an int, anything with a point or exponent as a float (1e999: inf).
  if (/[.eE]/.test(token)) return [Number(token), end];
  if (token.replace("-", "").length > MAX_INT_DIGITS) throw new MalformedCall(`an integer of more than ${MAX_INT_DIGITS} digits`);
  return [BigInt(token), end];
}

const skipSpace = (text: string, i: number): number => {
  while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  return i;
};

/** Just past the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

function hasType(value: PyValue, type: ArgType): boolean {
  switch (type) {
    case "integer":
      return typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value));
    case "number":
      return typeof value === "bigint" || typeof value === "number";
    case "string":
      return typeof value === "string";
    case "numberMap":
      return value instanceof Map && [...value.values()].every((v) => hasType(v, "number"));
    case "emptyObject":
      return value instanceof Map && value.size === 0;
  }
}

/**
 * The call as the reference normalises it: arguments text that strips to nothing is {}, anything
 * else must be a JSON object; the tool must be one of the eight and the arguments of its shape.
 */
export function parseCall(name: string, argumentsText: string): ToolCall {
  let args: PyValue = new Map();
  if (pyStrip(argumentsText) !== "") {
    try {
      JSON.parse(argumentsText);
    } catch (err) {
      throw new MalformedCall((err as Error).message);
    }
    args = readValue(argumentsText, 0, 0)[0];
  }
  if (!(args instanceof Map)) throw new MalformedCall(`arguments must be a JSON object, got ${pyTypeName(args)}`);
  if (!isToolName(name)) throw new MalformedCall(`unknown tool ${brief(pyReprStr(name))}`);
  const shape: Record<string, ArgType> = TOOL_ARGUMENTS[name];
  for (const key of Object.keys(shape)) if (!args.has(key)) throw new MalformedCall(`${pyReprStr(key)} is a required property`);
  for (const [key, value] of args) {
    if (!Object.hasOwn(shape, key)) throw new MalformedCall(`additional property ${brief(pyReprStr(key))} is not allowed`);
    if (!hasType(value, shape[key]!)) throw new MalformedCall(`${brief(pyRepr(value))} is not of the type of ${pyReprStr(key)}`);
  }
  return { name, arguments: args };
}

// A malformed call's own text is quoted in its error at most this long (the tool output is ours to word).
const brief = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}...` : text);

function pyTypeName(value: PyValue): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  return { boolean: "bool", string: "str", bigint: "int", number: "float", object: "dict" }[typeof value as string]!;
}

/** repr() of the value, as Python prints the dict in `name({...})`. */
export function pyRepr(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return pyReprStr(value);
  if (typeof value === "bigint") return String(value);
  if (typeof value === "number") return pyFloatRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${[...value].map(([k, v]) => `${pyReprStr(k)}: ${pyRepr(v)}`).join(", ")}}`;
}

/**
 * A key equal for two argument dicts exactly when Python's == says they are: keys in any order,
 * numbers by value (1 == 1.0), for the guardrail's identical-repeat check.
 */
export function equalityKey(value: PyValue): string {
  if (value instanceof Map) {
    const entries = [...value].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${equalityKey(v)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(equalityKey).join(",")}]`;
  // Numbers by value (-0.0 == 0); an int past 2**53 rounds, but such an int is never accepted.
  if (typeof value === "bigint" || typeof value === "number") return String(Number(value) + 0);
  return JSON.stringify(value);
}

/** Python's int(text) for a str: whitespace around, a sign, decimal digits (any script's) with single underscores between; undefined where it raises. */
export function pyIntOfText(text: string): bigint | undefined {
  const body = pyStrip(text);
  const match = /^([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)$/u.exec(body);
  if (!match || match[2]!.replaceAll("_", "").length > MAX_INT_DIGITS) return undefined;
  const digits = [...match[2]!.replaceAll("_", "")].map((d) => String(digitValue(d.codePointAt(0)!))).join("");
  const value = BigInt(digits);
  return match[1] === "-" ? -value : value;
}

// Unicode's decimal digits come in whole runs of ten, zero first (adjacent runs, such as the
// mathematical digits, continue without a gap): a digit's value is its offset from its run's start, mod 10.
function digitValue(code: number): number {
  let start = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}
