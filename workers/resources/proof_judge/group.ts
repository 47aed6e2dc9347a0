// zero_reward_incorrect_groups: the rollouts of one problem meet in one CohortDO (the object
// genrm_compare gathers its cohorts in); once expected_group_size of them have been judged, a group
// whose proofs all scored r_y = 0 gets reward 0 throughout, else each keeps its own. NeMo Gym
// waits for the group forever; here a group still short after group_timeout_s fails its members.
// A group belongs to one caller and one problem (NeMo keys it by the problem alone).
import type { CohortDO, Joined } from "../../../durable_objects/cohort_do.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { sha256Hex } from "../../../shared/server/sha256.ts";
import { GROUPS_BINDING } from "./declaration.ts";


/** One rollout's outcome before the group decides: its reward and its verifier score (0 when unjudged). */
export interface Judged {
  reward: number;
  r_y: number;
}

export interface GroupTerms {
  size: number;
  gatherMs: number;
  hint: string;
}

/** Each member's reward once the group is in: 0 for all when no proof scored above 0. */
export function groupRewards(members: readonly Judged[]): number[] {
  const allWrong = members.every((m) => m.r_y === 0);
  return members.map((m) => (allWrong ? 0 : m.reward));
}

export async function groupReward(env: Record<string, unknown>, problem: string, caller: string | undefined, judged: Judged, terms: GroupTerms): Promise<number> {
  const namespace = env[GROUPS_BINDING] as DurableObjectNamespace<CohortDO> | undefined;
  if (!namespace) throw new HttpError(500, "misconfigured", `zero_reward_incorrect_groups needs the Durable Object binding ${GROUPS_BINDING} (class CohortDO)`);
  const stub = namespace.get(namespace.idFromName(await sha256Hex(JSON.stringify(["proof_judge", caller ?? null, problem]))));
  // Judging is done before joining, so the member completing the group only applies the rule.
  const joined = (await stub.join({ response: judged }, terms.size, { gatherMs: terms.gatherMs, scoreMs: 60_000, noticeMs: Math.min(60_000, terms.gatherMs), hint: terms.hint })) as Joined;
  if ("failure" in joined) throw new VerifierFailure(joined.failure.failureClass, joined.failure.message);
  if ("reward" in joined) return joined.reward;
  const rewards = groupRewards(joined.cohort as Judged[]);
  await stub.settle(joined.id, { rewards, metrics: {} });
  return rewards[joined.index]!;
}
