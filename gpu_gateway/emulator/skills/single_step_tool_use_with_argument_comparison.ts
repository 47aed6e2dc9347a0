// single_step_tool_use_with_argument_comparison: the next step of a tool-use conversation. A tool
// is called when the user's last message gives a value for one of its required parameters and
// the conversation's user messages give all of them: a value follows the parameter's name
// ("member ID LM-20417", "cities Lisbon, Oslo and Nairobi": one call per listed value), and a
// free-text parameter (query, summary, ...) takes the message's quoted text. No tool fits: a short
// chat reply. Wrong path: one call left out of several, a value changed, or a call made where a
// reply was due.
import type { ToolSpec, Turn } from "../messages.ts";
import { isObject, lastUserText } from "../policy/conversation.ts";
import { call, say, type Action, type PlannedCall, type Situation, type Skill } from "../policy/types.ts";

const FREE_TEXT = new Set(["query", "q", "text", "summary", "message", "question", "reason", "description", "content"]);
// A value: quoted text, or a word starting with a capital or a digit (a full stop inside it, not after).
const VALUE = `(?:"[^"\\n]{1,200}"|[A-Z0-9](?:[A-Za-z0-9_-]|\\.(?=[A-Za-z0-9])){0,80})`;
const SEPARATOR = `(?:\\s*,\\s*(?:and\\s+)?|\\s+and\\s+)`;
const QUOTED = /"([^"\n]{1,200})"/;
// Words a parameter's name may end with that users leave out ("loan LN-5520" for loan_id).
const OPTIONAL_TAIL = new Set(["id", "code", "number", "no"]);

const unquote = (value: string) => (value.startsWith('"') ? value.slice(1, -1) : value);

/** A word in any case, as a pattern (the values after it are matched case-sensitively). */
const anyCase = (word: string) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");

/** The parameter's name as the user may write it: words apart or joined, singular or plural, an id-like last word optional. */
function label(name: string): string {
  const words = name.toLowerCase().split(/[_\s]+/).filter(Boolean);
  const last = words.pop() ?? "";
  const plural = last.endsWith("y") ? `(?:${anyCase(last)}|${anyCase(last.slice(0, -1))}ies)` : `${anyCase(last)}(?:e?s)?`;
  if (words.length > 0 && OPTIONAL_TAIL.has(last)) return `${words.map(anyCase).join("[\\s_-]?")}(?:[\\s_-]?${plural})?`;
  return [...words.map(anyCase), plural].join("[\\s_-]?");
}

/** The values the text gives for a parameter, in order (several when it lists them). */
function valuesIn(text: string, name: string): string[] {
  const pattern = new RegExp(`\\b${label(name)}\\b[\\s:=]{0,3}(?:is\\s+|are\\s+)?(${VALUE}(?:${SEPARATOR}${VALUE}){0,20})`);
  const match = pattern.exec(text);
  if (!match) return [];
  return [...match[1]!.matchAll(new RegExp(VALUE, "g"))].map((m) => unquote(m[0]));
}

// Words of a tool's name that say what it does, not what it is about.
const VERBS = new Set(["get", "set", "list", "fetch", "lookup", "look", "find", "check", "search", "query", "run", "do"]);

/** Values named by the tool's subject instead of the parameter ("the weather in Paris and Lima" for get_weather's city). */
function valuesAfterSubject(text: string, tool: ToolSpec): string[] {
  const subjects = tool.name.toLowerCase().split(/[_\s]+/).filter((w) => w.length > 2 && !VERBS.has(w));
  for (const subject of subjects.reverse()) {
    const pattern = new RegExp(`\\b${anyCase(subject)}\\b(?:\\s+[a-z]{1,12}){0,3}?\\s+(${VALUE}(?:${SEPARATOR}${VALUE}){0,20})`);
    const match = pattern.exec(text);
    if (match) return [...match[1]!.matchAll(new RegExp(VALUE, "g"))].map((m) => unquote(m[0]));
  }
  return [];
}

interface Parameter {
  name: string;
  freeText: boolean;
}

function required(tool: ToolSpec): Parameter[] {
  const names = Array.isArray(tool.parameters.required) ? tool.parameters.required.filter((n): n is string => typeof n === "string") : [];
  const properties = isObject(tool.parameters.properties) ? tool.parameters.properties : {};
  return names.map((name) => {
    const schema = properties[name];
    return { name, freeText: isObject(schema) && schema.type === "string" && FREE_TEXT.has(name.toLowerCase()) };
  });
}

/** The calls of one tool the conversation asks for; none when a required value is missing or none is new. */
function callsOf(tool: ToolSpec, last: string, earlier: string): PlannedCall[] {
  const params = required(tool);
  if (params.length === 0) return [];
  let fresh = false;
  const values = params.map((p) => {
    let now = p.freeText ? [QUOTED.exec(last)?.[1]].filter((v): v is string => v !== undefined) : valuesIn(last, p.name);
    // A tool of one parameter may be asked for by what it is about.
    if (now.length === 0 && !p.freeText && params.length === 1) now = valuesAfterSubject(last, tool);
    if (now.length > 0) fresh = true;
    return now.length > 0 ? now : p.freeText ? [] : valuesIn(earlier, p.name).slice(-1);
  });
  if (!fresh || values.some((v) => v.length === 0)) return [];
  // A listed parameter makes one call per value; the others keep their first.
  const count = Math.max(...values.map((v) => v.length));
  return Array.from({ length: count }, (_, i) => ({ name: tool.name, arguments: Object.fromEntries(params.map((p, j) => [p.name, values[j]![Math.min(i, values[j]!.length - 1)]])) }));
}

/** A plausible slip: the last call dropped from several, else its first value changed. */
function slip(calls: PlannedCall[]): PlannedCall[] {
  if (calls.length > 1) return calls.slice(0, -1);
  const [first] = calls as [PlannedCall];
  const [key, value] = Object.entries(first.arguments)[0]!;
  return [{ name: first.name, arguments: { ...first.arguments, [key]: `${String(value)}0` } }];
}

const userTexts = (turns: readonly Turn[]) => turns.filter((t) => t.role === "user").map((t) => t.content);

function play(situation: Situation): Action {
  const { turns, tools, correct } = situation;
  const last = lastUserText(turns);
  const earlier = userTexts(turns).slice(0, -1).join("\n");
  const calls = tools.flatMap((tool) => callsOf(tool, last, earlier));
  if (calls.length > 0) return call(...(correct ? calls : slip(calls)));
  if (!correct && tools[0]) return call({ name: tools[0].name, arguments: {} });
  return say("You're welcome! Let me know if there is anything else I can do for you.");
}

export default { play } satisfies Skill;
