// The test Worker: it exports every Durable Object class the implementations declare (vitest.config.ts
// binds them as they declare), so tests in workerd get real SQLite-backed namespaces to hand to the
// server apps they exercise.
export { SessionDO } from "../../durable_objects/session_do.ts";
export { FleetRouterDO } from "../../durable_objects/fleet_router_do.ts";
export { CohortDO } from "../../durable_objects/cohort_do.ts";
export { MonitorDO } from "../../durable_objects/monitor_do.ts";
// Bound as declared, never constructed: its objects need a container runtime, which workerd has not
// (tests give cloudflare_sandbox a fake namespace instead).
export { SandboxContainer } from "../../workers/sandboxes/cloudflare_sandbox/container.ts";
// An episode server's SessionDO (blackjack's), bound as EPISODE_SESSIONS, for OpenEnv's socket in
// the object itself: its alarm and hibernation are reachable here, not through a running stack.
export { SessionDO as EpisodeSessionDO } from "../../workers/resources/blackjack/index.ts";
import { RolloutDO as AgentRolloutDO } from "../../workers/agents/simple_agent/index.ts";
import { rpcEntrypoint } from "../../shared/server/entrypoint.ts";
import { counter } from "./counter_server.ts";

// The counter server's Rpc entrypoint: `exports.CounterRpc` is a real service binding to it, so
// tests call it over Workers RPC as an agent does.
export const CounterRpc = rpcEntrypoint(counter);

// simple_agent's RolloutDO (binding ROLLOUTS) with the agent's bindings a test installs: the
// objects run in this isolate, so they can reach the test's scripted model and resources fakes.
let rolloutEnv: Record<string, unknown> = {};
export function setRolloutEnv(env: Record<string, unknown>): void {
  rolloutEnv = env;
}
export class RolloutDO extends AgentRolloutDO {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, { ...env, ...rolloutEnv } as ConstructorParameters<typeof AgentRolloutDO>[1]);
  }
}

export default {
  fetch(): Response {
    return new Response("edge-gym test harness");
  },
};
