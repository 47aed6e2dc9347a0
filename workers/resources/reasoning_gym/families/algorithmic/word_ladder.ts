// word_ladder: change one letter at a time from a start word to an end word. The answer, uppercased
// and split at commas (each word stripped), must run from the start word to the end word, every
// word as long as the end word, each differing from the one before in exactly one place: 1.0,
// halved for each word (repeats included) not in the library's word list; else 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { LADDER_WORDS } from "./word_ladder_words.ts";

const vocabularies = new Map<number, Set<string>>();

/** The list's words of a length (3 to 5 letters), built on first use. */
function vocabulary(length: number): Set<string> {
  let words = vocabularies.get(length);
  if (!words) {
    const text = LADDER_WORDS[length as 3 | 4 | 5];
    if (text === undefined) throw new RangeError(`no word list for ${length}-letter words`);
    words = new Set(text.split(" "));
    vocabularies.set(length, words);
  }
  return words;
}

const ladderGraphs = new Map<number, Map<string, string[]>>();

/** Each listed word's neighbours (one letter changed, also listed), in list order; built on first use through shared wildcard patterns. */
function ladderGraph(length: number): Map<string, string[]> {
  let graph = ladderGraphs.get(length);
  if (graph) return graph;
  const words = [...vocabulary(length)];
  const buckets = new Map<string, string[]>();
  const patterns = (word: string) => Array.from(word, (_, i) => `${word.slice(0, i)}*${word.slice(i + 1)}`);
  for (const word of words) {
    for (const pattern of patterns(word)) {
      const bucket = buckets.get(pattern);
      if (bucket) bucket.push(word);
      else buckets.set(pattern, [word]);
    }
  }
  graph = new Map(words.map((word) => [word, patterns(word).flatMap((pattern) => buckets.get(pattern)!.filter((other) => other !== word))]));
  ladderGraphs.set(length, graph);
  return graph;
}

/** A shortest ladder from start to end (breadth first), or undefined when none exists. */
function shortestLadder(graph: Map<string, string[]>, start: string, end: string): string[] | undefined {
  const previous = new Map<string, string>([[start, start]]);
  let frontier = [start];
  while (frontier.length > 0 && !previous.has(end)) {
    const next: string[] = [];
    for (const word of frontier) {
      for (const neighbour of graph.get(word)!) {
        if (previous.has(neighbour)) continue;
        previous.set(neighbour, word);
        next.push(neighbour);
      }
    }
    frontier = next;
  }
  if (!previous.has(end)) return undefined;
  const path = [end];
  while (path.at(-1) !== start) path.push(previous.get(path.at(-1)!)!);
  return path.reverse();
}

/** The chain lengths (words, both ends counted) a config allows; -1 means no bound on that side (and at least 3 words). */
function chainBounds(config: Record<string, unknown>): [number, number] {
  const min = configInt(config, "min_chain_length", -1, -1, 1000);
  const max = configInt(config, "max_chain_length", -1, -1, 1000);
  if (min === -1) {
    if (max !== -1 && max < 3) throw new RangeError(`max_chain_length must be -1 or at least 3, got ${max}`);
    return [3, max === -1 ? Infinity : max];
  }
  if (max === -1) throw new RangeError("max_chain_length cannot be -1 unless min_chain_length is -1 too");
  if (min < 3) throw new RangeError(`min_chain_length must be -1 or at least 3, got ${min}`);
  if (max < min) throw new RangeError(`max_chain_length must be at least min_chain_length, got ${min} and ${max}`);
  return [min, max];
}

const ATTEMPTS = 100;

/** Two listed words of a drawn length whose shortest ladder has an allowed number of words. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const minLength = configInt(config, "min_word_length", 4, 3, 5);
  const maxLength = configInt(config, "max_word_length", 4, 3, 5);
  if (maxLength < minLength) throw new RangeError(`max_word_length must be at least min_word_length, got ${minLength} and ${maxLength}`);
  const [minChain, maxChain] = chainBounds(config);
  const length = rng.int(minLength, maxLength);
  const graph = ladderGraph(length);
  const words = [...graph.keys()];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const start = rng.choice(words);
    const end = rng.choice(words);
    if (start === end) continue;
    const path = shortestLadder(graph, start, end);
    if (!path || path.length < minChain || path.length > maxChain) continue;
    return {
      question:
        `Turn the word ${start} into ${end} by changing one letter at a time, every step being an English word. ` +
        "Answer with the whole chain, first and last words included, in uppercase and separated by commas without spaces.",
      answer: path.join(","),
      metadata: {
        source_dataset: "word_ladder",
        source_index: index,
        start_word: start,
        end_word: end,
        word_length: length,
        chain_length: path.length,
        difficulty: { word_length: [minLength, maxLength] },
      },
    };
  }
  throw new RangeError(`no word pair of ${length} letters with a ladder of ${minChain} to ${maxChain} words found in ${ATTEMPTS} draws`);
}

const differences = (a: readonly string[], b: readonly string[]) => a.reduce((n, char, i) => n + (char === b[i] ? 0 : 1), 0);

export default defineFamily({
  name: "word_ladder",
  category: "algorithmic",
  scorer: "validity",
  deviations: [
    "Ladders of 3- and 5-letter words are checked against the library's word lists of those lengths (its scorer, built with the default config, knows only 4-letter words and scores every other ladder 0).",
  ],
  score(answer, entry) {
    if (answer === null) return 0;
    const { start_word: start, end_word: end } = entry.metadata;
    if (typeof start !== "string" || typeof end !== "string") throw new TypeError("metadata lacks start_word or end_word");
    const words = answer.toUpperCase().split(",").map((word) => Array.from(pyStrip(word)));
    const length = Array.from(end).length;
    const known = vocabulary(length);
    if (words.length < 2 || words[0]!.join("") !== start || words.at(-1)!.join("") !== end) return 0;
    if (words.some((word) => word.length !== length)) return 0;
    if (words.some((word, i) => i > 0 && differences(words[i - 1]!, word) !== 1)) return 0;
    return words.reduce((reward, word) => (known.has(word.join("")) ? reward : reward * 0.5), 1);
  },
  generate,
});
