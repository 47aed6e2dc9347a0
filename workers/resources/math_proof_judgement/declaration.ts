// math_proof_judgement: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** No settings of its own: the verdict is read by a fixed rule, with no judge. */
export const MathProofJudgementConfig = ResourcesServerConfig;

/** The task fields of a row this server reads (all optional, as in the reference; the rest pass through). */
export const Task = z.object({
  /** The gold verdict, written as the reply should write it ("Judgement: Yes" or "Judgement: No"). */
  expected_judgement: z.string().nullish(),
  problem_id: z.string().nullish(),
  problem: z.string().nullish(),
  proof: z.string().nullish(),
});

export default resourcesServer({
  task: Task,
  config: MathProofJudgementConfig,
  stateful: false,
});
