// IFBench (AllenAI's out-of-distribution instruction-following benchmark): the row lists IFBench
// instruction ids with their kwargs; the final answer is checked against each, strictly and
// loosely. Reward: the share of instructions followed strictly (grading_mode fraction, the
// default) or 1 only when all are (binary); the loose results are reported beside it.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { grade } from "./grade.ts";
import { finalResponseText } from "./response_text.ts";
import { readChecks } from "./task.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // A row with an unknown instruction or bad kwargs is refused before a model call is spent on it;
  // a seed request that carries no instructions has nothing to check.
  seedSession(row) {
    if (row.instruction_id_list != null && row.kwargs != null) readChecks({ instruction_id_list: row.instruction_id_list, kwargs: row.kwargs });
  },
  verify(body) {
    return grade(readChecks(body), finalResponseText(body.response.output), body.grading_mode);
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
