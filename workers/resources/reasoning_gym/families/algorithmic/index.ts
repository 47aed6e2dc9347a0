// reasoning-gym's algorithmic families, each in its own module here.
import type { Family } from "../family.ts";
import ab from "./ab.ts";
import baseConversion from "./base_conversion.ts";
import binaryAlternation from "./binary_alternation.ts";
import binaryMatrix from "./binary_matrix.ts";
import caesarCipher from "./caesar_cipher.ts";
import countPrimes from "./count_primes.ts";
import cryptarithm from "./cryptarithm.ts";
import gameOfLife from "./game_of_life.ts";
import gameOfLifeHalting from "./game_of_life_halting.ts";
import graphColor from "./graph_color.ts";
import groupAnagrams from "./group_anagrams.ts";
import isomorphicStrings from "./isomorphic_strings.ts";
import jugs from "./jugs.ts";
import letterCounting from "./letter_counting.ts";
import letterJumble from "./letter_jumble.ts";
import manipulateMatrix from "./manipulate_matrix.ts";
import numberFiltering from "./number_filtering.ts";
import numberSorting from "./number_sorting.ts";
import palindromeGeneration from "./palindrome_generation.ts";
import palindromePartitioning from "./palindrome_partitioning.ts";
import poolMatrix from "./pool_matrix.ts";
import ransomNote from "./ransom_note.ts";
import rotateMatrix from "./rotate_matrix.ts";
import rottenOranges from "./rotten_oranges.ts";
import sentenceReordering from "./sentence_reordering.ts";
import spellBackward from "./spell_backward.ts";
import spiralMatrix from "./spiral_matrix.ts";
import stringInsertion from "./string_insertion.ts";
import stringManipulation from "./string_manipulation.ts";
import stringSplitting from "./string_splitting.ts";
import stringSynthesis from "./string_synthesis.ts";
import wordLadder from "./word_ladder.ts";
import wordSequenceReversal from "./word_sequence_reversal.ts";
import wordSorting from "./word_sorting.ts";

export default [
  ab,
  baseConversion,
  binaryAlternation,
  binaryMatrix,
  caesarCipher,
  countPrimes,
  cryptarithm,
  gameOfLife,
  gameOfLifeHalting,
  graphColor,
  groupAnagrams,
  isomorphicStrings,
  jugs,
  letterCounting,
  letterJumble,
  manipulateMatrix,
  numberFiltering,
  numberSorting,
  palindromeGeneration,
  palindromePartitioning,
  poolMatrix,
  ransomNote,
  rotateMatrix,
  rottenOranges,
  sentenceReordering,
  spellBackward,
  spiralMatrix,
  stringInsertion,
  stringManipulation,
  stringSplitting,
  stringSynthesis,
  wordLadder,
  wordSequenceReversal,
  wordSorting,
] satisfies Family[];
