// Short answers graded by a judge model (NeMo Gym's equivalence_llm_judge): the last assistant
// message against expected_answer, asked with (expected, generated) and, only if the judge says
// equal, again with the two swapped; the reward is 1 only when both say equal. The question shown
// to the judge is the row's last user message. A judge that fails marks the row with a failure
// class (judge_failed), never a reward of 0.
import declaration, { JudgeConfig } from "./declaration.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import type { Item, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { assistantText, lastAssistantMessage } from "../../../shared/verifiers/assistant_text.ts";
import { judgeEquivalence } from "../../../shared/judge/equivalence.ts";
import { SHORT_ANSWER_JUDGE_PROMPT } from "./judge_prompt.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

function lastUserText(input: ResponsesCreateParams["input"]): string {
  if (typeof input === "string") return input.trim();
  const last = input.findLast((item) => item.type === "message" && item.role === "user");
  if (last?.type !== "message") return "";
  if (typeof last.content === "string") return last.content.trim();
  return last.content.flatMap((part) => (part.type === "input_text" || part.type === "output_text" ? [part.text] : [])).join("\n").trim();
}

/** The generated answer: the last assistant message, as the reference reads it (earlier drafts are not answers). */
function lastAssistantText(output: readonly Item[]): string {
  const last = lastAssistantMessage(output);
  return last ? assistantText([last]) : "";
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  async verify(body, { env }) {
    const config = instanceConfig(env, JudgeConfig);
    const generated = lastAssistantText(body.response.output);
    // Nothing to compare: no judge call, and no judgement to record.
    if (!generated) return { reward: 0, extracted_answer: null, judge_evaluations: [] };
    const judge = { ref: config.judge_model_server, settings: config, environment: "equivalence_llm_judge" };
    const judged = await judgeEquivalence(env, judge, {
      prompt: SHORT_ANSWER_JUDGE_PROMPT,
      question: lastUserText(body.responses_create_params.input),
      expected: body.expected_answer,
      generated,
    });
    return { reward: judged.equal ? 1 : 0, extracted_answer: generated, judge_evaluations: judged.evaluations };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
