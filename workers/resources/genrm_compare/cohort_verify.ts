// /verify with num_rollouts_per_prompt > 1, NeMo Gym's cohort-based verify: the rollouts of one
// prompt (keyed by task index or prompt_id when the row has them, and always by the input and the
// principle) meet in one CohortDO; the one that completes the cohort scores it with /compare's
// logic and every member returns its own reward. For trainers that call /run per rollout.
import type { CohortDO, Joined } from "../../../durable_objects/cohort_do.ts";
import { VerifierFailure } from "../../../shared/resources/failure.ts";
import { conversationHistory } from "../../../shared/schemas/cohort.ts";
import type { CohortResponse } from "../../../shared/schemas/cohort.ts";
import { TASK_INDEX_KEY } from "../../../shared/schemas/run.ts";
import { HttpError } from "../../../shared/server/errors.ts";
import { COHORTS_BINDING } from "./declaration.ts";


interface VerifyBody {
  responses_create_params: { input: unknown };
  response: unknown;
  principle?: string | null;
  prompt_id?: string | number | null;
}

async function cohortKey(body: VerifyBody): Promise<string> {
  const text = JSON.stringify({ input: body.responses_create_params.input, principle: body.principle ?? null });
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const hash = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  const task = (body as unknown as Record<string, unknown>)[TASK_INDEX_KEY];
  // Identical prompts of different tasks stay apart when the caller says which task a row is.
  if (typeof task === "number") return `task:${task}:${hash}`;
  if (body.prompt_id != null) return `prompt:${String(body.prompt_id)}:${hash}`;
  return hash;
}

export interface CohortSettings {
  size: number;
  timeoutMs: number;
  compare(cohort: { conversation_history: ReturnType<typeof conversationHistory>; response_objs: Record<string, unknown>[]; principle?: string | null }): Promise<CohortResponse>;
}

export async function cohortReward(env: Record<string, unknown>, body: VerifyBody, settings: CohortSettings): Promise<{ reward: number; cohort_metrics: Record<string, number> }> {
  const namespace = env[COHORTS_BINDING] as DurableObjectNamespace<CohortDO> | undefined;
  if (!namespace) throw new HttpError(500, "misconfigured", `num_rollouts_per_prompt > 1 needs the Durable Object binding ${COHORTS_BINDING} (class CohortDO)`);
  const stub = namespace.get(namespace.idFromName(await cohortKey(body)));
  // The stub's inferred type cannot carry unknown payloads through its serializable mapping.
  const joined = (await stub.join(body.response, settings.size, settings.timeoutMs)) as Joined;
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
    await stub.settle(joined.group, { rewards: scored.rewards, metrics });
    return { reward: scored.rewards[joined.index]!, cohort_metrics: metrics };
  } catch (err) {
    const failureClass = err instanceof VerifierFailure ? err.failureClass : "verifier_error";
    await stub.settle(joined.group, { failureClass, message: (err as Error).message });
    throw err;
  }
}
