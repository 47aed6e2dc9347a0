// BIRD's rule for "same result": the two result sets are equal as sets of rows. Row order and
// duplicate rows do not matter; column order does (a row is a tuple); values compare as Python
// compares what sqlite3 returns (values.ts).
import { rowKey } from "./values.ts";
import type { Rows } from "./values.ts";

export function sameRowSet(gold: Rows, predicted: Rows): boolean {
  const a = new Set(gold.map(rowKey));
  const b = new Set(predicted.map(rowKey));
  return a.size === b.size && [...a].every((key) => b.has(key));
}
