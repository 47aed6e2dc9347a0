// SpartQA choose-object questions: the reply's final answer must resolve to the gold label (one of
// the two objects, "both of them" or "none of them"); an answer naming two labels resolves to none.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { extractAnswer, normalize } from "./extract.ts";
import { candidateLabels, labelKey, matchLabel } from "./labels.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics } from "./metrics.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // NeMo's environment reports no pass@k.
  scores: {},
  computeMetrics,
  // NeMo Gym's spartqa headline: the mean reward and the rate of verbatim answers.
  keyMetrics: ["mean_reward", "exact_match_rate"],
  verify(body) {
    const prediction = extractAnswer(joinedOutputText(body.response.output));
    // The row's own fields first; verifier_metadata carries them for drivers that drop the rest.
    const meta = body.verifier_metadata;
    const gold = body.target || (meta?.target === undefined ? "" : String(meta.target));
    const options = body.options.length > 0 ? body.options : (meta?.options ?? []).map(String);
    const predicted = matchLabel(prediction, candidateLabels(options.length > 0 ? options : [gold]));
    const goldKey = labelKey(gold);
    const correct = goldKey !== "" && predicted !== null && labelKey(predicted) === goldKey;
    return {
      reward: correct ? 1 : 0,
      // Copied verbatim, as the prompt asks, rather than found inside a sentence.
      exact: correct && labelKey(prediction) === goldKey,
      parsed: normalize(prediction) !== "",
      extracted: [...prediction].slice(0, 200).join(""),
      predicted_label: predicted ?? "",
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
