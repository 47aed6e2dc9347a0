// Free-form short answers: extract the answer the way the row says (last \boxed{}, after
// "Final answer:", the last line, or the whole reply), then compare it with expected_answer
// after normalisation (1, 0.98 for a number within about 1%, else 0), or exactly when the row is
// case-sensitive.
import { z } from "../../../shared/zod.ts";
import declaration, { ExtractionMode } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { finalAnswer, lastLine } from "../../../shared/verifiers/answer_extract.ts";
import { matchAnswer, matchAnswerExactly } from "../../../shared/verifiers/answer_match.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { lastClosedBoxed } from "../../../shared/verifiers/boxed.ts";
import { stripTextWrappers } from "../../../shared/verifiers/latex.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

function boxed(text: string): string | undefined {
  const inner = lastClosedBoxed(text);
  return inner === undefined ? undefined : stripTextWrappers(inner.trim()).trim();
}

const EXTRACT: Record<z.infer<typeof ExtractionMode>, (text: string) => string | undefined> = {
  boxed,
  // A reply that boxes its answer instead of labelling it still counts.
  final_answer: (text) => finalAnswer(text) ?? boxed(text),
  last_line: lastLine,
  full_response: (text) => text || undefined,
};

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  verify(body) {
    const extracted = EXTRACT[body.extraction_mode](assistantText(body.response.output)) ?? null;
    const match = body.case_sensitive ? matchAnswerExactly : matchAnswer;
    const reward = extracted !== null && body.expected_answer ? match(body.expected_answer, extracted) : 0;
    return { reward, extracted_answer: extracted };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
