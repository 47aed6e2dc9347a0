// The head: public, with no instance config of its own; it reads what it publishes from KV, and
// hosts the rollout monitor every agent reports to (MONITOR, bound by the plan to each agent too).
import { declare } from "../../shared/declaration.ts";
import { z } from "../../shared/zod.ts";

export default declare({
  kind: "head",
  config: z.object({}),
  durableObjects: { MONITOR: "MonitorDO" },
  kv: ["CONFIG"],
  public: true,
  signsSessions: false,
  references: [],
});
