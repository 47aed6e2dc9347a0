// Why a rollout earned what it did, one mode each: correct and wrong_answer when a choice was read;
// else refusal (a refusal part, or refusing words), early_termination (cut off, or a think block
// never closed), malformed_choice (a <choice> tag that names no option) or format_violation.
import type { ResponseObject } from "../../../shared/schemas/responses.ts";
import { blocks, outsideChoiceLists } from "./tags.ts";

export const ERROR_MODES = ["correct", "wrong_answer", "refusal", "early_termination", "malformed_choice", "format_violation"] as const;
export type ErrorMode = (typeof ERROR_MODES)[number];

// Linear: the two spacing runs around the apostrophe of "I'm" are one run or the other, never split.
const REFUSAL = new RegExp(
  [
    "i\\s*(?:['’]\\s*)?m\\s+sorry[, ]+(?:but\\s+)?i\\s+(?:can['’]?t|cannot|am\\s+unable|won['’]?t)",
    "i\\s+(?:can['’]?t|cannot)\\s+(?:help|assist|comply|provide|answer|do\\s+that|continue)",
    "i\\s+am\\s+(?:not\\s+able|unable)\\s+to\\s+(?:help|assist|comply|provide|answer)",
    "i\\s+won['’]?t\\s+be\\s+able\\s+to\\s+(?:help|assist|provide|answer)",
    "as\\s+an\\s+ai(?:\\s+language)?\\s+model[, ]+i",
    "i\\s+(?:must|have\\s+to|will\\s+have\\s+to)\\s+(?:decline|refuse)",
    "i\\s+do\\s+not\\s+feel\\s+comfortable",
  ].join("|"),
  "i",
);

const hasRefusalPart = (response: ResponseObject) =>
  response.output.some((item) => Array.isArray((item as { content?: unknown }).content) && ((item as { content: { type?: unknown }[] }).content).some((part) => part?.type === "refusal"));

const truncated = (response: ResponseObject) =>
  response.status === "incomplete" || response.incomplete_details?.reason === "max_output_tokens" || response.output.some((item) => (item as { status?: unknown }).status === "incomplete");

/** More `<think>` openings (attributes allowed) than closings. */
function unclosedThink(text: string): boolean {
  let opened = 0;
  let gt = -1;
  for (const m of text.matchAll(/<\s*think(?![\p{L}\p{N}_])/giu)) {
    const from = m.index + m[0].length;
    if (gt < from) gt = text.indexOf(">", from);
    if (gt === -1) break;
    opened++;
  }
  return opened > [...text.matchAll(/<\s*\/\s*think\s*>/giu)].length;
}

export function errorMode(response: ResponseObject, text: string, predicted: string | null, gold: string): ErrorMode {
  if (predicted !== null) return predicted === gold ? "correct" : "wrong_answer";
  if (hasRefusalPart(response)) return "refusal";
  if (truncated(response) || unclosedThink(text)) return "early_termination";
  if (REFUSAL.test(text)) return "refusal";
  if (outsideChoiceLists(text, blocks(text, ["choice"]), "choice").length > 0) return "malformed_choice";
  return "format_violation";
}
