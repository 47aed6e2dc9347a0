// The letters of a random lowercase palindrome, for the generators of palindrome_generation and
// palindrome_partitioning: a random first half, a middle letter when the length is odd, the half mirrored.
import type { Rng } from "../rng.ts";

const LOWERCASE = "abcdefghijklmnopqrstuvwxyz".split("");

export function palindromeLetters(rng: Rng, length: number): string[] {
  const half = Array.from({ length: Math.floor(length / 2) }, () => rng.choice(LOWERCASE));
  const middle = length % 2 === 1 ? [rng.choice(LOWERCASE)] : [];
  return [...half, ...middle, ...[...half].reverse()];
}
