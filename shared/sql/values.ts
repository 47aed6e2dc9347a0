// What a SQL query answers: column names and rows of SQLite values, typed as Python's sqlite3
// returns them: INTEGER exactly (a bigint: SQLite's 64-bit integers go past 2^53), REAL as a
// number, TEXT as a string, BLOB as bytes, NULL.

export type SqlValue = string | number | bigint | ArrayBuffer | null;
export type Rows = SqlValue[][];

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * One value as a string that is equal exactly when the values are, as Python compares what
 * sqlite3 returns: an integer and a float are equal when the float is that integer exactly (1 and
 * 1.0, but not 2^53 + 1 and 2.0^53), 0 and -0 too, text never equals a number.
 */
export function valueKey(value: SqlValue): string {
  if (value === null) return "n";
  if (typeof value === "bigint") return `i${value}`;
  if (typeof value === "number") return Number.isInteger(value) ? `i${BigInt(value)}` : `f${value}`;
  if (typeof value === "string") return `s${value}`;
  return `b${hex(value)}`;
}

export const rowKey = (row: readonly SqlValue[]): string => JSON.stringify(row.map(valueKey));
