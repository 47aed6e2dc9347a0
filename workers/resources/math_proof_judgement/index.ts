// The policy judges a math proof (NeMo Gym's math_proof_judgement): its reply must give the
// row's verdict, "Judgement: Yes" for a correct proof or "Judgement: No". Both the reply (the text
// of its assistant messages; reasoning items are not read) and expected_judgement are read by the
// same rule; reward 1 when both verdicts are readable and agree. Verify adds extracted_judgement
// ("Yes", "No" or null, the majority@k answer) and the one-hot confusion counts tp, fp, fn, tn.
import declaration from "./declaration.ts";
import { confusion, parseJudgement, verdictLabel } from "./judgement.ts";
import { computeMetrics } from "./metrics.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k and majority@k over NeMo's score function come from computeMetrics with the rest.
  scores: {},
  computeMetrics,
  keyMetrics: [
    "mean/reward",
    { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy", "f1", "precision", "recall", "no_answer"] },
    { highestK: "pass@{k}", scores: ["accuracy", "f1", "no_answer"] },
    { highestK: "majority@{k}", scores: ["accuracy", "f1"] },
  ],
  verify(body) {
    const predicted = parseJudgement(assistantText(body.response.output));
    const gold = parseJudgement(body.expected_judgement);
    return {
      reward: predicted !== null && predicted === gold ? 1 : 0,
      // The reference's response model declares these, so they are null when the row has none.
      expected_judgement: body.expected_judgement ?? null,
      problem_id: body.problem_id ?? null,
      problem: body.problem ?? null,
      proof: body.proof ?? null,
      extracted_judgement: verdictLabel(predicted),
      ...confusion(predicted, gold),
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
