// Materializing the inputs of a collection (SPEC "Collection outputs"): every row checked before
// anything runs, then written with its agent, the create-params overrides and its indices;
// repeats are laid out aabbcc. As in NeMo Gym, identical input lines are one task, and a row
// that already carries `_ng_task_index` keeps it. Rows stream from file to file, into a partial
// file that replaces X_materialized_inputs.jsonl only once the agents are known to run. A row that
// fails the row schema stops it with its line and field path, or, when asked to skip such rows, is
// left out and handed back with its line and reason (for the failures file).
import { createHash } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../shared/schemas/run.ts";
import { zodIssues } from "../../shared/server/errors.ts";
import type { z } from "../../shared/zod.ts";
import { InputError, JsonlWriter, parseRow, readJsonl } from "./jsonl.ts";
import { applyPrompt } from "./prompt_config.ts";
import type { PromptConfig } from "./prompt_config.ts";
import type { RowCompleter } from "./task_check.ts";

export interface MaterializeOptions {
  input: string;
  /** The `X_materialized_inputs.jsonl` to write; it appears only once complete. */
  output: string;
  agent?: string;
  limit?: number;
  /** Repeats of every row, or NeMo Gym's per-agent form: `{agent: n, _default: n}` (`_default` for agents not named). */
  numRepeats: number | Readonly<Record<string, number>>;
  /** Shallow overrides of every row's `responses_create_params`. */
  overrides: Record<string, unknown>;
  /** Leave out rows that fail the row schema (and say which) instead of stopping at the first. */
  skipInvalid?: boolean;
  /** Builds each row's input from templates (prompt_config.ts). */
  prompt?: PromptConfig;
  /** NeMo Gym's num_repeats_add_seed: each repeat asks the model for seed = its rollout index (vLLM's `seed`, via `metadata.extra_body`). */
  numRepeatsAddSeed?: boolean;
}

const DEFAULT_REPEATS = "_default";

/** How many times a row of `agent` runs; an agent the per-agent form leaves out, without `_default`, is an error. */
function repeatsOf(numRepeats: MaterializeOptions["numRepeats"], agent: string, where: string): number {
  if (typeof numRepeats === "number") return numRepeats;
  const repeats = numRepeats[agent] ?? numRepeats[DEFAULT_REPEATS];
  if (repeats === undefined) throw new InputError(`${where}: num_repeats has no entry for agent "${agent}" and no "${DEFAULT_REPEATS}" (it names: ${Object.keys(numRepeats).join(", ")})`);
  return repeats;
}

/** The create params with `seed` added to `metadata.extra_body`, a JSON object in a string (how a request carries vLLM extras). */
function withSeed(params: Record<string, unknown>, seed: number, where: string): Record<string, unknown> {
  const metadata = (params.metadata ?? {}) as Record<string, unknown>;
  let extra: Record<string, unknown>;
  try {
    extra = JSON.parse(typeof metadata.extra_body === "string" ? metadata.extra_body : "{}") as Record<string, unknown>;
  } catch {
    throw new InputError(`${where}: responses_create_params.metadata.extra_body: expected a JSON object in a string`);
  }
  return { ...params, metadata: { ...metadata, extra_body: JSON.stringify({ ...extra, seed }) } };
}

/** A row left out: its input line, why, and the row as given. */
export interface SkippedRow {
  line: number;
  reason: string;
  row: Record<string, unknown>;
}

export interface Materialized {
  /**
   * Checks the agents against those running, completes the rows of agents that have a completer
   * (a task file's), checks each row against its agent's row schema where one is known, then puts
   * the file in place (or discards it).
   */
  commit(running: ReadonlySet<string>, schemas: ReadonlyMap<string, z.ZodType>, completers?: ReadonlyMap<string, RowCompleter>): Promise<void>;
  discard(): Promise<void>;
  /** The rows left out with skipInvalid, in input order, once committed. */
  skipped: SkippedRow[];
}

export async function materialize(options: MaterializeOptions): Promise<Materialized> {
  const partial = `${options.output}.partial`;
  const out = await JsonlWriter.open(partial, "truncate");
  const taskOfLine = new Map<string, number>();
  // The input line each task was first read from: errors found later still name it.
  const lineOfTask = new Map<number, number>();
  const nextRollout = new Map<number, number>();
  // Each agent the rows name, with the input line that first names it.
  const agents = new Map<string, number>();
  const discard = () => rm(partial, { force: true });
  const skipped: SkippedRow[] = [];
  try {
    let rows = 0;
    for await (const { line, text, value } of readJsonl(options.input, { exact: true })) {
      let row: ReturnType<typeof parseRow>;
      let prompted = value;
      try {
        if (options.prompt) {
          try {
            prompted = applyPrompt(options.prompt, value as Record<string, unknown>);
          } catch (err) {
            if (err instanceof InputError) throw new InputError(`${options.input}:${line}: ${err.message}`);
            throw err;
          }
        }
        row = parseRow(prompted, options.input, line);
      } catch (err) {
        if (!(options.skipInvalid && err instanceof InputError)) throw err;
        skipped.push({ line, reason: err.message, row: value });
        continue;
      }
      const name = row.agent_ref?.name ?? options.agent;
      if (!name) throw new InputError(`${options.input}:${line}: the row has no agent_ref and no --agent was given`);
      if (!agents.has(name)) agents.set(name, line);
      const given = row[TASK_INDEX_KEY];
      if (given !== undefined && !(Number.isInteger(given) && (given as number) >= 0)) {
        throw new InputError(`${options.input}:${line}: ${TASK_INDEX_KEY}: expected a non-negative integer`);
      }
      // A digest, not the line: the map must not hold a copy of the dataset.
      const digest = createHash("sha1").update(text.trim()).digest("base64");
      const task = typeof given === "number" ? given : taskOfLine.get(digest) ?? taskOfLine.size;
      if (typeof given !== "number") taskOfLine.set(digest, task);
      if (!lineOfTask.has(task)) lineOfTask.set(task, line);
      // Checked, but written as given (as NeMo Gym does): the schema's normal form is not the row.
      const verbatim = prompted as Record<string, unknown>;
      // A row without create params (its environment makes the prompt) gets them only to carry overrides.
      const params = verbatim.responses_create_params ?? (Object.keys(options.overrides).length > 0 ? { input: [] } : undefined);
      const stamped = {
        ...verbatim,
        ...(params === undefined ? {} : { responses_create_params: { ...(params as object), ...options.overrides } }),
        agent_ref: { ...row.agent_ref, name },
      };
      const repeats = repeatsOf(options.numRepeats, name, `${options.input}:${line}`);
      for (let i = 0; i < repeats; i++) {
        const rollout = nextRollout.get(task) ?? 0;
        nextRollout.set(task, rollout + 1);
        const repeat = options.numRepeatsAddSeed && stamped.responses_create_params ? { ...stamped, responses_create_params: withSeed(stamped.responses_create_params, rollout, `${options.input}:${line}`) } : stamped;
        await out.write({ ...repeat, [TASK_INDEX_KEY]: task, [ROLLOUT_INDEX_KEY]: rollout });
      }
      // Stop before reading on: lines past the limit are not ours to judge.
      if (++rows === options.limit) break;
    }
    await out.close();
  } catch (err) {
    await out.close();
    await discard();
    throw err;
  }
  /** Rewrites the partial file without the refused tasks' rollouts; each task is skipped once. */
  const leaveOut = async (refused: ReadonlyMap<number, string>) => {
    const kept = await JsonlWriter.open(`${partial}.kept`, "truncate");
    try {
      for await (const { value } of readJsonl(partial, { exact: true })) {
        const task = value[TASK_INDEX_KEY] as number;
        const reason = refused.get(task);
        if (reason === undefined) await kept.write(value);
        else if (value[ROLLOUT_INDEX_KEY] === 0) {
          const { [TASK_INDEX_KEY]: _task, [ROLLOUT_INDEX_KEY]: _rollout, ...row } = value;
          skipped.push({ line: lineOfTask.get(task)!, reason, row });
        }
      }
    } finally {
      await kept.close();
    }
    await rename(`${partial}.kept`, partial);
    skipped.sort((a, b) => a.line - b.line);
  };
  return {
    discard,
    skipped,
    async commit(running, schemas, completers = new Map()) {
      const unknown = [...agents].find(([name]) => !running.has(name));
      if (unknown) {
        await discard();
        throw new InputError(`${options.input}:${unknown[1]}: unknown agent "${unknown[0]}" (running agents: ${[...running].join(", ") || "none"})`);
      }
      // Tasks refused, with why: a row that cannot be completed, or fails its schema.
      const refused = new Map<number, string>();
      if ([...agents.keys()].some((name) => completers.has(name))) {
        const completed = `${partial}.completed`;
        const out = await JsonlWriter.open(completed, "truncate");
        try {
          for await (const { value } of readJsonl(partial, { exact: true })) {
            const complete = completers.get((value.agent_ref as { name: string }).name);
            const task = value[TASK_INDEX_KEY] as number;
            try {
              await out.write(complete && !refused.has(task) ? complete(value) : value);
            } catch (err) {
              const reason = `${options.input}:${lineOfTask.get(task)}: ${(err as Error).message}`;
              if (!options.skipInvalid) throw new InputError(reason);
              refused.set(task, reason);
              await out.write(value);
            }
          }
          await out.close();
        } catch (err) {
          await out.close();
          await rm(completed, { force: true });
          await discard();
          throw err;
        }
        await rename(completed, partial);
      }
      // Read as doubles: the schema's verdict is the same (an exact number it refuses is checked as its double).
      for await (const { value } of readJsonl(partial)) {
        if (refused.has(value[TASK_INDEX_KEY] as number)) continue;
        const schema = schemas.get((value.agent_ref as { name: string }).name);
        const checked = schema?.safeParse(value);
        if (checked?.success !== false) continue;
        const issue = zodIssues(checked.error)[0]!;
        const task = value[TASK_INDEX_KEY] as number;
        const reason = `${options.input}:${lineOfTask.get(task)}: ${issue.path}: ${issue.message}`;
        if (!options.skipInvalid) {
          await discard();
          throw new InputError(reason);
        }
        refused.set(task, reason);
      }
      if (refused.size > 0) await leaveOut(refused);
      await rename(partial, options.output);
    },
  };
}
