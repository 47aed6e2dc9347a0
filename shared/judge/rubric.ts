// Rubric grading as NeMo Gym's multichallenge and inverse_if do it: one judge question per rubric
// item, all asked at once (or one after another, parallel_evaluation false), each item scored 1 or
// 0 from its verdict, and the scores folded into the reward by aggregation_mode.
import type { Item } from "../schemas/responses.ts";
import { withoutThinking } from "../verifiers/thinking.ts";
import { assistantText, lastAssistantMessage } from "../verifiers/assistant_text.ts";
import { z } from "../zod.ts";
import { askJudge, askJudgeAll } from "./call.ts";
import type { Judge, JudgeAnswer, JudgeMessage, JudgeQuestion } from "./call.ts";

export const AggregationMode = z.enum(["mean", "min", "max", "all", "any", "weighted"]);
export type AggregationMode = z.infer<typeof AggregationMode>;

/** The rubric fields of a rubric server's instance config, under NeMo Gym's names and defaults. */
export const RubricSettings = {
  aggregation_mode: AggregationMode.default("mean"),
  /** Ask every item's question at once; false asks them one after another. */
  parallel_evaluation: z.boolean().default(true),
};

/** A score counts as passed from here (the reference compares floats against 0.99, not 1). */
const PASSED = 0.99;

export interface ScoredItem {
  score: number;
  /** For "weighted"; an item without one weighs 1 (so inverse_if's weightless rubric is a plain mean there). */
  weight?: number;
}

/** The reward from the items' scores: 0 for an empty rubric, whatever the mode. */
export function aggregate(items: readonly ScoredItem[], mode: AggregationMode): number {
  if (items.length === 0) return 0;
  const scores = items.map((item) => item.score);
  switch (mode) {
    case "mean":
      return scores.reduce((sum, s) => sum + s, 0) / scores.length;
    case "min":
      return Math.min(...scores);
    case "max":
      return Math.max(...scores);
    case "all":
      return scores.every((s) => s >= PASSED) ? 1 : 0;
    case "any":
      return scores.some((s) => s >= PASSED) ? 1 : 0;
    case "weighted": {
      const total = items.reduce((sum, item) => sum + (item.weight ?? 1), 0);
      return total === 0 ? 0 : items.reduce((sum, item) => sum + item.score * (item.weight ?? 1), 0) / total;
    }
  }
}

export const numPassed = (items: readonly ScoredItem[]): number => items.filter((item) => item.score >= PASSED).length;

/** One item's prompt: the system message first when there is one (an empty one is none), then the filled template. */
export const itemMessages = (system: string, prompt: string): JudgeMessage[] => [...(system ? [{ role: "system" as const, content: system }] : []), { role: "user", content: prompt }];

/** The items' questions, answers in the items' order: at once when `parallel`, else one after another. */
export async function askRubric<T>(env: object, judge: Judge, questions: readonly JudgeQuestion<T>[], parallel: boolean): Promise<JudgeAnswer<T>[]> {
  if (parallel) return askJudgeAll(env, judge, questions);
  const answers: JudgeAnswer<T>[] = [];
  for (const question of questions) answers.push(await askJudge(env, judge, question));
  return answers;
}

/** The reply graded: the last assistant message's text without its reasoning ("" when there is none). */
export function finalReply(output: readonly Item[]): string {
  const last = lastAssistantMessage(output);
  return last ? withoutThinking(assistantText([last])) : "";
}

/** The judge's replies a recorded rollout holds in `rubric_evaluations[].judge_response`, in rubric order. */
export function rubricJudgeReplies(rollout: Record<string, unknown>): string[] | undefined {
  const evaluations = rollout.rubric_evaluations;
  if (!Array.isArray(evaluations)) return undefined;
  const texts = evaluations.map((e) => (e as { judge_response?: unknown } | null)?.judge_response);
  return texts.every((t): t is string => typeof t === "string") ? texts : undefined;
}
