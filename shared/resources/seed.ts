// Seeded randomness for environments that generate their task (a shuffled deck, a puzzle level):
// the same row gives the same task, so a rollout is reproducible (the same row and the same
// actions play the same episode), and a trainer's repeats of a row are a group on one task.

/** The row's `seed`; a row without one is seeded by its input, so identical rows are one task. */
export function rowSeed(row: { seed?: number | null; responses_create_params: { input: unknown } }): number {
  if (row.seed !== undefined && row.seed !== null) return row.seed >>> 0;
  // FNV-1a over the input as JSON: not the create params, so sampling overrides keep the task.
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify(row.responses_create_params.input)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Uniform numbers in [0, 1) from a 32-bit seed (mulberry32): small, fast, the same everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export const randomIndex = (random: () => number, n: number): number => Math.floor(random() * n);
