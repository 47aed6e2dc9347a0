// The reference agent loop (SPEC "simple_agent /run", step 2): call the model, run the tool calls it
// makes against the resources server, feed the outputs back, until it stops.
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel, inputItems } from "../../../shared/agents/model.ts";
import { callableTools, runTool } from "../../../shared/agents/tools.ts";
import { addUsage, emptyUsage } from "../../../shared/schemas/responses.ts";
import type { FunctionCallItem, Item, ResponseObject, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";

export interface LoopDeps extends AgentHops {
  maxSteps?: number | null;
  /** false: the first response with tool calls ends the episode, its calls unexecuted. */
  executeToolCalls?: boolean;
}

/**
 * Runs the loop; returns the last model response with `output` = every item of the episode.
 * `runByServer`: the tools /seed_session said the resources server runs in this session.
 */
export async function runAgentLoop(params: ResponsesCreateParams, deps: LoopDeps, runByServer?: readonly string[]): Promise<ResponseObject> {
  const input = inputItems(params);
  const callable = callableTools(params, runByServer);
  const produced: Item[] = [];
  let usage = emptyUsage();
  let steps = 0;
  for (;;) {
    const response = await callModel(params, [...input, ...produced], deps);
    steps++;
    usage = addUsage(usage, response.usage);
    produced.push(...response.output);
    const calls = response.output.filter((item): item is FunctionCallItem => item.type === "function_call");
    // With no tool call there is nothing new to tell the model: asking again would repeat itself.
    if (response.incomplete_details || calls.length === 0 || deps.executeToolCalls === false) return { ...response, output: produced, usage };
    for (const fc of calls) {
      produced.push({ type: "function_call_output", call_id: fc.call_id, output: await runTool(fc, callable, deps) });
    }
    // As in the reference, the tools of the last allowed step still run.
    if (deps.maxSteps != null && steps >= deps.maxSteps) return { ...response, output: produced, usage };
  }
}
