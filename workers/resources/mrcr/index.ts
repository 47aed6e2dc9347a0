// OpenAI MRCR (multi-round coreference): the reply (its output text, trimmed as Python trims)
// must start with random_string_to_prepend, else the reward is 0; behind that prefix, removed
// from the reply and from expected_answer alike, the reward is difflib's SequenceMatcher ratio.
// A reasoning model's `<think>` text is not removed: as in the reference, it fails the gate.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { boundedSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics } from "./metrics.ts";

const withoutPrefix = (text: string, prefix: string) => (text.startsWith(prefix) ? text.slice(prefix.length) : text);

const server = defineResourcesServer({
  declaration,
  tools: {},
  computeMetrics,
  // NeMo Gym's get_key_metrics: token means, then pass@1[avg-of-k] and pass@k at the highest k.
  keyMetrics: ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}" }],
  verify(body) {
    const reply = pyStrip(joinedOutputText(body.response.output));
    const prefix = body.random_string_to_prepend;
    const prefixMatched = reply.startsWith(prefix);
    const ratio = prefixMatched ? boundedSimilarity(withoutPrefix(reply, prefix), withoutPrefix(body.expected_answer, prefix)).ratio : 0;
    return { reward: ratio, prefix_matched: prefixMatched, seq_match_ratio: ratio };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
