// --policy of `eval` and `start`: who answers the model calls when the policy is the local vLLM
// emulator. `skills` (the default): its scripted skills. `replay:FILE`: the recorded turns of a
// NeMo Gym rollouts file (example_rollouts.jsonl shape), so NeMo's own rollouts run end to end.
import { existsSync } from "node:fs";
import { loadReplayPolicy } from "../../gpu_gateway/emulator/replay.ts";
import { resolveUserPath } from "../plan/config.ts";
import type { RunningStack } from "../stack/up.ts";
import { UsageError } from "./args.ts";

export const POLICY_HELP = "[--policy skills|replay:ROLLOUTS.jsonl]";

/** The emulator's arguments for a --policy value; the rollouts file is read here, so a bad one stops before any server starts. */
export function policyEmulatorArgs(value: string | undefined): string[] | undefined {
  if (value === undefined || value === "skills") return undefined;
  if (!value.startsWith("replay:") || value === "replay:") throw new UsageError(`--policy expects skills or replay:FILE (a NeMo Gym rollouts JSONL), got "${value}"`);
  const path = resolveUserPath(value.slice("replay:".length));
  if (!existsSync(path)) throw new UsageError(`--policy ${value}: no such file ${path}`);
  try {
    loadReplayPolicy(path);
  } catch (err) {
    throw new UsageError(`--policy ${value}: ${(err as Error).message}`);
  }
  return ["--replay", path];
}

/** A replay policy needs the emulator as the policy: a config that points at a real endpoint would ignore it. */
export function checkPolicyServed(running: RunningStack, value: string | undefined): void {
  if (value === undefined || value === "skills" || running.emulators.size > 0) return;
  throw new UsageError(`--policy ${value} replays through the vLLM emulator, but no model server of this config uses it (policy_base_url: emulator://local)`);
}
