// fhaviary's HotPotQAEnv over the local passage store (hotpotqa_store.ts) instead of Wikipedia.
// The first observation is "Question: <question>"; the tools are search(entity), lookup(keyword)
// and submit_answer(answer). A turn's calls run in order, its reward their sum; the episode ends
// on a submission, or on a search or lookup given nothing to look for. Rewards: a submitted answer
// 1 when the normalised gold answer is contained in the normalised submission (the reference's
// CONTAINS mode), else 0; every other call 0, and a turn with no call 0 (tool_failure_reward).
import type { FunctionTool } from "../../../shared/schemas/aviary.ts";
import type { FunctionCallItem, Item } from "../../../shared/schemas/responses.ts";
import { HOTPOTQA_TASKS, PASSAGES } from "./hotpotqa_store.ts";
import type { HotpotTask } from "./hotpotqa_store.ts";
import { pyStringRepr } from "./py_repr.ts";

const CORRECT_REWARD = 1;
const INCORRECT_REWARD = 0;
const TOOL_FAILURE_REWARD = 0;
const SEARCH_SENTENCES = 5;
const SIMILAR_TITLES = 5;

/** The episode's state, as the reference's HotPotQAEnvState keeps it (the page as its text). */
export interface HotpotState {
  steps: number;
  done: boolean;
  answer: string | null;
  page: string | null;
  last_action_is_lookup: boolean;
  last_lookup: string | null;
  lookup_results: string[];
  lookup_index: number;
}

export const newHotpotState = (): HotpotState => ({ steps: 0, done: false, answer: null, page: null, last_action_is_lookup: false, last_lookup: null, lookup_results: [], lookup_index: 0 });

const tool = (name: string, param: string, title: string, paramDescription: string, description: string): FunctionTool => ({
  name,
  parameters: { type: "object", properties: { [param]: { description: paramDescription, title, type: "string" } }, required: [param], additionalProperties: false },
  strict: true,
  type: "function",
  description,
});

/** The three tools (names and parameters as the reference's; descriptions in our words). */
export const HOTPOTQA_TOOLS: FunctionTool[] = [
  tool("search", "entity", "Entity", "The entity to look up in the passage store.", "Open the page of an entity and read its first sentences, or get similar titles when no page has that name."),
  tool("lookup", "keyword", "Keyword", "The keyword to find in the current page.", "Read the next paragraph of the current page that contains the keyword."),
  tool("submit_answer", "answer", "Answer", "The answer to the question.", "Submit the final answer to the question. This ends the task."),
];
const PARAMS: Readonly<Record<string, string>> = { search: "entity", lookup: "keyword", submit_answer: "answer" };

export const hotpotTask = (taskIdx: number): HotpotTask | undefined => HOTPOTQA_TASKS[taskIdx];
export const hotpotFirstObservation = (task: HotpotTask) => `Question: ${task.question}`;

// Python's string.punctuation, and its \b for the articles (Unicode word characters).
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const ARTICLE = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/** The reference's normalize_answer: lower case, ASCII punctuation dropped, articles blanked, spaces collapsed. */
export function normalizeAnswer(text: string): string {
  return text.toLowerCase().replace(PUNCTUATION, "").replace(ARTICLE, " ").split(/\s+/u).filter(Boolean).join(" ");
}

/** Titles sharing the most words with the entity, for the reference's "Similar:" list. */
function similarTitles(entity: string): string[] {
  const words = new Set(normalizeAnswer(entity).split(" ").filter(Boolean));
  return Object.keys(PASSAGES)
    .map((title) => ({ title, shared: normalizeAnswer(title).split(" ").filter((w) => words.has(w)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, SIMILAR_TITLES)
    .map(({ title }) => title);
}

const TITLES = new Map(Object.keys(PASSAGES).map((title) => [title.toLowerCase(), title]));

function search(entity: string, state: HotpotState): string {
  if (!entity) {
    state.done = true;
    return "Search failed. No entity provided.";
  }
  const title = TITLES.get(entity.trim().toLowerCase());
  if (title === undefined) {
    state.page = null;
    return `Search for ${pyStringRepr(entity)} returned no results. Similar: [${similarTitles(entity).map(pyStringRepr).join(", ")}].`;
  }
  // Paragraphs of three words or fewer are left out of a page, as the reference does.
  state.page = PASSAGES[title]!.filter((p) => p.split(" ").length > 2).map((p) => `${p}\n`).join("");
  state.last_action_is_lookup = false;
  // Each ". "-separated piece gets a full stop, so a paragraph's last sentence ends "..", as the reference's does.
  const sentences = state.page.split("\n").filter((p) => p.trim()).flatMap((p) => p.split(". ").filter((s) => s.trim()).map((s) => `${s.trim()}.`));
  return sentences.slice(0, SEARCH_SENTENCES).join(" ");
}

function lookup(keyword: string, state: HotpotState): string {
  if (!keyword) {
    state.done = true;
    return "Lookup failed. No keyword provided";
  }
  if (!state.page) return "Lookup failed. You have not specified a Wikipedia page yet.";
  if (!state.last_action_is_lookup || state.last_lookup !== keyword) {
    state.last_lookup = keyword;
    state.lookup_results = state.page.split("\n").filter((p) => p.trim() && p.toLowerCase().includes(keyword.toLowerCase())).map((p) => p.trim());
    state.lookup_index = 0;
  }
  if (state.lookup_index >= state.lookup_results.length) return "No more results.";
  const result = `(Result ${state.lookup_index + 1} / ${state.lookup_results.length}) ${state.lookup_results[state.lookup_index]}`;
  state.lookup_index += 1;
  state.last_action_is_lookup = true;
  return result;
}

function submitAnswer(answer: string, task: HotpotTask, state: HotpotState): { output: string; reward: number } {
  state.done = true;
  if (!answer) return { output: "submit_answer failed since it was provided an empty answer.", reward: 0 };
  state.answer = answer;
  state.last_action_is_lookup = false;
  const correct = normalizeAnswer(answer).includes(normalizeAnswer(task.answer));
  return { output: "Finished.", reward: correct ? CORRECT_REWARD : INCORRECT_REWARD };
}

/** A JSON argument as the tool receives it: text as it is, a number or the like as Python's str() of it. */
function argText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "True" : "False";
  return value === null ? "" : String(value);
}

/**
 * One turn's function calls (arguments parsed), run in order against `state` (mutated). A call of
 * a tool the environment lacks, or with arguments the tool does not take, answers an error and
 * scores 0 (the reference raises there: a 500 would end a training rollout for a model's slip).
 */
export function hotpotStep(calls: { call: FunctionCallItem; args: Record<string, unknown> }[], task: HotpotTask, state: HotpotState): { obs: Item[]; reward: number; done: boolean } {
  state.steps += 1;
  if (calls.length === 0) {
    return { obs: [{ type: "message", role: "user", content: "Must call one of the provided tools: search, lookup or submit_answer." }], reward: TOOL_FAILURE_REWARD, done: state.done };
  }
  const obs: Item[] = [];
  let reward = 0;
  for (const { call, args } of calls) {
    const param = PARAMS[call.name];
    const keys = Object.keys(args);
    let output: string;
    if (param === undefined) output = `Invalid tool call: ${pyStringRepr(call.name)} is not one of search, lookup, submit_answer.`;
    else if (keys.length !== 1 || keys[0] !== param) output = `Error: ${call.name} takes exactly one argument, "${param}".`;
    else if (call.name === "search") output = search(argText(args[param]), state);
    else if (call.name === "lookup") output = lookup(argText(args[param]), state);
    else {
      const result = submitAnswer(argText(args[param]), task, state);
      output = result.output;
      reward += result.reward;
    }
    obs.push({ type: "function_call_output", call_id: call.call_id, output });
  }
  return { obs, reward, done: state.done };
}
