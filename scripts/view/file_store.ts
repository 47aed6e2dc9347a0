// A rollouts file (and the failures file collect writes beside it) as the viewer's API sees it:
// read once, one summary per line kept in memory, and each line's place in the file, so a
// rollout is read from disk when opened; a file of any size costs its summaries only.
import { createReadStream, existsSync } from "node:fs";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { outcomeFields, rowFields } from "../../shared/rollouts/summary.ts";
import type { RolloutSummary } from "../../shared/rollouts/summary.ts";
import type { RolloutDetail, RolloutList, RolloutQuery } from "../../shared/ui/api.ts";
import { facetsOf, listRollouts } from "../../shared/ui/rollout_list.ts";
import { siblingPath } from "../collect/jsonl.ts";
import { DURATION_KEY } from "../collect/rollout.ts";

export class RolloutFileError extends Error {}

export interface LoadOptions {
  /** The environment of an agent: a line names its agent only. */
  environmentOf?: (agent: string) => string | null;
}

interface Source {
  path: string;
  /** The id prefix of its lines: r (rollouts) or f (failures). */
  prefix: string;
}

interface Place {
  /** Its summary's index. */
  index: number;
  file: FileHandle;
  offset: number;
  length: number;
}

/** One JSONL line: its number (from 1), where its bytes start and how many there are. */
interface Line {
  number: number;
  offset: number;
  bytes: Buffer;
}

const NEWLINE = 0x0a;

// Lines split on bytes, not on decoded text: a line's offset must count bytes.
async function* lines(path: string): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let offset = 0;
  let number = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      const bytes = Buffer.concat([...pending, chunk.subarray(from, at)]);
      pending = [];
      yield { number: ++number, offset, bytes };
      offset += bytes.length + 1;
      from = at + 1;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
  }
  if (pending.length > 0) yield { number: ++number, offset, bytes: Buffer.concat(pending) };
}

// Spaces, tabs and a CR only; stops at the first other byte, so a 1 MB line costs nothing here.
function blank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}

function parseLine(path: string, line: Line): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line.bytes.toString("utf8"));
  } catch (err) {
    throw new RolloutFileError(`${path}:${line.number}: not valid JSON (${(err as Error).message})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RolloutFileError(`${path}:${line.number}: not a JSON object`);
  return value as Record<string, unknown>;
}

const agentOf = (row: Record<string, unknown>): string => {
  const ref = row.agent_ref as { name?: unknown } | undefined;
  return typeof ref?.name === "string" ? ref.name : "(no agent_ref)";
};

/** A rollouts file's lines as summaries, each rollout read from disk on demand. */
export class RolloutFile {
  readonly summaries: RolloutSummary[];
  readonly #places: Map<string, Place>;
  readonly #files: FileHandle[];
  readonly #facets: RolloutList["facets"];

  private constructor(summaries: RolloutSummary[], places: Map<string, Place>, files: FileHandle[]) {
    this.summaries = summaries;
    this.#places = places;
    this.#files = files;
    this.#facets = facetsOf(summaries);
  }

  /** Reads `path` and, when it exists, its `_failures.jsonl`; a line that is not a JSON object fails it, naming the line. */
  static async load(path: string, options: LoadOptions = {}): Promise<RolloutFile> {
    if (!existsSync(path)) throw new RolloutFileError(`file not found: ${path}`);
    const failures = siblingPath(path, "failures.jsonl");
    const sources: Source[] = [{ path, prefix: "r" }, ...(failures !== path && existsSync(failures) ? [{ path: failures, prefix: "f" }] : [])];
    const summaries: RolloutSummary[] = [];
    const places = new Map<string, Place>();
    const files: FileHandle[] = [];
    try {
      for (const source of sources) {
        const file = await open(source.path, "r");
        files.push(file);
        for await (const line of lines(source.path)) {
          if (blank(line.bytes)) continue;
          const row = parseLine(source.path, line);
          const id = `${source.prefix}${line.number}`;
          const agent = agentOf(row);
          summaries.push({
            id,
            agent,
            environment: options.environmentOf?.(agent) ?? null,
            caller: null,
            ...rowFields(row),
            ...outcomeFields(row),
            // A file records no clock times; collect writes each result's wall time (DURATION_KEY).
            started_at: null,
            ended_at: null,
            duration_ms: typeof row[DURATION_KEY] === "number" ? (row[DURATION_KEY] as number) : null,
          });
          places.set(id, { index: summaries.length - 1, file, offset: line.offset, length: line.bytes.length });
        }
      }
    } catch (err) {
      await Promise.all(files.map((f) => f.close()));
      throw err;
    }
    return new RolloutFile(summaries, places, files);
  }

  list(query: RolloutQuery): RolloutList {
    return listRollouts(this.summaries, query, this.#facets);
  }

  /** The rollout's summary and its whole line, read again from the file; undefined for an unknown id. */
  async detail(id: string): Promise<RolloutDetail | undefined> {
    const place = this.#places.get(id);
    if (place === undefined) return undefined;
    const summary = this.summaries[place.index]!;
    const bytes = Buffer.alloc(place.length);
    await place.file.read(bytes, 0, place.length, place.offset);
    try {
      return { summary, rollout: JSON.parse(bytes.toString("utf8")) as Record<string, unknown>, note: null };
    } catch {
      return { summary, rollout: null, note: "the line changed on disk since it was read: restart edge-gym view" };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#files.map((f) => f.close()));
  }
}
