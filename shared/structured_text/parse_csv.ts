// CSV read as the reference reads it: Python's csv.DictReader over the reply, excel dialect
// (comma, double quotes doubled inside quoted fields, strict=False). The reader is a port of the
// facts of CPython's csv state machine, not a general CSV library's, because its lenient rules
// decide what a sloppy reply parses to: a quote inside an unquoted field is literal, text after a
// closing quote joins the field, a space before a quote keeps the quote, lines end at "\n" (a
// "\r" just before it is dropped; one inside an unquoted line is an error), a quoted field may span
// lines and an unclosed one runs to the end. The first record names the fields; blank lines are
// skipped; missing cells are null.

/** One data row: cells under their header names, and the cells past the header's width. */
export interface CsvRow {
  cells: Record<string, string | null>;
  extra: string[];
}

// Python's csv.field_size_limit() default.
const FIELD_LIMIT = 131_072;

type State = "startRecord" | "startField" | "inField" | "inQuoted" | "quoteInQuoted" | "eatCrnl";

/** The records of a text, each a list of fields; a blank line is an empty record. */
function* records(text: string): Generator<string[]> {
  // Lines as Python's StringIO yields them: split after each "\n", the last one possibly without it.
  const lines = text.split(/(?<=\n)/);
  let fields: string[] = [];
  let field: string[] = [];
  // Widened: the closures below change it, which narrowing cannot see.
  let state = "startRecord" as State;
  const save = () => {
    fields.push(field.join(""));
    field = [];
  };
  const add = (c: string) => {
    if (field.length >= FIELD_LIMIT) throw new Error(`field larger than field limit (${FIELD_LIMIT})`);
    field.push(c);
  };
  // null stands for the end of a line, which the C reader feeds after each line's characters.
  const step = (c: string | null) => {
    const newline = c === "\n" || c === "\r";
    switch (state) {
      case "startRecord":
        if (c === null) return;
        if (newline) {
          state = "eatCrnl";
          return;
        }
        // The character starts the first field.
        state = "startField";
        step(c);
        return;
      case "startField":
        if (newline || c === null) {
          save();
          state = c === null ? "startRecord" : "eatCrnl";
        } else if (c === '"') state = "inQuoted";
        else if (c === ",") save();
        else {
          add(c);
          state = "inField";
        }
        return;
      case "inField":
        if (newline || c === null) {
          save();
          state = c === null ? "startRecord" : "eatCrnl";
        } else if (c === ",") {
          save();
          state = "startField";
        } else add(c);
        return;
      case "inQuoted":
        if (c === '"') state = "quoteInQuoted";
        else if (c !== null) add(c);
        return;
      case "quoteInQuoted":
        if (c === '"') {
          add(c);
          state = "inQuoted";
        } else if (c === ",") {
          save();
          state = "startField";
        } else if (newline || c === null) {
          save();
          state = c === null ? "startRecord" : "eatCrnl";
        } else {
          add(c);
          state = "inField";
        }
        return;
      case "eatCrnl":
        if (c === null) state = "startRecord";
        else if (!newline) throw new Error("new-line character seen in unquoted field - do you need to open the file with newline=''?");
        return;
    }
  };
  for (const line of lines) {
    if (line === "") continue;
    for (const c of line) step(c);
    step(null);
    if (state === "startRecord") {
      yield fields;
      fields = [];
    }
  }
  // Only an unclosed quoted field can still be open: its text so far is the last field.
  if (field.length > 0 || state === "inQuoted") {
    save();
    yield fields;
  }
}

/** The data rows, as csv.DictReader gives them (extra cells apart), or a thrown error. */
export function parseCsv(text: string): CsvRow[] {
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  for (const record of records(text)) {
    if (header === undefined) {
      header = record;
      continue;
    }
    if (record.length === 0) continue;
    const cells: Record<string, string | null> = {};
    const set = (key: string, value: string | null) => Object.defineProperty(cells, key, { value, enumerable: true, writable: true, configurable: true });
    header.forEach((name, i) => i < record.length && set(name, record[i]!));
    // Missing cells are filled after the zip, so a repeated header name can end up null.
    for (const name of header.slice(record.length)) set(name, null);
    rows.push({ cells, extra: record.slice(header.length) });
  }
  return rows;
}
