// language:* and change_case:* — the language of the answer and the case of its letters.
import { z } from "../../zod.ts";
import { Count, NoKwargs, Relation, compare, instruction, isLower, isUpper } from "../instruction.ts";
import type { Family } from "../instruction.ts";
import { LANGUAGES, isLanguage } from "../text/language.ts";
import type { Language } from "../text/language.ts";
import { tokens } from "../text/words.ts";

const LanguageCode = z.string().refine((code): code is Language => Object.hasOwn(LANGUAGES, code), {
  message: `must be one of ${Object.keys(LANGUAGES).join(", ")} (IFEval's languages)`,
});

export const LANGUAGE: Family = {
  "language:response_language": instruction({
    kwargs: z.strictObject({ language: LanguageCode }),
    check: (text, { language }) => isLanguage(text, language as Language),
  }),
  "change_case:english_capital": instruction({
    kwargs: NoKwargs,
    check: (text) => isUpper(text) && isLanguage(text, "en"),
  }),
  "change_case:english_lowercase": instruction({
    kwargs: NoKwargs,
    check: (text) => isLower(text) && isLanguage(text, "en"),
  }),
  "change_case:capital_word_frequency": instruction({
    kwargs: z.strictObject({ capital_frequency: Count, capital_relation: Relation }),
    check: (text, { capital_frequency, capital_relation }) =>
      compare(tokens(text).filter(isUpper).length, capital_relation, capital_frequency),
  }),
};
