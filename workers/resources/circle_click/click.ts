// Where the response clicked: the arguments of its first `click` call, each read as Python's
// int() reads a JSON value (an int as it is, a float cut towards zero, a bool as 0 or 1, a string
// of digits with optional sign, spaces and single underscores; anything else is no coordinate).
// x is read before y, so a call whose y cannot be read still clicked at x, as in the reference.
import type { Item } from "../../../shared/schemas/responses.ts";
import { pyNumber } from "../../../shared/json/exact.ts";
import { parseArguments } from "../../../shared/verifiers/function_calls.ts";
import { pythonInt } from "../../../shared/verifiers/python_str.ts";

/** A coordinate as an exact integer; a number while a double holds it, as JSON writes either the same. */
export type Coordinate = number | bigint;

export interface Click {
  x: Coordinate | null;
  y: Coordinate | null;
}

const asCoordinate = (value: bigint): Coordinate => (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);

/** int(value), or undefined where Python raises (NaN, and infinity, which the reference does not catch: no coordinate here). */
function pyInt(value: unknown): bigint | undefined {
  if (typeof value === "string") return pythonInt(value);
  const number = pyNumber(value);
  if (number === undefined) return undefined;
  if (number.int !== undefined) return number.int;
  return Number.isFinite(number.float) ? BigInt(Math.trunc(number.float)) : undefined;
}

export function clickOf(output: readonly Item[]): Click {
  const call = output.find((item) => item.type === "function_call" && item.name === "click");
  const click: Click = { x: null, y: null };
  if (call?.type !== "function_call") return click;
  const { args, valid } = parseArguments(call.arguments);
  if (!valid || !Object.hasOwn(args, "x")) return click;
  const x = pyInt(args.x);
  if (x === undefined) return click;
  click.x = asCoordinate(x);
  const y = Object.hasOwn(args, "y") ? pyInt(args.y) : undefined;
  if (y !== undefined) click.y = asCoordinate(y);
  return click;
}
