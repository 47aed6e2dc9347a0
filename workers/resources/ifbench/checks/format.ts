// IFBench's `format:*` instructions: nesting, option answers, one word a line, emoji, indentation
// stairs, quotes, markers, italics, bullets, title case, templates, whitespace. Each check does what
// IFBench's does, quirks included (they are what the benchmark's scores mean), in one pass.
import { z } from "../../../../shared/zod.ts";
import { instruction, isLower, isUpper, NoKwargs } from "../../../../shared/instructions/instruction.ts";
import type { Family } from "../../../../shared/instructions/instruction.ts";
import { tokens } from "../../../../shared/instructions/text/words.ts";
import { first, lower, PUNCTUATION, PUNCTUATION_AND_SPACE, PY_SPACE, split, strip, stripChars, withoutPunctuation } from "../text/python.ts";
import { splitIntoSentences } from "../text/split_sentences.ts";
import { isEmoji } from "../text/emoji.ts";

// IFBench draws a random value for a missing argument, so a row must give it.
const NonBlank = z.string().refine((text) => text.trim() !== "", "must not be blank");

const OPENERS = new Map([[")", "("], ["]", "["], ["}", "{"]]);

/** A correctly closed bracket group 5 deep; a mismatched closer starts the count over. */
function nestedBrackets(text: string): boolean {
  const open: string[] = [];
  let deepest = 0;
  for (const char of text) {
    if (char === "(" || char === "[" || char === "{") {
      open.push(char);
      deepest = Math.max(deepest, open.length);
    } else if (OPENERS.has(char)) {
      if (open.length === 0 || open.at(-1) !== OPENERS.get(char)) {
        open.length = 0;
        deepest = 0;
      } else {
        open.pop();
        if (deepest >= 5) return true;
      }
    }
  }
  return false;
}

/** Quotes 3 deep: a quote mark equal to the innermost open one closes it, any other opens one. */
function nestedQuotes(text: string): boolean {
  const open: string[] = [];
  let deepest = 0;
  for (const char of text) {
    if (open.length > 0 && char === open.at(-1)) {
      open.pop();
      if (deepest - open.length >= 3) return true;
    } else if (char === '"' || char === "'") {
      open.push(char);
      deepest = Math.max(deepest, open.length);
    }
  }
  return false;
}

// Letter options ("a), b), c), d)") must be answered exactly; word options up to punctuation and case.
const LETTER_OPTIONS = /^[^\p{L}\p{N}_]*[aA][^\p{L}\p{N}_]*[bB][^\p{L}\p{N}_]*[cC]/u;
const bare = (text: string) => lower(stripChars(text, PUNCTUATION_AND_SPACE));

function answersWithOption(text: string, options: string): boolean {
  // "or" is found inside words too ("for"), as IFBench finds it.
  const separator = options.includes("/") ? "/" : options.includes("or") ? "or" : ",";
  const choices = options.split(separator).map(strip);
  if (LETTER_OPTIONS.test(options)) return choices.includes(text);
  return choices.some((choice) => bare(choice) === bare(text));
}

/** As many non-empty lines as words, once ASCII punctuation is gone. */
function wordPerLine(text: string): boolean {
  const bareText = strip(withoutPunctuation(text));
  const lines = bareText.split("\n").filter((line) => line !== "");
  return lines.length === split(bareText).length;
}

/** The last code point of a non-empty text. */
function lastChar(text: string): string {
  const end = text.length - 1;
  const pair = end > 0 && /[\udc00-\udfff]/.test(text[end]!) && /[\ud800-\udbff]/.test(text[end - 1]!);
  return text.slice(pair ? end - 1 : end);
}

/** Python's `text[-1]` and `text[-2]` (the last again for a one-character text). */
function lastTwo(text: string): [string, string] {
  const last = lastChar(text);
  const rest = text.slice(0, -last.length);
  return [rest === "" ? last : lastChar(rest), last];
}

/** Each sentence ends in an emoji (one of its last two characters), or the next one starts with one. */
function emojiAfterEverySentence(text: string): boolean {
  const sentences = splitIntoSentences(text);
  const bare = (i: number) => strip(withoutPunctuation(sentences[i]!));
  for (let i = 0; i < sentences.length; i++) {
    const sentence = bare(i);
    if (sentence === "") return false;
    if (lastTwo(sentence).some(isEmoji)) continue;
    if (i + 1 === sentences.length) return false;
    const next = bare(i + 1);
    if (next === "" || !isEmoji(first(next))) return false;
  }
  return true;
}

/**
 * The lines IFBench compares: it deletes blank lines while iterating over the same list, so the
 * element after each deleted one is skipped, and `remove` takes the first equal line, which may be
 * an earlier skipped one. Every line after the cursor is still present, and deletions of one blank
 * value always take its earliest remaining copy, so a count per value replays it in one pass.
 */
function linesAfterBlankRemoval(lines: string[]): string[] {
  const isBlank = (line: string) => strip(line) === "";
  const copies = new Map<string, number[]>();
  for (const [i, line] of lines.entries()) {
    if (!isBlank(line)) continue;
    const positions = copies.get(line);
    if (positions) positions.push(i);
    else copies.set(line, [i]);
  }
  const deleted = new Map<string, number>();
  const gone = new Set<number>();
  for (let cursor = 0; cursor < lines.length; ) {
    const line = lines[cursor]!;
    if (!isBlank(line)) {
      cursor += 1;
      continue;
    }
    const n = deleted.get(line) ?? 0;
    gone.add(copies.get(line)![n]!);
    deleted.set(line, n + 1);
    cursor += 2;
  }
  return lines.filter((_, i) => !gone.has(i));
}

const indent = (line: string) => line.length - stripChars(line, " ", true, false).length;

function indentStairs(text: string): boolean {
  const lines = linesAfterBlankRemoval(text.split("\n"));
  for (let i = 0; i + 1 < lines.length; i++) if (indent(lines[i + 1]!) <= indent(lines[i]!)) return false;
  return true;
}

/** No two quote marks in a row once whitespace is gone, and the text does not end in a quote. */
function quoteThenExplanation(text: string): boolean {
  const squeezed = split(text.replaceAll("“", '"').replaceAll("”", '"').replaceAll(`'"'`, "")).join("");
  if (squeezed.includes('""')) return false;
  const end = stripChars(squeezed, `0123456789${PUNCTUATION.replace('"', "")}`);
  return end !== "" && !end.endsWith('"');
}

function occurrences(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/** An `<i>` (else `<em>`) opening, then a non-blank thesis and non-blank text after its closing tag. */
function italicThesis(text: string): boolean {
  let start = text.indexOf("<i>");
  if (start === -1) start = text.indexOf("<em>");
  if (start === -1) return false;
  const rest = text.slice(start);
  let end = rest.indexOf("</i>");
  if (end === -1) end = rest.indexOf("</em>");
  if (end === -1) return false;
  // IFBench cuts 3 characters of tag and 4 of closing tag whichever tags they are.
  return strip(rest.slice(3, end)) !== "" && strip(rest.slice(end + 4)) !== "";
}

/** Every stretch after a "*" (up to the next one) holds a "-"; true when there is no "*". */
function subBullets(text: string): boolean {
  let inStretch = false;
  let dash = false;
  for (const char of text) {
    if (char === "*") {
      if (inStretch && !dash) return false;
      inStretch = true;
      dash = false;
    } else if (char === "-") dash = true;
  }
  return !inStretch || dash;
}

/**
 * Two or more sentences, then two or more lines starting with "*", nothing else. A line without a
 * sentence (a blank one) before the bullets ends the sentence part: any further text line fails.
 */
function sentencesThenBullets(text: string): boolean {
  let inSentences = true;
  let sentences = 0;
  let bullets = 0;
  for (const line of text.split("\n")) {
    if (strip(line).startsWith("*")) {
      inSentences = false;
      if (sentences < 2) return false;
      bullets++;
    } else if (inSentences) {
      const found = splitIntoSentences(strip(line)).length;
      sentences += found;
      inSentences = found > 0;
    } else return false;
  }
  return bullets >= 2;
}

// Where NLTK's `word_tokenize` and the shared tokenizer part ways, rewritten so the shared one
// yields tokens with the same cases (for this check only: the token text changes):
// - NLTK makes each curly quote, ":", "&" and "@" a token of its own ("O’neil" is "O", "’", "neil");
// - it keeps "+ = ~ ^ | /", and a hyphen or apostrophe opening a word, inside the token ("Hi+there",
//   "-word", "'em"), written here as "_", a word character without case;
// - it splits "cannot", "gonna", "gotta", "gimme", "lemme", "wanna", "d'ye", "'tis", "'twas" in two.
const OWN_TOKEN = /[«“‘„»”’:&@]/gu;
const INSIDE_WORD = /[+=~^|/]|(?<![\p{L}\p{N}\p{M}_'-])['-](?=[\p{L}\p{N}_])/gu;
const CONTRACTION = /\b(?:(can)(not)|(gim)(me)|(gon)(na)|(got)(ta)|(lem)(me)|(d)('ye))\b|\b(wan)(na)(?=\s)|(?<= )('t)(is|was)\b/giu;
const splitContraction = (match: string, ...groups: (string | undefined)[]) => {
  const [head] = groups.filter((group) => typeof group === "string");
  return `${head} ${match.slice(head!.length)}`;
};

/**
 * No word token starting lower-case with a cased rest (a single lower-case letter such as "a"
 * passes, as in IFBench).
 */
function titleCase(text: string): boolean {
  const rewritten = text.replace(CONTRACTION, splitContraction).replace(OWN_TOKEN, " $& ").replace(INSIDE_WORD, "_");
  return tokens(rewritten).every((token) => {
    const head = first(token);
    const rest = token.slice(head.length);
    return !(isLower(head) && (isUpper(rest) || isLower(rest)));
  });
}

export const FORMAT: Family = {
  "format:parentheses": instruction({ kwargs: NoKwargs, check: nestedBrackets }),
  "format:quotes": instruction({ kwargs: NoKwargs, check: nestedQuotes }),
  "format:options": instruction({ kwargs: z.strictObject({ options: NonBlank }), check: (text, { options }) => answersWithOption(text, options) }),
  "format:newline": instruction({ kwargs: NoKwargs, check: wordPerLine }),
  "format:emoji": instruction({ kwargs: NoKwargs, check: emojiAfterEverySentence }),
  "format:line_indent": instruction({ kwargs: NoKwargs, check: indentStairs }),
  "format:quote_unquote": instruction({ kwargs: NoKwargs, check: quoteThenExplanation }),
  // At least two occurrences of the marker anywhere (not only at line starts).
  "format:list": instruction({ kwargs: z.strictObject({ sep: z.string().min(1) }), check: (text, { sep }) => occurrences(text, sep) >= 2 }),
  "format:thesis": instruction({ kwargs: NoKwargs, check: italicThesis }),
  "format:sub-bullets": instruction({ kwargs: NoKwargs, check: subBullets }),
  "format:no_bullets_bullets": instruction({ kwargs: NoKwargs, check: sentencesThenBullets }),
  "format:title_case": instruction({ kwargs: NoKwargs, check: titleCase }),
  "format:output_template": instruction({
    kwargs: NoKwargs,
    check: (text) => text.includes("My Answer:") && text.includes("My Conclusion:") && text.includes("Future Outlook:"),
  }),
  "format:no_whitespace": instruction({ kwargs: NoKwargs, check: (text) => !PY_SPACE.test(text) }),
};
