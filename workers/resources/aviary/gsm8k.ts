// fhaviary's GSM8k CalculatorEnv: the problem is the one observation; the model calls
// `calculator(expr)` (a Python expression, python_calc.ts) and ends with `submit_answer(answer)`.
// Rewards: a correct answer 1, a wrong one 0, a tool failure -1 (a calculator error, an answer
// that is not a number, a turn with no known tool), a calculator success 0. A calculator error
// ends the episode, as a submission does. Correct: |answer - truth| / (|truth| + 1e-4) < 1e-4.
import type { FunctionCallItem, Item } from "../../../shared/schemas/responses.ts";
import type { FunctionTool } from "../../../shared/schemas/aviary.ts";
import { CalcError, evaluate, floatRepr } from "./python_calc.ts";
import { GSM8K_TRAIN } from "./gsm8k_tasks.ts";
import { pyStringRepr } from "./py_repr.ts";
import type { Gsm8kTask } from "./gsm8k_tasks.ts";

const CORRECT_REWARD = 1;
const INCORRECT_REWARD = 0;
const TOOL_FAILURE_REWARD = -1;
const TOOL_SUCCESS_REWARD = 0;
const REL_TOL = 1e-4;
const PY_INT_MAX_STR_DIGITS = 4300;

const stringParameter = (name: string, title: string, description: string) => ({
  type: "object",
  properties: { [name]: { description, title, type: "string" } },
  required: [name],
  additionalProperties: false,
});

/** The two tools, as the reference describes them to the model (names, parameters, descriptions). */
export const GSM8K_TOOLS: FunctionTool[] = [
  { name: "calculator", parameters: stringParameter("expr", "Expr", "A valid Python expression."), strict: true, type: "function", description: "Calculate a mathematical expression." },
  {
    name: "submit_answer",
    parameters: stringParameter("answer", "Answer", "Proposed answer."),
    strict: true,
    type: "function",
    description: "Submit the proposed answer and check if it is correct. This action is terminal.",
  },
];
const TOOL_NAMES = new Set(GSM8K_TOOLS.map((t) => t.name));

export function gsm8kTask(taskIdx: number): Gsm8kTask | undefined {
  return GSM8K_TRAIN[taskIdx];
}

export interface ToolResult {
  output: string;
  reward: number;
  done: boolean;
}

export interface Gsm8kStep {
  obs: Item[];
  reward: number;
  done: boolean;
}

/** The tool's result as the reference prints it: an int when the value is whole, else Python's float repr. */
function calculator(expr: unknown): ToolResult {
  const failure = (why: string): ToolResult => ({ output: `Error using calculator: ${why}.`, reward: TOOL_FAILURE_REWARD, done: true });
  if (typeof expr !== "string") return failure(`AttributeError("'${expr === null ? "NoneType" : typeof expr}' object has no attribute 'strip'")`);
  try {
    const value = evaluate(expr.trim());
    if ("int" in value) {
      const digits = value.int.toString();
      // Python refuses to print an int this long (its int-to-str digit limit).
      if (digits.replace("-", "").length > PY_INT_MAX_STR_DIGITS) return failure(`ValueError('Exceeds the limit (${PY_INT_MAX_STR_DIGITS} digits) for integer string conversion')`);
      return { output: digits, reward: TOOL_SUCCESS_REWARD, done: false };
    }
    // A whole float is an int; infinity cannot be one (the reference's OverflowError), NaN stays a float.
    if (value.float === Infinity || value.float === -Infinity) return failure(`OverflowError('cannot convert float infinity to integer')`);
    const output = Number.isInteger(value.float) ? BigInt(value.float).toString() : floatRepr(value.float);
    return { output, reward: TOOL_SUCCESS_REWARD, done: false };
  } catch (err) {
    if (!(err instanceof CalcError)) throw err;
    return failure(`${err.pyType}(${pyStringRepr(err.message)})`);
  }
}

// Python's float(): surrounding whitespace, a sign, digits with single underscores between them, inf and nan.
const DIGITS = String.raw`\d(?:_?\d)*`;
const PY_FLOAT = new RegExp(String.raw`^[+-]?(?:(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf(?:inity)?|nan)$`, "i");

function pyFloat(answer: unknown): number | undefined {
  if (typeof answer === "number") return answer;
  if (typeof answer === "boolean") return answer ? 1 : 0;
  if (typeof answer !== "string") return undefined;
  const text = answer.trim();
  if (!PY_FLOAT.test(text)) return undefined;
  const lower = text.toLowerCase().replace(/^[+]/, "");
  if (lower.endsWith("inf") || lower.endsWith("infinity")) return lower.startsWith("-") ? -Infinity : Infinity;
  if (lower.endsWith("nan")) return NaN;
  return Number(text.replaceAll("_", ""));
}

function submitAnswer(answer: unknown, truth: number): ToolResult {
  const value = pyFloat(answer);
  if (value === undefined) return { output: "False", reward: TOOL_FAILURE_REWARD, done: true };
  const correct = Math.abs(value - truth) / (Math.abs(truth) + REL_TOL) < REL_TOL;
  return { output: correct ? "True" : "False", reward: correct ? CORRECT_REWARD : INCORRECT_REWARD, done: true };
}

/** One tool call; arguments the tool does not take (missing, extra) are a tool failure. */
function runTool(name: string, args: Record<string, unknown>, task: Gsm8kTask): ToolResult {
  const param = name === "calculator" ? "expr" : "answer";
  const keys = Object.keys(args);
  if (keys.length !== 1 || keys[0] !== param) return { output: `Error: ${name} takes exactly one argument, "${param}".`, reward: TOOL_FAILURE_REWARD, done: true };
  return name === "calculator" ? calculator(args[param]) : submitAnswer(args[param], task.answer);
}

/**
 * One turn's function calls (their arguments parsed already). Known tools run in order, their
 * rewards summed, the episode done if any is; calls of unknown tools answer "" and score only when
 * no known tool was called (-1 each). No call at all is a failure too.
 */
export function gsm8kStep(calls: { call: FunctionCallItem; args: Record<string, unknown> }[], task: Gsm8kTask): Gsm8kStep {
  if (calls.length === 0) {
    return { obs: [{ type: "message", role: "user", content: "Call one of the tools you were given: calculator or submit_answer." }], reward: TOOL_FAILURE_REWARD, done: true };
  }
  const valid = calls.filter(({ call }) => TOOL_NAMES.has(call.name));
  const unknown = calls.filter(({ call }) => !TOOL_NAMES.has(call.name));
  const unknownOutputs: Item[] = unknown.map(({ call }) => ({ type: "function_call_output", call_id: call.call_id, output: "" }));
  if (valid.length === 0) return { obs: unknownOutputs, reward: TOOL_FAILURE_REWARD * unknown.length, done: true };
  const obs: Item[] = [];
  let reward = 0;
  let done = false;
  for (const { call, args } of valid) {
    const result = runTool(call.name, args, task);
    obs.push({ type: "function_call_output", call_id: call.call_id, output: result.output });
    reward += result.reward;
    done ||= result.done;
  }
  return { obs: [...obs, ...unknownOutputs], reward, done };
}
