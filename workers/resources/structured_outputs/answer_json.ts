// A JSON answer: the whole reply. JSON.parse reads RFC 8259 JSON: NaN and Infinity are not JSON,
// so a reply holding them does not parse.
import { wholeAnswer } from "./whole_answer.ts";
import type { ParsedAnswer } from "./whole_answer.ts";

export const answerJson = (text: string): ParsedAnswer => wholeAnswer(text, JSON.parse);
