// syllapy's `count` (the syllable counter IFBench's odd/even syllable check uses), for words IFBench
// hands it (already lower-case, without ASCII punctuation): 0 for a word with a digit, the listed
// count for a word in syllapy's word list, else its vowel-group rule (a vowel starting the word or
// following a non-vowel opens a syllable; a final "e" is silent, a final consonant + "le" is not;
// at least one).
import { LISTED_SYLLABLES } from "./syllable_list.ts";
import { codePoints, lower, strip } from "./python.ts";

const LISTED = new Map<string, number>(
  Object.entries(LISTED_SYLLABLES).flatMap(([count, words]) => words.split(" ").map((word) => [word, Number(count)] as const)),
);
const VOWELS = "aeiouy";
const DIGIT = /\p{Nd}/u;

function vowelGroups(word: string): number {
  const chars = codePoints(word);
  let count = VOWELS.includes(chars[0]!) ? 1 : 0;
  for (let i = 1; i < chars.length; i++) if (VOWELS.includes(chars[i]!) && !VOWELS.includes(chars[i - 1]!)) count++;
  if (word.endsWith("e")) count--;
  if (word.endsWith("le") && chars.length > 2 && !VOWELS.includes(chars.at(-3)!)) count++;
  return count === 0 ? 1 : count;
}

export function syllables(word: string): number {
  const w = strip(lower(word));
  if (w === "" || DIGIT.test(w)) return 0;
  return LISTED.get(w) ?? vowelGroups(w);
}
