// Instruction following (IFEval and Open-Instruct's IFEvalG constraints): the row lists
// instruction ids with their kwargs; the final answer is checked against each. Reward: 1 when
// all are followed (grading_mode binary, the default) or the share followed (fraction), from the
// strict checks; the loose checks are reported beside them.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { grade } from "./grade.ts";
import { finalMessageText } from "./response_text.ts";
import { TaskFields, readTask } from "./task.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  // A row with an unknown instruction or bad kwargs is refused before any model call is spent on
  // it; a NeMo Gym seed request, which need carry no instructions, has nothing to check.
  seedSession(row) {
    if (row.verifier_metadata != null || row.instruction_id_list != null) readTask(row as Parameters<typeof readTask>[0]);
  },
  verify(body) {
    const task = readTask(body);
    return { verifier_metadata: task.metadata, ...grade(task, finalMessageText(body.response.output)) };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
