// isomorphic_strings: whether one string turns into the other by a one-to-one replacement of its
// characters ("True" or "False"). The library's default scorer.
import { defaultScore } from "../default_score.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configNumber, configRange } from "../support/generator_config.ts";

const LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];

export function isomorphic(s: string, t: string): boolean {
  if (s.length !== t.length) return false;
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  for (let i = 0; i < s.length; i++) {
    const a = s[i]!;
    const b = t[i]!;
    if ((forward.get(a) ?? b) !== b || (backward.get(b) ?? a) !== a) return false;
    forward.set(a, b);
    backward.set(b, a);
  }
  return true;
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLength, maxLength] = configRange(config, "string_length", [2, 10], [2, 100_000]);
  const pSolvable = configNumber(config, "p_solvable", 0.5, 0, 1);
  const length = rng.int(minLength, maxLength);
  const solvable = rng.chance(pSolvable);
  // A one-to-one letter mapping over all but one position; an unsolvable pair then gets one more
  // position that maps a used letter elsewhere.
  const image = rng.shuffled(LETTERS);
  const mapping = new Map(LETTERS.map((letter, i) => [letter, image[i]!] as const));
  const s: string[] = [];
  for (let i = 0; i < length - 1; i++) s.push(rng.choice(LETTERS));
  const t = s.map((c) => mapping.get(c)!);
  if (!solvable) {
    const letter = rng.choice(s);
    const conflict = rng.choice(LETTERS.filter((c) => c !== mapping.get(letter)));
    const at = rng.int(0, s.length);
    s.splice(at, 0, letter);
    t.splice(at, 0, conflict);
  }
  const [a, b] = [s.join(""), t.join("")];
  const answer = isomorphic(a, b);
  return {
    question: `Two strings are isomorphic when replacing characters of the first gives the second: every occurrence of a character becomes the same character, order is kept, and no two characters become the same one (a character may stay itself). Are these two strings isomorphic? Answer True or False.\n\n${a} ${b}`,
    answer: answer ? "True" : "False",
    metadata: { source_dataset: "isomorphic_strings", source_index: index, words: [a, b], solution: answer, solvable, string_length: length, difficulty: { string_length: [minLength, maxLength] } },
  };
}

export default defineFamily({ name: "isomorphic_strings", category: "algorithmic", scorer: "default", score: defaultScore, generate });
