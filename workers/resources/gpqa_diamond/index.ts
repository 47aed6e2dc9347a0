// GPQA-Diamond multiple choice (NeMo Gym's gpqa_diamond, built on mcqa): the row's
// template_metadata.output_regex first (as mcqa reads it), else GPQA's own reading (letter.ts:
// the last box, else the last "Answer: X"). The letter must be one of the options' and the gold one.
import declaration from "./declaration.ts";
import { gpqaLetter } from "./letter.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { optionLetters, templateLetter } from "../../../shared/verifiers/option_letters.ts";

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  // mcqa's get_key_metrics, which the reference inherits.
  keyMetrics: ["mean/reward", { highestK: "pass@1[avg-of-{k}]", scores: ["accuracy", "no_answer"] }, { highestK: "pass@{k}", scores: ["no_answer"] }, { highestK: "majority@{k}", scores: ["accuracy"] }, "pass@1/accuracy"],
  verify(body) {
    const text = joinedOutputText(body.response.output).trim();
    const options = body.options ?? [];
    const letters = optionLetters(options);
    const regex = body.template_metadata?.output_regex;
    let letter = regex === undefined ? null : templateLetter(text, regex, options, letters);
    if (letter === null) {
      letter = gpqaLetter(text);
      // With no options to check against, any letter stands.
      if (letter !== null && letters.size > 0 && !letters.has(letter)) letter = null;
    }
    const gold = body.expected_answer.trim().toUpperCase();
    return { reward: letter !== null && gold !== "" && letter === gold ? 1 : 0, expected_answer: gold, extracted_answer: letter };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
