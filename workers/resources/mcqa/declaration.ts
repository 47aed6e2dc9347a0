// mcqa: a resources server, stateless (no session objects).
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";

export const GradingMode = z.enum(["strict_single_letter_boxed", "lenient_boxed", "lenient_answer_colon"]);
export type GradingMode = z.infer<typeof GradingMode>;

/** Set on the instance, `grading_mode` grades every row that way, whatever the row says. */
export const McqaConfig = ResourcesServerConfig.safeExtend({ grading_mode: GradingMode.nullish() });

export default resourcesServer({ config: McqaConfig, stateful: false });
