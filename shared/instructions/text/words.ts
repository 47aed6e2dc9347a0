// Words three ways, because IFEval counts them three ways:
// - `countWords`: runs of word characters (IFEval's `\w+` tokenizer). We also count combining marks
//   as word characters, so a Hindi or Thai word is one word; Python's `\w` splits it at its vowel
//   signs, so counts differ on scripts that use combining marks.
// - `whitespaceWords`: Python's `str.split()`, used by the first/last word and bracket checks.
// - `tokens`: a stand-in for NLTK's `word_tokenize` (Treebank rules): words, with inner hyphens,
//   apostrophes, periods, slashes, colons, "&" and "@" kept ("well-known", "3.14", "U.S"),
//   numbers with inner commas kept ("1,000"), every other mark a token of its own (a run of one
//   repeated mark is one token, e.g. "..."), and the clitics n't 's 're 've 'll 'd 'm split from
//   the word before them. It differs from NLTK on periods inside a sentence (NLTK keeps "etc."
//   whole, we split "etc" + "."), on URLs and emoticons, and in never rewriting quotes to `` and ''.
// Every function is one pass over the text.
const WORD_RUN = /[\p{L}\p{N}\p{M}_]+/gu;
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
// Each alternative's repeated group starts with a character its body cannot match, so matching
// never backtracks.
const TOKEN = /\d+(?:,\d+)+|[\p{L}\p{N}\p{M}_]+(?:[-'’./:&@][\p{L}\p{N}\p{M}_]+)*|([^\s\p{L}\p{N}\p{M}_])\1*/gu;
const CLITIC = /^(.+?)(n't|'s|'re|'ve|'ll|'d|'m)$/i;

export const isWordChar = (ch: string | undefined): boolean => ch !== undefined && WORD_CHAR.test(ch);

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD_RUN)) n++;
  return n;
}

/** Runs of word characters, in order (the `\w+` words). */
export function wordRuns(text: string): string[] {
  return text.match(WORD_RUN) ?? [];
}

export function whitespaceWords(text: string): string[] {
  return text.split(/\s+/u).filter(Boolean);
}

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    const clitic = CLITIC.exec(token);
    if (clitic) out.push(clitic[1]!, clitic[2]!);
    else out.push(token);
  }
  return out;
}
