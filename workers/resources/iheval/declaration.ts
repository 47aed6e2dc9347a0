// iheval: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** NeMo's headline metric choice (conflict score alone, or with the aligned score); read by its aggregation only. */
const AccuracyMode = z.enum(["hierarchy", "hierarchy_sysprompt"]);
export type AccuracyMode = z.infer<typeof AccuracyMode>;
export const IHEvalConfig = z.object({ accuracy_mode: AccuracyMode.default("hierarchy") });

/**
 * The task fields of a row this server reads. Routing and gold ride at the top level; rows in
 * the nested shape keep them under verifier_metadata instead (the top level wins when non-empty).
 * `answer` is JSON text when the gold is structured; its shape depends on the task (answer.ts).
 */
export const Task = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  task: z.string().default(""),
  domain: z.string().default(""),
  setting: z.string().default(""),
  instruction: z.string().default(""),
  answer: z.unknown().optional(),
  verifier_metadata: z.record(z.string(), z.unknown()).nullish(),
});

export default resourcesServer({ task: Task, config: IHEvalConfig, stateful: false });
