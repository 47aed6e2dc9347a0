// terminal_multi_harness: the next step of a coding agent. With tools offered, the request quotes
// what to run or pass in backticks: one call of the named (else the first fitting) tool per quoted
// command when one tool takes them all, else one call whose required parameters take the quoted
// values in order (a list parameter a one-item list, an object parameter the quoted JSON). Wrong
// path: the call carries something else than what was quoted. Without tools, or once the calls
// are answered, it reports completion (wrong path: an empty message).
import type { ToolSpec } from "../messages.ts";
import { callRecords, isObject, lastUserText, parseJson } from "../policy/conversation.ts";
import { call, say, type Action, type PlannedCall, type Situation, type Skill } from "../policy/types.ts";

const QUOTED = /`([^`\n]{1,500})`/g;
const DONE = "The requested change is complete and verified.";
const OFF_TARGET = "echo nothing to do here";

interface Param {
  name: string;
  type: unknown;
}

function requiredParams(tool: ToolSpec): Param[] {
  const props = isObject(tool.parameters.properties) ? tool.parameters.properties : {};
  const required = Array.isArray(tool.parameters.required) ? tool.parameters.required.map(String) : Object.keys(props);
  return required.map((name) => ({ name, type: isObject(props[name]) ? props[name].type : undefined }));
}

/** A quoted value as the parameter's type takes it. */
function valueAs(type: unknown, text: string): unknown {
  if (type === "array") return [text];
  if (type === "object") return parseJson(text) ?? { value: text };
  return text;
}

function plan(tools: readonly ToolSpec[], request: string, quoted: string[]): PlannedCall[] {
  const words = new Set(request.match(/\w+/g) ?? []);
  const named = tools.find((tool) => words.has(tool.name));
  const fitting = tools.filter((tool) => requiredParams(tool).length <= quoted.length);
  const tool = named ?? fitting[0] ?? tools[0]!;
  const params = requiredParams(tool);
  if (params.length === 1 && quoted.length > 1) return quoted.map((text) => ({ name: tool.name, arguments: { [params[0]!.name]: valueAs(params[0]!.type, text) } }));
  return [{ name: tool.name, arguments: Object.fromEntries(params.flatMap((p, i) => (quoted[i] === undefined ? [] : [[p.name, valueAs(p.type, quoted[i]!)]]))) }];
}

/** The same calls with every string value replaced by something unrelated. */
function offTarget(calls: PlannedCall[]): PlannedCall[] {
  const swap = (v: unknown): unknown => (typeof v === "string" ? OFF_TARGET : Array.isArray(v) ? v.map(swap) : isObject(v) ? { value: OFF_TARGET } : v);
  return calls.map((c) => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, swap(v)])) }));
}

function play({ turns, tools, correct }: Situation): Action {
  if (callRecords(turns).length > 0) return say(DONE);
  const request = lastUserText(turns);
  const quoted = [...request.matchAll(QUOTED)].map((m) => m[1]!);
  if (tools.length === 0 || quoted.length === 0) return say(correct ? DONE : "");
  const calls = plan(tools, request, quoted);
  return call(...(correct ? calls : offTarget(calls)));
}

export default { play } satisfies Skill;
