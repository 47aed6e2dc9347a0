// Judges that grade a reply with one letter per tier (NeMo Gym's simpleqa, omniscience and
// abstention: A CORRECT, B INCORRECT, then NOT_ATTEMPTED and, for omniscience, PARTIAL_ANSWER).
// What the three share: reading the reply they grade, asking the judge one question, reading its
// letter as NeMo reads it (never failing: an unreadable reply scores the server's fallback
// tier), the per-tier 0/1 fields, and the judge reply a recorded rollout holds.
import type { Item } from "../schemas/responses.ts";
import { askJudge, type Judge } from "./call.ts";
import type { JudgeCallSettings } from "./settings.ts";

/**
 * The text of the last assistant message that has any text (NeMo's extract_text_from_response):
 * its parts joined by newlines and trimmed; "" when there is none.
 */
export function lastReplyText(output: readonly Item[]): string {
  for (let i = output.length - 1; i >= 0; i--) {
    const item = output[i]!;
    if (item.type !== "message" || item.role !== "assistant") continue;
    const texts = typeof item.content === "string" ? [item.content] : item.content.flatMap((part) => ("text" in part && typeof part.text === "string" ? [part.text] : []));
    if (texts.length > 0) return texts.join("\n").trim();
  }
  return "";
}

export interface LetterScale {
  /** The grade letters, in the order a letter found anywhere in the reply is looked for. */
  letters: readonly string[];
  /**
   * How the whole reply, then its last line, names a letter: "leading" when it starts with one
   * ("A: CORRECT", simpleqa), "whole" when it is exactly one (omniscience, abstention).
   */
  match: "leading" | "whole";
  /** The letter a reply that names none is scored as. */
  fallback: string;
}

export interface ReadLetter {
  letter: string;
  /** The reply named no letter: `letter` is the scale's fallback. */
  fallback: boolean;
}

/**
 * The judge's letter, as NeMo reads it: from the trimmed reply, then its last line, then the first
 * of `letters` found anywhere in it (the scale's order, not the reply's), else the fallback.
 */
export function readLetter(text: string, scale: LetterScale): ReadLetter {
  const names = (s: string) => (scale.match === "leading" ? s.slice(0, 1) : s);
  const cleaned = text.trim();
  const lastLine = cleaned.slice(cleaned.lastIndexOf("\n") + 1).trim();
  for (const candidate of [names(cleaned), names(lastLine)]) if (scale.letters.includes(candidate)) return { letter: candidate, fallback: false };
  const anywhere = scale.letters.find((letter) => cleaned.includes(letter));
  return anywhere === undefined ? { letter: scale.fallback, fallback: true } : { letter: anywhere, fallback: false };
}

/**
 * The sampling parameters NeMo's servers send a chat-completions judge: only max_tokens, temperature
 * and top_p, from the Responses params, each defaulting (also when 0, as Python's `or` does) to 64, 0, 1.
 */
export function chatJudgeParams(settings: JudgeCallSettings): Record<string, unknown> | undefined {
  if (!settings.use_chat_completions_for_judge) return undefined;
  const params = settings.judge_responses_create_params as Record<string, unknown>;
  return { max_output_tokens: params.max_output_tokens || 64, temperature: params.temperature || 0, top_p: params.top_p || 1 };
}

export interface LetterGrade extends ReadLetter {
  /** The judge's reply, as the verify response's judge_output records it. */
  text: string;
}

/**
 * One user message to the judge, graded on `scale`. A reply with no text is a judge failure (NeMo's
 * JudgeError), asked again then judge_failed; any reply with text is graded.
 */
export async function gradeByLetter(env: object, judge: Judge, prompt: string, scale: LetterScale): Promise<LetterGrade> {
  const params = chatJudgeParams(judge.settings);
  const answer = await askJudge(env, judge, {
    messages: [{ role: "user", content: prompt }],
    read: (text) => readLetter(text, scale),
    ...(params ? { params } : {}),
  });
  return { ...answer.verdict, text: answer.text };
}

/** 1 for the field of `verdict`, 0 for the others: `{ is_correct: "correct", ... }` maps each field to its verdict. */
export function tierFlags<F extends string>(verdict: string, fields: Readonly<Record<F, string>>): Record<F, number> {
  return Object.fromEntries(Object.entries<string>(fields).map(([field, tier]) => [field, tier === verdict ? 1 : 0])) as Record<F, number>;
}

/**
 * The judge's reply a recorded rollout holds in `judge_output`: one reply, none when it is null
 * (no judge was asked: abstention's own token), undefined when the rollout does not say.
 */
export function recordedJudgeOutput(rollout: Record<string, unknown>): string[] | undefined {
  const output = rollout.judge_output;
  if (output === null) return [];
  return typeof output === "string" ? [output] : undefined;
}
