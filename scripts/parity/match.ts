// Matching the reference's recorded rollouts to what `npm run parity` runs them on: a reference
// server's name to our implementation (by name or alias), and a rollout to its task row.
import { createHash } from "node:crypto";
import { contentText } from "../../shared/rollouts/recorded.ts";
import type { Implementation } from "../plan/registry.ts";

type Row = Record<string, any>;

/** Our resources server for a reference server name: an implementation of that name, or with it as an alias (NeMo's grl_sokoban). */
export const bundledAs = (name: string, implementations: readonly Implementation[]): Implementation | undefined =>
  implementations.find((i) => i.kind === "resources_servers" && i.name === name);

/** The conversation a row opens with: role and text of each input message. */
export function inputMessages(row: Row): string[] {
  const input = row.responses_create_params?.input;
  if (typeof input === "string") return [JSON.stringify(["user", input])];
  return ((input ?? []) as Row[]).map((m) => JSON.stringify([m.role, contentText(m.content)]));
}

/** The key an older task row is kept under (scripts/parity/*_tasks.jsonl): the SHA-256 of its input messages. */
export const inputSha256 = (row: Row) => createHash("sha256").update(JSON.stringify(inputMessages(row))).digest("hex");

/** Task ids rows carry, in the order they are trusted to name one task. */
const ID_FIELDS = ["instance_id", "id", "uuid"];

const opens = (prefix: string[], messages: string[]) => prefix.length <= messages.length && prefix.every((m, i) => m === messages[i]);

/**
 * The task row a rollout was recorded on: the row at its `_ng_task_index` when that row's input
 * opens the rollout's (an episode's input goes on with the first observation), else the row with
 * the same input messages, else an older row kept under their SHA-256 (without that key), else the
 * row with the rollout's task id (spider2_lite's prompts are formatted otherwise than its rows').
 */
export function taskRowOf(recorded: Row, tasks: readonly Row[]): Row | undefined {
  const messages = inputMessages(recorded);
  const byIndex = typeof recorded._ng_task_index === "number" ? tasks[recorded._ng_task_index] : undefined;
  if (byIndex && opens(inputMessages(byIndex), messages)) return byIndex;
  const key = JSON.stringify(messages);
  const byInput = tasks.find((task) => task.input_sha256 === undefined && JSON.stringify(inputMessages(task)) === key);
  if (byInput) return byInput;
  const sha256 = inputSha256(recorded);
  const older = tasks.find((task) => task.input_sha256 === sha256);
  if (older) {
    const { input_sha256: _key, ...task } = older;
    return task;
  }
  const id = ID_FIELDS.find((field) => typeof recorded[field] === "string");
  return id === undefined ? undefined : tasks.find((task) => task[id] === recorded[id]);
}
