// Arena-Elo as NeMo Gym's arena_judge computes it (arena-hard-auto's show_result.py): each task's
// rollouts collapse to its best verdict in each judging order, verdicts become battles between
// candidate and baseline (a strict win or loss is 3 battles, a slight one or a tie 1, a missing or
// unknown verdict none but counted in invalid_scores), and the candidate's Elo is fitted by maximum
// likelihood with a tie as half a win.
//
// With two players the fit has a closed form: the candidate's predicted win rate equals its share
// of the battles, p = (wins + ties / 2) / battles, so its Elo over the baseline's 1000 is
// 1000 + 400 log10(p / (1 - p)). A percentile-bootstrap 95% interval comes from refitting on 100
// resamples of the battles, drawn as the reference draws them (seed 42; a resample with a single
// outcome cannot be fitted and is skipped). Reported, each as a win rate against the baseline in
// percent rounded to 2 places:
//   score = 100 p;  ci_lower / ci_upper = win rate at the 2.5th / 97.5th percentile Elo - score
// When every battle has the same winner (no tie) there is nothing to fit: score 100 (all wins) or 0, and
// both interval ends 0. With no valid verdict at all the reference's score is NaN; here it is null.
import { LegacyRandomState } from "./numpy_random.ts";
import { pyRound } from "../../../shared/verifiers/python_round.ts";

type Outcome = "candidate" | "baseline" | "tie";

// Candidate-favouring order: a task's best gen-base verdict is the first here any rollout gave.
const VERDICTS = ["A>>B", "A>B", "A=B", "B>A", "B>>A"] as const;
const STRICT_WEIGHT = 3;
const BOOTSTRAP_ROUNDS = 100;
const BOOTSTRAP_SEED = 42;

/** The best verdict among a task's rollouts, for the candidate in the first order (reversed for the swapped one). */
export function bestVerdict(verdicts: readonly unknown[], swapped: boolean): string | null {
  const order = swapped ? [...VERDICTS].reverse() : VERDICTS;
  return order.find((v) => verdicts.includes(v)) ?? null;
}

/**
 * The battles the verdict pairs stand for, in the reference's order (task by task, gen-base then
 * base-gen: the bootstrap resamples by position), and how many verdicts were invalid.
 */
function battlesOf(pairs: readonly (readonly [string | null, string | null])[]): { battles: Outcome[]; invalid: number } {
  const battles: Outcome[] = [];
  let invalid = 0;
  for (const [genBase, baseGen] of pairs) {
    for (const [verdict, candidateIsA] of [[genBase, true], [baseGen, false]] as const) {
      if (!(VERDICTS as readonly (string | null)[]).includes(verdict)) {
        invalid++;
        continue;
      }
      const weight = verdict === "A>>B" || verdict === "B>>A" ? STRICT_WEIGHT : 1;
      const aWins = verdict === "A>>B" || verdict === "A>B";
      const outcome: Outcome = verdict === "A=B" ? "tie" : aWins === candidateIsA ? "candidate" : "baseline";
      for (let i = 0; i < weight; i++) battles.push(outcome);
    }
  }
  return { battles, invalid };
}

/** A fit: the candidate's share of the battles (its predicted win rate) and its Elo (the baseline's is 1000). */
interface Fit {
  p: number;
  elo: number;
}

/** The fit of some battles, or undefined when one outcome is all there is. */
function fit(battles: readonly Outcome[]): Fit | undefined {
  let wins = 0;
  let ties = 0;
  for (const b of battles) {
    if (b === "candidate") wins++;
    else if (b === "tie") ties++;
  }
  if (ties === 0 && (wins === 0 || wins === battles.length)) return undefined;
  // The reference fits each battle twice, a tie as one win and one loss.
  const p = (2 * wins + ties) / (2 * battles.length);
  return { p, elo: 1000 + 400 * Math.log10(p / (1 - p)) };
}


// Win rates are rounded from the exact fit: the reference's iterative solver stops within about
// 1e-9 of it, so only where that value is exactly halfway between two hundredths can its last
// digit differ (either way, as the solver happens to stop).
const percent = (winRate: number) => pyRound(winRate * 100, 2);

/**
 * The win rate (percent, 2 places) at NumPy's linearly interpolated q-th percentile of the fits'
 * Elos (ascending); exactly a fit's own win rate when the percentile falls on it.
 */
function percentileWinRate(sorted: readonly Fit[], q: number): number {
  const position = (sorted.length - 1) * (q / 100);
  const below = Math.floor(position);
  const t = position - below;
  const a = sorted[below]!;
  const b = sorted[Math.min(below + 1, sorted.length - 1)]!;
  if (t === 0 || a.p === b.p) return percent(a.p);
  const elo = t >= 0.5 ? b.elo - (b.elo - a.elo) * (1 - t) : a.elo + (b.elo - a.elo) * t;
  return percent(1 / (1 + 10 ** ((1000 - elo) / 400)));
}

export interface ArenaElo {
  score: number | null;
  ci_lower: number | null;
  ci_upper: number | null;
  invalid_scores: number;
  n: number;
}

/** Arena-Elo of the tasks' best [gen-base, base-gen] verdict pairs. */
export function arenaElo(pairs: readonly (readonly [string | null, string | null])[]): ArenaElo {
  const { battles, invalid } = battlesOf(pairs);
  const counts = { invalid_scores: invalid, n: pairs.length };
  if (battles.length === 0) return { score: null, ci_lower: null, ci_upper: null, ...counts };
  const online = fit(battles);
  if (online === undefined) return { score: battles[0] === "candidate" ? 100 : 0, ci_lower: 0, ci_upper: 0, ...counts };
  const random = new LegacyRandomState(BOOTSTRAP_SEED);
  const boot: Fit[] = [];
  for (let round = 0; round < BOOTSTRAP_ROUNDS; round++) {
    const refit = fit(random.choice(battles.length, battles.length).map((i) => battles[i]!));
    if (refit !== undefined) boot.push(refit);
  }
  boot.sort((a, b) => a.elo - b.elo);
  const score = percent(online.p);
  return {
    score,
    ci_lower: pyRound(percentileWinRate(boot, 2.5) - score, 2),
    ci_upper: pyRound(percentileWinRate(boot, 97.5) - score, 2),
    ...counts,
  };
}
