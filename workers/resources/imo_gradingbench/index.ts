// The policy grades a math proof on IMO-GradingBench's four-grade scale (NeMo Gym's
// imo_gradingbench): the last word of its reply (the text of its assistant messages; reasoning
// items are not read) must be incorrect, partial, almost or correct, and reward 1 when it is the
// row's expected_answer. Verify adds extracted_grade (null when unreadable, the majority@k answer),
// binary_match (both grades in the same bucket: correct/almost high, partial/incorrect low) and
// score_diff, the points apart (7, 6, 1, 0), null unless both grades are readable.
import declaration from "./declaration.ts";
import { extractGrade, goldGrade, isHigh, POINTS } from "./grades.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { computeMetrics } from "./metrics.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // pass@k, majority@k and MAE over NeMo's score function come from computeMetrics.
  scores: {},
  computeMetrics,
  keyMetrics: [
    "mean/reward",
    { highestK: "pass@1[avg-of-{k}]", scores: ["exact_accuracy", "binarized_accuracy", "mae", "no_answer"] },
    { highestK: "pass@{k}", scores: ["exact_accuracy", "binarized_accuracy", "mae"] },
    { highestK: "majority@{k}", scores: ["exact_accuracy", "binarized_accuracy"] },
    "mae",
    "mae_count",
  ],
  verify(body) {
    const predicted = extractGrade(assistantText(body.response.output));
    const gold = goldGrade(body.expected_answer);
    const both = predicted !== null && gold !== null;
    return {
      reward: both && predicted === gold ? 1 : 0,
      // The reference's response model declares these, so they are null when the row has none.
      expected_answer: body.expected_answer ?? null,
      grading_id: body.grading_id ?? null,
      problem_id: body.problem_id ?? null,
      extracted_grade: predicted,
      binary_match: both && isHigh(predicted) === isHigh(gold),
      score_diff: both ? Math.abs(POINTS[predicted] - POINTS[gold]) : null,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
