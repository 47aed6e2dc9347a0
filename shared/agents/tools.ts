// Running a model's tool call on the resources server, as every agent that executes tools does:
// only a tool the row offers and the server runs, arguments that parse, and a server that could
// not run it ends the rollout (an infrastructure failure), while a refusal is the model's to read.
import type { FunctionCallItem, ResponsesCreateParams } from "../schemas/responses.ts";
import { toolNameProblem } from "../resources/tool_names.ts";
import { nestsDeeperThan } from "../server/json_depth.ts";
import { LIMIT_DEFAULTS } from "../server/limits.ts";
import { illFormedText } from "../server/well_formed.ts";
import { callResources } from "./hops.ts";
import type { ResourcesHop } from "./hops.ts";
import { serverFailure } from "./server_failure.ts";

/**
 * The names a tool call may use: offered by the row, run by the resources server (as its
 * /seed_session said, where it said), and never a route's name, so a model cannot reach /verify
 * or /seed_session by naming them as tools.
 */
export function callableTools(params: ResponsesCreateParams, runByServer?: readonly string[]): ReadonlySet<string> {
  const offered = (params.tools ?? []).map((t) => t.name).filter((name) => toolNameProblem(name) === undefined);
  return new Set(runByServer ? offered.filter((name) => runByServer.includes(name)) : offered);
}

/**
 * The call's arguments, or why it cannot run (what the model reads instead of an output). The model
 * wrote them: they are checked here as any body entering over HTTP is (server/body.ts), since over
 * RPC the resources server gets them as a value.
 */
export function parseToolCall(fc: FunctionCallItem, callable: ReadonlySet<string>): { args: unknown } | { problem: string } {
  if (!callable.has(fc.name)) return { problem: `Error: tool "${fc.name}" is not available. Available tools: ${[...callable].join(", ") || "(none)"}` };
  const maxDepth = LIMIT_DEFAULTS.MAX_JSON_DEPTH;
  if (nestsDeeperThan(fc.arguments, maxDepth)) return { problem: `Error: the arguments of ${fc.name} nest deeper than ${maxDepth} levels` };
  let args: unknown;
  try {
    args = JSON.parse(fc.arguments);
  } catch (err) {
    return { problem: `Error: the arguments of ${fc.name} are not valid JSON (${(err as Error).message}): ${fc.arguments}` };
  }
  const illFormed = illFormedText(args);
  if (illFormed) return { problem: `Error: the arguments of ${fc.name} are not well-formed at ${illFormed.path}: ${illFormed.message}` };
  return { args };
}

/** The call's output, as the model reads it next. */
export async function runTool(fc: FunctionCallItem, callable: ReadonlySet<string>, hop: ResourcesHop): Promise<string> {
  const parsed = parseToolCall(fc, callable);
  if ("problem" in parsed) return parsed.problem;
  const result = await callResources(hop, `/${fc.name}`, parsed.args);
  // A tool the server could not run ends the rollout as an infrastructure failure.
  if (result.status >= 500) throw serverFailure(`${hop.resources.name}/${fc.name}`, result, "tool_failed");
  // A refusal (bad arguments, unknown tool) is the model's to read and correct.
  return result.text;
}
