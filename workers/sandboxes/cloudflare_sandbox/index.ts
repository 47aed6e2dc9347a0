// cloudflare_sandbox: the sandbox HTTP API (shared/sandbox/schema.ts, as scripts/sandbox/server.ts
// serves it locally) on Cloudflare Containers. Each run goes to one container of a pool; each
// session goes to the container its id names, so its interpreter keeps its variables between
// cells. Bodies are checked here (a bad one starts no container) and passed on as they came.
import type { Context } from "hono";
import { createServerApp } from "../../../shared/server/app.ts";
import type { AppEnv, BaseBindings } from "../../../shared/server/app.ts";
import { readBody, validate } from "../../../shared/server/body.ts";
import { CellRequestSchema, OpenSessionSchema, RunRequestSchema, SessionIdSchema } from "../../../shared/sandbox/schema.ts";
import type { Limits } from "../../../shared/sandbox/schema.ts";
import { z } from "../../../shared/zod.ts";
import { START_ALLOWANCE_S, forward, stateOf, unavailable } from "./forward.ts";
import type { ContainerNamespace } from "./forward.ts";
import { CONTAINER_BINDING, RUN_POOL_SIZE, runContainer, sessionContainer } from "./pool.ts";

export { SandboxContainer } from "./container.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";

interface Bindings extends BaseBindings {
  [CONTAINER_BINDING]: ContainerNamespace;
}
type Ctx = Context<AppEnv<Bindings>>;

const app = createServerApp<Bindings>();

/** The checked request, as it came, to `container`; its wall limit plus a cold start is the deadline. */
async function pass(c: Ctx, container: string, limits: Limits): Promise<Response> {
  return forward(container, c.env[CONTAINER_BINDING].getByName(container), {
    method: "POST",
    path: c.req.path,
    bodyText: await c.req.text(),
    deadlineS: limits.wall_s + START_ALLOWANCE_S,
    signal: c.req.raw.signal,
  });
}

const sessionOf = (c: Ctx) => validate(z.object({ session: SessionIdSchema }), { session: c.req.param("id") }).session;

// The Worker's own health: a container starts for code only, never for a health check.
app.get("/health", (c) => c.json({ status: "ok", provider: "cloudflare_containers", run_pool: RUN_POOL_SIZE }));

app.post("/run", async (c) => {
  const { limits } = await readBody(c, RunRequestSchema);
  return pass(c, runContainer(Math.floor(Math.random() * RUN_POOL_SIZE)), limits);
});

app.post("/sessions/:id", async (c) => {
  const container = sessionContainer(sessionOf(c));
  return pass(c, container, (await readBody(c, OpenSessionSchema)).limits);
});

app.post("/sessions/:id/cells", async (c) => {
  const container = sessionContainer(sessionOf(c));
  return pass(c, container, (await readBody(c, CellRequestSchema)).limits);
});

app.delete("/sessions/:id", async (c) => {
  const container = sessionContainer(sessionOf(c));
  const stub = c.env[CONTAINER_BINDING].getByName(container);
  let status;
  try {
    status = await stateOf(container, stub);
  } catch (err) {
    return unavailable("container_unavailable", (err as Error).message);
  }
  // A container that is not running holds no session: saying so needs none started.
  if (status !== "running" && status !== "healthy") return c.json({ closed: false });
  const answer = await forward(container, stub, { method: "DELETE", path: c.req.path, deadlineS: START_ALLOWANCE_S, signal: c.req.raw.signal });
  // The container held this session only: stopped now, it stops costing instead of idling until it sleeps.
  if (answer.ok) c.executionCtx.waitUntil(stub.stop().catch((err: Error) => console.warn(`container ${container}: stopping it after its session closed: ${err.message}`)));
  return answer;
});

export default app;
export const Rpc = rpcEntrypoint(app);
