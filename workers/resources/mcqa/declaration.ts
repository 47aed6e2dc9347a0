// mcqa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ChoiceTask, RowGradingMode } from "../../../shared/schemas/choice_task.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

export { RowGradingMode };

/** The modes an instance may set: a row's, and lenient_answer_colon_md, which NeMo Gym offers only there. */
export const GradingMode = z.enum([...RowGradingMode.options, "lenient_answer_colon_md"]);
export type GradingMode = z.infer<typeof GradingMode>;

/** Set on the instance, `grading_mode` grades every row that way, whatever the row says (the row's must still be a valid one). */
export const McqaConfig = ResourcesServerConfig.safeExtend({ grading_mode: GradingMode.nullish() });

/** The task fields of a row this server reads. */
export const Task = ChoiceTask;

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the chosen letter (strict or lenient `\\boxed{}`, `Answer:`, markdown-aware `**Answer:**` with hedged lists refused (`lenient_answer_colon_md`, instance-level only, as in NeMo Gym), or the row's `template_metadata.output_regex`); an instance's `grading_mode` overrides the row's",
  reward: "0/1",
  answerKey: "`extracted_answer`",
};

export default resourcesServer({ catalogue, task: Task, config: McqaConfig, stateful: false });
