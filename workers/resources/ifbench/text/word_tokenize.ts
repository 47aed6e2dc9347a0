// NLTK's `word_tokenize` (IFBench's tokenizer for word positions and its verb check): the text is
// split into sentences (Punkt; shared/instructions/text/sentences.ts stands in for it), and each
// sentence is tokenized by NLTKWordTokenizer's rewrites, in its order: quotes become `` and '',
// punctuation, brackets and "--" are set apart, a sentence's final period is split off (other
// periods stay: "Mr.", "U.S.", "York." inside a sentence), clitics are split ("do n't", "I 'm",
// "can not"). Python's \w and \b are Unicode, JavaScript's are ASCII, so they are spelt out. The
// final-period rule is anchored at the end and is applied by a backwards scan (as a regex it
// backtracks quadratically over trailing spaces).
import { sentences } from "../../../../shared/instructions/text/sentences.ts";
import { split } from "./python.ts";

const W = "[\\p{L}\\p{N}_]";
const NOT_W_BEFORE = `(?<!${W})`;
const NOT_W_AFTER = `(?!${W})`;
const SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const SPACE_CHAR = new RegExp(SPACE, "u");

type Rule = [RegExp, string];
const rule = (pattern: string, replacement: string, flags = ""): Rule => [new RegExp(pattern, `gu${flags}`), replacement];

const STARTING_QUOTES: Rule[] = [
  rule("([«“‘„]|[`]+)", " $1 "),
  rule('^"', "``"),
  rule("(``)", " $1 "),
  rule(`([ \\(\\[{<])("|'{2})`, "$1 `` "),
  rule(`(')(?!re|ve|ll|m|t|s|d|n)(${W})(?!${W})`, "$1 $2", "i"),
];
const PUNCTUATION_BEFORE_FINAL: Rule[] = [rule("([:,])([^\\p{Nd}])", " $1 $2"), rule("([:,])$", " $1 "), rule("\\.{2,}", " $& "), rule("[;@#$%&]", " $& ")];
const PUNCTUATION_AFTER_FINAL: Rule[] = [rule("[?!]", " $& "), rule("([^'])' ", "$1 ' "), rule("[*]", " $& ")];
const BRACKETS_AND_DASHES: Rule[] = [rule("[\\][(){}<>]", " $& "), rule("--", " -- ")];
const ENDING_QUOTES: Rule[] = [
  rule("([»”’])", " $1 "),
  rule("''", " '' "),
  rule('"', " '' "),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", "$1 $2 "),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", "$1 $2 "),
];
const CONTRACTIONS: Rule[] = [
  ...["(can)(not)", "(d)('ye)", "(gim)(me)", "(gon)(na)", "(got)(ta)", "(lem)(me)", "(more)('n)"].map((p) => rule(`${NOT_W_BEFORE}${p}${NOT_W_AFTER}`, " $1 $2 ", "i")),
  rule(`${NOT_W_BEFORE}(wan)(na)(?=${SPACE})`, " $1 $2 ", "i"),
  rule(` ('t)(is)${NOT_W_AFTER}`, " $1 $2 ", "i"),
  rule(` ('t)(was)${NOT_W_AFTER}`, " $1 $2 ", "i"),
];

const apply = (text: string, rules: readonly Rule[]) => rules.reduce((t, [re, replacement]) => t.replace(re, replacement), text);

/**
 * NLTK's final-period rule, `([^\.])(\.)([<closers>]*)\s*$`: the last period, when it does not
 * follow another and only closers then whitespace come after it, is set apart; the whitespace
 * after the closers becomes one space. The first rule's closers include the space.
 */
function finalPeriod(text: string, closers: string, spaced: boolean): string {
  const dot = text.lastIndexOf(".");
  if (dot < 1 || text[dot - 1] === ".") return text;
  let after = dot + 1;
  while (after < text.length && closers.includes(text[after]!)) after++;
  for (let i = after; i < text.length; i++) if (!SPACE_CHAR.test(text[i]!)) return text;
  return `${text.slice(0, dot)} .${spaced ? " " : ""}${text.slice(dot + 1, after)} `;
}

function tokenizeSentence(sentence: string): string[] {
  let text = apply(sentence, STARTING_QUOTES);
  text = finalPeriod(text, "])}>\"'»”’ ", true);
  text = apply(text, PUNCTUATION_BEFORE_FINAL);
  text = finalPeriod(text, "])}>\"'", false);
  text = apply(text, PUNCTUATION_AFTER_FINAL);
  text = apply(text, BRACKETS_AND_DASHES);
  text = apply(` ${text} `, ENDING_QUOTES);
  return split(apply(text, CONTRACTIONS));
}

// Checks reading both ends of the same answer share one sentence split.
let last: { text: string; sentences: readonly string[] } | undefined;
function punktSentences(text: string): readonly string[] {
  if (last?.text !== text) last = { text, sentences: sentences(text) };
  return last.sentences;
}

export const wordTokenize = (text: string): string[] => punktSentences(text).flatMap(tokenizeSentence);

// Every sentence holds at least one token, so the first (last) k tokens come from the first (last)
// k sentences: checks that read only the ends of an answer tokenize only those.

/** The first `k` tokens of `wordTokenize(text)` (fewer when it has fewer). */
export function headTokens(text: string, k: number): string[] {
  return punktSentences(text).slice(0, k).flatMap(tokenizeSentence).slice(0, k);
}

/** The last `k` tokens of `wordTokenize(text)` (fewer when it has fewer). */
export function tailTokens(text: string, k: number): string[] {
  return punktSentences(text).slice(-k).flatMap(tokenizeSentence).slice(-k);
}
