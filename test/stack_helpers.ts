// Helpers shared by the Node tests that run a real local stack.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { collect } from "../scripts/collect/collect.ts";
import type { CollectOptions } from "../scripts/collect/collect.ts";
import { spawnSandbox } from "../scripts/stack/local_process.ts";
import type { LocalProcess } from "../scripts/stack/local_process.ts";
import type { RunningStack } from "../scripts/stack/up.ts";

export const readJsonl = (path: string) => readFileSync(path, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));

/** Collects a bundled environment's example dataset through its simple_agent, quietly. */
export function collectExample(headUrl: string, environment: string, numRepeats: number, dir: string) {
  return collect({
    headUrl,
    input: `workers/resources/${environment}/data/example.jsonl`,
    output: join(dir, `${environment}.jsonl`),
    agent: `${environment}_simple_agent`,
    concurrency: 8,
    numRepeats,
    rolloutTimeoutS: 120,
    progress: false,
  });
}

/** Collect options for a bundled environment's example dataset through its simple_agent: two rollouts at once, one attempt each, quiet. */
export function exampleOptions(headUrl: string, environment: string, output: string, extra: Partial<CollectOptions> = {}): CollectOptions {
  return {
    headUrl,
    input: `workers/resources/${environment}/data/example.jsonl`,
    output,
    agent: `${environment}_simple_agent`,
    concurrency: 2,
    numRepeats: 2,
    rolloutTimeoutS: 120,
    maxAttempts: 1,
    progress: false,
    ...extra,
  };
}

/**
 * Kills the stack's local sandbox once `options` has written two rollouts: the rest must become
 * sandbox_failed failures (no reward, never 0); then a sandbox back on the same port lets --resume
 * complete the run with `total` rollouts. Returns the restarted sandbox, for the caller to stop.
 */
export async function expectSandboxKillRecovers(running: RunningStack, options: CollectOptions, total: number): Promise<LocalProcess> {
  const sandbox = running.sandboxes.get("sandbox://local")!;
  const port = new URL(sandbox.url).port;
  const run = collect(options);
  while (!existsSync(options.output) || readFileSync(options.output, "utf8").split("\n").filter(Boolean).length < 2) await new Promise((r) => setTimeout(r, 50));
  process.kill(sandbox.pid, "SIGKILL");
  const summary = await run;
  expect(summary.failed).toBeGreaterThan(0);
  const failures = readJsonl(summary.files.failures);
  expect(failures.length).toBe(summary.failed);
  for (const failure of failures) {
    expect(failure._ng_failure_class).toBe("sandbox_failed");
    expect(failure.reward).toBeUndefined();
  }
  expect(readJsonl(options.output).every((r) => r._ng_failure_class === undefined && typeof r.reward === "number")).toBe(true);

  // The sandbox back, on the port the stack's Workers were given.
  const restarted = await spawnSandbox(sandbox.token, ["--port", port]);
  const resumed = await collect({ ...options, resume: true });
  expect(resumed).toMatchObject({ total, failed: 0, missing: 0 });
  expect(readJsonl(options.output)).toHaveLength(total);
  return restarted;
}
