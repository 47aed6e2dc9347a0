// reasoning-gym's generated tasks, solved from the prompt alone as a model would: each family's
// question is known by its fixed wording, its facts are read from the text and the answer worked
// out. Each solver gives the right answer and a plausible slip (a count one off, two items swapped,
// one step missed or one too many), never one that contains the right answer.
import type { Solver, Worked } from "./prompt_reading.ts";
import { baseConversion, caesarCipher, countPrimes, isomorphicStrings, letterCounting, numberSorting, ransomNote, rotateMatrix, spellBackward, spiralMatrix, wordSequenceReversal, wordSorting } from "./reasoning_algorithmic.ts";
import { basicArithmetic, chainSum, countBits, greatestCommonDivisor, leastCommonMultiple, legCounting, products } from "./reasoning_arithmetic.ts";
import { circuitLogic, coinFlip, shortestPath, simpleGeometry } from "./reasoning_puzzles.ts";

export type { Worked } from "./prompt_reading.ts";

export const SOLVERS: Readonly<Record<string, Solver>> = {
  spell_backward: spellBackward,
  word_sequence_reversal: wordSequenceReversal,
  letter_counting: letterCounting,
  number_sorting: numberSorting,
  base_conversion: baseConversion,
  caesar_cipher: caesarCipher,
  count_primes: countPrimes,
  ransom_note: ransomNote,
  isomorphic_strings: isomorphicStrings,
  rotate_matrix: rotateMatrix,
  spiral_matrix: spiralMatrix,
  word_sorting: wordSorting,
  gcd: greatestCommonDivisor,
  lcm: leastCommonMultiple,
  products,
  chain_sum: chainSum,
  count_bits: countBits,
  leg_counting: legCounting,
  basic_arithmetic: basicArithmetic,
  simple_geometry: simpleGeometry,
  coin_flip: coinFlip,
  circuit_logic: circuitLogic,
  shortest_path: shortestPath,
};

/** The first family whose task the prompt reads as, worked out; undefined when none does. */
export function solveTask(prompt: string): Worked | undefined {
  for (const solve of Object.values(SOLVERS)) {
    const worked = solve(prompt);
    if (worked) return worked;
  }
  return undefined;
}
