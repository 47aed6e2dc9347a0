// IFBench's `split_into_sentences` (the rule-based splitter IFEval's utilities carry, not Punkt):
// periods that are not sentence ends (titles, websites, decimals, "...", initials, acronyms,
// company suffixes) are first masked as <prd>, every remaining . ? ! then ends a sentence. The
// same rewrites in the same order, so the same sentences, including its quirks: an empty sentence
// between "?" and "!" in "?!", text that itself contains "<prd>" or "<stop>", and line breaks
// that never end a sentence. Every step is one linear regex pass.
import { strip } from "./python.ts";

const S = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const ALPHABETS = "([A-Za-z])";
const PREFIXES = "(Mr|St|Mrs|Ms|Dr)[.]";
const SUFFIXES = "(Inc|Ltd|Jr|Sr|Co)";
const STARTERS = `(Mr|Mrs|Ms|Dr|Prof|Capt|Cpt|Lt|He${S}|She${S}|It${S}|They${S}|Their${S}|Our${S}|We${S}|But${S}|However${S}|That${S}|This${S}|Wherever)`;
const ACRONYMS = "([A-Z][.][A-Z][.](?:[A-Z][.])?)";
const WEBSITES = "[.](com|net|org|io|gov|edu|me)";
const DIGITS = "([0-9])";

const rule = (pattern: string, replacement: string | ((match: string) => string)) => ({ re: new RegExp(pattern, "gu"), replacement });

const BEFORE_PHD = [
  rule(PREFIXES, "$1<prd>"),
  rule(WEBSITES, "<prd>$1"),
  rule(`${DIGITS}[.]${DIGITS}`, "$1<prd>$2"),
  rule("\\.{2,}", (dots) => `${"<prd>".repeat(dots.length)}<stop>`),
];
const AFTER_PHD = [
  rule(`${S}${ALPHABETS}[.] `, " $1<prd> "),
  rule(`${ACRONYMS} ${STARTERS}`, "$1<stop> $2"),
  rule(`${ALPHABETS}[.]${ALPHABETS}[.]${ALPHABETS}[.]`, "$1<prd>$2<prd>$3<prd>"),
  rule(`${ALPHABETS}[.]${ALPHABETS}[.]`, "$1<prd>$2<prd>"),
  rule(` ${SUFFIXES}[.] ${STARTERS}`, " $1<stop> $2"),
  rule(` ${SUFFIXES}[.]`, " $1<prd>"),
  rule(` ${ALPHABETS}[.]`, " $1<prd>"),
];

function apply(text: string, rules: typeof BEFORE_PHD): string {
  for (const { re, replacement } of rules) text = typeof replacement === "string" ? text.replace(re, replacement) : text.replace(re, replacement);
  return text;
}

// Several checks split the same answer; the last split is kept (the grader checks one answer
// variant with every instruction before the next), so a long answer is split once per variant.
let last: { value: string; sentences: readonly string[] } | undefined;

export function splitIntoSentences(value: string): readonly string[] {
  if (last?.value === value) return last.sentences;
  let text = ` ${value}  `.replaceAll("\n", " ");
  text = apply(text, BEFORE_PHD);
  text = text.replaceAll("Ph.D.", "Ph<prd>D<prd>");
  text = apply(text, AFTER_PHD);
  text = text.replaceAll(".”", "”.").replaceAll('."', '".').replaceAll('!"', '"!').replaceAll('?"', '"?');
  text = text.replaceAll(".", ".<stop>").replaceAll("?", "?<stop>").replaceAll("!", "!<stop>").replaceAll("<prd>", ".");
  const sentences = text.split("<stop>").map(strip);
  if (sentences.length > 0 && sentences.at(-1) === "") sentences.pop();
  last = { value, sentences };
  return sentences;
}
