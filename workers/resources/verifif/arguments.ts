// The arguments each instruction takes, inline in its row entry beside instruction_id (NeMo Gym's
// EXPECTED_ARGUMENTS, with the types its validators read them as): a row that leaves one out or
// gives it another type is refused with the field's path, where the reference would score it 0.
// Extra fields (a `weight`) pass through, as there.
import { z } from "../../../shared/zod.ts";

export const Relation = z.enum(["at least", "equal to", "less than"]);
const count = z.number();
const text = z.string();
const words = z.array(z.string());
const fraction = z.union([z.string(), z.number()]);
/** An argument the judge reads as text: a named value (formal, metaphor) or a number. */
const named = z.union([z.string(), z.number(), z.boolean()]);

const args = (shape: Record<string, z.ZodType>) => z.looseObject(shape);

/** Instructions a rule decides. */
export const RULE_ARGUMENTS = {
  "change_case:all_caps": args({}),
  "change_case:lowercase": args({}),
  "change_case:alternating": args({}),
  "change_case:first_letter_cap": args({}),
  "change_case:capital_word_frequency": args({ capital_relation: Relation, capital_frequency: count }),
  "change_case:lowercase_word_frequency": args({ lowercase_relation: Relation, lowercase_frequency: count }),
  "change_case:all_caps_target": args({ target_string: text }),
  "change_case:lowercase_target": args({ target_string: text }),
  "change_case:alternating_target": args({ target_string: text }),
  "change_case:first_letter_cap_target": args({ target_string: text }),
  "detectable_content:number_placeholders": args({ relation: Relation, num_placeholders: count }),
  "detectable_content:postscript": args({ postscript_marker: text }),
  "detectable_format:json_format": args({}),
  "detectable_format:multiple_sections": args({ section_splitter: text.nullable(), relation: Relation, num_sections: count }),
  "detectable_format:numbered_list": args({ relation: Relation, num_numbered_items: count }),
  "detectable_format:number_bullet_lists": args({ relation: Relation, num_bullets: count }),
  "detectable_format:title": args({}),
  "keywords:existence": args({ keywords: words }),
  "keywords:frequency": args({ keyword: text, relation: Relation, frequency: count }),
  "keywords:forbidden_words": args({ forbidden_words: words }),
  "keywords:letter_frequency": args({ letter: text, let_relation: Relation, let_frequency: count }),
  "punctuation:no_comma": args({}),
  "length_constraints:number_characters": args({ relation: Relation, num_chars: count }),
  "length_constraints:number_words": args({ relation: Relation, num_words: count }),
  "startend:start_checker": args({ start_phrase: text }),
  "startend:end_checker": args({ end_phrase: text }),
  "startend:wrap_checker": args({ wrap_phrase: text }),
  "startend:quotation": args({}),
  "change_case:case_ratio": args({ min_fraction: fraction, max_fraction: fraction }),
  "change_case:first_letter_sentence": args({}),
  "change_case:last_letter": args({ case: z.enum(["uppercase", "lowercase", "digit", "special"]) }),
  "change_case:vowel_consonant_balance": args({ min_fraction: fraction, max_fraction: fraction }),
  "detectable_format:number_paragraphs": args({ relation: Relation, num_paragraphs: count }),
  "detectable_format:max_paragraph_length": args({ max_chars: count }),
  "detectable_format:sentences_per_paragraph": args({ relation: Relation, num_sentences: count }),
  "length_constraints:sentence_length": args({ max_words: count }),
  "length_constraints:word_repetition": args({ max_repeats: count }),
  "length_constraints:unique_words": args({ relation: Relation, num_unique: count }),
  "punctuation:question_exclaim": args({ relation: Relation, num_marks: count }),
  "punctuation:no_period": args({}),
  "punctuation:end_rule": args({ allowed: z.union([words, text]) }),
  "keywords:alliteration": args({ target_letter: text, relation: Relation, num_alliteration: count }),
  "keywords:palindrome_word": args({ min_length: count }),
  "keywords:positioning": args({ keyword: text, position: z.int() }),
  "detectable_format:nested_list": args({ min_depth: count, num_subitems: count }),
  "detectable_format:table": args({ min_rows: count, min_cols: count }),
  "detectable_format:heading_depth": args({ levels: z.array(count) }),
  "length_constraints:word_length": args({ min_length: count, max_length: count }),
  "length_constraints:avg_word_length": args({ min_ratio: count, max_ratio: count }),
  "detectable_format:sentence_count": args({ relation: Relation, num_sentences: count }),
  "length_constraints:paragraph_length": args({ relation: Relation, words_per_paragraph: count }),
  "detectable_content:numeric_inclusion": args({ relation: Relation, num_numbers: count }),
  "detectable_format:sentence_endings": args({ min_variants: count }),
  "keywords:vowel_count": args({ relation: Relation, num_vowels: count }),
  "keywords:consonant_count": args({ relation: Relation, num_consonants: count }),
} as const;

/**
 * Ids the reference lists among its instructions but none of its language modules implements (it
 * answers "Invalid Instruction" and scores them 0 whatever the reply): refused, with that reason.
 */
export const UNIMPLEMENTED = ["length:max_word_count", "detectable_format:indentation", "punctuation:frequency", "punctuation:balance", "detectable_format:section_balance", "punctuation:variety"] as const;

const judged = (names: readonly string[]) => args(Object.fromEntries(names.map((n) => [n, n === "relation" ? Relation : named])));

/** Instructions the judge decides (stylistic, linguistic, situational). */
export const JUDGED_ARGUMENTS = {
  "stylistic:tone_formality": judged(["tone_level"]),
  "stylistic:emotional_tone": judged(["emotion_type"]),
  "stylistic:politeness": judged(["politeness_degree"]),
  "stylistic:descriptive_level": judged(["description_degree"]),
  "stylistic:literary_style": judged(["style_type"]),
  "stylistic:sentence_tone_consistency": judged(["tone_type"]),
  "stylistic:voice": judged(["voice_type"]),
  "stylistic:figurative_language": judged(["figure_type", "relation", "num_occurrences"]),
  "stylistic:tone_transition": judged(["from_tone", "to_tone", "transition_position"]),
  "stylistic:emotive_adjectives": judged(["relation", "num_adjectives"]),
  "stylistic:sensory_detail": judged(["sense_type", "relation", "num_details"]),
  "stylistic:rhythm_pattern": judged(["rhythm_type"]),
  "linguistic:pragmatic_context": judged(["context_type"]),
  "linguistic:speech_act": judged(["act_type"]),
  "linguistic:syntactic_pattern": judged(["pattern_type"]),
  "linguistic:grammatical_mood": judged(["mood_type"]),
  "linguistic:morphological_form": judged(["form_type"]),
  "linguistic:phonological_pattern": judged(["phonology_type"]),
  "linguistic:sound_symbolism": judged(["relation", "num_symbolisms"]),
  "situation:role_based": judged(["role_type"]),
  "situation:task_specific": judged(["task_type"]),
  "situation:audience_alignment": judged(["audience_type"]),
  "situation:contextual_scenario": judged(["scenario_type"]),
  "situation:perspective": judged(["perspective_type"]),
  "situation:emotional_alignment": judged(["emotion_type"]),
  "situation:cultural_context": judged(["culture_type", "adaptation_level"]),
  "situation:temporal_context": judged(["time_frame"]),
  "situation:environment_setting": judged(["environment_type"]),
} as const;

export const isJudged = (id: string): id is keyof typeof JUDGED_ARGUMENTS => Object.hasOwn(JUDGED_ARGUMENTS, id);
export const isRule = (id: string): id is keyof typeof RULE_ARGUMENTS => Object.hasOwn(RULE_ARGUMENTS, id);

/** Instructions that need letter case (none for ja, zh, ko, hi, ar), as the reference's capability sets say. */
export const CASE_INSTRUCTIONS: ReadonlySet<string> = new Set([
  "change_case:all_caps", "change_case:lowercase", "change_case:alternating", "change_case:first_letter_cap", "change_case:capital_word_frequency",
  "change_case:lowercase_word_frequency", "change_case:all_caps_target", "change_case:lowercase_target", "change_case:alternating_target",
  "change_case:first_letter_cap_target", "change_case:case_ratio", "change_case:first_letter_sentence", "change_case:last_letter",
  "change_case:vowel_consonant_balance", "keywords:letter_frequency", "keywords:alliteration",
]);
/** Instructions that need vowels and consonants. */
export const VOWEL_INSTRUCTIONS: ReadonlySet<string> = new Set(["change_case:vowel_consonant_balance", "keywords:vowel_count", "keywords:consonant_count", "keywords:alliteration"]);

/** The fields of an instruction entry that are not its arguments. */
export const ENTRY_FIELDS = ["instruction_id", "uid", "source", "is_misalignment_check"] as const;

/** An entry's arguments: every other field, in the row's order (a `weight` included, as the reference passes it). */
export const argumentsOf = (entry: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(entry).filter(([k]) => !(ENTRY_FIELDS as readonly string[]).includes(k)));
