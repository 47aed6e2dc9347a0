// equivalence_rule: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

export const GradingRule = z.enum(["seq_match", "weighted_seq_match", "exact"]);
export type GradingRule = z.infer<typeof GradingRule>;

/** `grading_rule` is set per instance: exact unless the config says otherwise. */
export const EquivalenceRuleConfig = ResourcesServerConfig.safeExtend({ grading_rule: GradingRule.default("exact") });

/** The task fields of a row this server reads (question, source, dataset, ... ride along). */
export const Task = z.object({
  expected_answer: z.string(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the reply against `expected_answer`, both lower-cased with whitespace runs as one space, by the instance's `grading_rule`: `exact` (default), `seq_match` (difflib's SequenceMatcher ratio) or `weighted_seq_match` (0.85 of the ratio + 0.15 of the ratio over the answer's first 10 characters); `equivalence_score`",
  reward: "0/1 (exact), else [0, 1]",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, config: EquivalenceRuleConfig, stateful: false });
