// Gathering a cohort across requests (genrm_compare's /verify with num_rollouts_per_prompt > 1,
// NeMo Gym's cohort-based verify): one object per cohort key; each rollout's /verify joins with
// its response and waits. The member that completes the cohort gets every member's entry, scores
// them all (in its own Worker, where the GenRM binding is) and settles the rewards, which the
// waiting members then return. Nothing is stored: a cohort lives as long as its members' requests,
// and a member that waits past its deadline fails the whole incomplete cohort (no member would
// otherwise ever be scored), so every caller ends with a reward or a failure, never a hang.
import { DurableObject } from "cloudflare:workers";

/** Why a cohort has no rewards: the failure class every member reports, and the message. */
export interface CohortFailure {
  failureClass: string;
  message: string;
}

/** A settled cohort: a reward per member in join order (and metrics for all), or its failure. */
export type CohortOutcome = { rewards: number[]; metrics: Record<string, number> } | CohortFailure;

/** What joining gives: the whole cohort to score (the member that completed it), or a member's result. */
export type Joined =
  | { index: number; cohort: unknown[]; group: number }
  | { index: number; reward: number; metrics: Record<string, number> }
  | { index: number; failure: CohortFailure };

interface Member {
  entry: unknown;
  settle(outcome: { reward: number; metrics: Record<string, number> } | CohortFailure): void;
}

export class CohortDO extends DurableObject {
  #forming: Member[] = [];
  #group = 0;
  /** Completed cohorts waiting for their scorer's rewards. */
  readonly #scoring = new Map<number, Member[]>();

  async join(entry: unknown, size: number, timeoutMs: number): Promise<Joined> {
    const index = this.#forming.length;
    if (index + 1 === size) {
      const members = this.#forming;
      this.#forming = [];
      const group = ++this.#group;
      this.#scoring.set(group, members);
      return { index, cohort: [...members.map((m) => m.entry), entry], group };
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#abandon(`the cohort was not complete within ${timeoutMs} ms: ${this.#forming.length} of ${size} rollouts arrived`), timeoutMs);
      this.#forming.push({
        entry,
        settle: (outcome) => {
          clearTimeout(timer);
          resolve("reward" in outcome ? { index, ...outcome } : { index, failure: outcome });
        },
      });
    });
  }

  /** The scorer's outcome for its cohort. */
  async settle(group: number, outcome: CohortOutcome): Promise<void> {
    const members = this.#scoring.get(group) ?? [];
    this.#scoring.delete(group);
    members.forEach((member, i) => member.settle("rewards" in outcome ? { reward: outcome.rewards[i]!, metrics: outcome.metrics } : outcome));
  }

  #abandon(message: string): void {
    const members = this.#forming;
    this.#forming = [];
    for (const member of members) member.settle({ failureClass: "cohort_incomplete", message });
  }
}
