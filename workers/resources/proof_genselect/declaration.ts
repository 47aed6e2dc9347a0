// proof_genselect: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";

/** NeMo Gym's field, with its default. */
export const ProofGenSelectConfig = ResourcesServerConfig.safeExtend({
  /** The reply must hold `</think>`, or it scores 0. */
  assert_think_end: z.boolean().default(false),
});
export type ProofGenSelectConfig = z.infer<typeof ProofGenSelectConfig>;

/** The task fields of a row this server reads. */
export const Task = z.object({
  problem: z.string(),
  proof_1: z.string(),
  proof_2: z.string(),
  /** Which of the two proofs is the better one. */
  correct_index: z.int(),
  score_1: z.number().nullish(),
  score_2: z.number().nullish(),
});

export default resourcesServer({
  task: Task,
  config: ProofGenSelectConfig,
  stateful: false,
});
