// cloudflare_sandbox: the code sandbox of a deployed stack, for resources servers whose config says
// `sandbox_url: sandbox://cloudflare`. One per deployment, internal, reached through the SANDBOX
// service binding the plan gives those servers; the code runs in Cloudflare Containers.
import { declare } from "../../../shared/declaration.ts";
import { CLOUDFLARE_SANDBOX_URL, SANDBOX_BINDING } from "../../../shared/sandbox/target.ts";
import { z } from "../../../shared/zod.ts";
import { CONTAINER_BINDING, CONTAINER_CLASS, MAX_OPEN_SESSIONS, RUN_POOL_SIZE } from "./pool.ts";

export default declare({
  kind: "sandbox",
  config: z.object({}),
  durableObjects: { [CONTAINER_BINDING]: CONTAINER_CLASS },
  // standard-2 is 1 vCPU and 6 GiB: one run at a time gets a whole core, so wall-clock limits mean
  // what they mean on a machine (a fraction of a vCPU would turn correct programs into timeouts),
  // and a run may use the 4 GiB the code environments allow it.
  containers: [{ className: CONTAINER_CLASS, image: "Dockerfile", maxInstances: RUN_POOL_SIZE + MAX_OPEN_SESSIONS, instanceType: "standard-2" }],
  serves: { url: CLOUDFLARE_SANDBOX_URL, binding: SANDBOX_BINDING },
  public: false,
  signsSessions: false,
  references: [],
});
