import type { RolloutObject } from "../../durable_objects/rollout_do.ts";
import type { SessionDO } from "../../durable_objects/session_do.ts";
import type { CohortDO } from "../../durable_objects/cohort_do.ts";
import type { MonitorDO } from "../../durable_objects/monitor_do.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      SESSIONS: DurableObjectNamespace<SessionDO>;
      EPISODE_SESSIONS: DurableObjectNamespace<SessionDO>;
      ROLLOUTS: DurableObjectNamespace<RolloutObject>;
      COHORTS: DurableObjectNamespace<CohortDO>;
      MONITOR: DurableObjectNamespace<MonitorDO>;
      CONFIG: KVNamespace;
      SESSION_SECRET: string;
    }
    interface GlobalProps {
      mainModule: typeof import("./harness.ts");
    }
  }
}

export {};
