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

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "the policy judges a math proof, as NeMo Gym's math_proof_judgement: the first `Judgement:` label (any case, optionally `**`-bold) in its assistant messages (joined by newlines; reasoning items are not read), then the text after it, stripped of whitespace and leading `*`, must start with yes or no (any case); `expected_judgement` is read by the same rule; reward 1 when both are readable and agree; verify adds `extracted_judgement` (\"Yes\", \"No\" or null) and one-hot confusion counts `tp`, `fp`, `fn`, `tn` (all 0 when either verdict is unreadable), with `expected_judgement`, `problem_id`, `problem` and `proof` null when the row has none; pass@k over accuracy and the four counts (the reference's precision, recall and F1 across k are not derived)",
  reward: "0/1",
  answerKey: "`extracted_judgement`",
};

export default resourcesServer({
  catalogue,
  task: Task,
  config: MathProofJudgementConfig,
  stateful: false,
});
