// How many rows a query would visit, estimated from SQLite's own plan (EXPLAIN QUERY PLAN) and
// the database's statistics, before it runs: SQLite in a Durable Object cannot be interrupted, so a
// query that would read for minutes (a cross join of big tables under a count(*)) must be turned
// away before it starts. Nested loops multiply: a full scan counts the table's rows, an index
// lookup on equality the table's average rows per value of its most selective column (1 on a
// rowid), a range lookup the whole table; a subquery that depends on the outer row runs once per
// outer row, and a recursive CTE (capped, see recursion.ts) `cap` times its recursive step. It is
// an estimate: data skewed far from its averages can make a query do more work than this says.

export interface PlanNode {
  id: number;
  parent: number;
  detail: string;
}

export interface TableStats {
  rows: number;
  /** Column (lower-cased) -> its average number of rows per distinct value. */
  rowsPerValue: Record<string, number>;
}

export interface EstimateContext {
  /** Table (lower-cased) -> its statistics. */
  tables: Readonly<Record<string, TableStats>>;
  /** Alias (lower-cased) -> table, from the query's text. */
  aliases: ReadonlyMap<string, string>;
  /** Rows a recursive CTE may produce (its cap). */
  recursionCap: number;
}

interface Level {
  /** Rows visited. */
  work: number;
  /** Rows the level produces, at most (the product of its loops). */
  rows: number;
}

const SCAN = /^SCAN (.+?)(?: USING (?:COVERING )?INDEX .*)?$/;
const SEARCH = /^SEARCH (.+?)(?: EXISTS)? USING (.*)$/;
const SUBQUERY = /^(CORRELATED )?(?:SCALAR|LIST) SUBQUERY\b/;
const DEFINES = /^(?:CO-ROUTINE|MATERIALIZE) (.+)$/;

export function estimateWork(plan: readonly PlanNode[], context: EstimateContext): number {
  const children = new Map<number, PlanNode[]>();
  for (const node of [...plan].sort((a, b) => a.id - b.id)) children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  const largest = Math.max(1, ...Object.values(context.tables).map((t) => t.rows));
  /** Rows of each CTE or subquery the plan materializes, by the name it scans it under. */
  const produced = new Map<string, number>();

  const tableOf = (name: string) => {
    const lower = name.toLowerCase();
    return context.tables[context.aliases.get(lower) ?? lower];
  };
  // A name that is neither a table nor a materialized result (a view, say) counts as the largest table.
  const sizeOf = (name: string) => produced.get(name) ?? tableOf(name)?.rows ?? largest;

  function searchFactor(name: string, how: string): number {
    const constraints = /\(([^()]*)\)$/.exec(how)?.[1]?.split(" AND ") ?? [];
    const equal = constraints.filter((c) => c.endsWith("=?")).map((c) => c.slice(0, -2).toLowerCase());
    if (equal.length === 0) return sizeOf(name);
    const stats = tableOf(name);
    const perValue = (column: string) => (column === "rowid" ? 1 : (stats?.rowsPerValue[column] ?? sizeOf(name)));
    return Math.max(1, Math.min(...equal.map(perValue)));
  }

  const childrenOf = (node: PlanNode) => children.get(node.id) ?? [];

  function define(node: PlanNode, name: string): number {
    const parts = childrenOf(node);
    const setup = parts.filter((p) => p.detail === "SETUP");
    const steps = parts.filter((p) => p.detail === "RECURSIVE STEP");
    if (steps.length === 0) {
      const inner = level(parts);
      produced.set(name, inner.rows);
      return inner.work;
    }
    // Inside its recursive step, the CTE is the one row being expanded.
    produced.set(name, 1);
    const once = (nodes: PlanNode[]) => nodes.reduce((sum, n) => sum + level(childrenOf(n)).work, 0);
    const work = once(setup) + context.recursionCap * once(steps);
    produced.set(name, context.recursionCap);
    return work;
  }

  function level(nodes: readonly PlanNode[]): Level {
    let loops = 1;
    let work = 0;
    // Rows of the parts of a compound select (UNION ALL ...), which follow one another.
    let partRows = 0;
    for (const node of nodes) {
      const { detail } = node;
      const scan = SCAN.exec(detail);
      const search = SEARCH.exec(detail);
      const defines = DEFINES.exec(detail);
      const subquery = SUBQUERY.exec(detail);
      if (detail === "SCAN CONSTANT ROW") continue;
      if (scan || search || detail === "MULTI-INDEX OR") {
        loops *= scan ? sizeOf(scan[1]!) : search ? searchFactor(search[1]!, search[2]!) : Math.max(1, level(childrenOf(node)).rows);
        work += loops;
      } else if (defines) {
        work += define(node, defines[1]!);
      } else if (subquery) {
        work += (subquery[1] ? loops : 1) * level(childrenOf(node)).work;
      } else if (childrenOf(node).length > 0) {
        const inner = level(childrenOf(node));
        work += inner.work;
        partRows += inner.rows;
      }
    }
    return { work, rows: Math.max(loops, partRows) };
  }

  return level(children.get(0) ?? []).work;
}
