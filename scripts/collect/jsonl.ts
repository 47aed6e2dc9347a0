// Reading task rows from JSONL: every line is checked before anything runs, and a bad one is
// reported by file and line number with the field path.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { zodIssues } from "../../shared/server/errors.ts";
import { RunRequest } from "../../shared/schemas/run.ts";

export interface NumberedRow {
  line: number;
  row: RunRequest;
}

export class InputError extends Error {}

export async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() !== "") yield { line, text };
  }
}

export async function readRows(path: string): Promise<NumberedRow[]> {
  const rows: NumberedRow[] = [];
  try {
    for await (const { line, text } of readLines(path)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        throw new InputError(`${path}:${line}: not valid JSON: ${(err as Error).message}`);
      }
      const parsed = RunRequest.safeParse(value);
      if (!parsed.success) {
        const issue = zodIssues(parsed.error)[0]!;
        throw new InputError(`${path}:${line}: ${issue.path}: ${issue.message}`);
      }
      rows.push({ line, row: parsed.data });
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new InputError(`input file not found: ${path}`);
    throw err;
  }
  return rows;
}

/** `X.jsonl` -> `X_<suffix>` (SPEC "Collection outputs"). */
export function siblingPath(output: string, suffix: string): string {
  return `${output.replace(/\.jsonl$/, "")}_${suffix}`;
}
