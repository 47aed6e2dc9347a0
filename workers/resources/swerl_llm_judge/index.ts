// SWE-style multiple choice: the model compares proposed fixes (git diffs labelled A, B, ...) and
// names one in `<solution>X</solution>`. The row's grading mode says how the block is read; the
// letter must be an option's and one of the gold letters.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { optionLetters } from "../../../shared/verifiers/option_letters.ts";
import { lenientChoice, strictChoice } from "./solution.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

/** The distinct single letters of expected_answer, upper-cased, in order. */
function goldLetters(expected: string | readonly unknown[] | null | undefined): string[] {
  const raw = typeof expected === "string" ? [expected] : (expected ?? []).filter((x): x is string => typeof x === "string");
  const letters = raw.map((x) => x.trim().toUpperCase()).filter((x) => /^\p{L}$/u.test(x));
  return [...new Set(letters)];
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  verify(body) {
    const text = assistantText(body.response.output);
    const letters = optionLetters(body.options ?? []);
    const choice = body.grading_mode === "strict" ? strictChoice(text, letters) : lenientChoice(text, letters);
    // Without options every gold letter stands; with them, only the options' letters.
    const golds = goldLetters(body.expected_answer).filter((g) => letters.size === 0 || letters.has(g));
    return {
      reward: choice !== null && golds.includes(choice) ? 1 : 0,
      expected_answer: golds.length === 1 ? golds[0]! : golds,
      extracted_answer: choice,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
