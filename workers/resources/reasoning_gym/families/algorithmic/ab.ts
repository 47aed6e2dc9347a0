// ab: the normal form of an A::B program (tokens A#, #A, B#, #B; facing '#'s rewrite). Only the
// exact final program scores 1.0. The generator computes the normal form directly: X# tokens move
// right, #X tokens move left, and a pair of the same letter meeting vanishes.
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";

const TOKENS = ["A#", "B#", "#A", "#B"] as const;

/** The program after every rewrite: surviving #X tokens in order, then surviving X# tokens in order. */
export function normalForm(program: readonly string[]): string[] {
  const left: string[] = [];
  const right: string[] = [];
  for (const token of program) {
    if (token.endsWith("#")) {
      right.push(token);
      continue;
    }
    // #X passes every Y# before it until the nearest X#, with which it vanishes.
    const partner = right.lastIndexOf(`${token[1]}#`);
    if (partner < 0) left.push(token);
    else right.splice(partner, 1);
  }
  return [...left, ...right];
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const length = configInt(config, "length", 10, 1, 10_000);
  const program = Array.from({ length }, () => rng.choice(TOKENS));
  const question = [
    "An A::B program is a row of tokens, each one of A#, #A, B# or #B. Run it by rewriting neighbouring pairs whose '#' signs face each other, until no such pair is left:",
    "  A# #A  becomes nothing",
    "  B# #B  becomes nothing",
    "  A# #B  becomes  #B A#",
    "  B# #A  becomes  #A B#",
    "",
    `Program: ${program.join(" ")}`,
    "",
    "Give the program that remains, tokens separated by single spaces.",
  ].join("\n");
  return { question, answer: normalForm(program).join(" "), metadata: { source_dataset: "ab", source_index: index, difficulty: { length } } };
}

export default defineFamily({
  name: "ab",
  category: "algorithmic",
  scorer: "own",
  score: (answer, entry) => (answer !== null && answer === entry.answer ? 1 : 0),
  generate,
});
