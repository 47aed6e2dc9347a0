// `npm run bench soak` (issue "Reliability"): a long run of a stateful environment on a persisted
// stack, watched for leaks. SOAK_ROLLOUTS (default 50,000) rollouts of
// example_session_state_mgmt, whose resources server keeps each rollout's counter in its own
// SessionDO, at concurrency 64; by tenth of the run: workerd's RSS and open fds, the SessionDO
// files on disk (all, and those still holding state) and the gateway router's live session rows.
// Then an idle wait, a burst of 2,000 rollouts at concurrency 2,000, and another idle wait.
// One JSON line per series and per phase; throws at the end, after printing, when a property fails:
// every series' last tenth at most 20% above its second; no session holding state and no live
// router row once idle; RSS after the burst at most 25% above the soak's last tenth; no session file left
// once the stack has stopped (it prunes empty ones); every rollout succeeded.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collect } from "../collect/collect.ts";
import type { CollectSummary } from "../collect/collect.ts";
import { bringUp } from "../stack/up.ts";
import { routerRows } from "./support/router_rows.ts";
import { tallyRunStatuses, unexpected } from "./support/run_statuses.ts";
import { sessionDisk } from "./support/session_disk.ts";
import { Tenths, notAbove } from "./support/tenths.ts";
import { openFds, peakRssMib, rssMib, workerdPids } from "./support/workerd.ts";

const AGENT = "example_session_state_mgmt_simple_agent";
const SERVER = "example_session_state_mgmt";
const GATEWAY = "policy_model_gpu_gateway";
const INPUT = "workers/resources/example_session_state_mgmt/data/example.jsonl";
const ROWS = 5;
const CONCURRENCY = 64;
const BURST = 2_000;
const ADMIN_KEY = "bench-soak-admin-key";
// Short, so any router row (kept for a caller without an endpoint pin) can be seen to end within
// the idle wait. SessionDO's own TTL (SESSION_TTL_S, a platform binding) has no knob in the local
// stack: the run reports it instead; the agent releases each session at the rollout's end anyway.
const GATEWAY_SESSION_TTL_S = 10;
// DEFAULT_SESSION_TTL_S of shared/session/session.ts (Worker code, outside the Node typecheck).
const SESSION_TTL_S = 3600;
const IDLE_S = 30;
const SAMPLE_MS = 1000;
// The disk is read every this many samples: a scan of every session file, in this process.
const DISK_EVERY = 5;
const FLAT_SHARE = 0.2;
const RECOVERED_SHARE = 0.25;
const ROLLOUT_TIMEOUT_S = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const line = (fields: Record<string, unknown>) => console.log(JSON.stringify({ section: "soak", ...fields }));

interface Stack {
  persist: string;
  headUrl: string;
  gatewayUrl: string;
  workerd: number[];
}

/** The session files on disk, as series. */
function disk(stack: Stack) {
  const d = sessionDisk(stack.persist, SERVER);
  return { session_files: d.files, session_bytes: d.bytes, sessions_holding_state: d.holding, session_bytes_holding_state: d.holdingBytes };
}

/** One reading of workerd and the router (its rows null when its route did not answer); of the disk too with `withDisk`. */
async function sample(stack: Stack, withDisk = true) {
  return {
    workerd_rss_mib: rssMib(stack.workerd),
    workerd_open_fds: openFds(stack.workerd),
    ...(withDisk ? disk(stack) : {}),
    router_rows: await routerRows(stack.gatewayUrl, ADMIN_KEY),
  };
}

function rolloutsWanted(): number {
  const n = Number(process.env.SOAK_ROLLOUTS ?? 50_000);
  if (!Number.isInteger(n) || n < 10 * ROWS || n % ROWS !== 0) throw new Error(`SOAK_ROLLOUTS must be a multiple of ${ROWS} of at least ${10 * ROWS}, got ${process.env.SOAK_ROLLOUTS}`);
  return n;
}

function collectRun(stack: Stack, dir: string, name: string, rollouts: number, concurrency: number, onRollout?: () => void): Promise<CollectSummary> {
  return collect({
    headUrl: stack.headUrl,
    input: INPUT,
    output: join(dir, `${name}.jsonl`),
    agent: AGENT,
    concurrency,
    numRepeats: rollouts / ROWS,
    rolloutTimeoutS: ROLLOUT_TIMEOUT_S,
    progress: false,
    onRollout,
  });
}

/** The soak: every series by tenth, one line each; the last tenth's mean RSS (the steady level). */
async function soak(stack: Stack, dir: string, rollouts: number, failures: string[]): Promise<number> {
  const tenths = new Tenths();
  let done = 0;
  let over = false;
  const sampling = (async () => {
    for (let tick = 0; !over; tick++) {
      const tenth = Math.min(9, Math.floor((10 * done) / rollouts));
      for (const [name, value] of Object.entries(await sample(stack, tick % DISK_EVERY === 0))) if (value !== null) tenths.add(tenth, name, value);
      await sleep(SAMPLE_MS);
    }
  })();
  const began = performance.now();
  const summary = await collectRun(stack, dir, "soak", rollouts, CONCURRENCY, () => done++).finally(() => (over = true));
  const seconds = (performance.now() - began) / 1000;
  await sampling;
  line({ phase: "run", rollouts, concurrency: CONCURRENCY, seconds: Number(seconds.toFixed(1)), rollouts_per_s: Number((rollouts / seconds).toFixed(1)), succeeded: summary.succeeded, failed: summary.failed, workerd_peak_rss_mib: peakRssMib(stack.workerd) });
  if (summary.failed || summary.missing) failures.push(`soak: ${summary.failed} rollouts failed, ${summary.missing} missing (see ${summary.files.failures})`);
  for (const series of ["workerd_rss_mib", "workerd_open_fds", "session_files", "session_bytes", "sessions_holding_state", "session_bytes_holding_state", "router_rows"]) {
    if (!tenths.names().includes(series)) {
      line({ series, observable: false });
      failures.push(`${series}: not observable`);
      continue;
    }
    const byTenth = tenths.means(series);
    const [second, last] = [byTenth[1], byTenth[9]];
    const flat = second != null && last != null && notAbove(last, second, FLAT_SHARE);
    line({ series, by_tenth: byTenth, second_tenth: second, last_tenth: last, flat });
    if (!flat) failures.push(`${series}: last tenth ${last} more than ${FLAT_SHARE * 100}% above the second ${second}`);
  }
  // A run too short for a sample in its last tenth: the level at its end.
  return tenths.means("workerd_rss_mib")[9] ?? rssMib(stack.workerd);
}

/** Idle for IDLE_S, then what is still held: state in sessions and live router rows must be none. */
async function afterIdle(stack: Stack, phase: string, failures: string[]) {
  await sleep(IDLE_S * 1000);
  const now = await sample(stack);
  line({ phase, idle_s: IDLE_S, ...now, session_ttl_s: SESSION_TTL_S, session_ttl_waited: false, gateway_session_ttl_s: GATEWAY_SESSION_TTL_S });
  if (now.sessions_holding_state !== 0) failures.push(`${phase}: ${now.sessions_holding_state} sessions still hold state (${now.session_bytes_holding_state} bytes)`);
  if (now.router_rows !== 0) failures.push(`${phase}: router rows ${now.router_rows ?? "not observable"}`);
  return now;
}

/** BURST rollouts at once; RSS after an idle wait against the soak's steady level. */
async function burst(stack: Stack, dir: string, steadyMib: number, failures: string[]): Promise<void> {
  const statuses = tallyRunStatuses();
  let peak = 0;
  let over = false;
  const polling = (async () => {
    while (!over) {
      peak = Math.max(peak, rssMib(stack.workerd));
      await sleep(250);
    }
  })();
  const began = performance.now();
  const summary = await collectRun(stack, dir, "burst", BURST, BURST).finally(() => {
    over = true;
    statuses.restore();
  });
  const seconds = (performance.now() - began) / 1000;
  await polling;
  line({ phase: "burst", rollouts: BURST, concurrency: BURST, seconds: Number(seconds.toFixed(1)), run_statuses: statuses.counts, succeeded: summary.succeeded, failed: summary.failed, workerd_peak_rss_mib: peak });
  if (summary.failed || summary.missing) failures.push(`burst: ${summary.failed} rollouts failed, ${summary.missing} missing`);
  if (unexpected(statuses.counts).length) failures.push(`burst: /run answered ${unexpected(statuses.counts).join(", ")}`);
  const after = await afterIdle(stack, "after burst", failures);
  const recovered = notAbove(after.workerd_rss_mib, steadyMib, RECOVERED_SHARE);
  line({ phase: "recovery", steady_rss_mib: steadyMib, burst_peak_rss_mib: peak, rss_after_idle_mib: after.workerd_rss_mib, ratio: Number((after.workerd_rss_mib / steadyMib).toFixed(2)), recovered });
  if (!recovered) failures.push(`RSS ${after.workerd_rss_mib} MiB ${IDLE_S} s after the burst, more than ${RECOVERED_SHARE * 100}% above the steady ${steadyMib} MiB`);
}

export async function run(): Promise<void> {
  const rollouts = rolloutsWanted();
  const persist = mkdtempSync(join(tmpdir(), "edge-gym-bench-soak-persist-"));
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-bench-soak-"));
  const failures: string[] = [];
  try {
    const running = await bringUp({
      headPort: 0,
      only: [AGENT],
      persistPath: persist,
      emulatorArgs: ["--latency-ms", "0"],
      overrides: [`++policy_model.responses_api_models.vllm_model.gateway={admin_api_key: ${ADMIN_KEY}, session_ttl_s: ${GATEWAY_SESSION_TTL_S}}`],
    });
    try {
      const stack = { persist, headUrl: running.stack.headUrl, gatewayUrl: running.stack.urls.get(GATEWAY)!, workerd: workerdPids() };
      const steady = await soak(stack, dir, rollouts, failures);
      await afterIdle(stack, "after soak", failures);
      await burst(stack, dir, steady, failures);
    } finally {
      await running.stop();
    }
    // The stack prunes the files of objects that hold nothing once its workerd has stopped.
    const left = sessionDisk(persist, SERVER);
    line({ phase: "after stop", session_files: left.files, session_bytes: left.bytes });
    if (left.files !== 0) failures.push(`after stop: ${left.files} session files (${left.bytes} bytes) left on disk`);
  } finally {
    rmSync(persist, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) throw new Error(`soak: ${failures.length} properties failed:\n  ${failures.join("\n  ")}`);
}
