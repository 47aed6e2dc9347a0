// One step of an expert trajectory: the response's action (its tool calls, else its first
// assistant text) against the expert's (`expected_action`: a message, a function call, or a batch
// of parallel calls), by NeMo Gym's comparator (comparator.ts) under the instance's
// tool_call_comparator_config. The row's tools are descriptions only: none runs here.
import declaration, { SingleStepConfig } from "./declaration.ts";
import type { ExpectedAction } from "./declaration.ts";
import { CATEGORY, compareAction } from "./comparator.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import type { Item } from "../../../shared/schemas/responses.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** The response as an action: every function call (two or more make a batch), else the first assistant message's first output text. */
export function responseAction(output: readonly Item[]): ExpectedAction | undefined {
  const calls = output.flatMap((item) => (item.type === "function_call" ? [{ type: "function_call" as const, name: item.name, arguments: item.arguments }] : []));
  if (calls.length === 1) return calls[0];
  if (calls.length > 1) return { type: "function_call_batch", calls };
  for (const item of output) {
    if (item.type !== "message" || item.role !== "assistant") continue;
    if (typeof item.content === "string") return { type: "message", content: item.content };
    const text = item.content.find((part) => part.type === "output_text");
    if (text?.type === "output_text") return { type: "message", content: text.text };
  }
  return undefined;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  verify(body, { env }) {
    const config = instanceConfig(env, SingleStepConfig).tool_call_comparator_config;
    const actual = responseAction(body.response.output);
    if (!actual) return { reward: 0, category: CATEGORY.noActionFound };
    const { reward, category } = compareAction(body.expected_action, actual, config);
    return { reward, category };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
