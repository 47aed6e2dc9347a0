// Reading the judge's replies back out of a rollout NeMo Gym recorded, for servers' declarations
// (Declaration.recordedJudgeReplies): `npm run parity` answers their judge calls with them.
import { ChatCompletion } from "../schemas/chat.ts";
import { ResponseObject } from "../schemas/responses.ts";
import { assistantText, lastAssistantMessage } from "../verifiers/assistant_text.ts";

/** The text of one recorded judge response: a Responses object's last assistant message, or a chat completion's first choice. */
export function recordedReplyText(response: unknown): string | undefined {
  const responses = ResponseObject.safeParse(response);
  if (responses.success) {
    const last = lastAssistantMessage(responses.data.output);
    return last ? assistantText([last]) : "";
  }
  const chat = ChatCompletion.safeParse(response);
  if (chat.success) {
    const content = chat.data.choices[0]!.message.content;
    return typeof content === "string" ? content : "";
  }
  return undefined;
}

/** The replies in a rollout's `judge_evaluations` (`[{responses_create_params, response}, ...]`), in order; undefined when it has none. */
export function judgeEvaluationTexts(rollout: Record<string, unknown>): string[] | undefined {
  const evaluations = rollout.judge_evaluations;
  if (!Array.isArray(evaluations)) return undefined;
  const texts = evaluations.map((e) => recordedReplyText((e as { response?: unknown } | null)?.response));
  return texts.every((t): t is string => t !== undefined) ? texts : undefined;
}
