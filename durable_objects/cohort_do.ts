// Gathering a cohort across requests (genrm_compare's /verify with num_rollouts_per_prompt > 1,
// NeMo Gym's cohort-based verify): one object per cohort key, which names the caller and all the
// policy was given (cohort_verify.ts), so only one caller's rollouts of one prompt ever meet here.
// Each rollout's /verify joins with its response and waits. The member that completes the cohort
// gets every member's response in rollout-index order (so arrival timing never changes a reward),
// scores them all (in its own Worker, where the GenRM binding is)
// and settles the rewards, which the waiting members then return. Nothing is stored: a cohort
// lives as long as its members' requests.
//
// Each cohort has an id and its own deadline, so a timer only ever ends the cohort it was set for:
// one still short of members then fails them all (cohort_incomplete, naming how many it needs and
// how many came), one whose scorer never settled fails them too (cohort_unscored). A cohort still
// short of members at its notice time says so in the log, long before its deadline: a caller that
// sends fewer rollouts of a prompt than the cohort needs would otherwise wait in silence. Every caller ends with a reward or a failure, never a
// hang. A rollout index seen again (a retry) never takes a partner's place: the same response
// waits for its earlier entry's outcome; a different one replaces the earlier entry, whose request
// then fails (cohort_superseded).
import { DurableObject } from "cloudflare:workers";

/** Why a member has no reward: its failure class, and the message. */
export interface CohortFailure {
  failureClass: string;
  message: string;
}

/** A settled cohort: a reward per member in scoring order (and metrics for all), or its failure. */
export type CohortOutcome = { rewards: number[]; metrics: Record<string, number> } | CohortFailure;

/** One rollout's part in a cohort. */
export interface CohortEntry {
  response: unknown;
  /** Its rollout index (as JSON text), when the row has one: a retry of it is the same member. */
  rollout?: string;
  /** A digest of `response`, with `rollout`: whether a retry brings the same response. */
  digest?: string;
}

/** A cohort's terms: how long it may take to gather its members, then to be scored once complete. */
export interface CohortTerms {
  gatherMs: number;
  scoreMs: number;
  /** When a cohort still short of members is logged. */
  noticeMs: number;
  /** Where the cohort's size comes from and what to change, said whenever a cohort is short. */
  hint: string;
}

/** What joining gives: the whole cohort to score (the member that completed it), or a member's result. */
export type Joined =
  | { index: number; cohort: unknown[]; id: number }
  | { index: number; reward: number; metrics: Record<string, number> }
  | { index: number; failure: CohortFailure };

type MemberOutcome = { reward: number; metrics: Record<string, number> } | CohortFailure;

interface Member extends CohortEntry {
  /** Everyone waiting for this member's reward (and its place in the cohort as scored): its request, and any retry with the same response. */
  waiters: ((outcome: MemberOutcome, index: number) => void)[];
}

interface Cohort {
  id: number;
  members: Member[];
  /** The one deadline of this cohort (forming, then scoring). */
  timer: ReturnType<typeof setTimeout>;
  /** The log line of a cohort still short of members at its notice time. */
  notice: ReturnType<typeof setTimeout>;
}

const COHORT_INCOMPLETE = "cohort_incomplete";
const COHORT_UNSCORED = "cohort_unscored";
const COHORT_SUPERSEDED = "cohort_superseded";

export class CohortDO extends DurableObject {
  #forming: Cohort | undefined;
  /** Completed cohorts waiting for their scorer's rewards. */
  readonly #scoring = new Map<number, Cohort>();
  #lastId = 0;

  async join(entry: CohortEntry, size: number, terms: CohortTerms): Promise<Joined> {
    const member: Member = { ...entry, waiters: [] };
    if (entry.rollout !== undefined) {
      const same = this.#find((m) => m.rollout === entry.rollout && m.digest === entry.digest);
      if (same) return this.#wait(same);
      // Its earlier response, if any, is being scored already: this one starts the next cohort.
      const earlier = this.#forming?.members.findIndex((m) => m.rollout === entry.rollout) ?? -1;
      if (earlier >= 0) {
        const superseded = this.#forming!.members[earlier]!;
        this.#forming!.members[earlier] = member;
        fail(superseded, earlier, { failureClass: COHORT_SUPERSEDED, message: `rollout ${entry.rollout} of this prompt was sent again with another response, which took its place in the cohort` });
        return this.#wait(member);
      }
    }
    const cohort = (this.#forming ??= this.#open(size, terms));
    cohort.members.push(member);
    if (cohort.members.length < size) return this.#wait(member);
    // Scored in rollout-index order, not arrival order: a GenRM that weighs position must not let
    // timing (a slow or a quick rollout) change a reward.
    cohort.members.sort((a, b) => Math.sign(rolloutOrder(a) - rolloutOrder(b)) || 0);
    this.#forming = undefined;
    clearTimeout(cohort.timer);
    clearTimeout(cohort.notice);
    cohort.timer = setTimeout(() => this.#end(cohort, { failureClass: COHORT_UNSCORED, message: `the cohort's scoring did not finish within ${terms.scoreMs} ms` }), terms.scoreMs);
    this.#scoring.set(cohort.id, cohort);
    return { index: cohort.members.indexOf(member), cohort: cohort.members.map((m) => m.response), id: cohort.id };
  }

  /** The scorer's outcome for its cohort; one that already ended at its deadline is left as it ended. */
  async settle(id: number, outcome: CohortOutcome): Promise<void> {
    const cohort = this.#scoring.get(id);
    if (!cohort) return;
    this.#scoring.delete(id);
    clearTimeout(cohort.timer);
    cohort.members.forEach((member, i) => member.waiters.splice(0).forEach((w) => w("rewards" in outcome ? { reward: outcome.rewards[i]!, metrics: outcome.metrics } : outcome, i)));
  }

  #open(size: number, terms: CohortTerms): Cohort {
    const short = (when: string) => `this cohort needs ${size} rollouts of the same prompt; ${cohort.members.length} arrived ${when} (${terms.hint})`;
    const cohort: Cohort = {
      id: ++this.#lastId,
      members: [],
      timer: setTimeout(() => {
        if (this.#forming === cohort) this.#forming = undefined;
        clearTimeout(cohort.notice);
        this.#end(cohort, { failureClass: COHORT_INCOMPLETE, message: short(`within ${duration(terms.gatherMs)}`) });
      }, terms.gatherMs),
      notice: setTimeout(() => console.warn(`${short(`in ${duration(terms.noticeMs)}`)}; it fails in ${duration(terms.gatherMs - terms.noticeMs)} unless the rest come`), terms.noticeMs),
    };
    return cohort;
  }

  /** The member matching `test` in the forming cohort or in one being scored. */
  #find(test: (member: Member) => boolean): Member | undefined {
    for (const cohort of [...(this.#forming ? [this.#forming] : []), ...this.#scoring.values()]) {
      const member = cohort.members.find(test);
      if (member) return member;
    }
    return undefined;
  }

  #wait(member: Member): Promise<Joined> {
    return new Promise((resolve) => member.waiters.push((outcome, index) => resolve("reward" in outcome ? { index, ...outcome } : { index, failure: outcome })));
  }

  #end(cohort: Cohort, failure: CohortFailure): void {
    this.#scoring.delete(cohort.id);
    cohort.members.forEach((member, i) => fail(member, i, failure));
  }
}

/** A member's place when scored: its rollout index, members without one after the rest in join order. */
function rolloutOrder(member: Member): number {
  const index = member.rollout === undefined ? NaN : Number(JSON.parse(member.rollout));
  return Number.isFinite(index) ? index : Infinity;
}

const duration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

function fail(member: Member, index: number, failure: CohortFailure): void {
  for (const waiter of member.waiters.splice(0)) waiter(failure, index);
}
