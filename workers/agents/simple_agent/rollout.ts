// One rollout, as /run defines it (SPEC "simple_agent /run"): seed a session on the resources
// server, run the model/tool loop, verify, release the session.
import { verifiedRollout } from "../../../shared/agents/session.ts";
import type { RunRequest, VerifyResponse } from "../../../shared/schemas/run.ts";
import { runAgentLoop } from "./loop.ts";
import type { LoopDeps } from "./loop.ts";

export function runRollout(row: RunRequest, deps: LoopDeps): Promise<VerifyResponse> {
  return verifiedRollout(row, deps, (params, runByServer) => runAgentLoop(params, deps, runByServer));
}
