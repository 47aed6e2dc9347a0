// The normalisation figlet_font and needle_haystack apply before comparing a word: the answer
// loses every space (U+0020 only) and both are stripped and lower-cased.
import { pyStrip } from "../../../../../shared/verifiers/python_str.ts";

export const normalizedAnswer = (answer: string): string => pyStrip(answer.replaceAll(" ", "")).toLowerCase();
export const normalizedOracle = (oracle: string): string => pyStrip(oracle).toLowerCase();
