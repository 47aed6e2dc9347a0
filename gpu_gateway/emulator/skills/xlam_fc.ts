// xlam_fc: function calling over whatever tools a row offers: pick the tool whose name best
// fits the request, fill its parameters in order from the request (quoted text for strings,
// numbers for numeric ones), one call per quoted value when the tool takes a single string; then
// report what the calls returned. Wrong path: the parameters' schema defaults instead of what
// the request asked for.
import type { ToolSpec } from "../messages.ts";
import { callRecords, isObject, lastUserText, quote } from "../policy/conversation.ts";
import { call, say, type Action, type PlannedCall, type Situation, type Skill } from "../policy/types.ts";

const STOP_TOKENS = new Set(["get"]);
const QUOTED = /'([^'\n]+)'|"([^"\n]+)"/g;
const NUMBER = /(?<![\d.])\d+(?:\.\d+)?/g;

function fits(token: string, word: string): boolean {
  return token === word || (Math.min(token.length, word.length) >= 4 && (token.startsWith(word) || word.startsWith(token)));
}

/** How many words of the tool's name the request uses. */
function relevance(tool: ToolSpec, words: readonly string[]): number {
  const tokens = tool.name.toLowerCase().split("_").filter((t) => t.length >= 3 && !STOP_TOKENS.has(t));
  return tokens.filter((token) => words.some((word) => fits(token, word))).length;
}

interface Parameter {
  name: string;
  type: unknown;
  default: unknown;
}

function parameters(tool: ToolSpec): Parameter[] {
  const properties = isObject(tool.parameters.properties) ? tool.parameters.properties : {};
  return Object.entries(properties).map(([name, schema]) => (isObject(schema) ? { name, type: schema.type, default: schema.default } : { name, type: undefined, default: undefined }));
}

function requestedCalls(tool: ToolSpec, request: string): PlannedCall[] {
  const quoted = [...request.matchAll(QUOTED)].map((m) => (m[1] ?? m[2])!);
  const numbers = (request.replace(QUOTED, " ").match(NUMBER) ?? []).map(Number);
  const params = parameters(tool);
  if (params.length === 1 && params[0]!.type === "string" && quoted.length > 1) {
    return quoted.map((value) => ({ name: tool.name, arguments: { [params[0]!.name]: value } }));
  }
  const args: Record<string, unknown> = {};
  for (const param of params) {
    const takesNumber = param.type === "number" || (param.type === "integer" && Number.isInteger(numbers[0]));
    if (param.type === "string" && quoted.length > 0) args[param.name] = quoted.shift();
    else if (takesNumber && numbers.length > 0) args[param.name] = numbers.shift();
  }
  return [{ name: tool.name, arguments: args }];
}

const withDefaults = (planned: PlannedCall, tool: ToolSpec): PlannedCall => ({
  name: planned.name,
  arguments: Object.fromEntries(parameters(tool).filter((p) => p.default !== undefined).map((p) => [p.name, p.default])),
});

function play({ turns, tools, correct }: Situation): Action {
  const records = callRecords(turns);
  if (records.length > 0) {
    const reports = records.map((r) => `${r.name}: ${r.output === undefined ? "no answer" : quote(r.output)}`);
    return say(`I called ${records.map((r) => r.name).join(", ")}. Results:\n${reports.join("\n")}`);
  }
  const request = lastUserText(turns);
  const words = request.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scored = tools.map((tool) => ({ tool, score: relevance(tool, words) }));
  // The first tool with the best score above zero; none when no name fits or no tool is offered.
  const best = scored.reduce<(typeof scored)[number] | undefined>((a, b) => (b.score > (a?.score ?? 0) ? b : a), undefined);
  if (!best) return say("None of my functions fits this request.");
  const planned = requestedCalls(best.tool, request);
  return call(...(correct ? planned : planned.map((p) => withDefaults(p, best.tool))));
}

export default { play } satisfies Skill;
