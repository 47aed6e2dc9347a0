// Python's `list(csv.reader(io.StringIO(text), delimiter=...))` with the default dialect: '"' quotes
// and doubles, no escape character, not strict. Its rules, which a plain CSV parser does not share:
// a blank line is a record with no fields ([]); a quote inside an unquoted field is text; text after
// a closing quote joins the field; a quoted field may run over lines, and at the end of the text an
// unclosed one ends the record. Where Python's reader raises (a "\r" followed by more text in an
// unquoted line, or a field over its 131072-character limit) this returns undefined.
const FIELD_LIMIT = 131072;

// The reader's states.
const START_RECORD = 0;
const START_FIELD = 1;
const IN_FIELD = 2;
const IN_QUOTED_FIELD = 3;
const QUOTE_IN_QUOTED_FIELD = 4;
const EAT_NEWLINE = 5;

class ReaderError extends Error {}

export function readCsv(text: string, delimiter: string): string[][] | undefined {
  const records: string[][] = [];
  let fields: string[] = [];
  let field: string[] = [];
  let fieldLength = 0;
  let state: number = START_RECORD;

  const save = () => {
    fields.push(field.join(""));
    field = [];
    fieldLength = 0;
  };
  const add = (char: string) => {
    if (fieldLength >= FIELD_LIMIT) throw new ReaderError();
    field.push(char);
    fieldLength++;
  };
  const endLine = (char: string | undefined) => {
    save();
    state = char === undefined ? START_RECORD : EAT_NEWLINE;
  };

  const startField = (char: string | undefined, lineBreak: boolean) => {
    if (char === undefined || lineBreak) endLine(char);
    else if (char === '"') state = IN_QUOTED_FIELD;
    else if (char === delimiter) save();
    else {
      add(char);
      state = IN_FIELD;
    }
  };

  // `undefined` is the reader's end-of-line marker, seen after each line's last character.
  const step = (char: string | undefined) => {
    const lineBreak = char === "\n" || char === "\r";
    switch (state) {
      case START_RECORD:
        // A blank line is a record with no fields; any other first character starts a field.
        if (char === undefined) return;
        if (lineBreak) state = EAT_NEWLINE;
        else startField(char, false);
        return;
      case START_FIELD:
        startField(char, lineBreak);
        return;
      case IN_FIELD:
        if (char === undefined || lineBreak) endLine(char);
        else if (char === delimiter) {
          save();
          state = START_FIELD;
        } else add(char);
        return;
      case IN_QUOTED_FIELD:
        if (char === '"') state = QUOTE_IN_QUOTED_FIELD;
        else if (char !== undefined) add(char);
        return;
      case QUOTE_IN_QUOTED_FIELD:
        if (char === '"') {
          add(char);
          state = IN_QUOTED_FIELD;
        } else if (char === delimiter) {
          save();
          state = START_FIELD;
        } else if (char === undefined || lineBreak) endLine(char);
        else {
          add(char);
          state = IN_FIELD;
        }
        return;
      case EAT_NEWLINE:
        if (char === undefined) state = START_RECORD;
        else if (!lineBreak) throw new ReaderError();
    }
  };

  try {
    // Lines end after each "\n" (io.StringIO's line iteration); a record ends at a line end
    // unless a quoted field is still open.
    for (let start = 0; start < text.length; ) {
      const newline = text.indexOf("\n", start);
      const end = newline === -1 ? text.length : newline + 1;
      for (const char of text.slice(start, end)) step(char);
      step(undefined);
      if (state === START_RECORD) {
        records.push(fields);
        fields = [];
      }
      start = end;
    }
  } catch (error) {
    if (error instanceof ReaderError) return undefined;
    throw error;
  }
  if (fieldLength !== 0 || state === IN_QUOTED_FIELD) {
    save();
    records.push(fields);
  }
  return records;
}
