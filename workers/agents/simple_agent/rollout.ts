// One rollout, as /run defines it (SPEC "simple_agent /run"): seed a session on the resources
// server, run the model/tool loop, verify, release the session.
import { call, hopError, jsonOf } from "../../../shared/client/call.ts";
import { SeedSessionResponse, VerifyResponse } from "../../../shared/schemas/run.ts";
import type { RunRequest } from "../../../shared/schemas/run.ts";
import { runAgentLoop } from "./loop.ts";
import type { LoopDeps } from "./loop.ts";

export async function runRollout(row: RunRequest, deps: LoopDeps): Promise<VerifyResponse> {
  const resources = (path: string, body: unknown) =>
    call(deps.resources, path, { body, deadlineMs: deps.resourcesDeadlineMs, jar: deps.resourcesJar });

  const seedHop = `${deps.resources.name}/seed_session`;
  const seeded = SeedSessionResponse.safeParse(jsonOf(await resources("/seed_session", row), seedHop));
  if (!seeded.success) throw hopError(502, seedHop, `${seedHop} answered a body that is not a seed_session answer`);
  const response = await runAgentLoop(row.responses_create_params, deps, seeded.data.callable_tools);
  const verifyHop = `${deps.resources.name}/verify`;
  const verified = VerifyResponse.safeParse(jsonOf(await resources("/verify", { ...row, response }), verifyHop));
  if (!verified.success) throw hopError(502, verifyHop, `${verifyHop} answered without a numeric reward or a failure class`);
  // Releasing state is housekeeping: the rollout is already scored, and the TTL is the backstop.
  await resources("/close_session", {}).catch((err) => console.warn(`close_session failed: ${(err as Error).message}`));
  return verified.data;
}
