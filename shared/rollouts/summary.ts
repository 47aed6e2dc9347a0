// A rollout in one line: what the dashboard counts and the viewer lists (its reward or failure,
// its turns, tokens and timing), made from a rollout as /run answers it or as a rollouts file holds
// it. The agent makes one per rollout for the head's monitor (durable_objects/monitor_do.ts);
// `edge-gym view` makes one per line of a file.
import { z } from "../zod.ts";
import { FAILURE_CLASS_KEY, ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../schemas/run.ts";
import { modelTurns } from "./recorded.ts";
import type { RecordedItem } from "./recorded.ts";

export const RolloutStatus = z.enum(["in_flight", "done", "failed"]);
export type RolloutStatus = z.infer<typeof RolloutStatus>;

export const RolloutSummary = z.object({
  id: z.string(),
  /** The agent instance that ran it (a rollouts file's `agent_ref.name`). */
  agent: z.string(),
  /** Its resources server instance; null when unknown (a file's line names only its agent). */
  environment: z.string().nullable(),
  /** The authenticated caller (a token's name); null in open mode. */
  caller: z.string().nullable(),
  /** Which task: the row's `_ng_task_index`, else a digest of the row (a trainer's own rows: taskOf). */
  task: z.string(),
  rollout_index: z.number().int().nullable(),
  status: RolloutStatus,
  reward: z.number().nullable(),
  /** The verify answer's `reward_components`, numeric entries only. */
  reward_components: z.record(z.string(), z.number()).nullable(),
  failure_class: z.string().nullable(),
  /** Epoch milliseconds; null for a file's line, which records only its duration (collect's `_eg_duration_ms`). */
  started_at: z.number().nullable(),
  ended_at: z.number().nullable(),
  duration_ms: z.number().nullable(),
  /** Model calls (runs of model items in the output) and function calls among them. */
  turns: z.number().int().nullable(),
  tool_calls: z.number().int().nullable(),
  input_tokens: z.number().nullable(),
  output_tokens: z.number().nullable(),
  /** The start of the task's last user message, to tell rows apart in a list. */
  prompt: z.string().nullable(),
});
export type RolloutSummary = z.infer<typeof RolloutSummary>;

const PROMPT_CHARS = 240;

type Row = Record<string, unknown>;
const isRecord = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The text of a message's content: a string, or its text parts joined. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : "")).join(" ");
}

/** The last user message of the row's input (a string input is one). */
export function promptOf(row: Row): string | null {
  const params = row.responses_create_params;
  if (!isRecord(params)) return null;
  const input = params.input;
  if (typeof input === "string") return input.slice(0, PROMPT_CHARS);
  if (!Array.isArray(input)) return null;
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i];
    if (isRecord(item) && item.role === "user") return textOf(item.content).slice(0, PROMPT_CHARS);
  }
  return null;
}

// FNV-1a, 32 bits: a stable name for a task a trainer sends without an index (not a secret).
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * The row's task: its `_ng_task_index`, else `#` and a digest of the row without its agent and
 * bookkeeping (`_ng_*`): rows that differ only in a seed or an answer (sokoban's share one prompt)
 * are different tasks.
 */
export function taskOf(row: Row): string {
  const index = row[TASK_INDEX_KEY];
  if (typeof index === "number" && Number.isInteger(index)) return String(index);
  const task = Object.fromEntries(Object.entries(row).filter(([key]) => key !== "agent_ref" && !key.startsWith("_ng_")));
  return `#${digest(JSON.stringify(task))}`;
}

function components(result: Row): Record<string, number> | null {
  if (!isRecord(result.reward_components)) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(result.reward_components)) if (num(v) !== null) out[k] = v as number;
  return Object.keys(out).length > 0 ? out : null;
}

/** What a finished rollout (a result or a failure line) says of itself; times and names come from the caller. */
export function outcomeFields(line: Row): Pick<RolloutSummary, "status" | "reward" | "reward_components" | "failure_class" | "turns" | "tool_calls" | "input_tokens" | "output_tokens"> {
  const failureClass = typeof line[FAILURE_CLASS_KEY] === "string" ? (line[FAILURE_CLASS_KEY] as string) : null;
  const response = isRecord(line.response) ? line.response : null;
  const output = response && Array.isArray(response.output) ? (response.output.filter(isRecord) as RecordedItem[]) : null;
  const usage = response && isRecord(response.usage) ? response.usage : null;
  return {
    status: failureClass === null && num(line.reward) !== null ? "done" : "failed",
    reward: failureClass === null ? num(line.reward) : null,
    reward_components: failureClass === null ? components(line) : null,
    failure_class: failureClass ?? (num(line.reward) === null ? "no_reward" : null),
    turns: output ? modelTurns(output).length : null,
    tool_calls: output ? output.filter((i) => i.type === "function_call").length : null,
    input_tokens: usage ? num(usage.input_tokens) : null,
    output_tokens: usage ? num(usage.output_tokens) : null,
  };
}

/** The row's own fields of a summary: its task, rollout index and prompt. */
export function rowFields(row: Row): Pick<RolloutSummary, "task" | "rollout_index" | "prompt"> {
  const index = row[ROLLOUT_INDEX_KEY];
  return { task: taskOf(row), rollout_index: typeof index === "number" && Number.isInteger(index) ? index : null, prompt: promptOf(row) };
}
