// RULER (v1) long-context rows, graded by substring, case aside: the trimmed reply must contain
// every one of the row's outputs (the reward is the share it contains) or, for the QA subsets
// (qa_1, qa_2), any one of them. The score is returned under the row's subset name as well, the
// other subsets' fields null.
import declaration, { SUBSETS } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const ANY_ONE = new Set(["qa_1", "qa_2"]);

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body) {
    const reply = pyStrip(joinedOutputText(body.response.output)).toLowerCase();
    const found = body.outputs.map((output) => (reply.includes(output.toLowerCase()) ? 1 : 0));
    const hits = found.reduce((a: number, b) => a + b, 0);
    const reward = ANY_ONE.has(body.subset) ? Math.min(hits, 1) : hits / found.length;
    const scores = Object.fromEntries(SUBSETS.map((subset) => [subset, subset === body.subset ? reward : null]));
    return { reward, ...scores };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
