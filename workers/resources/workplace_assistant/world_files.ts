// The reference's own world, from its CSV files: a row's `world_files` (parity sends the
// reference's csv_data folder this way) replaces this environment's bundled world. Paths are the
// reference's, relative to its server folder; its other files are ignored.
import { CsvError, csvIssue, parseCsv } from "../../../shared/resources/world/csv.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import type { Rows, TableName } from "./world.ts";

const FILES: Record<Exclude<TableName, "plots">, string> = {
  emails: "csv_data/processed/emails.csv",
  calendar_events: "csv_data/processed/calendar_events.csv",
  analytics_data: "csv_data/processed/analytics_data.csv",
  project_tasks: "csv_data/processed/project_tasks.csv",
  customers: "csv_data/processed/customer_relationship_manager_data.csv",
  // One address a line, no header.
  directory: "csv_data/raw/email_addresses.csv",
};

/** The tables' rows from the files, unchecked (the world checks them against its tables). */
export function rowsFromFiles(files: Record<string, string>): Rows {
  const tables = Object.entries(FILES).map(([table, path]) => {
    const field = `world_files[${JSON.stringify(path)}]`;
    const text = files[path];
    if (text === undefined) throw invalidRequest([{ path: field, message: "missing: the reference's world needs this file" }]);
    try {
      return [table, parseCsv(text, table === "directory" ? ["email_address"] : undefined)];
    } catch (err) {
      if (err instanceof CsvError) throw invalidRequest([csvIssue(field, err)]);
      throw err;
    }
  });
  return { ...Object.fromEntries(tables), plots: [] } as unknown as Rows;
}
