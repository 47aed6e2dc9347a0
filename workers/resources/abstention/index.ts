// Answering only when sure (NeMo Gym's abstention): the reply's last \boxed{} (else the whole
// reply, reasoning removed) is the answer. The abstention token in the box ([IDK], compared after
// SQuAD normalisation) abstains with no judge call; any other answer is graded by a judge model
// against the gold target as A CORRECT, B INCORRECT or C NOT_ATTEMPTED, C counting as an
// abstention. Rewards: correct_reward, abstention_reward, incorrect_reward. A judge reply naming
// no grade counts as B, as the reference scores it (judge_unparsable says so); a judge that fails
// or answers nothing marks the row judge_failed, never a reward.
import declaration, { AbstentionConfig } from "./declaration.ts";
import { withoutThinking } from "../../../shared/verifiers/thinking.ts";
import { gradeByLetter, lastReplyText, tierFlags, type LetterScale } from "../../../shared/judge/graded_letters.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import { lastBoxed } from "../../../shared/verifiers/boxed.ts";

const SCALE: LetterScale = { letters: ["A", "B", "C"], match: "whole", fallback: "B" };
const VERDICTS: Record<string, string> = { A: "correct", B: "incorrect", C: "abstain" };
const TIERS = { is_correct: "correct", is_abstain: "abstain", is_incorrect: "incorrect" };

// A word character as Python's `\w` reads one (letters, digits, underscore in any script).
const ARTICLE = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
const PUNCTUATION = /[^\p{L}\p{N}_\s]/gu;

/** SQuAD-style normalisation: lower case, articles and punctuation removed, spaces collapsed. */
export function normalizeAnswer(text: string): string {
  return text.toLowerCase().trim().replace(ARTICLE, " ").replace(PUNCTUATION, "").split(/\s+/).filter(Boolean).join(" ");
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  answerKey: "extracted_answer",
  async verify(body, { env }) {
    const config = instanceConfig(env, AbstentionConfig);
    const reply = withoutThinking(lastReplyText(body.response.output));
    const extracted = lastBoxed(reply) ?? reply;
    const graded = { extracted_answer: extracted, ground_truth: body.answer };
    const result = (verdict: string, reward: number, judgeOutput: string | null) => {
      const flags = tierFlags(verdict, TIERS);
      return { reward, ...graded, verdict, judge_output: judgeOutput, ...flags, omniscience_index: flags.is_correct - flags.is_incorrect };
    };
    if (normalizeAnswer(extracted) === normalizeAnswer(config.abstention_token)) return result("abstain", config.abstention_reward, null);

    const prompt = formatTemplate(config.judge_prompt_template, { question: body.question, target: body.answer, predicted_answer: extracted });
    const judge = { ref: config.judge_model_server, settings: config, environment: "abstention" };
    const grade = await gradeByLetter(env, judge, prompt, SCALE);
    const verdict = VERDICTS[grade.letter]!;
    const reward = verdict === "correct" ? config.correct_reward : verdict === "abstain" ? config.abstention_reward : config.incorrect_reward;
    return { ...result(verdict, reward, grade.text), ...(grade.fallback ? { judge_unparsable: true } : {}) };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
