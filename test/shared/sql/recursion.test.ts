// Recursive CTEs get a row cap SQLite enforces (a LIMIT on the recursive select); nothing else changes.
import { expect, test } from "vitest";
import { capRecursion } from "../../../shared/sql/recursion.ts";

test("a recursive CTE without a LIMIT gets the cap, wherever its WITH is", () => {
  expect(capRecursion("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n", 100)).toEqual({
    sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 100) SELECT count(*) FROM n",
    recursive: true,
  });
  expect(capRecursion("SELECT * FROM (WITH m AS (SELECT 1 AS i UNION ALL SELECT i FROM m JOIN t) SELECT i FROM m)", 5).sql).toBe(
    "SELECT * FROM (WITH m AS (SELECT 1 AS i UNION ALL SELECT i FROM m JOIN t LIMIT 5) SELECT i FROM m)",
  );
});

test("a recursive CTE's own LIMIT becomes the smaller of it and the cap, negative meaning none", () => {
  const capped = (limit: string) => capRecursion(`WITH RECURSIVE "n"(i) AS NOT MATERIALIZED (SELECT 1 UNION ALL SELECT i + 1 FROM n ORDER BY i ${limit}) SELECT i FROM n`, 9).sql;
  expect(capped("LIMIT 3")).toContain("ORDER BY i LIMIT CASE WHEN (3) < 0 THEN 9 ELSE min((3), 9) END)");
  expect(capped("LIMIT 3 OFFSET 2")).toContain("LIMIT CASE WHEN (3) < 0 THEN 9 ELSE min((3), 9) END OFFSET 2)");
  expect(capped("LIMIT 2, 3")).toContain("LIMIT 2, CASE WHEN (3) < 0 THEN 9 ELSE min((3), 9) END)");
});

test("only CTEs that read themselves are touched; a column named like the CTE is not a reference", () => {
  const plain = "WITH a AS (SELECT 1 AS a), total AS (SELECT sum(x) AS total FROM t) SELECT * FROM a, total";
  expect(capRecursion(plain, 10)).toEqual({ sql: plain, recursive: false });
  expect(capRecursion("SELECT 'WITH n AS (SELECT 1 FROM n)'", 10).recursive).toBe(false);
  // Of two CTEs, the recursive one only; the text around it is kept byte for byte.
  expect(capRecursion("with a as (select 1), b(x) as (select 1 union select x+1 from a, b) select * from b", 4).sql).toBe(
    "with a as (select 1), b(x) as (select 1 union select x+1 from a, b LIMIT 4) select * from b",
  );
});
