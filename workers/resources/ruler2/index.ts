// RULER v2 long-context rows, two ways by the row's eval_type. ruler2 (the default): each reference
// scores 1 when the reply contains it, else 1 - WER (floored at 0), both lower-cased, combined by
// match_type (all: mean; part: best, "Document N:" blocks cut; 2steps: mean over the last
// paragraph). multichoice: the letter the reply gives must be the gold letter. Every row returns
// the reply as predicted_answer (control characters as newlines, trimmed) and the letter read.
import declaration from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { joinedOutputText } from "../../../shared/verifiers/assistant_text.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { matchScore } from "./soft_match.ts";
import { mcqLetter } from "./multichoice.ts";
import { computeMetrics } from "./metrics.ts";

const CONTROL = /[\x00-\x1f]/g;

const server = defineResourcesServer({
  declaration,
  tools: {},
  computeMetrics,
  // NeMo Gym's get_key_metrics: token means, pass@1[avg-of-k] and pass@k at the highest k, the suite means.
  keyMetrics: ["mean/input_tokens", "mean/output_tokens", { highestK: "pass@1[avg-of-{k}]" }, { highestK: "pass@{k}" }, { prefix: "ruler2_suite_avg/" }],
  verify(body) {
    const reply = joinedOutputText(body.response.output);
    const common = {
      eval_type: body.eval_type,
      match_type: body.match_type,
      task: body.task ?? null,
      length: body.length ?? null,
      predicted_answer: pyStrip(pyStrip(reply).replace(CONTROL, "\n")),
    };
    if (body.eval_type === "multichoice") {
      const letter = mcqLetter(reply);
      // A list is never a letter (NeMo Gym compares its Python repr).
      const gold = typeof body.expected_answer === "string" ? pyStrip(body.expected_answer).toUpperCase() : null;
      return { ...common, reward: letter !== null && letter === gold ? 1 : 0, extracted_answer: letter };
    }
    const references = Array.isArray(body.expected_answer) ? body.expected_answer : [body.expected_answer];
    return { ...common, reward: matchScore(body.match_type, reply, references), extracted_answer: null };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
