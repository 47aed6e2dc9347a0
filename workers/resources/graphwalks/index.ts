// OpenAI graphwalks (parents of a node, or the nodes at a BFS depth): the reply's last non-empty
// line must read `Final Answer: [n1, n2, ...]`; the reward is the F1 of that node set against
// expected_answer's (1 when both are empty, 0 without the line).
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { expectedNodeKeys, nodeSetF1, parseNodeList } from "../../../shared/verifiers/node_list.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics } from "./metrics.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  computeMetrics,
  // NeMo Gym's get_key_metrics: token means, then pass@1[avg-of-k] and pass@k at the highest k.
  keyMetrics: ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}" }],
  verify(body) {
    const { nodes, parseFailed } = parseNodeList(joinedOutputText(body.response.output));
    const f1 = nodeSetF1(nodes, parseFailed, expectedNodeKeys(body.expected_answer));
    return { reward: f1, f1, parse_failed: parseFailed, predicted_nodes: nodes };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
