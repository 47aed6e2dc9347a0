// What a self-correcting agent is told about failing code (NeMo Gym's `error_feedback`, which its
// proof_refinement_agent feeds back): LiveCodeBench's self-repair feedback, the first failing test
// and how it failed. The tests are the row's hidden answers, so a test's input, expected output
// and the program's output are shown only for a public test: one whose input and expected output
// the task already shows the model (both appear in the prompt as whole lines, as a statement's
// examples do). Any other failing test is named by its number and kind of failure only, so no
// correction turn can copy a hidden test's answer into the code. Passing code has none (null).
import type { Item, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import type { UnitTests } from "./declaration.ts";
import type { Outcome } from "./run_tests.ts";

const FEEDBACK_FIELD = "error_feedback";

const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter(Boolean);

function itemText(item: Item): string {
  if (item.type !== "message") return "";
  if (typeof item.content === "string") return item.content;
  return item.content.map((part) => (part.type === "input_text" || part.type === "output_text" ? part.text : "")).join("\n");
}

/** Every line of text the task shows the model. */
function promptLines(params: ResponsesCreateParams): string[] {
  const input = typeof params.input === "string" ? params.input : params.input.map(itemText).join("\n");
  return lines(`${params.instructions ?? ""}\n${input}`);
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return true;
  return haystack.some((_, start) => needle.every((line, i) => haystack[start + i] === line));
}

const isPublic = (prompt: readonly string[], input: string, expected: string) => containsRun(prompt, lines(input)) && containsRun(prompt, lines(expected));

const block = (label: string, text: unknown) => `${label}:\n${String(text)}`;

/** The failing test's kind of failure, with the exception's message when the test is public. */
function failure(status: number, metadata: Record<string, unknown>, shown: boolean): string {
  if (status === -3) return "time limit exceeded";
  if (status !== -4) return "wrong answer";
  const error = String(metadata.error ?? "");
  // An exception's message can quote the input: a hidden test shows the exception's type only.
  return `runtime error (${shown ? error : error.split(":", 1)[0]})`;
}

function why(outcome: Outcome, tests: UnitTests, params: ResponsesCreateParams): string | null {
  const { result, metadata } = outcome;
  if (result.every((status) => status === true)) return null;
  if (metadata === null) return "Your program ran out of the time allowed for all the tests together.";
  // A failing test's metadata names its input; without one, the row's tests themselves did not load.
  if (!("inputs" in metadata)) return `The tests could not be run: ${String(metadata.error_message ?? "")}`;
  const index = result.length - 1;
  const shown = isPublic(promptLines(params), tests.inputs[index] ?? "", tests.outputs[index] ?? "");
  const head = `Test ${index + 1} of ${tests.inputs.length} failed: ${failure(result[index] as number, metadata, shown)}.`;
  if (!shown) return `${head} It is a hidden test: its input and expected output are not shown.`;
  const got = result[index] === -2 ? [block("Your output", metadata.output)] : [];
  return [head, block("Input", metadata.inputs), block("Expected output", metadata.expected), ...got].join("\n");
}

const feedback = (text: string | null) => ({ [FEEDBACK_FIELD]: text });

export const NO_REPLY_FEEDBACK = feedback("Your reply was empty: give the whole program in a ```python code block.");
export const NO_CODE_FEEDBACK = feedback("No code block was found in your reply: give the whole program in a ```python code block.");

export function testsFeedback(outcome: Outcome, tests: UnitTests, params: ResponsesCreateParams): { [FEEDBACK_FIELD]: string | null } {
  return feedback(why(outcome, tests, params));
}
