// The scenarios of `bench faults`, each on a stack of its own: an emulator of a fleet killed, the
// collector killed and resumed, workerd killed and the persisted stack restarted, and upstreams
// that misbehave. Each returns its figures, the audit of its files (fault_audit.ts) and how long
// its collection took against the deadline its settings imply.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { collect } from "../../collect/collect.ts";
import type { CollectOptions } from "../../collect/collect.ts";
import { siblingPath } from "../../collect/jsonl.ts";
import { bringUp } from "../../stack/up.ts";
import type { RunningStack, UpOptions } from "../../stack/up.ts";
import { audit, fileProperties } from "./fault_audit.ts";
import type { Audit, Expectation, Files } from "./fault_audit.ts";
import { lineCount, startCollector, untilLines } from "./fault_processes.ts";
import { workerdPids } from "./workerd.ts";
import type { Collector } from "./fault_processes.ts";
import { startFaultUpstream } from "./fault_upstream.ts";
import type { Mode } from "./fault_upstream.ts";

const SINGLE = "example_single_tool_call_simple_agent";
const STATEFUL = "example_session_state_mgmt_simple_agent";
const inputOf = (agent: string) => `workers/resources/${agent.replace(/_simple_agent$/, "")}/data/example.jsonl`;
// Always right: a rollout that truly ran scores 1, so any other reward came from a fault.
const EMULATOR = ["--p-correct", "1"];
const ATTEMPTS = 3;
/** The collector's deadline per attempt (--rollout-timeout-s) where the stack itself is sound. */
const ATTEMPT_S = 20;
// Between attempts the collector waits at most 1 s, then 2 s (rollout.ts: full jitter from 1 s).
const BACKOFF_S = 3;
/** Start-up of a collector, materializing, /aggregate_metrics: what a run adds to its rollouts. */
const SLACK_S = 10;
/** The agent's model deadline against a misbehaving upstream (model_timeout_s). */
const MODEL_DEADLINE_S = 2;
// Seeding, the tool call and /verify around the model call, per attempt.
const ATTEMPT_OVERHEAD_S = 1;
/** A killed collector's or stack's runs are watched this long at most. */
const BOUND_MS = 300_000;
const GRACE_S = 5;
// The collector's liveness probe of a silent stack: two tries of 5 s (stack_watch.ts).
const PROBE_S = 10;

export interface Scenario {
  scenario: string;
  agent: string;
  figures: Record<string, unknown>;
  audit: Audit;
  /** One rollout's deadline (every attempt and the waits between them), and the run's. */
  rollout_deadline_s: number;
  wall_s: number;
  wall_bound_s: number;
  properties: Record<string, boolean>;
}

const rolloutDeadline = (attemptS: number) => ATTEMPTS * attemptS + BACKOFF_S;
/** A run of `n` rollouts, `concurrency` at a time, each within `deadlineS`. */
const wallBound = (n: number, concurrency: number, deadlineS: number) => Math.ceil(n / concurrency) * deadlineS + SLACK_S;
const round = (n: number) => Number(n.toFixed(1));

function judged(base: Omit<Scenario, "audit" | "properties">, files: Files, expect: Expectation, extra: Record<string, boolean> = {}): Scenario {
  const a = audit(files, expect);
  return { ...base, wall_s: round(base.wall_s), audit: a, properties: { ...fileProperties(a, expect), within_deadline: base.wall_s <= base.wall_bound_s, ...extra } };
}

const filesOf = (output: string): Files => ({
  rollouts: output,
  materialized: siblingPath(output, "materialized_inputs.jsonl"),
  failures: siblingPath(output, "failures.jsonl"),
});

/** An in-process collection; aborted (1 s of grace) if the scenario leaves it early. */
function collecting(options: Omit<CollectOptions, "progress" | "signal" | "graceMs" | "maxAttempts">) {
  const abort = new AbortController();
  let ended = false;
  const began = performance.now();
  const run = collect({ ...options, maxAttempts: ATTEMPTS, progress: false, signal: abort.signal, graceMs: 1000 }).finally(() => (ended = true));
  // Awaited later; a failure before then must not count as an unhandled rejection (which ends the process).
  run.catch(() => {});
  return {
    run,
    alive: () => !ended,
    seconds: () => (performance.now() - began) / 1000,
    async abandon() {
      abort.abort();
      await run.catch(() => {});
    },
  };
}

async function onStack<T>(options: UpOptions, body: (stack: RunningStack) => Promise<T>): Promise<T> {
  const stack = await bringUp({ headPort: 0, ...options });
  try {
    return await body(stack);
  } finally {
    await stack.stop();
  }
}

/** A child collector's exit, SIGKILLed if it outlives BOUND_MS. */
async function exitOf(collector: Collector): Promise<{ code: number | null; seconds: number }> {
  const timer = setTimeout(() => collector.child.kill("SIGKILL"), BOUND_MS);
  try {
    return await collector.exited;
  } finally {
    clearTimeout(timer);
  }
}

const alive = (c: Collector) => c.child.exitCode === null && c.child.signalCode === null;
/** A collector's report: its `N/M rollouts ...` line, a torn line it cut, and its errors. */
const reportOf = (c: Collector) => [...c.stdout().split("\n").filter((l) => /^(\d+\/\d+ rollouts|Cut a torn)/.test(l)), ...c.errors()].join(" | ");

/** 1. One of four emulators SIGKILLed once 50 of 200 rollouts are written. */
export async function killEmulator(dir: string): Promise<Scenario> {
  const fleet = ["a", "b", "c", "d"].map((n) => `emulator://${n}`);
  const [n, concurrency, killAt] = [200, 32, 50];
  return onStack({ only: [SINGLE], overrides: [`++policy_base_url=[${fleet.join(",")}]`], emulatorArgs: [...EMULATOR, "--latency-ms", "200"] }, async (stack) => {
    const output = join(dir, "kill_emulator.jsonl");
    const latencies: number[] = [];
    const run = collecting({ headUrl: stack.stack.headUrl, input: inputOf(SINGLE), output, agent: SINGLE, concurrency, numRepeats: n / 5, rolloutTimeoutS: ATTEMPT_S, onRollout: (ms) => latencies.push(ms) });
    try {
      await untilLines(output, killAt, run.alive, BOUND_MS);
      const rowsAtKill = lineCount(output);
      process.kill(stack.emulators.get("emulator://b")!.pid, "SIGKILL");
      const summary = await run.run;
      const deadline = rolloutDeadline(ATTEMPT_S);
      const slowest = Math.max(0, ...latencies) / 1000;
      return judged(
        {
          scenario: "kill one of four emulators",
          agent: SINGLE,
          figures: { rollouts: n, concurrency, killed_after_rows: rowsAtKill, succeeded: summary.succeeded, failed: summary.failed, slowest_success_s: round(slowest) },
          rollout_deadline_s: deadline,
          wall_s: run.seconds(),
          wall_bound_s: wallBound(n, concurrency, deadline),
        },
        filesOf(output),
        { brokenUpstream: false, reward: 1 },
        { slowest_success_within_deadline: slowest <= deadline },
      );
    } finally {
      await run.abandon();
    }
  });
}

const collectArgs = (headUrl: string, agent: string, output: string, n: number, concurrency: number) => [
  "--head-url", headUrl, "--agent", agent, "--input", inputOf(agent), "--output", output,
  "--num-repeats", String(n / 5), "--concurrency", String(concurrency),
  "--rollout-timeout-s", String(ATTEMPT_S), "--max-attempts", String(ATTEMPTS), "--grace-s", String(GRACE_S),
];

/** 2. The collector process SIGKILLed once 60 of 200 rollouts are written, then run with --resume. */
export async function killCollector(dir: string): Promise<Scenario> {
  const [n, concurrency, killAt] = [200, 8, 60];
  return onStack({ only: [SINGLE], emulatorArgs: [...EMULATOR, "--latency-ms", "100"] }, async (stack) => {
    const output = join(dir, "kill_collector.jsonl");
    const args = collectArgs(stack.stack.headUrl, SINGLE, output, n, concurrency);
    const first = startCollector(args);
    try {
      await untilLines(output, killAt, () => alive(first), BOUND_MS);
    } finally {
      first.child.kill("SIGKILL");
    }
    const killed = await exitOf(first);
    const left = n - lineCount(output);
    const resumed = startCollector([...args, "--resume"]);
    const end = await exitOf(resumed);
    const deadline = rolloutDeadline(ATTEMPT_S);
    return judged(
      {
        scenario: "kill the collector, then --resume",
        agent: SINGLE,
        figures: { rollouts: n, concurrency, killed_after_rows: n - left, killed_exit: killed.code, resume_exit: end.code, resume_report: reportOf(resumed) },
        rollout_deadline_s: deadline,
        wall_s: end.seconds,
        wall_bound_s: wallBound(left, concurrency, deadline),
      },
      filesOf(output),
      { brokenUpstream: false, reward: 1 },
    );
  });
}

export type Restart = "by Miniflare" | "of the stack";

/**
 * 3. workerd SIGKILLed under a collector (stateful agent, persisted stack) once 60 of 200 rollouts
 * are written; then --resume. Miniflare restarts a runtime that died on its own storage ("by
 * Miniflare"); "of the stack" stops the stack right after the kill, so nothing comes back until a
 * new stack starts on the same persist path.
 */
export async function killWorkerd(dir: string, restart: Restart): Promise<Scenario> {
  const [n, concurrency, killAt] = [200, 8, 60];
  const tag = restart === "by Miniflare" ? "in_place" : "stack";
  const up: UpOptions = {
    only: [STATEFUL],
    persistPath: mkdtempSync(join(dir, `persist-${tag}-`)),
    sessionSecret: randomBytes(32).toString("hex"),
    emulatorArgs: [...EMULATOR, "--latency-ms", "100"],
  };
  const output = join(dir, `kill_workerd_${tag}.jsonl`);
  const others = workerdPids();
  let stack: RunningStack | undefined = await bringUp({ headPort: 0, ...up });
  try {
    const ours = workerdPids().filter((pid) => !others.includes(pid));
    if (ours.length === 0) throw new Error("no workerd of this stack found to kill");
    const collector = startCollector(collectArgs(stack.stack.headUrl, STATEFUL, output, n, concurrency));
    try {
      await untilLines(output, killAt, () => alive(collector), BOUND_MS);
    } catch (err) {
      collector.child.kill("SIGKILL");
      throw err;
    }
    const rowsAtKill = lineCount(output);
    for (const pid of ours) process.kill(pid, "SIGKILL");
    const killedAt = performance.now();
    if (restart === "of the stack") {
      const dead = stack;
      stack = undefined;
      await dead.stop();
    }
    // It ends on its own: done, or the stack stopped answering.
    const first = await exitOf(collector);
    const firstAfterKillS = (performance.now() - killedAt) / 1000;
    stack ??= await bringUp({ headPort: 0, ...up });
    const left = n - lineCount(output);
    const resumed = startCollector([...collectArgs(stack.stack.headUrl, STATEFUL, output, n, concurrency), "--resume"]);
    const end = await exitOf(resumed);
    const deadline = rolloutDeadline(ATTEMPT_S);
    // The rest of the first run, then its probe of a silent stack and its grace for rollouts in flight.
    const firstBound = wallBound(n - rowsAtKill, concurrency, deadline) + PROBE_S + GRACE_S;
    return judged(
      {
        scenario: `kill workerd, restart ${restart}, --resume`,
        agent: STATEFUL,
        figures: {
          rollouts: n, concurrency, killed_after_rows: rowsAtKill, first_run_rows: n - left, first_exit: first.code, first_report: reportOf(collector),
          first_exit_after_kill_s: round(firstAfterKillS), first_exit_bound_s: firstBound, resume_exit: end.code, resume_report: reportOf(resumed),
        },
        rollout_deadline_s: deadline,
        wall_s: end.seconds,
        wall_bound_s: wallBound(left, concurrency, deadline),
      },
      filesOf(output),
      { brokenUpstream: false, reward: 1 },
      { first_run_ended_within_bound: firstAfterKillS <= firstBound },
    );
  } finally {
    await stack?.stop();
  }
}

/** What a client of the model server sees of a stream the upstream cut: an error, a clean end, or nothing. */
async function streamProbe(modelUrl: string, requests: number) {
  const seen = { errored: 0, ended_clean: 0, hung: 0, status_not_200: 0 };
  for (let i = 0; i < requests; i++) {
    try {
      const response = await fetch(`${modelUrl}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "weather in sf?" }], stream: true }),
        signal: AbortSignal.timeout(15_000),
      });
      await response.text();
      if (response.status !== 200) seen.status_not_200++;
      else seen.ended_clean++;
    } catch (err) {
      if ((err as Error).name === "TimeoutError") seen.hung++;
      else seen.errored++;
    }
  }
  return seen;
}

/** 4. Every model call to an upstream that hangs, answers garbage, answers 500, or cuts its answer. */
export async function brokenUpstream(dir: string, mode: Mode): Promise<Scenario> {
  const [n, concurrency] = [100, 100];
  const fake = await startFaultUpstream(mode);
  try {
    const overrides = [`++policy_base_url=${fake.url}`, "++policy_model_name=fake", `++${SINGLE}.responses_api_agents.simple_agent.model_timeout_s=${MODEL_DEADLINE_S}`];
    return await onStack({ only: [SINGLE], overrides }, async (stack) => {
      const output = join(dir, `upstream_${mode}.jsonl`);
      // The collector's own deadline is a backstop, far past the agent's model deadline.
      const run = collecting({ headUrl: stack.stack.headUrl, input: inputOf(SINGLE), output, agent: SINGLE, concurrency, numRepeats: n / 5, rolloutTimeoutS: 10 });
      const summary = await run.run;
      const wall = run.seconds();
      await new Promise((r) => setTimeout(r, 1000));
      const deadline = rolloutDeadline(MODEL_DEADLINE_S + ATTEMPT_OVERHEAD_S);
      const figures: Record<string, unknown> = {
        rollouts: n, concurrency, model_deadline_s: MODEL_DEADLINE_S, succeeded: summary.succeeded, failed: summary.failed,
        upstream_requests: fake.received(), upstream_connections_open_1s_after: fake.open(),
      };
      if (mode === "truncate") figures.sse_probe = await streamProbe(stack.stack.urls.get("policy_model")!, 5);
      return judged({ scenario: `upstream ${mode}`, agent: SINGLE, figures, rollout_deadline_s: deadline, wall_s: wall, wall_bound_s: wallBound(n, concurrency, deadline) }, filesOf(output), {
        brokenUpstream: true,
      });
    });
  } finally {
    await fake.close();
  }
}
