// verifif's rule validators on long hostile replies (500 KB of one pattern), in node where the clock
// runs: every rule, in every language ported, decides such a reply in linear time (about 130 ms at
// most on an idle machine; the reference's regexes take quadratic time on several of these, which
// is seconds to minutes at this size). The bound only catches that: speed goals are the bench's.
import { describe, expect, test } from "vitest";
import { RULE_ARGUMENTS } from "../../../workers/resources/verifif/arguments.ts";
import { LANGUAGES } from "../../../workers/resources/verifif/rules/languages.ts";
import { validateRule } from "../../../workers/resources/verifif/rules/validate.ts";

/** Arguments that make each rule do its whole scan. */
const KWARGS: Record<string, Record<string, unknown>> = {
  "change_case:capital_word_frequency": { capital_relation: "at least", capital_frequency: 2 },
  "change_case:lowercase_word_frequency": { lowercase_relation: "at least", lowercase_frequency: 2 },
  "change_case:all_caps_target": { target_string: "a b" },
  "change_case:lowercase_target": { target_string: "a" },
  "change_case:alternating_target": { target_string: "aA" },
  "change_case:first_letter_cap_target": { target_string: "A" },
  "detectable_content:number_placeholders": { relation: "at least", num_placeholders: 2 },
  "detectable_content:postscript": { postscript_marker: "P.S." },
  "detectable_format:multiple_sections": { section_splitter: "Section", relation: "at least", num_sections: 2 },
  "detectable_format:numbered_list": { relation: "at least", num_numbered_items: 2 },
  "detectable_format:number_bullet_lists": { relation: "at least", num_bullets: 2 },
  "keywords:existence": { keywords: ["a b", "zz"] },
  "keywords:frequency": { keyword: "a", relation: "at least", frequency: 2 },
  "keywords:forbidden_words": { forbidden_words: ["zz", "a a"] },
  "keywords:letter_frequency": { letter: "a", let_relation: "at least", let_frequency: 2 },
  "length_constraints:number_characters": { relation: "at least", num_chars: 2 },
  "length_constraints:number_words": { relation: "at least", num_words: 2 },
  "startend:start_checker": { start_phrase: "a" },
  "startend:end_checker": { end_phrase: "a a" },
  "startend:wrap_checker": { wrap_phrase: "a" },
  "change_case:case_ratio": { min_fraction: "1/2", max_fraction: "2" },
  "change_case:last_letter": { case: "special" },
  "change_case:vowel_consonant_balance": { min_fraction: "1/2", max_fraction: "2" },
  "detectable_format:number_paragraphs": { relation: "at least", num_paragraphs: 2 },
  "detectable_format:max_paragraph_length": { max_chars: 10_000_000 },
  "detectable_format:sentences_per_paragraph": { relation: "at least", num_sentences: 1 },
  "length_constraints:sentence_length": { max_words: 10_000_000 },
  "length_constraints:word_repetition": { max_repeats: 10_000_000 },
  "length_constraints:unique_words": { relation: "at least", num_unique: 2 },
  "punctuation:question_exclaim": { relation: "at least", num_marks: 2 },
  "punctuation:end_rule": { allowed: [".", "!", "?", "…"] },
  "keywords:alliteration": { target_letter: "a", relation: "at least", num_alliteration: 2 },
  "keywords:palindrome_word": { min_length: 10_000_000 },
  "keywords:positioning": { keyword: "a", position: 0 },
  "detectable_format:nested_list": { min_depth: 9, num_subitems: 2 },
  "detectable_format:table": { min_rows: 10_000_000, min_cols: 2 },
  "detectable_format:heading_depth": { levels: [1, 9] },
  "length_constraints:word_length": { min_length: 0, max_length: 10_000_000 },
  "length_constraints:avg_word_length": { min_ratio: 0, max_ratio: 10_000_000 },
  "detectable_format:sentence_count": { relation: "at least", num_sentences: 2 },
  "length_constraints:paragraph_length": { relation: "at least", words_per_paragraph: 0 },
  "detectable_content:numeric_inclusion": { relation: "at least", num_numbers: 2 },
  "detectable_format:sentence_endings": { min_variants: 9 },
  "keywords:vowel_count": { relation: "at least", num_vowels: 2 },
  "keywords:consonant_count": { relation: "at least", num_consonants: 2 },
};

const SIZE = 500_000;
const HOSTILE: (readonly [string, string])[] = ["a\n", " \n", "|a|\n", "[", "Sr. ", ". A"].map((unit) => [JSON.stringify(unit), unit.repeat(Math.ceil(SIZE / unit.length))] as const);
// A run of dots that does not reach the end: the reference's trailing-dot regex rescans it from every dot.
HOSTILE.push(["dots then a letter", `${".".repeat(SIZE)}a`]);

/** How long a run takes; a slow one is run again (up to three times), so a garbage collection or a busy core does not decide. */
function timed(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3 && best >= 1000; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe("verifif rules on 500 KB hostile replies", () => {
  for (const [code, lang] of Object.entries(LANGUAGES)) {
    test(`${code}: every rule in linear time`, { timeout: 300_000 }, () => {
      const slow: string[] = [];
      for (const id of Object.keys(RULE_ARGUMENTS)) {
        for (const [name, text] of HOSTILE) {
          const ms = timed(() => validateRule(text, id, KWARGS[id] ?? {}, lang));
          if (ms >= 2000) slow.push(`${id} on ${name}: ${ms.toFixed(0)} ms`);
        }
      }
      expect(slow).toEqual([]);
    });
  }
});
