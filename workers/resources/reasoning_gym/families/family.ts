// What one of reasoning-gym's task families is to this server: the library's registered name, its
// category, how the library scores an answer to it, and (when we have one) a generator of our own
// for new tasks of the same kind. Each family lives in families/<category>/<name>.ts and its
// category's index.ts lists it; families/index.ts only lists the categories.
import type { Rng } from "./rng.ts";

export const CATEGORIES = ["algebra", "algorithmic", "arc", "arithmetic", "code", "cognition", "games", "geometry", "graphs", "induction", "logic", "probability", "composite"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A task as the library hands it out (`{question, answer, metadata}`), as a JSON row carries it. */
export interface Entry {
  question: string;
  /** The stored answer; null for families whose tasks have many (they check validity instead). */
  answer: string | null | undefined;
  metadata: Metadata;
}

export type Metadata = Record<string, unknown> & { source_dataset: string };

/**
 * How the library decides a family's score:
 * - `default`: the library's base scorer (1.0 for the exact answer; for an answer that contains
 *   it, its share of the answer's length; else 0), families/default_score.ts;
 * - `own`: a rule of the family's own (numeric tolerance, set or list comparison, partial credit);
 * - `validity`: any valid solution of the puzzle scores, checked against the task, not compared
 *   with the stored answer.
 */
export type ScorerKind = "default" | "own" | "validity";

export interface Family {
  /** The library's registered dataset name (`metadata.source_dataset`). */
  name: string;
  category: Category;
  scorer: ScorerKind;
  /**
   * The score of `answer` (the extracted answer; null when the reply holds none) for `entry`,
   * from 0 to 1. May throw on an answer it cannot read: the server scores that 0, as the library's
   * callers do.
   */
  score(answer: string | null, entry: Entry): number;
  /** Where we score differently from the library on purpose, and why (listed in the README). */
  deviations?: readonly string[];
  /** A generator of our own: a task of this family for (seed, index) and the library's difficulty parameters. */
  generate?(rng: Rng, config: Record<string, unknown>, index: number): Entry;
}

export const defineFamily = (family: Family): Family => family;
