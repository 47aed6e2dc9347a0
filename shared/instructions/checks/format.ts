// detectable_format:* — bullets, highlights, sections, JSON, titles, and word wrapping.
import { z } from "../../zod.ts";
import { Count, NoKwargs, Phrase, instruction } from "../instruction.ts";
import type { Family } from "../instruction.ts";
import { sentences } from "../text/sentences.ts";
import { whitespaceWords } from "../text/words.ts";

const CONSTRAINED_OPTIONS = ["My answer is yes.", "My answer is no.", "My answer is maybe."];

/** Lines whose first non-blank character is "-", or "*" followed by something other than "*". */
function countBullets(text: string): number {
  let n = 0;
  for (const line of text.split("\n")) {
    const body = line.trimStart();
    if (body.startsWith("-") || (body.startsWith("*") && body.length > 1 && body[1] !== "*")) n++;
  }
  return n;
}

/**
 * Highlights as IFEval counts them: every `*text*` and, separately, every `**text**`, each within
 * one line and holding something besides spaces (so a bold span counts twice).
 */
function countHighlights(text: string): number {
  let n = 0;
  for (const line of text.split("\n")) {
    // *...*: consecutive stars pair up left to right.
    let open = -1;
    for (let i = 0; i < line.length; i++) {
      if (line[i] !== "*") continue;
      if (open === -1) open = i;
      else {
        if (line.slice(open + 1, i).trim()) n++;
        open = -1;
      }
    }
    // **...**: a "**", a star-free stretch, then "**".
    for (let i = line.indexOf("**"); i !== -1; ) {
      let j = i + 2;
      while (j < line.length && line[j] !== "*") j++;
      if (line.startsWith("**", j)) {
        if (line.slice(i + 2, j).trim()) n++;
        i = line.indexOf("**", j + 2);
      } else {
        i = line.indexOf("**", i + 1);
      }
    }
  }
  return n;
}

/** Occurrences of the splitter followed by an optional space and a number ("SECTION 2"). */
function countSections(text: string, splitter: string): number {
  let n = 0;
  for (let at = text.indexOf(splitter); at !== -1; at = text.indexOf(splitter, at + 1)) {
    let i = at + splitter.length;
    if (/\s/u.test(text[i] ?? "")) i++;
    if (/\d/.test(text[i] ?? "")) {
      n++;
      while (/\d/.test(text[i] ?? "")) i++;
      at = i - 1;
    }
  }
  return n;
}

const JSON_FENCES = ["```json", "```Json", "```JSON", "```"];

function isJson(text: string): boolean {
  let body = text.trim();
  for (const fence of JSON_FENCES) if (body.startsWith(fence)) body = body.slice(fence.length);
  if (body.endsWith("```")) body = body.slice(0, -3);
  try {
    JSON.parse(body.trim());
    return true;
  } catch {
    return false;
  }
}

/** A `<<title>>` on one line with something besides spaces and angle brackets inside. */
function hasTitle(text: string): boolean {
  return text.split("\n").some((line) => {
    const open = line.indexOf("<<");
    const close = line.lastIndexOf(">>");
    return open !== -1 && close > open + 2 && line.slice(open + 2, close).replace(/^<+/, "").replace(/>+$/, "").trim() !== "";
  });
}

export const FORMAT: Family = {
  "detectable_format:number_bullet_lists": instruction({
    kwargs: z.strictObject({ num_bullets: Count }),
    check: (text, { num_bullets }) => countBullets(text) === num_bullets,
  }),
  "detectable_format:constrained_response": instruction({
    kwargs: NoKwargs,
    check: (text) => CONSTRAINED_OPTIONS.some((option) => text.includes(option)),
  }),
  "detectable_format:number_highlighted_sections": instruction({
    kwargs: z.strictObject({ num_highlights: Count }),
    check: (text, { num_highlights }) => countHighlights(text) >= num_highlights,
  }),
  "detectable_format:multiple_sections": instruction({
    kwargs: z.strictObject({ section_spliter: Phrase, num_sections: Count }),
    check: (text, { section_spliter, num_sections }) => countSections(text, section_spliter) >= num_sections,
  }),
  "detectable_format:json_format": instruction({ kwargs: NoKwargs, check: isJson }),
  "detectable_format:title": instruction({ kwargs: NoKwargs, check: hasTitle }),
  // Sentences joined by "-" with no spaces: each hyphen-separated piece is exactly one sentence
  // of the text read with hyphens as spaces.
  "detectable_format:sentence_hyphens": instruction({
    kwargs: NoKwargs,
    check(text) {
      const expected = sentences(text.replaceAll("-", " "));
      return text.split("-").every((piece, i) => i >= expected.length || (piece === piece.trim() && piece === expected[i]));
    },
  }),
  "detectable_format:square_brackets": instruction({
    kwargs: NoKwargs,
    check: (text) => whitespaceWords(text).every((word) => word.startsWith("[") && word.endsWith("]")),
  }),
  // Every pair of words, counted from the first, opens with "<<" and closes with ">>"; an odd
  // last word is not checked.
  "detectable_format:bigram_wrapping": instruction({
    kwargs: NoKwargs,
    check(text) {
      const words = whitespaceWords(text);
      for (let i = 0; i + 1 < words.length; i += 2) if (!(words[i]!.startsWith("<<") && words[i + 1]!.endsWith(">>"))) return false;
      return true;
    },
  }),
};
