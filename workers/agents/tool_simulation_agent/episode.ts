// A tool-simulation episode: the policy model answers the row; its tool calls are not run but
// simulated (simulate.ts), each output added after the calls as a run's would be; the policy then
// gives its final answer, whose own tool calls, if any, end the episode unanswered. Returns the
// final response with `output` = every item of the episode and `usage` summed over the policy's
// two calls (the simulator's tokens are the environment's, not the policy's).
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { callableTools } from "../../../shared/agents/tools.ts";
import { addUsage, emptyUsage } from "../../../shared/schemas/responses.ts";
import type { FunctionCallItem, Item, ResponseObject, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { simulateTool } from "./simulate.ts";
import type { SimulatorHop } from "./simulate.ts";

export interface EpisodeDeps extends AgentHops {
  simulator: SimulatorHop;
}

export async function simulatedEpisode(params: ResponsesCreateParams, deps: EpisodeDeps): Promise<ResponseObject> {
  const input = inputItems(params);
  const first = await callModel(params, input, deps);
  const calls = first.output.filter((item): item is FunctionCallItem => item.type === "function_call");
  if (first.incomplete_details || calls.length === 0) return first;
  const produced: Item[] = [...first.output];
  const callable = callableTools(params);
  for (const fc of calls) {
    produced.push({ type: "function_call_output", call_id: fc.call_id, output: await simulateTool(fc, params.tools ?? [], callable, deps.simulator) });
  }
  const final = await callModel(params, [...input, ...produced], deps);
  return { ...final, output: [...produced, ...final.output], usage: addUsage(addUsage(emptyUsage(), first.usage), final.usage) };
}
