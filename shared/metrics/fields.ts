// Which fields of a rollout result are profiled, as NeMo Gym's reward profile picks them:
// top-level numbers, booleans as 0/1, and the token counts of `response.usage`.
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../schemas/run.ts";

type Json = Record<string, unknown>;

const numeric = (value: unknown): number | undefined =>
  typeof value === "boolean" ? Number(value) : typeof value === "number" && Number.isFinite(value) ? value : undefined;

function usageOf(result: Json): Json {
  const response = result.response;
  const usage = response && typeof response === "object" ? (response as Json).usage : undefined;
  return usage && typeof usage === "object" ? (usage as Json) : {};
}

/** The numeric fields to profile, without the bookkeeping indices; usage wins over a same-named field. */
export function numericFields(result: Json): Record<string, number> {
  const merged = { ...result, ...usageOf(result) };
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (key === TASK_INDEX_KEY || key === ROLLOUT_INDEX_KEY) continue;
    const n = numeric(value);
    if (n !== undefined) out[key] = n;
  }
  return out;
}

/** A rollout's compact entry in its task's `rollout_infos`: ids, reward, usage, other numbers. */
export function rolloutInfo(result: Json, task: number, rollout: number): Record<string, unknown> {
  const info: Record<string, unknown> = { rollout_id: `${task}:${rollout}`, [TASK_INDEX_KEY]: task, [ROLLOUT_INDEX_KEY]: rollout };
  if ("reward" in result) info.reward = result.reward;
  for (const source of [usageOf(result), result]) {
    for (const [key, value] of Object.entries(source)) {
      if (source === result && (key === TASK_INDEX_KEY || key === ROLLOUT_INDEX_KEY || key === "reward")) continue;
      const n = numeric(value);
      if (n !== undefined) info[key] = n;
    }
  }
  return info;
}

/** An answer as a comparable key for majority voting; absent or null means no answer. */
export function answerOf(result: Json, answerKey: string | undefined): string | null {
  const value = answerKey === undefined ? undefined : result[answerKey];
  return value === undefined || value === null ? null : JSON.stringify(value);
}
