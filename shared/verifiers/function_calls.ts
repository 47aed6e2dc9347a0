// The function calls a response made, with their arguments read as JSON objects (numbers exact,
// as the row's expected arguments are: shared/json/exact.ts), and whether a call is the one a
// task expected.
import type { Item } from "../schemas/responses.ts";
import { jsonEqual } from "./json_equal.ts";
import { parseExact } from "../json/exact.ts";

export type Arguments = Record<string, unknown>;

export interface Call {
  name: string;
  arguments: Arguments;
}

/** The arguments as an object, and whether the JSON text was one; anything else reads as {}. */
export function parseArguments(text: string): { args: Arguments; valid: boolean } {
  let value: unknown;
  try {
    value = parseExact(text);
  } catch {
    return { args: {}, valid: false };
  }
  const valid = typeof value === "object" && value !== null && !Array.isArray(value);
  return { args: valid ? (value as Arguments) : {}, valid };
}

/** Every function_call item of the output, in order. */
export function functionCalls(output: readonly Item[]): Call[] {
  return output.flatMap((item) => (item.type === "function_call" ? [{ name: item.name, arguments: parseArguments(item.arguments).args }] : []));
}

/** Same name, and every expected argument present with an equal value (extra arguments are allowed). */
export function callMatches(predicted: Call, expected: Call): boolean {
  return (
    predicted.name === expected.name &&
    Object.entries(expected.arguments).every(([key, value]) => Object.hasOwn(predicted.arguments, key) && jsonEqual(predicted.arguments[key], value))
  );
}
