// Reading a move from a reply, as NeMo Gym's grl_sokoban reads it: the reply's text is every
// assistant message's output text joined as is; the first `<action>…</action>` tag names the move,
// or, in a reply without one, the first direction word or digit 1-4 standing alone. Its patterns
// are Python regular expressions, so they are matched here with Python's meaning: a word boundary
// is one between a Unicode letter, digit or `_` and anything else, `\s` is what Python's
// str.isspace() accepts, and case-insensitive `i` also matches the dotted and dotless Turkish i
// (which then names no move). A reply naming no move is refused; so is a tag that holds anything
// but a move (`<action>-1</action>`): the tag is where the reply says its move, so a word
// elsewhere does not stand in for it.
import type { Item } from "../../../shared/schemas/responses.ts";
import { DIRECTIONS } from "./board.ts";
import type { Direction } from "./board.ts";

const SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const WORD_CHAR = "[\\p{L}\\p{N}_]";
const MOVE = "(up|down|left|r[iıİ]ght|[1-4])";
const TAG = new RegExp(`<action>${SPACE}*${MOVE}${SPACE}*</action>`, "iu");
const OPENING_TAG = /<action>/i;
const WORD = new RegExp(`(?<!${WORD_CHAR})${MOVE}(?!${WORD_CHAR})`, "iu");

/** The text the reference reads a move from: each message's output text, joined with nothing between. */
export function replyText(output: readonly Item[]): string {
  const parts: string[] = [];
  for (const item of output) {
    if (item.type !== "message") continue;
    if (typeof item.content === "string") parts.push(item.content);
    else for (const part of item.content) if (part.type === "output_text") parts.push(part.text);
  }
  return parts.join("");
}

export type ParsedMove = { direction: Direction } | { refused: string };

export function parseMove(text: string): ParsedMove {
  const tagged = TAG.exec(text);
  const match = tagged ?? (OPENING_TAG.test(text) ? null : WORD.exec(text));
  if (!match) return { refused: `Unable to parse action from response: ${JSON.stringify(text.slice(0, 200))}` };
  const token = match[1]!;
  const direction = /^[1-4]$/.test(token) ? DIRECTIONS[Number(token) - 1] : DIRECTIONS.find((d) => d.toLowerCase() === token.toLowerCase());
  return direction ? { direction } : { refused: `Invalid action identifier: ${token}` };
}
