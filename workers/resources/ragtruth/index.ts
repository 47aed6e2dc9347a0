// RAGTruth hallucination detection, case level: the reply's {"hallucination list": [...]} says
// whether the judged response hallucinates (a non-empty list); the reward is 1 when that verdict is
// the gold is_halu. A reply that cannot be read counts as "no hallucination" (and parse_fail 1).
import declaration, { RagtruthConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { pyPrefix } from "../../../shared/verifiers/python_str.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { computeMetrics } from "./metrics.ts";
import { parseReply } from "./parse.ts";
import { pyJsonDumps } from "./python_json.ts";

const EXTRACTED_CHARS = 500;

const server = defineResourcesServer({
  declaration,
  tools: {},
  // NeMo's environment reports no pass@k.
  scores: {},
  computeMetrics,
  // NeMo Gym's headline: mean_reward, precision, recall and F1, and each task type's F1 and accuracy
  // (its "every key ending in /f1 or /accuracy", over RAGTruth's three task types and "unknown").
  keyMetrics: ["mean_reward", "f1", "precision", "recall", { prefix: "", suffix: "/f1" }, { prefix: "", suffix: "/accuracy" }],
  verify(body, { env }) {
    const parsed = parseReply(joinedOutputText(body.response.output), instanceConfig(env, RagtruthConfig).think_tag);
    const list = parsed?.["hallucination list"];
    const predHalu = Array.isArray(list) && list.length > 0;
    return {
      reward: predHalu === body.is_halu ? 1 : 0,
      task_type: body.task_type,
      is_halu: body.is_halu ? 1 : 0,
      pred_halu: predHalu ? 1 : 0,
      parse_fail: parsed === null ? 1 : 0,
      extracted: Array.isArray(list) ? pyPrefix(pyJsonDumps(list), EXTRACTED_CHARS) : "",
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
