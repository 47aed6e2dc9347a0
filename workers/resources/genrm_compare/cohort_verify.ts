// /verify with num_rollouts_per_prompt > 1, NeMo Gym's cohort-based verify: the rollouts of one
// prompt meet in one CohortDO; the one that completes the cohort scores it with /compare's logic
// and every member returns its own reward. For trainers that call /run per rollout.
// A cohort belongs to one caller (the token its agent authenticated: another token holder can
// neither join it nor read its statistics) and to one prompt as the policy got it: the whole of
// responses_create_params (instructions, tools, sampling, ... as well as the input), the principle
// the GenRM is given, and the task (task index, prompt_id, agent) when the row says.
import type { CohortDO, CohortTerms, Joined } from "../../../durable_objects/cohort_do.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { conversationHistory } from "../../../shared/schemas/cohort.ts";
import type { CohortResponse } from "../../../shared/schemas/cohort.ts";
import { ROLLOUT_INDEX_KEY, TASK_INDEX_KEY } from "../../../shared/schemas/run.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { sha256Hex } from "../../../shared/server/sha256.ts";
import { COHORTS_BINDING } from "./declaration.ts";

interface VerifyBody {
  responses_create_params: { input?: unknown };
  response: unknown;
  principle?: string | null;
  prompt_id?: string | number | null;
}

/**
 * The object a rollout's cohort gathers in. The create params are hashed as they are, key order
 * included (a chat template renders a tool's parameters in their order): rows that differ in
 * anything the policy sees never share a cohort.
 */
function cohortKey(body: VerifyBody, caller: string | undefined): Promise<string> {
  const row = body as unknown as Record<string, unknown>;
  const task = [row[TASK_INDEX_KEY], body.prompt_id, row.agent_ref].map((field) => field ?? null);
  return sha256Hex(JSON.stringify([caller ?? null, ...task, body.principle ?? null, body.responses_create_params]));
}

export interface CohortSettings {
  size: number;
  terms: CohortTerms;
  compare(cohort: { conversation_history: ReturnType<typeof conversationHistory>; response_objs: Record<string, unknown>[]; principle?: string | null }): Promise<CohortResponse>;
}

export async function cohortReward(env: Record<string, unknown>, body: VerifyBody, caller: string | undefined, settings: CohortSettings): Promise<{ reward: number; cohort_metrics: Record<string, number> }> {
  const namespace = env[COHORTS_BINDING] as DurableObjectNamespace<CohortDO> | undefined;
  if (!namespace) throw new HttpError(500, "misconfigured", `num_rollouts_per_prompt > 1 needs the Durable Object binding ${COHORTS_BINDING} (class CohortDO)`);
  const stub = namespace.get(namespace.idFromName(await cohortKey(body, caller)));
  // A retry of a rollout is known by its index; the digest says whether it brings the same response.
  const rolloutIndex = (body as unknown as Record<string, unknown>)[ROLLOUT_INDEX_KEY];
  const rollout = rolloutIndex === undefined || rolloutIndex === null ? undefined : JSON.stringify(rolloutIndex);
  const entry = { response: body.response, ...(rollout === undefined ? {} : { rollout, digest: await sha256Hex(JSON.stringify(body.response)) }) };
  // The stub's inferred type cannot carry unknown payloads through its serializable mapping.
  const joined = (await stub.join(entry, settings.size, settings.terms)) as Joined;
  if ("failure" in joined) throw new VerifierFailure(joined.failure.failureClass, joined.failure.message);
  if ("reward" in joined) return { reward: joined.reward, cohort_metrics: joined.metrics };
  // This rollout completed the cohort: score it for everyone, or fail everyone.
  try {
    const scored = await settings.compare({
      conversation_history: conversationHistory(body.responses_create_params.input),
      response_objs: joined.cohort as Record<string, unknown>[],
      principle: body.principle,
    });
    const metrics = scored.metrics ?? {};
    await stub.settle(joined.id, { rewards: scored.rewards, metrics });
    return { reward: scored.rewards[joined.index]!, cohort_metrics: metrics };
  } catch (err) {
    const failureClass = err instanceof VerifierFailure ? err.failureClass : "verifier_error";
    await stub.settle(joined.id, { failureClass, message: (err as Error).message });
    throw err;
  }
}
