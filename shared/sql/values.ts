// What a SQL query answers, as the database object sends it: column names and rows of SQLite values
// (INTEGER and REAL both arrive as numbers, BLOBs as ArrayBuffers).

export type SqlValue = string | number | ArrayBuffer | null;
export type Rows = SqlValue[][];

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * One value as a string that is equal exactly when the values are, as Python compares what
 * sqlite3 returns: 1 and 1.0 are equal (one number here), 0 and -0 too, text never equals a number.
 */
export function valueKey(value: SqlValue): string {
  if (value === null) return "n";
  if (typeof value === "number") return `f${Object.is(value, -0) ? 0 : value}`;
  if (typeof value === "string") return `s${value}`;
  return `b${hex(value)}`;
}

export const rowKey = (row: readonly SqlValue[]): string => JSON.stringify(row.map(valueKey));
