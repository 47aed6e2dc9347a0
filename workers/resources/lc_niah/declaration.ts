// lc_niah: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** Which reasoning/input overlap signal is the penalty. */
export const OverlapMetricRule = z.enum(["seq_match", "ngram16", "lcs"]);
/** How the answer's F1 and the penalty make the reward: F1, F1 × (1 − overlap), or F1 − overlap. */
export const OverlapGradingRule = z.enum(["base", "multiply", "minus"]);

export const LcNiahConfig = ResourcesServerConfig.safeExtend({
  overlap_metric_rule: OverlapMetricRule.default("lcs"),
  overlap_grading_rule: OverlapGradingRule.default("multiply"),
});

/** The task fields of a row this server reads; any others (problem_type, question, ...) are kept and echoed. */
export const Task = z.looseObject({
  /** A JSON list of the node ids the answer must name. */
  expected_answer: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "long-context graph walks (needle in a haystack): the answer's last line `Final Answer: [..]` (quotes around nodes dropped) as F1 against `expected_answer` (`answer_score`), discounted by how much of the reasoning (reasoning summaries) copies the prompt, over normalised text: `overlap_lcs` (longest common substring over the reasoning's length, exact and linear by a suffix automaton), `overlap_ngram16` (share of its word 16-grams in the prompt), `overlap_seq_match` (difflib ratio, bounded as in `mrcr`); the instance's `overlap_metric_rule` (lcs) picks `reasoning_overlap` and `overlap_grading_rule` (multiply, base, minus) combines them",
  reward: "F1 × (1 − overlap) by default; F1, or F1 − overlap",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: LcNiahConfig, stateful: false });
