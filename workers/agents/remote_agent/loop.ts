// The remote agent loop (NeMo Gym's remote_agent contract): the service gets the row's create
// params with everything so far as `input` and answers with what it wants next. A function_call
// it answered itself (a function_call_output with its call_id in the same response) is its own
// record and passes through; an unanswered one is an ask, run on the resources server as
// simple_agent runs tools, its output appended. The loop ends at an assistant message with no
// asks, an incomplete response, or after max_steps calls (the last step's asks still run).
import type { ResourcesHop } from "../../../shared/agents/hops.ts";
import { inputItems } from "../../../shared/agents/model.ts";
import { callableTools, runTool } from "../../../shared/agents/tools.ts";
import { addUsage, emptyUsage } from "../../../shared/schemas/responses.ts";
import type { FunctionCallItem, Item, ResponseObject, ResponsesCreateParams, Usage } from "../../../shared/schemas/responses.ts";
import { callService } from "./service.ts";
import type { ServiceHop } from "./service.ts";

export interface RemoteLoopDeps extends ResourcesHop {
  service: ServiceHop;
  maxSteps?: number | null;
  /** Aborted when the rollout is abandoned (its run deadline passed): no further step starts. */
  signal?: AbortSignal;
}

/** Unanswered calls, in order; a repeated call_id is its last occurrence. */
export function asksOf(output: readonly Item[]): FunctionCallItem[] {
  const pending = new Map<string, FunctionCallItem>();
  const answered = new Set<string>();
  for (const item of output) {
    if (item.type === "function_call_output") {
      answered.add(item.call_id);
      pending.delete(item.call_id);
    } else if (item.type === "function_call" && !answered.has(item.call_id)) {
      pending.delete(item.call_id);
      pending.set(item.call_id, item);
    }
  }
  return [...pending.values()];
}

const finishes = (output: readonly Item[]) => output.some((item) => item.type === "message" && item.role === "assistant");

/**
 * Returns the last response with `output` = every item of the episode and `usage` summed over
 * the calls that reported it (absent when none did, rather than zeros that would skew token means).
 */
export async function remoteLoop(params: ResponsesCreateParams, deps: RemoteLoopDeps, runByServer?: readonly string[]): Promise<ResponseObject> {
  const input = inputItems(params);
  const callable = callableTools(params, runByServer);
  const produced: Item[] = [];
  let usage: Usage | null = null;
  for (let step = 1; ; step++) {
    const response = await callService(params, [...input, ...produced], deps.service, deps.signal);
    produced.push(...response.output);
    if (response.usage) usage = addUsage(usage ?? emptyUsage(), response.usage);
    const done = () => ({ ...response, output: produced, usage });
    const asks = asksOf(response.output);
    // Neither asks nor a message: the service is not finished, so it is called again (as NeMo Gym does).
    if (response.incomplete_details || (asks.length === 0 && finishes(response.output))) return done();
    for (const fc of asks) {
      produced.push({ type: "function_call_output", call_id: fc.call_id, output: await runTool(fc, callable, deps) });
    }
    if (deps.maxSteps != null && step >= deps.maxSteps) return done();
  }
}
