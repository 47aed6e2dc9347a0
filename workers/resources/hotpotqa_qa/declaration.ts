// hotpotqa_qa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

/** `report_filtered_metrics`: whether /aggregate_metrics adds the filtered_* metrics (NeMo Gym's default: it does). */
export const HotpotqaConfig = ResourcesServerConfig.safeExtend({ report_filtered_metrics: z.boolean().default(true) });

/** The task fields of a row this server reads (the rest, question, id, type, level, ride along). */
export const Task = z.object({
  expected_answer: z.string(),
});

export default resourcesServer({ task: Task, config: HotpotqaConfig, stateful: false });
