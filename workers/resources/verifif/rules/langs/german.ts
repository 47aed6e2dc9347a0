// German, the reference's de module: English's rules, except that ß and ẞ count as upper case
// (as SS), the *_target checks search the lower-cased target between `\b`s, umlauts are vowels,
// and number_paragraphs words its message differently.
import { ENGLISH } from "../english.ts";
import type { Check, Lang } from "../lang.ts";
import { B, isLower, isUpper, pyStrip } from "../py.ts";
import { escapeRegExp, isStrictAlternating, isTitle, numberParagraphs, targetCheck } from "../checks.ts";

const upper = (text: string): boolean => isUpper(text.replace(/[ßẞ]/g, "SS"));

/** `\b` + the escaped, lower-cased target + `\b`, case-insensitive. */
function target(bad: (raw: string) => string | undefined): Check {
  return (r, k, L) => {
    const wanted = pyStrip(k.target_string as string).toLowerCase();
    return targetCheck(r, k, L, "", bad, wanted, new RegExp(`${B}${escapeRegExp(wanted)}${B}`, "giu"));
  };
}

const VOWELS = "aeiouAEIOUäöüÄÖÜ";

export const GERMAN: Lang = {
  ...ENGLISH,
  code: "de",
  upper,
  vowels: VOWELS,
  countVowels: VOWELS,
  consonants: { letters: "ascii", vowels: VOWELS },
  overrides: {
    "change_case:all_caps_target": target((t) => (upper(t) ? undefined : `'${t}' should be ALL CAPS.`)),
    "change_case:lowercase_target": target((t) => (isLower(t) ? undefined : `'${t}' should be all lowercase.`)),
    "change_case:alternating_target": target((t) => (isStrictAlternating(t) ? undefined : `'${t}' is not in alternating caps.`)),
    "change_case:first_letter_cap_target": target((t) => (isTitle(t) ? undefined : `'${t}' is not first-letter capitalized.`)),
    "detectable_format:number_paragraphs": (r, k, L) => numberParagraphs(r, k, L, (count, _rel, num) => `Found ${count} paragraphs. Expected ${num}`),
  },
};
