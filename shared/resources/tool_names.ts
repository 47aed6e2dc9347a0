// What may be called as a tool. Tool calls travel as `POST /<tool_name>` (NeMo Gym's wire shape),
// beside the resources server's own routes, so a tool named like a route, or a name that is not
// one plain path segment, would let a model reach /verify or /seed_session through a tool call.
import { invalidRequest } from "../server/errors.ts";

/** Every route of a resources server that is not a tool (SPEC "resources"): no tool may take these names. */
export const RESOURCES_ROUTES: readonly string[] = ["seed_session", "verify", "aggregate_metrics", "close_session", "reset", "step", "close", "mcp"];

/** OpenAI's function-name rule: one path segment by construction (no `/`, `.`, `%` or `:`). */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The names of the row's tools a server runs (all of them for a server that runs any: `declared`
 * null), every offered name checked first: one that cannot be a tool is a 400 naming its place.
 */
export function runnableTools(tools: ReadonlyArray<{ name: string }> | null | undefined, declared: readonly string[] | null): string[] {
  const offered = (tools ?? []).map((t) => t.name);
  const problems = offered.flatMap((name, i) => {
    const problem = toolNameProblem(name);
    return problem ? [{ path: `responses_create_params.tools[${i}].name`, message: problem }] : [];
  });
  if (problems.length > 0) throw invalidRequest(problems);
  return offered.filter((name) => declared === null || declared.includes(name));
}

/** Why `name` cannot be a tool, or undefined when it can. */
export function toolNameProblem(name: string): string | undefined {
  if (!TOOL_NAME.test(name)) return `"${name}" is not a tool name: 1 to 64 letters, digits, _ or - (OpenAI's function-name rule)`;
  if (RESOURCES_ROUTES.includes(name)) return `"${name}" is a route of every resources server, not a tool name (reserved: ${RESOURCES_ROUTES.join(", ")})`;
  return undefined;
}
