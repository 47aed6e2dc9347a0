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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "pairwise proof selection, as NeMo Gym's proof_genselect: after the last `</think>` of the policy's text (its assistant messages' output_text joined; `assert_think_end` requires the tag), the text from the first `<best_solution>` to the next `</best_solution>`, stripped and read as Python's `int()` reads it (sign, leading zeros, underscores, digits of any script), must be 1 or 2 and equal `correct_index`; verify returns the row (`score_1`, `score_2` null when absent) and the reward only, as the reference does",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: ProofGenSelectConfig,
  stateful: false,
});
