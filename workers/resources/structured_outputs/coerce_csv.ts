// CSV cells are text, so the reference converts each cell to its column's type, read from the
// schema's `items.properties` (or the schema's own `properties`), a column without a type being a
// string. Python's int(), float() and a true/1, false/0 test decide; a cell that does not convert
// stays text, for the validator to reject. With a list of types, an empty or missing cell is null
// when null is allowed, else the first type that converts wins (string always does).
import type { CsvRow } from "../../../shared/structured_text/parse_csv.ts";
import { pyBool, pyFloat, pyInt } from "../../../shared/structured_text/py_numbers.ts";

type Schema = Record<string, unknown>;
const isRecord = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

function coerceCell(value: string | null, type: unknown): unknown {
  if (Array.isArray(type)) {
    if ((value === null || value === "") && type.includes("null")) return null;
    for (const t of type) {
      if (t === "null") continue;
      const result = coerceCell(value, t);
      if (typeof result !== "string" || t === "string") return result;
    }
    return value;
  }
  if (value === null || value === "") return value;
  const converted = type === "integer" ? pyInt(value) : type === "number" ? pyFloat(value) : type === "boolean" ? pyBool(value) : undefined;
  return converted ?? value;
}

export type CsvValue = { ok: true; value: Record<string, unknown>[] } | { ok: false; message: string };

/** The rows as objects of typed cells, or which row has more cells than the header names. */
export function coerceCsv(rows: CsvRow[], schema: unknown): CsvValue {
  const rowSchema = isRecord(schema) ? (isRecord(schema.items) ? schema.items : schema) : {};
  const properties = isRecord(rowSchema.properties) ? rowSchema.properties : {};
  const out: Record<string, unknown>[] = [];
  for (const [i, row] of rows.entries()) {
    // DictReader files extra cells under a None key, which no JSON object can hold.
    if (row.extra.length > 0) return { ok: false, message: `/${i}: the row has ${row.extra.length} cell(s) more than the header names` };
    const typed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row.cells)) {
      const column = Object.hasOwn(properties, key) && isRecord(properties[key]) ? properties[key] : {};
      const type = "type" in column ? column.type : "string";
      Object.defineProperty(typed, key, { value: coerceCell(value, type), enumerable: true, writable: true, configurable: true });
    }
    out.push(typed);
  }
  return { ok: true, value: out };
}
