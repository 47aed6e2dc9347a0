import { describe } from "vitest";
import { COUNT } from "../../../../workers/resources/ifbench/checks/count.ts";
import { runCases, hostileTest, type Case } from "./cases.ts";

const CASES: Case[] = [
  ["count:word_count_range", { min_words: 4, max_words: 5 }, ["It's well-known.", "one_two three four five"], ["It's a well-known fact.", "a b c d e f"], "\\w+ runs: it's and well-known are two words each"],
  ["count:unique_word_count", { N: 3 }, ["Tea, tea and coffee."], ["Tea tea TEA! Coffee.", "Tea, tea."], "lower-cased, outer punctuation trimmed"],
  ["count:unique_word_count", { N: 2 }, ["word ..."], ["word"], "a word of punctuation alone is the empty word, one more unique word"],
  ["count:conjunctions", { small_n: 3 }, ["Tea and cake, And more and, all.", "so yet nor"], ["and and and AND", "band, ore, forte"], "kept as written: and, And, and, differ; whole words only"],
  ["count:person_names", { N: 2 }, ["Leonard met Avalanche.", "Emma and Liam"], ["emma and liam", "Emma, Emma"], "case-sensitive substrings: Leo and Ava inside longer words"],
  ["count:numbers", { N: 2 }, ["Pi is 3.14, and 1,000 is big.", "Call 555-1234 at 9."], ["Pi is 3.14 and e is 2.71 and 7", "Call 555-1234."], "punctuation deleted first, so 3.14, 1,000 and 555-1234 are one number each"],
  ["count:punctuation", { N: undefined }, ["All marks: . , ! ? ; : !?", "Hm?! Yes. No, maybe; so: go!?"], ["Some punctuation.,?!", "Wait ‽ . , ; :"], "the first ?! is the interrobang, not the ? and !"],
  ["count:words_japanese", { N: 2 }, ["hello 世界 and カタカナ", "one 12 three", "solo"], ["hello world", "a b c"], "every 2nd word; an all-digit word is skipped"],
  ["count:words_japanese", { N: 0 }, [], ["日本", "a"], "N = 0 fails (IFBench divides by zero)"],
  ["count:pronouns", { N: 4 }, ["My pronouns are she/her/hers.", "It's his, not theirs or mine."], ["She is his sister.", "Those are ours"], "/ splits words; it's becomes its"],
  ["count:keywords_multiple", { keyword1: "sun", keyword2: " Moon ", keyword3: "star", keyword4: "sky", keyword5: "x" }, ["SUN moon MOON star star Starry sky sky sky sky sky x x x x x x x"], ["sun sunny moon moon star star star sky sky sky sky sky x x x x x x x", "sun moon star sky x"], "case-insensitive substrings, keywords stripped, exact counts"],
];

describe("ifbench count:* checks", () => {
  runCases(
    COUNT,
    CASES.map(([id, kwargs, ...rest]) => [id, Object.fromEntries(Object.entries(kwargs).filter(([, v]) => v !== undefined)), ...rest] as Case),
  );
  hostileTest(COUNT, {
    "count:word_count_range": { min_words: 1, max_words: 5 },
    "count:unique_word_count": { N: 3 },
    "count:conjunctions": { small_n: 2 },
    "count:person_names": { N: 1 },
    "count:numbers": { N: 1 },
    "count:words_japanese": { N: 2 },
    "count:pronouns": { N: 1 },
    "count:keywords_multiple": { keyword1: "a", keyword2: "b", keyword3: "c", keyword4: "d", keyword5: "e" },
  });
});
