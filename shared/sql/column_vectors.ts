// Spider 2.0's rule for "same result" (its evaluate.py): compare columns, not rows. Every gold
// column (or only those `condition_cols` names) must equal some predicted column, whatever the
// columns' order and however many extra columns the prediction has. Values are read as numbers
// where the text is one (gold results come from CSV files), NULL and NaN count as 0, numbers
// match within 0.01, and with `ignore_order` each column is compared sorted. A row task may
// carry several acceptable gold results: matching any one is enough.
import { pythonFloat } from "../verifiers/python_float.ts";
import { pyFloatRepr } from "../verifiers/python_float_repr.ts";
import type { Rows } from "./values.ts";

type Value = string | number | bigint | ArrayBuffer | boolean;

const ABS_TOL = 1e-2;
const INT = /^[+-]?\d(?:_?\d)*$/;

/** A value as the rule reads it: text that Python's int() or float() accepts becomes that number. */
function normalized(value: unknown): Value {
  // A row's float with a whole value (2.0) is read as a Number object (shared/json/exact.ts).
  let v = value instanceof Number ? value.valueOf() : value;
  if (typeof v === "string") {
    const text = v.trim();
    if (INT.test(text)) v = BigInt(text.replaceAll("_", ""));
    else v = pythonFloat(v) ?? v;
  }
  if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return 0n;
  return v as Value;
}

// Python's str() of a value, for the sort order alone.
function pyStr(value: Value): string {
  if (typeof value === "number") return pyFloatRepr(value);
  if (typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  return typeof value === "string" ? value : `b'${new Uint8Array(value).join(",")}'`;
}

const isNumber = (v: Value): v is number | bigint | boolean => typeof v === "number" || typeof v === "bigint" || typeof v === "boolean";

function equal(x: Value, y: Value): boolean {
  if (isNumber(x) && isNumber(y)) {
    const [a, b] = [Number(x), Number(y)];
    return a === b || Math.abs(a - b) <= Math.max(1e-9 * Math.max(Math.abs(a), Math.abs(b)), ABS_TOL);
  }
  if (x instanceof ArrayBuffer && y instanceof ArrayBuffer) return x.byteLength === y.byteLength && new Uint8Array(x).every((byte, i) => byte === new Uint8Array(y)[i]);
  return x === y;
}

function sortKey(a: Value, b: Value): number {
  const [sa, sb] = [pyStr(a), pyStr(b)];
  if (sa !== sb) return sa < sb ? -1 : 1;
  return Number(isNumber(a)) - Number(isNumber(b));
}

function vectorsMatch(a: Value[], b: Value[], ignoreOrder: boolean): boolean {
  if (a.length !== b.length) return false;
  const [x, y] = ignoreOrder ? [[...a].sort(sortKey), [...b].sort(sortKey)] : [a, b];
  return x.every((value, i) => equal(value, y[i]!));
}

const column = (rows: readonly (readonly unknown[])[], i: number): Value[] => rows.map((row) => normalized(row[i]));

/** One gold result against the prediction. */
export function columnsMatch(gold: readonly (readonly unknown[])[], predicted: Rows, conditionCols: readonly number[], ignoreOrder: boolean): boolean {
  if (gold.length === 0 || predicted.length === 0) return gold.length === predicted.length;
  const goldWidth = gold[0]!.length;
  const wanted = conditionCols.filter((i) => i < goldWidth);
  const goldColumns = (wanted.length > 0 ? wanted : [...Array(goldWidth).keys()]).map((i) => column(gold, i));
  const predictedColumns = [...Array(predicted[0]!.length).keys()].map((i) => column(predicted, i));
  return goldColumns.every((g) => predictedColumns.some((p) => vectorsMatch(g, p, ignoreOrder)));
}

/**
 * Several acceptable gold results. `conditionCols` is one list for all of them, or (when every
 * entry is a list) one list per gold result, and then gold results beyond its length are not
 * compared, as the reference pairs them up.
 */
export function anyColumnsMatch(golds: readonly (readonly (readonly unknown[])[])[], predicted: Rows, conditionCols: readonly (number | readonly number[])[] | null | undefined, ignoreOrder: boolean): boolean {
  const cols = conditionCols ?? [];
  const perGold: readonly (readonly number[])[] =
    cols.length === 0 ? golds.map(() => []) : cols.every(Array.isArray) ? (cols as readonly (readonly number[])[]) : golds.map(() => cols.filter((c): c is number => typeof c === "number"));
  return golds.slice(0, perGold.length).some((gold, i) => columnsMatch(gold, predicted, perGold[i]!, ignoreOrder));
}
