// Chinese, the reference's zh module: its own rules for keywords (substrings of the NFKC case-folded
// reply), placeholders ({x} and [x]), sections, bullets, titles, commas, periods, marks, end_rule
// (the last character), wrapping and quotation pairs, the end phrase and sentence length (characters
// per sentence); everything else from the reference's generic validator with its CJK strategy, where
// every character that is not whitespace is a word and sentences end at 。！？.!? (with the generic
// validator's own messages).
import { ENGLISH } from "../english.ts";
import type { Check, Lang, Result } from "../lang.ts";
import { at, countSubstring, escapeRegExp } from "../checks.ts";
import { casefold, chars, isDigitChar, isPySpace, multilineCount, multilineMatches, multilineSub, pyLength, pyStrip, repr, reversed, rstrip, S, splitlines, str } from "../py.ts";
import { checkRelation, cleanParagraphs, cleanSentences, EN_MARKER, findPunctuations, findMarkdownTables, withoutListNumbers } from "../text.ts";

const fold = (text: string): string => casefold(text.normalize("NFKC"));
// Words here are single characters, folded by the hundred thousand: each distinct one once.
const folded = new Map<string, string>();
const foldWord = (word: string): string => {
  let f = folded.get(word);
  if (f === undefined) {
    f = fold(word);
    if (folded.size < 10_000) folded.set(word, f);
  }
  return f;
};
const MARKS = "。！？.!?";
/** The CJK strategy's words: every character that is not whitespace, after NFKC (list numbers out first). */
const words = (text: string): string[] => chars(withoutListNumbers(text).normalize("NFKC")).filter((ch) => !isPySpace(ch));
const sentences = (text: string): string[] => cleanSentences(text, (line) => line.split(/[。！？.!?]+/u));
// The generic finder strips the list markers, then the strategy strips them again before it looks.
const punctuations = (text: string): string[] => findPunctuations(multilineSub(text, EN_MARKER), MARKS);
const keywordCount = (text: string, keyword: string): number => {
  const k = pyStrip(keyword ?? "");
  return k ? countSubstring(fold(text), fold(k)) : 0;
};
const ok = "No error";
const rel = (count: number, relation: string, target: number): boolean => checkRelation(count, relation as never, target);

const WRAP_PAIRS: readonly [string, string][] = [["《", "》"], ["〈", "〉"], ["「", "」"], ["『", "』"], ["【", "】"], ["[", "]"], ["(", ")"], ["（", "）"], ["{", "}"], ["<", ">"]];
const QUOTE_PAIRS: readonly [string, string][] = [['"', '"'], ["“", "”"], ["「", "」"], ["『", "』"], ["《", "》"], ["〈", "〉"]];

/** `\{[^{}]+\}` and `\[[^\[\]]+\]` matches (brackets may hold newlines). */
function placeholders(text: string): number {
  let n = 0;
  for (const [open, close] of [["{", "}"], ["[", "]"]] as const) {
    let start = -1;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === open) start = i;
      else if (ch === close) {
        if (start !== -1 && i > start + 1) n++;
        start = -1;
      }
    }
  }
  return n;
}

function multipleSections(r: string, k: Record<string, any>): Result {
  const splitter = pyStrip((k.section_splitter || "") as string);
  if (!splitter) return [false, "section_splitter cannot be empty."];
  let count = 0;
  for (const _ of multilineMatches(r, new RegExp(`(?:#+[${S}]*)?${escapeRegExp(splitter)}[${S}]+\\p{Nd}+(?![\\p{L}\\p{N}_])`, "uy"))) count++;
  if (count === 0 && splitter === "---") count = multilineCount(r, new RegExp(`---+[${S}]*(?:(?=\\n)|$)`, "uy"));
  if (count === 0 && splitter.startsWith("<<") && splitter.endsWith(">>")) count = multilineCount(r, new RegExp(`<<[^>]+>>[${S}]*(?:(?=\\n)|$)`, "uy"));
  if (count === 0) {
    const parts = r.split(new RegExp(`\\n[${S}]*\\n`, "u")).filter((p) => pyStrip(p));
    if (parts.length > 1 && parts.some((p) => p.includes(splitter))) count = parts.length;
  }
  return rel(count, k.relation, k.num_sections) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_sections)} sections, found ${count}.`];
}

const OWN: Record<string, Check> = {
  "detectable_content:number_placeholders": (r, k) => {
    const count = placeholders(r);
    return rel(count, k.relation, k.num_placeholders) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_placeholders)} placeholders, found ${count}.`];
  },
  "detectable_format:multiple_sections": multipleSections,
  "detectable_format:number_bullet_lists": (r, k) => {
    const count = multilineCountNoNewline(r, /[*\-+]/) + multilineCountNoNewline(r, /\p{Nd}+[.)]/u);
    return rel(count, k.relation, k.num_bullets) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_bullets)} bullet points, found ${count}.`];
  },
  "detectable_format:title": (r) => {
    const lines = splitlines(r);
    const first = pyStrip(lines[0] ?? "");
    const found = (first.startsWith("<<") && first.endsWith(">>")) || first.startsWith("#") || (first !== "" && lines.length <= 2);
    return found ? [true, ok] : [false, "Title not detected on first line (accepts << >>, Markdown heading, or first-line title)."];
  },
  "keywords:existence": (r, k) => {
    const missing = (k.keywords as string[]).filter((kw) => keywordCount(r, kw) === 0);
    return missing.length ? [false, `Missing keyword(s): ${repr(missing)}`] : [true, ok];
  },
  "keywords:frequency": (r, k) => {
    const count = keywordCount(r, k.keyword);
    return rel(count, k.relation, k.frequency) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.frequency)} of '${k.keyword}', found ${count}.`];
  },
  "keywords:forbidden_words": (r, k) => {
    const present = (k.forbidden_words as string[]).filter((kw) => keywordCount(r, kw) > 0);
    return present.length ? [false, `Forbidden words found: ${repr(present)}`] : [true, ok];
  },
  "punctuation:no_comma": (r) => ([",", "，", "、"].some((p) => r.includes(p)) ? [false, "Commas found in response."] : [true, ok]),
  "punctuation:no_period": (r) => ([".", "。", "．"].some((p) => r.includes(p)) ? [false, "Periods found in response."] : [true, ok]),
  "punctuation:question_exclaim": (r, k) => {
    const count = (r.match(/[?？!！]/g) ?? []).length;
    return rel(count, k.relation, k.num_marks) ? [true, ok] : [false, `Found ${count} marks. Expected ${k.relation} ${str(k.num_marks)}.`];
  },
  "punctuation:end_rule": (r, k) => {
    const stripped = rstrip(r);
    if (!stripped) return [false, "Empty response."];
    const last = chars(stripped).at(-1)!;
    if (!"。．.!?！？；;：:，,".includes(last)) return [false, "Required ending punctuation not found."];
    const allowed = k.allowed as string[] | string;
    return (typeof allowed === "string" ? allowed.includes(last) : allowed.includes(last)) ? [true, "No error."] : [false, `Ending punctuation '${last}' not allowed. Allowed: ${repr(allowed)}`];
  },
  "startend:wrap_checker": (r, k) => {
    const wrap = k.wrap_phrase as string;
    const list = chars(wrap);
    if (list.length === 1) return r.startsWith(wrap) && r.endsWith(wrap) ? [true, ok] : [false, `Not wrapped with: ${wrap}`];
    if (list.length === 2 && r.startsWith(list[0]!) && r.endsWith(list[1]!)) return [true, ok];
    return WRAP_PAIRS.some(([a, b]) => r.startsWith(a) && r.endsWith(b)) ? [true, ok] : [false, `Not wrapped with: ${wrap}`];
  },
  "startend:end_checker": (r, k) => {
    const required = pyStrip(k.end_phrase as string);
    if (!required) return [false, "End phrase is empty."];
    const normalized = rstrip(r);
    if (normalized.endsWith(required)) return [true, ok];
    let end = normalized.length;
    while (end > 0 && ("。．.?!！？…".includes(normalized[end - 1]!) || isPySpace(normalized[end - 1]!))) end--;
    return normalized.slice(0, end).endsWith(required) ? [true, ok] : [false, `End phrase mismatch: expected to end with '${required}'.`];
  },
  "length_constraints:sentence_length": (r, k) => {
    for (const sentence of r.split(/[。．.!?！？]+/u)) {
      const s = pyStrip(sentence);
      if (!s) continue;
      const count = chars(s).filter((ch) => !isPySpace(ch)).length;
      if (count > k.max_words) return [false, `Sentence length ${count} exceeds max ${str(k.max_words)}.`];
    }
    return [true, "No error."];
  },
  "startend:quotation": (r) => (QUOTE_PAIRS.some(([a, b]) => r.startsWith(a) && r.endsWith(b)) ? [true, ok] : [false, "Response not wrapped in accepted quotation marks."]),
};

/** `^[ \t]*MARK\s+` (re.M) matches: the mark after spaces and tabs only, then whitespace. */
function multilineCountNoNewline(text: string, mark: RegExp): number {
  const tail = new RegExp(`[ \\t]*${mark.source}[${S}]+`, "uy");
  let n = 0;
  for (let at = 0; at <= text.length; ) {
    tail.lastIndex = at;
    const m = tail.exec(text);
    let next = at;
    if (m) {
      n++;
      next = at + m[0].length;
      if (text[next - 1] === "\n") {
        at = next;
        continue;
      }
    }
    const newline = text.indexOf("\n", next);
    if (newline === -1) break;
    at = newline + 1;
  }
  return n;
}

/** The generic validator's checks, as it words them, with the CJK strategy's words and sentences. */
const GENERIC: Record<string, Check> = {
  "detectable_content:postscript": (r, k) => {
    const marker = pyStrip((k.postscript_marker ?? "PS:") as string);
    const lastLine = pyStrip(splitlines(r).findLast((line) => pyStrip(line) !== "") ?? "");
    return lastLine.startsWith(marker) && pyLength(lastLine) > pyLength(marker) ? [true, ok] : [false, `Postscript must start with '${marker}' and contain content.`];
  },
  "length_constraints:number_words": (r, k) => {
    const count = words(r).length;
    return rel(count, k.relation, k.num_words) ? [true, ok] : [false, `Expected ${k.relation} ${str(k.num_words)} words, found ${count}.`];
  },
  "detectable_format:number_paragraphs": (r, k) => {
    const count = pyStrip(r) ? cleanParagraphs(r).length : 0;
    return rel(count, k.relation, k.num_paragraphs) ? [true, "No error."] : [false, `Found ${count} paragraphs, expected ${str(k.num_paragraphs)}`];
  },
  "detectable_format:max_paragraph_length": (r, k, L) => {
    for (const p of cleanParagraphs(r)) {
      const count = pyLength(pyStrip(stripMarkerAtStart(p, L)));
      if (count > k.max_chars) return [false, `Found paragraph with ${count} characters (max: ${str(k.max_chars)})`];
    }
    return [true, "No error."];
  },
  "detectable_format:sentences_per_paragraph": (r, k) => {
    for (const p of cleanParagraphs(r)) {
      let count = sentences(p).filter((s) => pyStrip(s)).length;
      if (count === 0 && pyStrip(p)) count = 1;
      if (!rel(count, k.relation, k.num_sentences)) return [false, `Found ${count} sentences, expected ${k.relation} ${str(k.num_sentences)}`];
    }
    return [true, "No error."];
  },
  "length_constraints:word_repetition": (r, k) => {
    const counts = new Map<string, number>();
    for (const w of words(r).map(foldWord)) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [word, count] of counts) if (count > k.max_repeats) return [false, `Word '${word}' appears ${count} times (limit: ${str(k.max_repeats)})`];
    return [true, "No error."];
  },
  "length_constraints:unique_words": (r, k) => {
    const count = new Set(words(r).map(foldWord)).size;
    return rel(count, k.relation, k.num_unique) ? [true, ok] : [false, `Found ${count} unique words, expected ${k.relation} ${str(k.num_unique)}`];
  },
  "keywords:palindrome_word": (r, k) => {
    for (const word of words(r)) {
      const f = foldWord(word);
      if (f === reversed(f) && pyLength(word) >= k.min_length) return [true, `No error. Word: ${word}`];
    }
    return [false, "No valid palindrome words found."];
  },
  "keywords:positioning": (r, k) => {
    const list = words(r);
    if (k.position >= list.length) return [false, `Position ${str(k.position)} is out of range (only ${list.length} words found).`];
    const found = at(list, k.position);
    return fold(found) === fold(k.keyword) ? [true, "No error."] : [false, `'${found}' found at position ${str(k.position)} instead of '${k.keyword}'.`];
  },
  "detectable_format:table": (r, k) =>
    findMarkdownTables(r).some((t) => t.rows >= k.min_rows && t.columns >= k.min_cols) ? [true, "No error."] : [false, `Could not find table with at least ${str(k.min_rows)} rows and ${str(k.min_cols)} columns.`],
  "length_constraints:word_length": (r, k) => {
    if (k.min_length > k.max_length) return [false, "Minimum length greater than maximum length."];
    const list = [...new Set(words(r))];
    if (list.length === 0) return [true, "No words found to validate."];
    const shortest = list.reduce((a, b) => (pyLength(b) < pyLength(a) ? b : a));
    const longest = list.reduce((a, b) => (pyLength(b) > pyLength(a) ? b : a));
    if (pyLength(shortest) < k.min_length) return [false, `Word '${shortest}' is shorter than minimum ${str(k.min_length)}.`];
    if (pyLength(longest) > k.max_length) return [false, `Word '${longest}' is longer than maximum ${str(k.max_length)}.`];
    return [true, "No error."];
  },
  "length_constraints:avg_word_length": (r, k) => {
    if (k.min_ratio > k.max_ratio) return [false, "Minimum ratio greater than maximum ratio."];
    const list = words(r);
    if (list.length === 0) return [k.min_ratio === 0, "No words found to validate."];
    const avg = list.reduce((sum, w) => sum + pyLength(w), 0) / list.length;
    return k.min_ratio <= avg && avg <= k.max_ratio ? [true, ok] : [false, `Average word length ${avg.toFixed(2)} not in range [${str(k.min_ratio)}, ${str(k.max_ratio)}]`];
  },
  "detectable_format:sentence_count": (r, k) => {
    const count = sentences(r).length;
    return rel(count, k.relation, k.num_sentences) ? [true, ok] : [false, `Found ${count} sentences, expected ${k.relation} ${str(k.num_sentences)}`];
  },
  "length_constraints:paragraph_length": (r, k) => {
    for (const p of cleanParagraphs(r)) {
      // Its words are single characters that are not whitespace: none is blank.
      const count = words(p).length;
      if (!rel(count, k.relation, k.words_per_paragraph)) return [false, `Found ${count} words in paragraph, expected ${k.relation} ${str(k.words_per_paragraph)}`];
    }
    return [true, "No error."];
  },
  "detectable_content:numeric_inclusion": (r, k) => {
    const count = chars(r).filter(isDigitChar).length;
    return rel(count, k.relation, k.num_numbers) ? [true, ok] : [false, `Found ${count} digits, expected ${k.relation} ${str(k.num_numbers)}`];
  },
  "detectable_format:sentence_endings": (r, k) => {
    const kinds = new Set(punctuations(r)).size;
    return kinds < k.min_variants ? [false, `Found ${kinds} types of punctuations, expected at least ${str(k.min_variants)}`] : [true, "No error."];
  },
};

const stripMarkerAtStart = (p: string, L: Lang): string => {
  let i = 0;
  while (i < p.length && isPySpace(p[i]!)) i++;
  L.paragraphMarker.lastIndex = i;
  const m = L.paragraphMarker.exec(p);
  return m ? p.slice(i + m[0].length) : p.slice(i);
};

export const CHINESE: Lang = {
  ...ENGLISH,
  code: "zh",
  words,
  sentences,
  punctuations,
  overrides: { ...GENERIC, ...OWN },
};
