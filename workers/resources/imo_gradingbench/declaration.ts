// imo_gradingbench: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** No settings of its own: the grade is read by a fixed rule, with no judge. */
export const ImoGradingBenchConfig = ResourcesServerConfig;

/** The task fields of a row this server reads (all optional, as in the reference; the rest pass through). */
export const Task = z.object({
  /** The gold grade: incorrect, partial, almost or correct (any case, spaces around). */
  expected_answer: z.string().nullish(),
  grading_id: z.string().nullish(),
  problem_id: z.string().nullish(),
});

export default resourcesServer({
  task: Task,
  config: ImoGradingBenchConfig,
  stateful: false,
});
