// Structured-output tasks answered by a tool call (structured_outputs rows in tool_call mode): the
// prompt names the function that files the record ("by calling <name>") among the tools offered,
// and gives a text after "Text:". The call's arguments are built from that tool's parameters as
// json_schema.ts builds a reply, with the labels filling the record: the tool's one property when
// it wraps the record, else its parameters. Once the tool has answered, a short closing line.
// Wrong path: a call to a distractor tool when the row offers one, else the record broken.
import type { ToolSpec } from "../messages.ts";
import { callRecords, isObject, lastUserText } from "./conversation.ts";
import { Builder, broken, labels } from "./json_schema.ts";
import { call, say, type Action, type Situation, type Skill } from "./types.ts";

const NAMED_TOOL = /\bby calling `?([A-Za-z_][\w-]*)`?/;

function namedTool({ turns, tools }: Situation): ToolSpec | undefined {
  const name = NAMED_TOOL.exec(lastUserText(turns))?.[1];
  return tools.find((tool) => tool.name === name);
}

/** The key a tool wraps its record under: its parameters' only property, when there is one. */
function wrapperKey(tool: ToolSpec): string | undefined {
  const keys = isObject(tool.parameters.properties) ? Object.keys(tool.parameters.properties) : [];
  return keys.length === 1 ? keys[0] : undefined;
}

function argumentsFor(tool: ToolSpec, prompt: string, correct: boolean): Record<string, unknown> {
  const params = tool.parameters;
  const key = wrapperKey(tool);
  const wrapped = key === undefined ? undefined : (params.properties as Record<string, unknown>)[key];
  const record = isObject(wrapped) ? wrapped : params;
  const built = new Builder(params, labels(prompt), record).value(params) as Record<string, unknown>;
  if (correct) return built;
  return key === undefined ? (broken(built) as Record<string, unknown>) : { [key]: broken(built[key]) };
}

/** Whether the prompt asks for the record through one of the tools offered, by name; play needs it to. */
export function asksForToolCall(situation: Situation): boolean {
  return namedTool(situation) !== undefined && /^Text:/m.test(lastUserText(situation.turns));
}

function play(situation: Situation): Action {
  const { turns, tools, correct } = situation;
  if (callRecords(turns).length > 0) return say("Submitted.");
  const tool = namedTool(situation)!;
  const prompt = lastUserText(turns);
  const distractor = tools.find((t) => t.name !== tool.name);
  if (!correct && distractor) return call({ name: distractor.name, arguments: argumentsFor(distractor, prompt, true) });
  return call({ name: tool.name, arguments: argumentsFor(tool, prompt, correct) });
}

export const schemaToolCall: Skill = { play };
