// palindrome_generation: arrange the given letters into a palindrome. The answer, stripped and
// lowercased: a palindrome of exactly the given letters 1.0; a palindrome of other letters 0.05;
// any other non-empty answer 0.02; an empty one 0.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configRange } from "../support/generator_config.ts";
import { palindromeLetters } from "./palindrome_letters.ts";

/** Whether two lists of strings hold the same items as many times each (Python's sorted(a) == sorted(b)). */
function sameMultiset(a: readonly string[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const counts = new Map<unknown, number>();
  for (const item of a) counts.set(item, (counts.get(item) ?? 0) + 1);
  for (const item of b) {
    const n = counts.get(item);
    if (!n) return false;
    counts.set(item, n - 1);
  }
  return true;
}

/** The letters of a random palindrome of the drawn length, shuffled. */
function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const [minLength, maxLength] = configRange(config, "length", [3, 10], [1, 100_000]);
  const length = rng.int(minLength, maxLength);
  const palindrome = palindromeLetters(rng, length);
  const letters = rng.shuffled(palindrome);
  return {
    question:
      `Rearrange these letters into a palindrome (a string that reads the same backward), using every letter exactly once: ${letters.join(", ")}\n\n` +
      "Several palindromes may work; give any one, as a single lowercase string without spaces.",
    answer: palindrome.join(""),
    metadata: { source_dataset: "palindrome_generation", source_index: index, letters, generated_palindrome: palindrome.join(""), length, difficulty: { length: [minLength, maxLength] } },
  };
}

export default defineFamily({
  name: "palindrome_generation",
  category: "algorithmic",
  scorer: "validity",
  score(answer, entry) {
    if (!answer) return 0;
    const chars = Array.from(pyStrip(answer).toLowerCase());
    if (chars.some((c, i) => c !== chars[chars.length - 1 - i])) return 0.02;
    const letters = entry.metadata.letters;
    if (!Array.isArray(letters)) throw new TypeError("metadata.letters is not a list");
    return sameMultiset(chars, letters) ? 1 : 0.05;
  },
  generate,
});
