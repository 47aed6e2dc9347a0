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

export default resourcesServer({ task: Task, config: EquivalenceRuleConfig, stateful: false });
