// Verifying a tool world by replay: tool calls (the model's, or a task's expected ones) run again,
// in order, through the server's own tools on a fresh world, and the states they leave are
// compared. A call the model got wrong changes nothing and is skipped: a tool the server does not
// have, arguments that are not a JSON object, or arguments the tool's schema refuses. Anything a
// tool throws is ours (the session's storage failed) and propagates: never a wrong answer.
import type { Item } from "../../schemas/responses.ts";
import { parseArguments } from "../../verifiers/function_calls.ts";
import { safeParseExact } from "../../json/exact.ts";
import type { HandlerContext, Tool } from "../define.ts";

/** A tool call as a response records it: the tool's name and its arguments as JSON text. */
export interface Action {
  name: string;
  arguments: string;
}

/** The function calls of a response's output, in order. */
export function actionsOf(output: readonly Item[]): Action[] {
  return output.flatMap((item) => (item.type === "function_call" ? [{ name: item.name, arguments: item.arguments }] : []));
}

export async function replay(tools: Readonly<Record<string, Tool>>, actions: readonly Action[], ctx: HandlerContext): Promise<void> {
  for (const action of actions) {
    const tool = Object.hasOwn(tools, action.name) ? tools[action.name] : undefined;
    const { args, valid } = parseArguments(action.arguments);
    const parsed = tool && valid ? safeParseExact(tool.input, args) : undefined;
    if (tool && parsed?.success) await tool.run(parsed.data, ctx);
  }
}
