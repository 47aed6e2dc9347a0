// When an attempt is corrected, and with what. Solved is the verifier's `needs_correction: false`
// where it says (NeMo Gym's math_formal_lean does), else a reward at the maximum; an undecided
// verification (a failure class) is never corrected, nor an attempt the verifier gave no feedback.
import type { Item, ResponsesCreateParams } from "../../../shared/schemas/responses.ts";
import { FAILURE_CLASS_KEY } from "../../../shared/schemas/run.ts";
import type { VerifyResponse } from "../../../shared/schemas/run.ts";

/** The verifier's feedback on the attempt, when it needs correcting and there is any. */
export function feedbackToCorrect(verified: VerifyResponse, feedbackField: string, maxReward: number): string | undefined {
  if (verified[FAILURE_CLASS_KEY] !== undefined) return undefined;
  const needed = typeof verified.needs_correction === "boolean" ? verified.needs_correction : verified.reward! < maxReward;
  const feedback = verified[feedbackField];
  return needed && typeof feedback === "string" && feedback.trim() !== "" ? feedback : undefined;
}

function lastUserText(params: ResponsesCreateParams): string {
  if (typeof params.input === "string") return params.input;
  const message = params.input.findLast((item): item is Extract<Item, { type: "message" }> => item.type === "message" && item.role === "user");
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "input_text" || part.type === "output_text" ? part.text : "")).join("");
}

/** The correction turn's user message. One pass, so text inside the feedback is never substituted. */
export function correctionMessage(template: string, feedback: string, params: ResponsesCreateParams): Item {
  const values: Record<string, string> = { feedback, prompt: lastUserText(params) };
  return { type: "message", role: "user", content: template.replace(/\{(feedback|prompt)\}/g, (_, key: string) => values[key]!) };
}
