// Citation instruction following, graded on the citations alone: the row's verifier names the
// grammar, the IDs that exist and, optionally, the ones that must be cited (score.ts has the gates).
// Binary; match_details names the gate that failed and what was parsed. A tool call is answered
// with a fixed "no further results" text, and a reply that called a tool fails the first gate.
import declaration from "./declaration.ts";
import { scoreCitations } from "./score.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

const TERMINAL_TOOL_RESPONSE = "No further tool results are available. Provide your final answer.";

/** The assistant messages' text parts, non-empty ones joined by newlines and trimmed, and the number of tool calls. */
function replyShape(output: readonly Item[]): { text: string; functionCalls: number } {
  const parts: string[] = [];
  let functionCalls = 0;
  for (const item of output) {
    if (item.type === "function_call") functionCalls++;
    if (item.type !== "message" || item.role !== "assistant" || typeof item.content === "string") continue;
    for (const part of item.content) if (part.type === "output_text" && part.text) parts.push(part.text);
  }
  return { text: parts.join("\n").trim(), functionCalls };
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  fallbackTool: () => TERMINAL_TOOL_RESPONSE,
  verify(body) {
    const { text, functionCalls } = replyShape(body.response.output);
    return scoreCitations(text, functionCalls, body.verifier);
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
