// The named scores pass@k and majority@k are computed over, declared per environment as NeMo Gym
// environments declare them (the score function of their compute_metrics): by default one score,
// `accuracy`, the reward. math_with_judge, for one, scores `symbolic_accuracy` and `judge_accuracy`.
type Json = Record<string, unknown>;

/** A score read from a verify response field; with `when`, only if that field is present and not null. */
export interface ScoreSource {
  field: string;
  when?: string;
}

export type ScoreSpec = Readonly<Record<string, ScoreSource>>;

export const DEFAULT_SCORES: ScoreSpec = { accuracy: { field: "reward" } };

/** The rollout's scores (booleans as 0/1); a score whose field is absent or not a number is left out. */
export function scoresOf(result: Json, spec: ScoreSpec = DEFAULT_SCORES): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const [name, { field, when }] of Object.entries(spec)) {
    if (when !== undefined && (result[when] === undefined || result[when] === null)) continue;
    const value = result[field];
    if (typeof value === "boolean") scores[name] = Number(value);
    else if (typeof value === "number" && Number.isFinite(value)) scores[name] = value;
  }
  return scores;
}
