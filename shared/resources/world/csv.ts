// A world's tables from CSV files (RFC 4180: comma separated, fields in double quotes may hold
// commas, doubled quotes and line breaks), read as pandas' read_csv(dtype=str) reads them: every
// cell text, an empty cell missing (null).
import type { Issue } from "../../server/errors.ts";

export type CsvRecord = Record<string, string | null>;

export class CsvError extends Error {}

/** The records of a text, each a list of raw fields; blank lines are skipped. */
function records(text: string): string[][] {
  const out: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") out.push(fields);
    fields = [];
    field = "";
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else field += c;
    i++;
  }
  if (quoted) throw new CsvError("a quoted field is not closed");
  if (field !== "" || fields.length > 0) endRecord();
  return out;
}

/**
 * The rows of a CSV text under its header line, or under `columns` when the file has none. A row
 * with another number of fields than columns is an error naming its line.
 */
export function parseCsv(text: string, columns?: readonly string[]): CsvRecord[] {
  const all = records(text);
  const names = columns ?? all.shift() ?? [];
  return all.map((fields, i) => {
    if (fields.length !== names.length) throw new CsvError(`record ${i + 1 + (columns ? 0 : 1)} has ${fields.length} fields, the header ${names.length}`);
    return Object.fromEntries(names.map((name, j) => [name, fields[j] === "" ? null : fields[j]!]));
  });
}

/** A CSV error as a field issue of the request, for a 400. */
export const csvIssue = (path: string, err: CsvError): Issue => ({ path, message: `not a CSV file this world can read: ${err.message}` });
