// The response's action against the expected one. A message matches any non-empty message. A call
// matches when both argument strings decode to JSON objects, the call's arguments are valid under
// its tool's declared schema, it names the expected tool, uses no argument key the expected call
// lacks, and passes its harness's rule for that tool (rules.ts). A batch matches call for call,
// both sorted by (name, canonical arguments), the first failing pair giving the verdict.
import { parseExact } from "../../../shared/json/exact.ts";
import { compareCodePoints, pyJsonDumps } from "../../../shared/json/python_text.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { Category, fail, pass, type Verdict } from "./categories.ts";
import type { Action, FunctionCallAction } from "./declaration.ts";
import { ruleFor } from "./rules.ts";
import { coerceStringified, validArguments, type Json } from "./tool_schemas.ts";

export interface Comparison {
  harness: string;
  threshold: number;
  schemas: Map<string, Json>;
}

type Decoded = { args: Json } | { verdict: Verdict };

function decode(text: string): Decoded {
  let value: unknown;
  try {
    value = parseExact(text);
  } catch {
    return { verdict: fail(Category.ARGUMENTS_DECODE_ERROR) };
  }
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Number);
  return isObject ? { args: value as Json } : { verdict: fail(Category.ARGUMENTS_NOT_OBJECT) };
}

function compareCall(expected: FunctionCallAction, actual: FunctionCallAction, c: Comparison): Verdict {
  const want = decode(expected.arguments);
  if ("verdict" in want) return want.verdict;
  const got = decode(actual.arguments);
  if ("verdict" in got) return got.verdict;
  const schema = c.schemas.get(actual.name);
  if (!schema) return fail(Category.TOOL_SCHEMA_NOT_FOUND);
  coerceStringified(got.args, schema);
  if (!validArguments(got.args, schema)) return fail(Category.TOOL_SCHEMA_VALIDATION_FAILED);
  if (expected.name !== actual.name) return fail(Category.UNEXPECTED_TOOL);
  if (Object.keys(got.args).some((key) => !Object.hasOwn(want.args, key))) return fail(Category.UNEXPECTED_ARGUMENT_KEYS);
  return ruleFor(c.harness, expected.name)?.(want.args, got.args, c.threshold) ?? pass();
}

/** A call's place in a batch: its name, then its arguments as sorted compact JSON (as written when they are no object). */
function sortKey(call: FunctionCallAction): [string, string] {
  const decoded = decode(call.arguments);
  return [call.name, "args" in decoded ? pyJsonDumps(decoded.args, { sortKeys: true, separators: [",", ":"] }) : call.arguments];
}

function sorted(calls: readonly FunctionCallAction[]): FunctionCallAction[] {
  const keyed = calls.map((call) => ({ call, key: sortKey(call) }));
  keyed.sort((a, b) => compareCodePoints(a.key[0], b.key[0]) || compareCodePoints(a.key[1], b.key[1]));
  return keyed.map((k) => k.call);
}

export function compareAction(expected: Action, actual: Action, c: Comparison): Verdict {
  if (expected.type !== actual.type) return fail(Category.ACTION_TYPE_MISMATCH);
  if (actual.type === "message") return pyStrip(actual.content) ? pass(Category.EXPECTED_CHAT_MESSAGE_FOUND) : fail(Category.EMPTY_MESSAGE);
  if (expected.type === "function_call" && actual.type === "function_call") return compareCall(expected, actual, c);
  if (expected.type !== "function_call_batch" || actual.type !== "function_call_batch") return fail(Category.ACTION_TYPE_MISMATCH);
  if (expected.calls.length !== actual.calls.length) return fail(Category.FUNCTION_CALL_BATCH_LENGTH_DIFFERENT);
  const [wanted, made] = [sorted(expected.calls), sorted(actual.calls)];
  for (let i = 0; i < wanted.length; i++) {
    const verdict = compareCall(wanted[i]!, made[i]!, c);
    if (!verdict.matches) return verdict;
  }
  return pass(Category.EXPECTED_TOOL_CALL_BATCH);
}
