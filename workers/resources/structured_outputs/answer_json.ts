// A JSON answer: the whole reply, else its last ```json (or unlabelled) block. JSON.parse reads
// RFC 8259 JSON: NaN and Infinity are not JSON, so a reply holding them does not parse.
import { fencedAnswer } from "./fenced_answer.ts";
import type { ParsedAnswer } from "./fenced_answer.ts";

export const answerJson = (text: string): ParsedAnswer => fencedAnswer(text, ["json"], JSON.parse);
