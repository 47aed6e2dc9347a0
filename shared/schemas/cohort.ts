// Cohort scoring (NeMo Gym's genrm_compare contract): the rollouts of one task are scored
// together, relative to each other, by a resources server that declares `cohort` and answers
// POST /compare. `collect` sends each task's responses there once all its repeats are done.
import { z } from "../zod.ts";

const Role = z.enum(["system", "developer", "user", "assistant"]);
const ROLES: ReadonlySet<unknown> = new Set(Role.options);

export const CohortRequest = z.looseObject({
  /** The conversation before the responses, as `{role, content}` messages in the roles a Responses input takes. */
  conversation_history: z.array(z.looseObject({ role: Role, content: z.string() })),
  /** The Responses objects compared, one per rollout. */
  response_objs: z.array(z.looseObject({})).min(1),
  principle: z.string().nullish(),
});
export type CohortRequest = z.infer<typeof CohortRequest>;

export const CohortResponse = z.looseObject({
  /** One per response, in the request's order. */
  rewards: z.array(z.number()),
  comparison_results: z.array(z.record(z.string(), z.unknown())).nullish(),
  metrics: z.record(z.string(), z.number()).nullish(),
});
export type CohortResponse = z.infer<typeof CohortResponse>;

/** A Responses input as the `{role, content}` history /compare takes (text parts joined, as the reference does). */
export function conversationHistory(input: unknown): CohortRequest["conversation_history"] {
  if (typeof input === "string") return [{ role: "user", content: input }];
  if (!Array.isArray(input)) return [];
  return input.flatMap((item: Record<string, unknown>) => {
    if (item === null || typeof item !== "object" || !ROLES.has(item.role)) return [];
    const { content } = item;
    const text = typeof content === "string" ? content : Array.isArray(content) ? content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("") : "";
    return [{ role: item.role as z.infer<typeof Role>, content: text }];
  });
}
