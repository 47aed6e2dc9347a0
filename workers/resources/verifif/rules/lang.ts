// What a language gives the rule validators: its tokeniser, sentence splitter, punctuation,
// vowels, list markers, keyword matching and case test. English's pieces are the defaults
// (english.ts); a language module of the reference that behaves differently swaps its own in, and
// overrides whole checks only where its module does something else entirely.

export type Kwargs = Record<string, any>;
/** (passed, message), as the reference's validators return. */
export type Result = [boolean, string];
export type Check = (response: string, kwargs: Kwargs, lang: Lang) => Result;

export interface Lang {
  code: string;
  /** str.isupper() as the module tests a whole text (German maps ß to SS first). */
  upper(text: string): boolean;
  /** keyword_frequency: occurrences of a keyword or phrase as whole words; may throw PyError. */
  keywordCount(response: string, keyword: string): number;
  /** The keyword keywords:frequency counts and names in its message. */
  frequencyKeyword(keyword: string): string;
  /** extract_clean_words. */
  words(text: string): string[];
  /** extract_clean_paragraphs. */
  paragraphs(text: string): string[];
  /** extract_clean_sentences. */
  sentences(text: string): string[];
  /** find_punctuations. */
  punctuations(text: string): string[];
  /** count_numbered_items. */
  numbered(text: string): number;
  /** count_bullet_points. */
  bullets(text: string): number;
  /** The marker a paragraph loses before its length is measured (at its start only). */
  paragraphMarker: RegExp;
  /** The characters that may not touch a *_target phrase (the module's word characters). */
  targetWordChars: string;
  /** The vowels of vowel_consonant_balance. */
  vowels: string;
  /** The vowels keywords:vowel_count counts. */
  countVowels: string;
  /** keywords:consonant_count: ASCII letters not among `consonantVowels`, or any letter not among them. */
  consonants: { letters: "ascii" | "alpha"; vowels: string };
  /** Checks this language's module implements otherwise. */
  overrides: Partial<Record<string, Check>>;
  /** What the module does to the stripped reply before any check (Hindi digits to ASCII, Latin letters out of Arabic). */
  prepare?: (response: string) => string;
  /** Rule ids the module does not implement: it answers "Invalid Instruction" (the server refuses such rows). */
  missing?: ReadonlySet<string>;
}
