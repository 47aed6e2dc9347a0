// Whisper's English text normaliser (the `whisper_normalizer` package's EnglishTextNormalizer, from
// OpenAI Whisper), step for step: lower-case; drop bracketed and parenthesised spans and the fillers
// hmm/mm/mhm/mmm/uh/um; expand contractions and titles ("won't" "will not", "mr" "mister"); drop
// commas between digits and periods not before a digit; NFKD, with marks, symbols and punctuation
// other than . % $ ¢ € £ made spaces and diacritics dropped; spelled numbers as digits; British
// spellings as American; leftover currency and percent signs away from numbers made spaces; runs of
// whitespace one space. Python's regexes are Unicode-aware (`\w`, `\b`, `\d`, `\s`); the patterns
// here are too. The reference's bracket and parenthesis patterns rescan from every opener (quadratic
// on a reply of openers); here each is one pass.
import { collapsePySpace, isPySpace, pySplit } from "../../../shared/verifiers/python_str.ts";
import { standardizeNumbers, WORD_END, WORD_START } from "./whisper_numbers.ts";
import { AMERICAN_SPELLING } from "./whisper_spellings.ts";

// Each whole-word pattern starts and ends with a letter, so its `\b`s look only outside it.
const b = (body: string) => new RegExp(`${WORD_START}${body}${WORD_END}`, "gu");

const FILLERS = b("(?:hmm|mm|mhm|mmm|uh|um)");

// In the reference's order: each applies to what the ones before it left.
const REPLACERS: [RegExp, string][] = [
  ...(
    [
      ["won't", "will not"], ["can't", "can not"], ["let's", "let us"], ["ain't", "aint"], ["y'all", "you all"],
      ["wanna", "want to"], ["kinda", "kind of"], ["sorta", "sort of"], ["dunno", "do not know"], ["gotta", "got to"],
      ["gonna", "going to"], ["i'ma", "i am going to"], ["imma", "i am going to"], ["woulda", "would have"],
      ["coulda", "could have"], ["shoulda", "should have"], ["cause", "because"], ["ma'am", "madam"],
      ["mr", "mister "], ["mrs", "missus "], ["st", "saint "], ["dr", "doctor "], ["prof", "professor "],
      ["capt", "captain "], ["gov", "governor "], ["ald", "alderman "], ["gen", "general "], ["sen", "senator "],
      ["rep", "representative "], ["pres", "president "], ["rev", "reverend "], ["hon", "honorable "],
      ["asst", "assistant "], ["assoc", "associate "], ["lt", "lieutenant "], ["col", "colonel "], ["jr", "junior "],
      ["sr", "senior "], ["esq", "esquire "],
    ] as const
  ).map(([word, expansion]): [RegExp, string] => [b(word), expansion]),
  ...(
    [
      ["'d been", " had been"], ["'s been", " has been"], ["'d gone", " had gone"], ["'s gone", " has gone"],
      ["'d done", " had done"], ["'s got", " has got"], ["n't", " not"], ["'re", " are"], ["'s", " is"],
      ["'d", " would"], ["'ll", " will"], ["'t", " not"], ["'ve", " have"], ["'m", " am"],
    ] as const
  ).map(([ending, expansion]): [RegExp, string] => [new RegExp(`${ending}${WORD_END}`, "gu"), expansion]),
];

const MN = /\p{Mn}/u;
const KEEP = new Set([".", "%", "$", "¢", "€", "£"]);
const ADDITIONAL_DIACRITICS: Record<string, string> = {
  "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "ß": "ss", "ẞ": "SS",
  "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "th", "ł": "l", "Ł": "L",
};
// What the step changes: marks, symbols and punctuation (a few kept), and the letters mapped above.
const SYMBOL_OR_DIACRITIC = new RegExp(`[\\p{M}\\p{S}\\p{P}${Object.keys(ADDITIONAL_DIACRITICS).join("")}]`, "gu");

/** Drops each `opener ... closer` span the way re.sub does, leftmost first, in one pass. */
function dropSpans(text: string, isOpener: (c: string) => boolean, closer: (c: string) => boolean, minInner: number): string {
  // nextCloser[i]: the first closer at or after i.
  const nextCloser = new Int32Array(text.length + 1).fill(-1);
  for (let i = text.length - 1; i >= 0; i--) nextCloser[i] = closer(text[i]!) ? i : nextCloser[i + 1]!;
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isOpener(text[i]!)) continue;
    const end = nextCloser[i + 1 + minInner] ?? -1;
    // `[^)]+?` needs one non-closer first: a closer right after the opener is no match here.
    if (end === -1 || (minInner > 0 && closer(text[i + 1]!))) continue;
    out += text.slice(from, i);
    from = end + 1;
    i = end;
  }
  return out + text.slice(from);
}

/** re.sub(r"\s+'", "'", s): whitespace right before an apostrophe goes, in one pass. */
function joinApostrophes(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "'" || i === 0 || !isPySpace(text[i - 1]!)) continue;
    let start = i - 1;
    while (start > from && isPySpace(text[start - 1]!)) start--;
    out += text.slice(from, start);
    from = i;
  }
  return out + text.slice(from);
}

/** whisper_normalizer's remove_symbols_and_diacritics(s, keep=".%$¢€£"), per code point of the NFKD form. */
function removeSymbolsAndDiacritics(text: string): string {
  return text.normalize("NFKD").replace(SYMBOL_OR_DIACRITIC, (c) => {
    if (KEEP.has(c)) return c;
    if (Object.hasOwn(ADDITIONAL_DIACRITICS, c)) return ADDITIONAL_DIACRITICS[c]!;
    return MN.test(c) ? "" : " ";
  });
}

export function whisperEnglishNormalize(input: string): string {
  // Python's str.lower() and JavaScript's full lower-casing agree (final sigma included).
  let s = input.toLowerCase();
  s = dropSpans(s, (c) => c === "<" || c === "[", (c) => c === ">" || c === "]", 0);
  s = dropSpans(s, (c) => c === "(", (c) => c === ")", 1);
  s = s.replace(FILLERS, "");
  s = joinApostrophes(s);
  for (const [pattern, replacement] of REPLACERS) s = s.replace(pattern, replacement);
  s = s.replace(/(\p{Nd}),(\p{Nd})/gu, "$1$2");
  s = s.replace(/\.([^0-9]|$)/gu, " $1");
  s = removeSymbolsAndDiacritics(s);
  s = standardizeNumbers(s);
  s = pySplit(s).map((word) => AMERICAN_SPELLING.get(word) ?? word).join(" ");
  s = s.replace(/[.$¢€£]([^0-9])/gu, " $1");
  s = s.replace(/([^0-9])%/gu, "$1 ");
  return collapsePySpace(s);
}
