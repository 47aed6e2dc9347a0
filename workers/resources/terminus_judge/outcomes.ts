// terminus_judge's failure reasons (NeMo Gym's FailureCode values) and its keystroke similarity.
import { keystrokes } from "./harness.ts";
import { textSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";

export const FAILURE = {
  none: "none",
  expectedAnswerInvalid: "expected_answer_invalid",
  modelOutputInvalid: "model_output_invalid",
  schemaCheckFailed: "schema_check_failed",
  taskCompleteCheckFailed: "task_complete_check_failed",
  stringSimilarityBelowThreshold: "string_similarity_below_threshold",
  unknownHarness: "unknown_harness",
  judgeNotEquivalent: "judge_not_equivalent",
  judgeParsingFailed: "judge_parsing_failed",
  judgeSwapParsingFailed: "judge_swap_parsing_failed",
} as const;

type Reply = Record<string, unknown>;

/** SequenceMatcher similarity of the two replies' concatenated keystrokes (1 when both have none, 0 when one has none). */
export function commandSimilarity(gold: Reply, pred: Reply): number {
  const [a, b] = [keystrokes(gold), keystrokes(pred)];
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  return textSimilarity(a.join(""), b.join(""));
}
