// What one IFEval instruction is: the schema of its kwargs and a check of an answer against them.
// Checks are pure, total (bad input was refused when the row was read) and linear in the answer.
import { z } from "../zod.ts";

export interface Instruction<K extends z.ZodType = z.ZodType> {
  kwargs: K;
  check(text: string, kwargs: z.infer<K>): boolean;
}

/** Declares an instruction; the identity function exists so `check` is typed from `kwargs`. */
export function instruction<K extends z.ZodType>(definition: Instruction<K>): Instruction<K> {
  return definition;
}

export type Family = Record<string, Instruction>;

/** Instructions without arguments. */
export const NoKwargs = z.strictObject({});

export const Count = z.number().int().min(0);
export const Phrase = z.string().trim().min(1);

/** IFEval's two comparisons: "less than" is `actual < n`, "at least" is `actual >= n`. */
export const Relation = z.enum(["less than", "at least"]);
export type Relation = z.infer<typeof Relation>;

export const compare = (actual: number, relation: Relation, threshold: number): boolean =>
  relation === "less than" ? actual < threshold : actual >= threshold;

/** Python's `str.isupper()` / `str.islower()`: some cased letter, and none of the other case. */
export const isUpper = (text: string): boolean => /\p{Uppercase}/u.test(text) && !/\p{Lowercase}/u.test(text);
export const isLower = (text: string): boolean => /\p{Lowercase}/u.test(text) && !/\p{Uppercase}/u.test(text);

/** The pieces between separators; false when an inner piece is blank (IFEval's divider rule). */
export function piecesBetween(text: string, separator: string): string[] | false {
  const pieces = text.split(separator);
  const kept: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (piece.trim()) kept.push(piece);
    else if (i !== 0 && i !== pieces.length - 1) return false;
  }
  return kept;
}
