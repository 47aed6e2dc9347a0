// How much of a model's reasoning is copied from its prompt, three ways, each in [0, 1] over the
// normalised texts (trimmed, lower-cased, whitespace runs made one space; Python's whitespace).
import { boundedSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";
import { longestCommonSubstring } from "../../../shared/verifiers/longest_common_substring.ts";
import { PY_SPACE, pyStrip } from "../../../shared/verifiers/python_str.ts";

const SPACE_RUN = new RegExp(`[${PY_SPACE}]+`, "g");

export const normalize = (text: string): string => pyStrip(text).toLowerCase().replace(SPACE_RUN, " ");

const length = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** difflib's ratio (autojunk on; bounded work: bounded_similarity.ts); 0 without reasoning. */
export function seqMatchOverlap(reasoning: string, input: string): number {
  return reasoning === "" ? 0 : boundedSimilarity(reasoning, input).ratio;
}

/** The word n-grams of `text` (a normalised text: words split by single spaces), each as its slice. */
function ngrams(text: string, n: number): string[] {
  const starts = [0];
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) starts.push(at + 1);
  const grams: string[] = [];
  for (let i = 0; i + n <= starts.length; i++) grams.push(text.slice(starts[i], i + n < starts.length ? starts[i + n]! - 1 : text.length));
  return grams;
}

/** The share of the reasoning's distinct word n-grams the input also has; 0 under n words. */
export function ngramOverlap(reasoning: string, input: string, n: number): number {
  const own = new Set(reasoning === "" ? [] : ngrams(reasoning, n));
  if (own.size === 0) return 0;
  const found = new Set<string>();
  if (input !== "") for (const gram of ngrams(input, n)) if (own.has(gram)) found.add(gram);
  return found.size / own.size;
}

/** The longest common substring over the reasoning's length (code points); 0 without reasoning. */
export function lcsOverlap(reasoning: string, input: string): number {
  return reasoning === "" ? 0 : longestCommonSubstring(reasoning, input) / length(reasoning);
}
