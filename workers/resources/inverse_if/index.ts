// Inverse IF (NeMo Gym's inverse_if): single-turn instructions with intricate constraints, each row
// carrying its rubric of criteria, a standard response, and usually its own judge prompt template
// and system prompt (the config's defaults stand in for rows without). The judge grades each
// criterion PASS or FAIL from the reply without its reasoning; the scores make the reward by
// aggregation_mode (mean by default). A judge reply no verdict can be read from is FAIL, as the
// reference scores it (counted in num_unreadable_verdicts); a judge that fails marks the row
// judge_failed instead of scoring it.
import declaration, { Criterion, InverseIfConfig } from "./declaration.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import type { z } from "../../../shared/zod.ts";
import type { JudgeQuestion } from "../../../shared/judge/call.ts";
import { aggregate, askRubric, finalReply, itemMessages, numPassed } from "../../../shared/judge/rubric.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { readVerdict, type Verdict } from "./verdict.ts";

interface Grading {
  template: string;
  system: string;
  prompt: string;
  reply: string;
  standard: string;
}

function question(grading: Grading, criterion: z.infer<typeof Criterion>): { prompt: string; asked: JudgeQuestion<Verdict> } {
  const prompt = formatTemplate(grading.template, { prompt: grading.prompt, model_response: grading.reply, standard_response: grading.standard, criteria: criterion.criteria ?? "" });
  return { prompt, asked: { messages: itemMessages(grading.system, prompt), read: (text) => readVerdict(withoutThinking(text)) } };
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, InverseIfConfig);
    const grading: Grading = {
      template: body.judge_prompt_template || config.default_judge_prompt_template,
      system: body.judge_system_prompt || config.default_judge_system_prompt,
      prompt: body.prompt || (body.metadata?.prompt ?? ""),
      reply: finalReply(body.response.output),
      standard: body.reference_response || (body.metadata?.reference_response ?? ""),
    };
    const rubric = body.rubric?.length ? body.rubric : (body.metadata?.rubric ?? []);

    const questions = rubric.map((criterion) => question(grading, criterion));
    const judge = { ref: config.judge_model_server, settings: config, environment: "inverse_if" };
    const answers = await askRubric(env, judge, questions.map((q) => q.asked), config.parallel_evaluation);

    const evaluations = rubric.map((criterion, i) => {
      const { verdict, explanation } = answers[i]!.verdict;
      return {
        criterion_id: criterion.id ?? "",
        criteria: criterion.criteria ?? "",
        judge_prompt: questions[i]!.prompt,
        judge_response: withoutThinking(answers[i]!.text),
        verdict,
        explanation,
        score: verdict === "PASS" ? 1 : 0,
      };
    });
    return {
      // The reference answers with the task's grading material taken out, and what it graded with put back.
      rubric: undefined,
      judge_prompt_template: undefined,
      judge_system_prompt: undefined,
      reward: aggregate(evaluations, config.aggregation_mode),
      prompt: grading.prompt,
      generated_response: grading.reply,
      reference_response: grading.standard,
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
