// The work estimate over SQLite's plans (EXPLAIN QUERY PLAN rows, as workerd's SQLite prints them).
import { expect, test } from "vitest";
import { tableAliases } from "../../../shared/sql/aliases.ts";
import { estimateWork } from "../../../shared/sql/work_estimate.ts";
import type { PlanNode } from "../../../shared/sql/work_estimate.ts";

const tables = { a: { rows: 400, rowsPerValue: { id: 1, v: 57 } }, "b table": { rows: 100, rowsPerValue: { a_id: 2 } } };
const context = (aliases: Record<string, string> = {}) => ({ tables, aliases: new Map(Object.entries(aliases)), recursionCap: 1000 });
const plan = (...nodes: [number, number, string][]): PlanNode[] => nodes.map(([id, parent, detail]) => ({ id, parent, detail }));

test("nested scans multiply; searches count rows per key, 1 on a primary key, the table on a range", () => {
  expect(estimateWork(plan([1, 0, "SCAN x"], [2, 0, "SCAN y"]), context({ x: "a", y: "a" }))).toBe(400 + 160_000);
  expect(estimateWork(plan([1, 0, "SCAN b table"], [2, 0, "SEARCH a USING INTEGER PRIMARY KEY (rowid=?)"]), context())).toBe(100 + 100);
  expect(estimateWork(plan([1, 0, "SCAN x"], [2, 0, "BLOOM FILTER ON y (v=?)"], [3, 0, "SEARCH y USING AUTOMATIC COVERING INDEX (v=?)"]), context({ x: "a", y: "a" }))).toBe(400 + 400 * 57);
  expect(estimateWork(plan([1, 0, "SCAN x"], [2, 0, "SEARCH y USING INDEX i (v>? AND v<?)"]), context({ x: "a", y: "a" }))).toBe(400 + 160_000);
  // A name it cannot place counts as the largest table.
  expect(estimateWork(plan([1, 0, "SCAN mystery"]), context())).toBe(400);
});

test("a materialized subquery is scanned at its size; a correlated subquery runs per outer row", () => {
  const nodes = plan([1, 0, "MATERIALIZE m"], [2, 1, "SCAN b table"], [3, 0, "SCAN m"], [4, 0, "SCAN a"], [5, 0, "CORRELATED SCALAR SUBQUERY 1"], [6, 5, "SEARCH b table USING INDEX k (a_id=?)"]);
  expect(estimateWork(nodes, context())).toBe(100 + 100 + 100 * 400 + 100 * 400 * 2);
});

test("a recursive CTE costs its cap times its step; a compound select sums its parts", () => {
  const recursive = plan([2, 0, "CO-ROUTINE c"], [5, 2, "SETUP"], [6, 5, "SCAN CONSTANT ROW"], [17, 2, "RECURSIVE STEP"], [18, 17, "SCAN c"], [27, 0, "SCAN c"]);
  expect(estimateWork(recursive, context())).toBe(1000 * 1 + 1000);
  const compound = plan([1, 0, "COMPOUND QUERY"], [2, 1, "LEFT-MOST SUBQUERY"], [3, 2, "SCAN a"], [4, 1, "UNION ALL"], [5, 4, "SCAN b table"]);
  expect(estimateWork(compound, context())).toBe(500);
});

test("aliases come from FROM and JOIN clauses, with or without AS, quoted or not", () => {
  const aliases = tableAliases('SELECT * FROM a x JOIN "b table" AS b ON b.a_id = x.id, a WHERE x.v IN (SELECT v FROM a AS inner_a)', new Set(["a", "b table"]));
  expect(Object.fromEntries(aliases)).toEqual({ x: "a", b: "b table", inner_a: "a" });
});
