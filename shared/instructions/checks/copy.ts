// copy:* and new:copy_span_idx — repeating the request, or part of it, back.
import { z } from "../../zod.ts";
import { Phrase, instruction } from "../instruction.ts";
import type { Family } from "../instruction.ts";

const Prompt = z.strictObject({ prompt_to_repeat: Phrase });
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Each match of "<first word> ... <last word>" within a line, leftmost and shortest, as IFEval
 * finds them (`first .*? last`), in one pass: the candidate ends are visited in order.
 */
function phraseMatches(text: string, first: string, last: string): string[] {
  const opener = `${first} `;
  const closer = ` ${last}`;
  const found: string[] = [];
  // Both pointers only move forward, so the whole scan is linear.
  let close = text.indexOf(closer);
  let newline = text.indexOf("\n");
  for (let at = text.indexOf(opener); at !== -1 && close !== -1; ) {
    const from = at + opener.length;
    while (close !== -1 && close < from) close = text.indexOf(closer, close + 1);
    while (newline !== -1 && newline < from) newline = text.indexOf("\n", newline + 1);
    if (close === -1) break;
    if (newline !== -1 && newline < close) {
      at = text.indexOf(opener, at + 1);
      continue;
    }
    found.push(text.slice(at, close + closer.length));
    at = text.indexOf(opener, close + closer.length);
  }
  return found;
}

export const COPY: Family = {
  // Exactly small_n variants of the phrase, each the phrase with exactly one word replaced (the
  // reference only checks the last variant for "exactly one"; we check every one, as the
  // instruction says).
  "copy:repeat_phrase": instruction({
    kwargs: z.strictObject({ phrase: Phrase.refine((p) => p.split(/\s+/u).length >= 3, "needs at least three words"), small_n: z.number().int().min(1) }),
    check(text, { phrase, small_n }) {
      const words = phrase.split(/\s+/u);
      const matches = phraseMatches(text, words[0]!, words.at(-1)!);
      return (
        matches.length === small_n &&
        matches.every((match) => {
          const got = match.split(/\s+/u);
          return got.length === words.length && got.filter((word, i) => word !== words[i]).length === 1;
        })
      );
    },
  }),
  "copy:copy": instruction({ kwargs: Prompt, check: (text, { prompt_to_repeat }) => sameText(text, prompt_to_repeat) }),
  "copy:copying_simple": instruction({ kwargs: Prompt, check: (text, { prompt_to_repeat }) => sameText(text, prompt_to_repeat) }),
  "copy:copying_multiple": instruction({
    kwargs: z.strictObject({ prompt_to_repeat: Phrase, N: z.number().int().min(1) }),
    check(text, { prompt_to_repeat, N }) {
      const copies = text.split("******");
      return copies.length === N && copies.every((copy) => sameText(copy, prompt_to_repeat));
    },
  }),
  // Character indices into the prompt, counted in code points as Python slices strings.
  "new:copy_span_idx": instruction({
    kwargs: z
      .strictObject({ prompt_to_repeat: Phrase, n_start: z.number().int().min(0), n_end: z.number().int().min(0) })
      .refine((k) => k.n_start < k.n_end, { message: "n_end must be greater than n_start", path: ["n_end"] }),
    check: (text, { prompt_to_repeat, n_start, n_end }) => sameText(text, [...prompt_to_repeat].slice(n_start, n_end).join("")),
  }),
};
