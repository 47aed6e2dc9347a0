// calendar, NeMo Gym's contract: a multi-turn scheduling conversation ends with the assistant's
// calendar as a JSON list, graded against the row's expected events (grade.ts). The reply graded is
// the first text part of the episode's last output item, as the reference reads it: an episode
// that ends in a tool call or in reasoning has no reply and earns 0.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { grade } from "./grade.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

function replyOf(output: readonly Item[]): string {
  const last = output.at(-1);
  if (last?.type === "message") {
    const first = typeof last.content === "string" ? last.content : last.content[0];
    if (typeof first === "string") return first;
    return first?.type === "output_text" || first?.type === "input_text" ? first.text : "";
  }
  // A reasoning item's own text, when it carries any (the reference reads its content too).
  return last?.type === "reasoning" ? (last.content?.[0]?.text ?? "") : "";
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body) {
    const reply = replyOf(body.response.output);
    // No reply at all earns 0, whatever was expected.
    if (reply === "") return { reward: 0, grade_reason: "no_reply" };
    const { reward, reason } = grade(reply, body.exp_cal_state);
    return { reward, grade_reason: reason };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
