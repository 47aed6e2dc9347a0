// The workplace's world, in the reference's table shapes: five tables the tools change (emails,
// calendar events, analytics plots, project tasks, customers) and two they only read (the visits
// behind the analytics, the company directory). Every cell is text or missing, as the reference
// reads its CSV files (dtype=str).
//
// The reference compares its states as pandas frames, whose rows carry an index label besides
// their cells, so the changed tables keep it as `_ix`: seeded 0, 1, 2...; a row added to emails,
// tasks or customers renumbers the whole table (pd.concat ignore_index), a calendar event is added
// with label 0 (pd.concat without it), a plot with the count before it (df.loc[len(df)]). Deleting
// keeps the other labels. So deleting then adding is not the same state as adding then deleting.
import { z } from "../../../shared/zod.ts";
import { defineWorld, ident } from "../../../shared/resources/world/tables.ts";
import type { WorldData } from "../../../shared/resources/world/tables.ts";
import type { SqlStatement } from "../../../shared/session/sql.ts";

const id = z.string();
const cell = z.string().nullable();
const label = z.number().int();

const Email = z.object({ email_id: id, "inbox/outbox": cell, "sender/recipient": cell, subject: cell, sent_datetime: cell, body: cell });
const CalendarEvent = z.object({ event_id: id, event_name: cell, participant_email: cell, event_start: cell, duration: cell });
const Visit = z.object({ date_of_visit: cell, visitor_id: cell, page_views: cell, session_duration_seconds: cell, traffic_source: cell, user_engaged: cell });
const Plot = z.object({ file_path: cell });
const ProjectTask = z.object({ task_id: id, task_name: cell, assigned_to_email: cell, list_name: cell, due_date: cell, board: cell });
const Customer = z.object({
  customer_id: id,
  assigned_to_email: cell,
  customer_name: cell,
  customer_email: cell,
  customer_phone: cell,
  last_contact_date: cell,
  product_interest: cell,
  status: cell,
  follow_up_by: cell,
  notes: cell,
});
const DirectoryEntry = z.object({ email_address: id });

/** The tables as the tools see them, by their table name. */
export const ROWS = {
  emails: Email,
  calendar_events: CalendarEvent,
  analytics_data: Visit,
  plots: Plot,
  project_tasks: ProjectTask,
  customers: Customer,
  directory: DirectoryEntry,
};
export type TableName = keyof typeof ROWS;

/** The tables whose state verify compares, and how each labels a row it adds. */
const COMPARED = { emails: "renumber", calendar_events: "zero", plots: "count", project_tasks: "renumber", customers: "renumber" } as const;
type Compared = keyof typeof COMPARED;

const labelled = <T extends z.ZodObject>(row: T) => row.safeExtend({ _ix: label });

export const world = defineWorld({
  emails: labelled(Email),
  calendar_events: labelled(CalendarEvent),
  analytics_data: Visit,
  plots: labelled(Plot),
  project_tasks: labelled(ProjectTask),
  customers: labelled(Customer),
  directory: DirectoryEntry,
});
export type Workplace = WorldData<typeof world.tables>;

/** The tables' rows as the environment's data gives them. */
export type Rows = { [K in TableName]: z.infer<(typeof ROWS)[K]>[] };

/** The world seeded from rows: the changed tables' labels are their positions. */
export function seedData(rows: Rows): Workplace {
  const withLabels = <R>(list: R[]) => list.map((row, i) => ({ ...row, _ix: i }));
  return {
    ...rows,
    emails: withLabels(rows.emails),
    calendar_events: withLabels(rows.calendar_events),
    plots: withLabels(rows.plots),
    project_tasks: withLabels(rows.project_tasks),
    customers: withLabels(rows.customers),
  };
}

/** A table's cells as the tools show them, in the reference's column order. */
export const columnsOf = (table: TableName): string[] => Object.keys(ROWS[table].shape);
export const selectList = (table: TableName): string => columnsOf(table).map(ident).join(", ");

/** A statement reading whether `condition` (an SQL expression with its bound values) holds, as column `yes`. */
export const holds = ({ sql, params }: SqlStatement): SqlStatement => ({ sql: `SELECT ${sql} AS yes`, params });

/**
 * Adds a row to a compared table, labelled as the reference labels it: `values` maps columns to
 * SQL expressions, each with its bound values (a new id is computed in SQL, in the same statement),
 * only `when` a condition holds, if given (checked in the same statement). RETURNING the new row's
 * cells: none when it was not added.
 */
export function addRow(table: Compared, values: Record<string, SqlStatement>, when?: SqlStatement): SqlStatement[] {
  const labels = { renumber: "-1", zero: "0", count: `(SELECT COUNT(*) FROM ${ident(table)})` }[COMPARED[table]];
  const columns = Object.keys(values);
  const insert: SqlStatement = {
    sql: `INSERT INTO ${ident(table)} (${[...columns, "_ix"].map(ident).join(", ")}) SELECT ${[...columns.map((c) => values[c]!.sql), labels].join(", ")} WHERE ${when?.sql ?? "1"} RETURNING ${selectList(table)}`,
    params: [...columns.flatMap((c) => values[c]!.params ?? []), ...(when?.params ?? [])],
  };
  if (COMPARED[table] !== "renumber") return [insert];
  const renumber = `UPDATE ${ident(table)} SET _ix = r.n FROM (SELECT rowid AS id, row_number() OVER (ORDER BY rowid) - 1 AS n FROM ${ident(table)}) AS r WHERE ${ident(table)}.rowid = r.id`;
  return [insert, { sql: renumber }];
}

/** The next id of a table: one more than its greatest id (compared as text, as pandas compares them). */
export function nextId(table: TableName, column: string, padded: boolean): { sql: string } {
  const next = `CAST(MAX(${ident(column)}) AS INTEGER) + 1`;
  return { sql: padded ? `(SELECT printf('%08d', ${next}) FROM ${ident(table)})` : `(SELECT COALESCE(CAST(${next} AS TEXT), '1') FROM ${ident(table)})` };
}

// The reference lowercases every cell before comparing, but for these, where case matters.
const CASE_SENSITIVE = new Set(["status", "list_name", "board"]);

const sameCell = (column: string, a: unknown, b: unknown): boolean =>
  typeof a === "string" && typeof b === "string" && !CASE_SENSITIVE.has(column) ? a.toLowerCase() === b.toLowerCase() : a === b;

/** The reference's state comparison: every compared table row for row, labels and cells. */
export function sameState(a: Workplace, b: Workplace): boolean {
  return (Object.keys(COMPARED) as Compared[]).every((table) => {
    const [rowsA, rowsB] = [a[table] as Record<string, unknown>[], b[table] as Record<string, unknown>[]];
    return rowsA.length === rowsB.length && rowsA.every((row, i) => Object.keys(row).every((column) => sameCell(column, row[column], rowsB[i]![column])));
  });
}
