// Bodies of the agent and resources server routes (SPEC "simple_agent /run", "Verify contract").
// A row carries task fields the verifier reads, so rows are loose objects around strict create params.
import { z } from "../zod.ts";
import { ResponseObject, ResponsesCreateParams } from "./responses.ts";

export const AgentRef = z.looseObject({ name: z.string().min(1) });

export const RunRequest = z.looseObject({
  responses_create_params: ResponsesCreateParams,
  agent_ref: AgentRef.optional(),
});
export type RunRequest = z.infer<typeof RunRequest>;

export const VerifyRequest = RunRequest.safeExtend({ response: ResponseObject });
export type VerifyRequest = z.infer<typeof VerifyRequest>;

export const VerifyResponse = VerifyRequest.safeExtend({
  reward: z.number(),
  _ng_failure_class: z.string().optional(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const AggregateMetricsRequest = z.strictObject({
  verify_responses: z.array(z.looseObject({ reward: z.number() })),
});
export type AggregateMetricsRequest = z.infer<typeof AggregateMetricsRequest>;
