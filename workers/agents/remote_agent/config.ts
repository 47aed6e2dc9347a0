// remote_agent's implementation fields, with NeMo Gym's names and defaults (agent_base_url,
// concurrency, remote_responses_timeout_secs, run_timeout_secs, max_steps); plus the service's
// bearer token (a secret by its name: redacted by the head, a Worker secret when deployed), the
// resources hop's deadline and the run routes' fields every agent has. No model_server: the
// external service is the model step.
import { z } from "../../../shared/zod.ts";
import { ResourcesHopConfig } from "../../../shared/agents/hops.ts";
import { RunRoutesConfig } from "../../../shared/agents/run_routes.ts";

// The route is string-appended to it, and it is logged and shown in errors: as NeMo Gym checks it.
function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute http:// or https:// URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an absolute http:// or https:// URL";
  if (value.includes("?") || value.includes("#")) return "must not carry a query string or fragment";
  if (url.username || url.password) return "must not embed credentials (user:pass@host): set agent_api_key";
  return undefined;
}

export const RemoteAgentConfig = ResourcesHopConfig.safeExtend({
  /** The service answers POST <agent_base_url>/v1/responses; a trailing slash is dropped. */
  agent_base_url: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = baseUrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.replace(/\/+$/, "")),
  /** Sent to the service as `Authorization: Bearer <agent_api_key>`; unset: no Authorization header. */
  agent_api_key: z.string().min(1).nullish(),
  /** Rollouts of this agent at once, per isolate; the rest wait their turn. */
  concurrency: z.number().int().positive().default(32),
  /** One POST to the service; a rollout makes one per step. */
  remote_responses_timeout_secs: z.number().positive().default(1800),
  /** The whole rollout (seed, the loop, verify), counted from when its turn comes. */
  run_timeout_secs: z.number().positive().default(2100),
  /** Calls to the service per rollout at most; absent, run_timeout_secs is the only bound. */
  max_steps: z.number().int().positive().nullish(),
  ...RunRoutesConfig.shape,
});
export type RemoteAgentConfig = z.infer<typeof RemoteAgentConfig>;
