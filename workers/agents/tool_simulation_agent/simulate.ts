// One simulated tool result: the simulator model is shown the tool (name, description, parameter
// schema) and the call's arguments, and its reply is the output. A call the policy could not make
// (a tool the row does not offer, arguments that are not JSON) is refused as a real run refuses
// it, without asking the simulator.
import type { AgentHops } from "../../../shared/agents/hops.ts";
import { callModel } from "../../../shared/agents/model.ts";
import { parseToolCall } from "../../../shared/agents/tools.ts";
import type { FunctionCallItem, FunctionTool, Item } from "../../../shared/schemas/responses.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";

/** The simulator's hop: a model server, named with the environment its calls are made for. */
export type SimulatorHop = Pick<AgentHops, "model" | "modelJar" | "modelDeadlineMs" | "resources" | "deadlines">;

const INSTRUCTIONS =
  "You simulate a tool that an AI assistant called. From the tool's definition and the call's arguments, reply with exactly what the tool would return (usually JSON), plausible and consistent with the arguments, and nothing else. If the arguments do not fit the definition, reply with the error the tool would return.";

function simulatorInput(tool: FunctionTool, fc: FunctionCallItem): Item[] {
  const definition = [`Tool: ${tool.name}`, `Description: ${tool.description ?? "(none)"}`, `Parameters (JSON Schema): ${JSON.stringify(tool.parameters ?? {})}`];
  return [
    { type: "message", role: "system", content: INSTRUCTIONS },
    { type: "message", role: "user", content: `${definition.join("\n")}\n\nCall arguments: ${fc.arguments}` },
  ];
}

export async function simulateTool(fc: FunctionCallItem, tools: readonly FunctionTool[], callable: ReadonlySet<string>, hop: SimulatorHop): Promise<string> {
  const parsed = parseToolCall(fc, callable);
  if ("problem" in parsed) return parsed.problem;
  const tool = tools.find((t) => t.name === fc.name)!;
  const input = simulatorInput(tool, fc);
  const response = await callModel({ input }, input, hop);
  return assistantText(response.output);
}
