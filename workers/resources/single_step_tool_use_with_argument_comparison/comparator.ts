// An action against the expected one, NeMo Gym's ActionComparator: a message expected is met by
// any message; tool calls are matched as an unordered multiset (a maximum bipartite matching, as
// one fuzzy call may fit several expected ones), each pair by name and then by a recursive
// comparison of the arguments (Python types must agree, dict keys and list lengths too; floats
// within a tolerance; strings of two words or more by shared word counts). The category names the
// first reason, in the reference's words.
import { parseExact } from "../../../shared/json/exact.ts";
import { pySplit } from "../../../shared/verifiers/python_str.ts";
import type { ExpectedAction, ToolCallComparatorConfig } from "./declaration.ts";

export const CATEGORY = {
  noActionFound: "No tool call or chat message was found in the response",
  noExpectedToolCall: "No tool call was found when one was expected",
  expectedChatMessageFound: "A chat message was found as expected",
  noExpectedChatMessage: "A tool call was executed when a chat message was expected",
  unexpectedTool: "The tool in a tool call is not the expected tool",
  argumentsDecodeError: "An error occurred when decoding the arguments string in a tool call as a JSON object",
  argumentValueTypeDifferent: "The type of an argument value in a tool call is different than the expected type",
  argumentObjectKeysDifferent: "The keys in an object in an argument value in a tool call are different than the keys in the expected object",
  argumentListLengthDifferent: "A list in an argument value in a tool call has a different length than the expected list",
  argumentValueDifferent: "An argument value in a tool call is different than the expected value",
  expectedToolCall: "A tool call that matches the expected tool call was found",
  batchLengthDifferent: "The number of tool calls in a batch is different than expected",
  expectedToolCallBatch: "A tool-call batch that matches the expected tool calls was found",
} as const;
export type Category = (typeof CATEGORY)[keyof typeof CATEGORY];

export interface Comparison {
  reward: number;
  category: Category;
}

interface Call {
  name: string;
  arguments: string;
}

/** A JSON value's Python type (parseExact keeps 2.0 a float and big integers exact). */
function pyType(value: unknown): "NoneType" | "bool" | "int" | "float" | "str" | "list" | "dict" {
  if (value === null) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  if (typeof value === "bigint") return "int";
  if (value instanceof Number) return "float";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return Array.isArray(value) ? "list" : "dict";
}

/** isinstance(actual, type(expected)): bool is an int too. */
const isInstance = (actual: unknown, expected: unknown) => {
  const [a, e] = [pyType(actual), pyType(expected)];
  return a === e || (e === "int" && a === "bool");
};

/** An int or bool as a bigint, for Python's == (True == 1). */
const intValue = (v: unknown): bigint => (typeof v === "boolean" ? (v ? 1n : 0n) : typeof v === "bigint" ? v : BigInt(v as number));

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of pySplit(text.toLowerCase())) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

function stringsMatch(expected: string, actual: string, threshold: number): boolean {
  const [e, a] = [wordCounts(expected), wordCounts(actual)];
  const [eTotal, aTotal] = [total(e), total(a)];
  if (eTotal < 2 || aTotal < 2) return expected === actual;
  let shared = 0;
  for (const [word, n] of e) shared += Math.min(n, a.get(word) ?? 0);
  return shared / (eTotal + aTotal) >= threshold;
}

/** The first difference between an expected argument value and the actual one; undefined when they match. */
function argumentDifference(expected: unknown, actual: unknown, config: ToolCallComparatorConfig): Category | undefined {
  if (!isInstance(actual, expected)) return CATEGORY.argumentValueTypeDifferent;
  switch (pyType(expected)) {
    case "dict": {
      const [e, a] = [expected as Record<string, unknown>, actual as Record<string, unknown>];
      const keys = Object.keys(e);
      if (keys.length !== Object.keys(a).length || !keys.every((k) => Object.hasOwn(a, k))) return CATEGORY.argumentObjectKeysDifferent;
      for (const key of keys) {
        const difference = argumentDifference(e[key], a[key], config);
        if (difference) return difference;
      }
      return undefined;
    }
    case "list": {
      const [e, a] = [expected as unknown[], actual as unknown[]];
      if (e.length !== a.length) return CATEGORY.argumentListLengthDifferent;
      for (const [i, item] of e.entries()) {
        const difference = argumentDifference(item, a[i], config);
        if (difference) return difference;
      }
      return undefined;
    }
    case "float":
      return Math.abs(Number(actual) - Number(expected)) < config.floating_point_comparison_threshold ? undefined : CATEGORY.argumentValueDifferent;
    case "str":
      return stringsMatch(expected as string, actual as string, config.word_count_similarity_threshold) ? undefined : CATEGORY.argumentValueDifferent;
    case "int":
    case "bool":
      return intValue(expected) === intValue(actual) ? undefined : CATEGORY.argumentValueDifferent;
    case "NoneType":
      return undefined;
  }
}

/** Arguments text read as Python's json.loads reads it; undefined when it is not JSON. */
function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: parseExact(text) };
  } catch {
    return undefined;
  }
}

function compareCall(expected: Call, actual: Call, actualArgs: () => { value: unknown } | undefined, config: ToolCallComparatorConfig): Comparison {
  if (expected.name !== actual.name) return { reward: 0, category: CATEGORY.unexpectedTool };
  const args = actualArgs();
  if (!args) return { reward: 0, category: CATEGORY.argumentsDecodeError };
  // The row's schema made sure the expected text is JSON.
  const difference = argumentDifference(parsed(expected.arguments)!.value, args.value, config);
  return difference ? { reward: 0, category: difference } : { reward: 1, category: CATEGORY.expectedToolCall };
}

/** Kuhn's augmenting paths, most constrained expected call first: actual index -> expected index. */
function maximumMatching(candidates: readonly number[][]): Map<number, number> {
  const matching = new Map<number, number>();
  const augment = (expected: number, visited: Set<number>): boolean => {
    for (const actual of candidates[expected]!) {
      if (visited.has(actual)) continue;
      visited.add(actual);
      const holder = matching.get(actual);
      if (holder === undefined || augment(holder, visited)) {
        matching.set(actual, expected);
        return true;
      }
    }
    return false;
  };
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[a]!.length - candidates[b]!.length);
  for (const expected of order) augment(expected, new Set());
  return matching;
}

function admissible(expectedCount: number, actualCount: number, config: ToolCallComparatorConfig): boolean {
  if (actualCount === expectedCount || !config.parallel_tool_call_rewarding) return true;
  return actualCount < expectedCount ? config.allow_subset : config.allow_superset;
}

function score(matched: number, expectedCount: number, actualCount: number, config: ToolCallComparatorConfig): number {
  if (!config.parallel_tool_call_rewarding) return matched === expectedCount ? 1 : 0;
  if (config.parallel_tool_call_reward_mode === "f1") return expectedCount + actualCount ? (2 * matched) / (expectedCount + actualCount) : 0;
  const required = config.allow_subset ? Math.min(expectedCount, actualCount) : expectedCount;
  if (config.parallel_tool_call_reward_mode === "fractional") return required ? matched / required : 0;
  return matched === required ? 1 : 0;
}

function compareCalls(expected: readonly Call[], actual: readonly Call[], config: ToolCallComparatorConfig): Comparison {
  // Each actual call's arguments parsed once, however many expected calls it is held against.
  const parsedArgs = actual.map((call) => {
    let cached: { value: unknown } | undefined | null = null;
    return () => (cached === null ? (cached = parsed(call.arguments)) : cached);
  });
  // One call each: the single-call categories, whatever the parallel settings.
  if (expected.length === 1 && actual.length === 1) return compareCall(expected[0]!, actual[0]!, parsedArgs[0]!, config);
  if (!admissible(expected.length, actual.length, config)) return { reward: 0, category: CATEGORY.batchLengthDifferent };
  const reasons: Category[] = [];
  const candidates = expected.map((call) => {
    let reason: Category = CATEGORY.unexpectedTool;
    const fits: number[] = [];
    actual.forEach((other, i) => {
      const result = compareCall(call, other, parsedArgs[i]!, config);
      if (result.reward === 1) fits.push(i);
      // The first miss that got past the tool's name explains the nearest one.
      else if (reason === CATEGORY.unexpectedTool) reason = result.category;
    });
    reasons.push(reason);
    return fits;
  });
  const matching = maximumMatching(candidates);
  const reward = score(matching.size, expected.length, actual.length, config);
  if (reward === 1) return { reward, category: expected.length === 1 ? CATEGORY.expectedToolCall : CATEGORY.expectedToolCallBatch };
  const matchedExpected = new Set(matching.values());
  const unmatched = expected.map((_, i) => i).filter((i) => !matchedExpected.has(i));
  // Only surplus calls, or only missing ones, are left: the count is what cost the reward.
  if (unmatched.length === 0 || matchedExpected.size === actual.length) return { reward, category: CATEGORY.batchLengthDifferent };
  return { reward, category: reasons[unmatched[0]!]! };
}

const callsOf = (action: ExpectedAction): Call[] => (action.type === "function_call_batch" ? action.calls : action.type === "function_call" ? [action] : []);

export function compareAction(expected: ExpectedAction, actual: ExpectedAction, config: ToolCallComparatorConfig): Comparison {
  if (expected.type === "message") {
    // Any message is the expected kind of step; its words are not graded.
    return actual.type === "message" ? { reward: 1, category: CATEGORY.expectedChatMessageFound } : { reward: 0, category: CATEGORY.noExpectedChatMessage };
  }
  if (actual.type === "message") return { reward: 0, category: CATEGORY.noExpectedToolCall };
  return compareCalls(callsOf(expected), callsOf(actual), config);
}
