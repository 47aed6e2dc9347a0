// palindrome_partitioning: every way to cut a string into palindromes. The answer is JSON; as a set
// of partitions (each item of it read as a tuple: a list's items, a string's characters, an
// object's keys) it must equal the stored set: 1.0, else 0.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { palindromeLetters } from "./palindrome_letters.ts";

/** Python's tuple(x) of a JSON value, as a key; undefined when tuple() or hashing it raises, or it holds a non-string (never equal to a stored partition's tuple). */
function tupleKey(value: unknown): string | undefined {
  let items: unknown[];
  if (typeof value === "string") items = Array.from(value);
  else if (Array.isArray(value)) items = value;
  else if (value !== null && typeof value === "object") items = Object.keys(value);
  else return undefined;
  return items.every((item) => typeof item === "string") ? JSON.stringify(items) : undefined;
}

/** The set {tuple(x) for x in value}; undefined where the library's would raise or hold a tuple no partition equals. */
function partitionSet(value: unknown): Set<string> | undefined {
  const outer = typeof value === "string" ? Array.from(value) : Array.isArray(value) ? value : value !== null && typeof value === "object" ? Object.keys(value) : undefined;
  if (!outer) return undefined;
  const keys = new Set<string>();
  for (const item of outer) {
    const key = tupleKey(item);
    if (key === undefined) return undefined;
    keys.add(key);
  }
  return keys;
}

/** Every partition of `text` into palindromes, depth first (shorter first pieces first), then ordered by first piece as the library orders them. */
function partitions(text: string): string[][] {
  const found: string[][] = [];
  const isPalindrome = (from: number, to: number) => {
    for (let i = from, j = to - 1; i < j; i++, j--) if (text[i] !== text[j]) return false;
    return true;
  };
  const pieces: string[] = [];
  const walk = (from: number) => {
    if (from === text.length) found.push([...pieces]);
    for (let to = from + 1; to <= text.length; to++) {
      if (!isPalindrome(from, to)) continue;
      pieces.push(text.slice(from, to));
      walk(to);
      pieces.pop();
    }
  };
  if (text.length > 0) walk(0);
  // Array.prototype.sort is stable, as Python's sorted is.
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}

// A string of n equal letters has 2^(n-1) partitions: 16 letters keeps that to 32768.
const MAX_STRING_LEN = 16;

/** A string built of random palindromes, to partition. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLen, maxLen] = configRange(config, "string_len", [5, 15], [1, MAX_STRING_LEN]);
  const [minPiece, maxPiece] = configRange(config, "substring_palindrome_len", [1, 5], [1, MAX_STRING_LEN]);
  if (maxPiece > maxLen) throw new RangeError(`max_substring_palindrome_len must be at most max_string_len, got ${maxPiece} and ${maxLen}`);
  const length = rng.int(minLen, maxLen);
  let text = "";
  while (text.length < length) text += palindromeLetters(rng, Math.min(length - text.length, rng.int(minPiece, maxPiece))).join("");
  const solution = partitions(text);
  return {
    question:
      "Split a string into pieces that are all palindromes (each reads the same backward), in every possible way.\n\n" +
      'Answer with a JSON list of the partitions, in any order, each a list of its pieces, for example [["a", "a", "b"], ["aa", "b"]].\n\n' +
      `The string: ${text}`,
    answer: `[${solution.map((pieces) => `[${pieces.map((p) => JSON.stringify(p)).join(", ")}]`).join(", ")}]`,
    metadata: {
      source_dataset: "palindrome_partitioning",
      source_index: index,
      string: text,
      solution,
      string_len: length,
      difficulty: { string_len: [minLen, maxLen], substring_palindrome_len: [minPiece, maxPiece] },
    },
  };
}

export default defineFamily({
  name: "palindrome_partitioning",
  category: "algorithmic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    const given = partitionSet(JSON.parse(answer));
    const oracle = partitionSet(entry.metadata.solution);
    if (!given || !oracle || given.size !== oracle.size) return 0;
    for (const key of given) if (!oracle.has(key)) return 0;
    return 1;
  },
  generate,
});
