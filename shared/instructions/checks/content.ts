// detectable_content:* — placeholders and a postscript.
import { z } from "../../zod.ts";
import { Count, Phrase, instruction } from "../instruction.ts";
import type { Family } from "../instruction.ts";

/** `[...]` spans within one line, leftmost first, not nested (IFEval's `\[.*?\]`). */
function countPlaceholders(text: string): number {
  let n = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") open = -1;
    else if (ch === "[" && open === -1) open = i;
    else if (ch === "]" && open !== -1) {
      n++;
      open = -1;
    }
  }
  return n;
}

// IFEval's two standard markers tolerate one space after each period ("P. S."); any other
// marker is looked up as written. All ignore case.
const MARKERS: Record<string, RegExp> = {
  "P.P.S": /p\.\s?p\.\s?s/,
  "P.S.": /p\.\s?s\./,
};

export const CONTENT: Family = {
  "detectable_content:number_placeholders": instruction({
    kwargs: z.strictObject({ num_placeholders: Count }),
    check: (text, { num_placeholders }) => countPlaceholders(text) >= num_placeholders,
  }),
  "detectable_content:postscript": instruction({
    kwargs: z.strictObject({ postscript_marker: Phrase }),
    check(text, { postscript_marker }) {
      const lower = text.toLowerCase();
      const standard = MARKERS[postscript_marker];
      return standard ? standard.test(lower) : lower.includes(postscript_marker.toLowerCase());
    },
  }),
};
