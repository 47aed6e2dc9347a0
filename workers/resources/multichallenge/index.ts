// MultiChallenge (NeMo Gym's multichallenge): a multi-turn conversation and a rubric of yes/no
// questions about the assistant's final reply. The judge answers each question ([[YES]] / [[NO]])
// on the reply without its reasoning; an item passes when the verdict is its pass_criteria, and the
// items' scores make the reward by aggregation_mode (mean by default). A reply the judge's verdict
// cannot be read from is scored NO, as the reference does (counted in num_unreadable_verdicts); a
// judge that fails marks the row judge_failed instead of scoring it.
import declaration, { ContextMessage, MultiChallengeConfig, RubricItem } from "./declaration.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import type { z } from "../../../shared/zod.ts";
import type { JudgeQuestion } from "../../../shared/judge/call.ts";
import { aggregate, askRubric, finalReply, itemMessages, numPassed } from "../../../shared/judge/rubric.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { itemScore, readVerdict, type Verdict } from "./verdict.ts";

type Config = z.infer<typeof MultiChallengeConfig>;

/** The conversation as the judge reads it when the row carries none written out: `[ROLE]: text` blocks. */
const contextOf = (messages: readonly z.infer<typeof ContextMessage>[]): string =>
  messages
    .filter((m) => (m.role ?? "unknown") !== "thinking")
    .map((m) => `[${(m.role ?? "unknown").toUpperCase()}]: ${m.content ?? ""}`)
    .join("\n\n");

function question(config: Config, item: z.infer<typeof RubricItem>, context: string, response: string): { prompt: string; asked: JudgeQuestion<Verdict> } {
  const prompt = formatTemplate(config.judge_prompt_template, { context, response, question: item.question ?? "", pass_criteria: item.pass_criteria ?? "YES" });
  return { prompt, asked: { messages: itemMessages(config.judge_system_message, prompt), read: (text) => readVerdict(withoutThinking(text), config.yes_label, config.no_label) } };
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, MultiChallengeConfig);
    const generated = finalReply(body.response.output);
    const context = body.context || (body.metadata?.messages ? contextOf(body.metadata.messages) : "");
    const rubric = body.rubric?.length ? body.rubric : (body.metadata?.rubric ?? []);

    const questions = rubric.map((item) => question(config, item, context, generated));
    const judge = { ref: config.judge_model_server, settings: config, environment: "multichallenge" };
    const answers = await askRubric(env, judge, questions.map((q) => q.asked), config.parallel_evaluation);

    const evaluations = rubric.map((item, i) => {
      const passCriteria = item.pass_criteria ?? "YES";
      const { verdict } = answers[i]!.verdict;
      return {
        question: item.question ?? "",
        pass_criteria: passCriteria,
        judge_prompt: questions[i]!.prompt,
        judge_response: withoutThinking(answers[i]!.text),
        verdict,
        score: itemScore(verdict, passCriteria),
        weight: item.weight ?? 1,
      };
    });
    return {
      // The reference answers with the rubric taken out and the context as graded.
      rubric: undefined,
      reward: aggregate(evaluations, config.aggregation_mode),
      context,
      generated_response: generated,
      rubric_evaluations: evaluations,
      aggregation_mode: config.aggregation_mode,
      num_passed: numPassed(evaluations),
      num_total: evaluations.length,
      num_unreadable_verdicts: answers.filter((a) => !a.verdict.readable).length,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
