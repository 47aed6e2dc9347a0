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

export default resourcesServer({ task: Task, config: LcNiahConfig, stateful: false });
