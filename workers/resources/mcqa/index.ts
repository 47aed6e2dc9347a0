// Multiple-choice QA: the letter the answer chose, read the way the row's grading mode (or the
// instance's) says, against the gold letter. A row's template_metadata.output_regex comes first.
import declaration, { GradingMode, McqaConfig, RowGradingMode } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText } from "../../../shared/verifiers/assistant_text.ts";
import { answerColonLetter, boxedLetter, boxedOptionText, optionLetters, templateLetter } from "./letters.ts";
import type { Options } from "./letters.ts";
import { answerColonMdLetter } from "./answer_colon_md.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

function letterByMode(mode: GradingMode, text: string, options: Options, letters: ReadonlySet<string>): string | null {
  switch (mode) {
    case "strict_single_letter_boxed":
      return boxedLetter(text, letters);
    case "lenient_boxed":
      return boxedLetter(text, letters) ?? boxedOptionText(text, options, letters);
    case "lenient_answer_colon":
      return answerColonLetter(text, options, letters);
    case "lenient_answer_colon_md":
      return answerColonMdLetter(text, letters);
  }
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  // NeMo Gym's mcqa get_key_metrics.
  keyMetrics: ["mean/reward", { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy", "no_answer"] }, { highestK: "pass@{k}", scores: ["no_answer"] }, { highestK: "majority@{k}", scores: ["accuracy"] }, "pass@1/accuracy"],
  verify(body, { env }) {
    const text = assistantText(body.response.output);
    const options = body.options ?? [];
    const letters = optionLetters(options);
    const mode = instanceConfig(env, McqaConfig).grading_mode ?? body.grading_mode;
    const regex = body.template_metadata?.output_regex;
    let letter: string | null = null;
    if (text) {
      if (regex !== undefined) letter = templateLetter(text, regex, options, letters);
      letter ??= letterByMode(mode, text, options, letters);
    }
    const gold = body.expected_answer.trim().toUpperCase();
    return { reward: letter !== null && gold !== "" && letter === gold ? 1 : 0, expected_answer: gold, extracted_answer: letter };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
