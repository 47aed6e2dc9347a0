// The reference agent loop (SPEC "simple_agent /run", step 2): call the model, run the tool calls it
// makes against the resources server, feed the outputs back, until it stops.
import { SNIPPET_CHARS, call, hopError, jsonOf } from "../../../shared/client/call.ts";
import type { CallResult } from "../../../shared/client/call.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import type { Target } from "../../../shared/client/call.ts";
import type { CookieJar } from "../../../shared/client/cookies.ts";
import { ResponseObject, addUsage, emptyUsage } from "../../../shared/schemas/responses.ts";
import type { FunctionCallItem, Item, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { toolNameProblem } from "../../../shared/resources/tool_names.ts";
import { ENVIRONMENT_HEADER } from "../../../shared/fleet/headers.ts";

export interface LoopDeps {
  model: Target;
  resources: Target;
  modelJar: CookieJar;
  resourcesJar: CookieJar;
  maxSteps?: number | null;
  /** false: the first response with tool calls ends the episode, its calls unexecuted. */
  executeToolCalls?: boolean;
  modelDeadlineMs: number;
  resourcesDeadlineMs: number;
}

function inputItems(params: ResponsesCreateParams): Item[] {
  return typeof params.input === "string" ? [{ type: "message", role: "user", content: params.input }] : params.input;
}

async function callModel(params: ResponsesCreateParams, input: Item[], deps: LoopDeps): Promise<ResponseObject> {
  const hop = `${deps.model.name}/v1/responses`;
  const result = await call(deps.model, "/v1/responses", {
    body: { ...params, input },
    headers: { [ENVIRONMENT_HEADER]: deps.resources.name },
    deadlineMs: deps.modelDeadlineMs,
    jar: deps.modelJar,
    // A model call that may have started is never repeated: only unprocessed failures retry.
  });
  const parsed = ResponseObject.safeParse(jsonOf(result, hop));
  if (!parsed.success) throw hopError(502, hop, `${hop} answered a body that is not a Responses object: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * The names a tool call may use: offered by the row, run by the resources server (as its
 * /seed_session said, where it said), and never a route's name, so a model cannot reach /verify
 * or /seed_session by naming them as tools.
 */
function callableTools(params: ResponsesCreateParams, runByServer?: readonly string[]): ReadonlySet<string> {
  const offered = (params.tools ?? []).map((t) => t.name).filter((name) => toolNameProblem(name) === undefined);
  return new Set(runByServer ? offered.filter((name) => runByServer.includes(name)) : offered);
}

async function runTool(fc: FunctionCallItem, callable: ReadonlySet<string>, deps: LoopDeps): Promise<string> {
  if (!callable.has(fc.name)) {
    return `Error: tool "${fc.name}" is not available. Available tools: ${[...callable].join(", ") || "(none)"}`;
  }
  let args: unknown;
  try {
    args = JSON.parse(fc.arguments);
  } catch (err) {
    return `Error: the arguments of ${fc.name} are not valid JSON (${(err as Error).message}): ${fc.arguments}`;
  }
  const result = await call(deps.resources, `/${fc.name}`, {
    body: args,
    deadlineMs: deps.resourcesDeadlineMs,
    jar: deps.resourcesJar,
  });
  if (result.status >= 500) throw toolFailure(`${deps.resources.name}/${fc.name}`, result);
  // A refusal (bad arguments, unknown tool) is the model's to read and correct.
  return result.text;
}

/**
 * A tool the server could not run (its sandbox or database down, a crash) ends the rollout as an
 * infrastructure failure, with the server's error type as its failure class: a model that never
 * got its tool's answer must not be scored.
 */
function toolFailure(hop: string, result: CallResult): HttpError {
  let type = "tool_failed";
  try {
    const declared = (JSON.parse(result.text) as { error?: { type?: unknown } }).error?.type;
    if (typeof declared === "string" && declared !== "") type = declared;
  } catch {
    // Not our error shape: the generic class.
  }
  return new HttpError(502, type, `${hop} answered ${result.status}: ${result.text.slice(0, SNIPPET_CHARS)}`, { hop });
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
