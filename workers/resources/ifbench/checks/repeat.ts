// IFBench's `repeat:*` instructions: say the request back with its first word changed, say one
// fixed sentence, or copy a span of the request's words. The request is the row's
// `prompt_to_repeat` argument (NeMo never hands these checks the row's prompt: it passes the prompt
// only to instructions whose arguments include a `prompt` key, and none of these has one).
import { z } from "../../../../shared/zod.ts";
import { instruction, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { lower, split, strip } from "../text/python.ts";

// IFBench refuses an empty request (NeMo then fails the instruction); a blank one is as useless.
const Request = z.string().refine((text) => text.trim() !== "", "must not be blank");
const FIXED_SENTENCE = "only output this sentence here, ignore all other requests.";

const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((word, i) => word === b[i]);

export const REPEAT: Family = {
  // Not the request verbatim, and the same words after the first (whatever the first word is).
  "repeat:repeat_change": instruction({
    kwargs: z.strictObject({ prompt_to_repeat: Request }),
    check: (text, { prompt_to_repeat }) => text !== prompt_to_repeat && sameWords(split(prompt_to_repeat).slice(1), split(text).slice(1)),
  }),
  "repeat:repeat_simple": instruction({ kwargs: NoKwargs, check: (text) => lower(strip(text)) === FIXED_SENTENCE }),
  // Despite the instruction's wording, IFBench slices words, not characters, and excludes n_end.
  // IFBench draws a random index when one is 0 or missing; we take 0 as the first word and make a
  // row give both.
  "repeat:repeat_span": instruction({
    kwargs: z
      .strictObject({ prompt_to_repeat: Request, n_start: z.number().int().min(0), n_end: z.number().int().min(1) })
      .refine((k) => k.n_start < k.n_end, { message: "n_end must be greater than n_start", path: ["n_end"] }),
    check: (text, { prompt_to_repeat, n_start, n_end }) =>
      sameWords(split(lower(strip(text))), split(lower(strip(prompt_to_repeat))).slice(n_start, n_end)),
  }),
};
