// JSONL on disk: rows read one line at a time with their line numbers, and an appending writer
// that waits for the disk (memory stays flat however many lines go through). Rows on their way to
// a verifier are read with their numbers exact (shared/json/exact.ts), and written back so.
import { createReadStream } from "node:fs";
import type { WriteStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { zodIssues } from "../../shared/server/errors.ts";
import { RunRequest } from "../../shared/schemas/run.ts";
import { parseExact, safeParseExact } from "../../shared/json/exact.ts";

export class InputError extends Error {}

async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line++;
      if (text.trim() !== "") yield { line, text };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new InputError(`file not found: ${path}`);
    throw err;
  } finally {
    stream.destroy();
  }
}

/**
 * Parsed JSON objects, each with its line number; a line that is not JSON names its place. `exact`:
 * numbers as the row has them (rows and results), else as doubles (enough for statistics).
 */
export async function* readJsonl(path: string, options: { exact?: boolean } = {}): AsyncGenerator<{ line: number; text: string; value: Record<string, unknown> }> {
  const parse = options.exact ? parseExact : JSON.parse;
  for await (const { line, text } of readLines(path)) {
    let value: unknown;
    try {
      value = parse(text);
    } catch (err) {
      throw new InputError(`${path}:${line}: not valid JSON: ${(err as Error).message}`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new InputError(`${path}:${line}: not a JSON object`);
    yield { line, text, value: value as Record<string, unknown> };
  }
}

/** A task row, checked against the row schema; the first problem is reported with its field path. */
export function parseRow(value: unknown, path: string, line: number): RunRequest {
  const parsed = safeParseExact(RunRequest, value);
  if (!parsed.success) {
    const issue = zodIssues(parsed.error)[0]!;
    throw new InputError(`${path}:${line}: ${issue.path}: ${issue.message}`);
  }
  return parsed.data;
}

/** `X.jsonl` -> `X_<suffix>` (SPEC "Collection outputs"). */
export function siblingPath(output: string, suffix: string): string {
  return `${output.replace(/\.jsonl$/, "")}_${suffix}`;
}

// Lines go to disk in batches, one write call each, not one per line: a run writes thousands of
// lines a second. So a killed process loses at most the last FLUSH_MS of lines (a resumed run runs
// them again) and leaves at most one torn line, which a resume cuts off.
const FLUSH_MS = 100;
const FLUSH_BYTES = 256 * 1024;

export class JsonlWriter {
  readonly #stream: WriteStream;
  #lines: string[] = [];
  #bytes = 0;
  #timer: NodeJS.Timeout | undefined;
  #failure: Error | undefined;

  private constructor(stream: WriteStream) {
    this.#stream = stream;
  }

  /** Opening through a file handle makes a bad path a rejected promise here, not a stream error later. */
  static async open(path: string, mode: "append" | "truncate"): Promise<JsonlWriter> {
    await mkdir(dirname(path), { recursive: true });
    return new JsonlWriter((await open(path, mode === "append" ? "a" : "w")).createWriteStream());
  }

  /** Queues one line; it waits for the disk only once a batch's worth is queued (back-pressure). */
  async write(value: unknown): Promise<void> {
    if (this.#failure) throw this.#failure;
    const line = `${JSON.stringify(value)}\n`;
    this.#lines.push(line);
    this.#bytes += line.length;
    if (this.#bytes >= FLUSH_BYTES) return this.#flush();
    this.#timer ??= setTimeout(() => void this.#flush().catch(() => {}), FLUSH_MS);
  }

  #flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#lines.length === 0) return Promise.resolve();
    const text = this.#lines.join("");
    this.#lines = [];
    this.#bytes = 0;
    return new Promise((resolve, reject) =>
      this.#stream.write(text, (err) => {
        if (!err) return resolve();
        this.#failure ??= err;
        reject(err);
      }),
    );
  }

  /** Writes what is queued, then closes the file; a write that failed on the way fails this. */
  async close(): Promise<void> {
    await this.#flush().catch(() => {});
    await new Promise((resolve) => this.#stream.end(resolve));
    if (this.#failure) throw this.#failure;
  }
}
