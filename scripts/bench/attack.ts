// `npm run bench attack`: the hostile-model suite. Every attack in scripts/bench/attacks/ runs, one
// at a time, against one local stack (loopback only, bearer auth on, callers: the trainer `bench`,
// a second tenant `rival`, and `bystander`), while the bystander (another trainer's rollouts on
// example_single_tool_call and the head's liveness route, paced well under the rate limit) keeps
// sending requests. One JSON line per attack: what it tried, rewards it changed, samples it
// dropped, and how much slower the bystander's requests got than before any attack (each against
// the median of its kind). Throws, after printing everything, when any attack changed a reward,
// dropped a sample, failed a bystander request or slowed one by more than 100 ms.
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, defaultConfigPaths } from "../plan/registry.ts";
import { bringUp } from "../stack/up.ts";
import type { Attack, AttackContext, AttackResult } from "./attacks/attack.ts";
import { percentile } from "./support/percentile.ts";

const BYSTANDER_AGENT = "example_single_tool_call_simple_agent";
const BYSTANDER_ROWS = "workers/resources/example_single_tool_call/data/example.jsonl";
const BASELINE_REQUESTS = 60;
const SLOWDOWN_LIMIT_MS = 100;
const BYSTANDER_DEADLINE_MS = 30_000;
// One liveness check and one rollout at most this often: 240 requests a minute per Worker, well
// under the local rate limit (600 a minute per caller and Worker).
const BYSTANDER_PERIOD_MS = 250;

async function loadAttacks(): Promise<Attack[]> {
  const dir = new URL("./attacks/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "attack.ts").sort();
  const modules = await Promise.all(files.map((f) => import(new URL(f, dir).href) as Promise<{ attacks: Attack[] }>));
  const all = modules.flatMap((m) => m.attacks);
  // ATTACK_SURFACES=sql,cohorts runs those surfaces alone.
  const wanted = process.env.ATTACK_SURFACES?.split(",").filter(Boolean);
  return wanted ? all.filter((a) => wanted.includes(a.surface)) : all;
}

type Kind = "liveness" | "rollout";
interface Sample {
  kind: Kind;
  ms: number;
  /** Not a 200 in time: what happened instead. */
  failed?: string;
}

/** A trainer's requests, one after another, until stopped: what an attack must not slow down. */
function bystander(context: AttackContext, token: string) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const rows = readFileSync(join(ROOT, BYSTANDER_ROWS), "utf8").trim().split("\n");
  const samples: Sample[] = [];
  let stopped = false;
  let sent = 0;
  const timed = async (kind: Kind, url: string, init: RequestInit) => {
    const began = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(BYSTANDER_DEADLINE_MS) });
      await res.arrayBuffer();
      samples.push({ kind, ms: performance.now() - began, ...(res.status === 200 ? {} : { failed: `${kind} answered ${res.status}` }) });
    } catch (err) {
      samples.push({ kind, ms: performance.now() - began, failed: `${kind}: ${(err as Error).message}` });
    }
  };
  const loop = (async () => {
    while (!stopped) {
      const began = performance.now();
      const row = rows[sent++ % rows.length]!;
      await timed("liveness", `${context.url("head")}/`, { headers });
      await timed("rollout", `${context.url(BYSTANDER_AGENT)}/run`, { method: "POST", headers, body: row });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, BYSTANDER_PERIOD_MS - (performance.now() - began))));
    }
  })();
  return {
    samples,
    count: () => samples.length,
    async stop(): Promise<Sample[]> {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const round1 = (x: number) => Number(x.toFixed(1));

async function baseline(context: AttackContext, token: string): Promise<Record<Kind, number>> {
  const quiet = bystander(context, token);
  while (quiet.count() < BASELINE_REQUESTS) await new Promise((resolve) => setTimeout(resolve, 50));
  const samples = await quiet.stop();
  const of = (kind: Kind) => median(samples.filter((s) => s.kind === kind && !s.failed).map((s) => s.ms));
  return { liveness: of("liveness"), rollout: of("rollout") };
}

interface Line extends AttackResult {
  surface: string;
  name: string;
  error?: string;
  bystander: { requests: number; failed: number; first_failures: string[]; max_slowdown_ms: number; p99_slowdown_ms: number };
}

export async function run(): Promise<void> {
  const attacks = await loadAttacks();
  const tokens = { bench: randomBytes(24).toString("hex"), rival: randomBytes(24).toString("hex") };
  const bystanderToken = randomBytes(24).toString("hex");
  const only = [...new Set([BYSTANDER_AGENT, ...attacks.flatMap((a) => a.needs)])];
  // The bundled config, then the instances attacks define for themselves.
  const configPaths = [...defaultConfigPaths(), ...new Set(attacks.flatMap((a) => a.configs ?? []).map((p) => join(ROOT, p)))];
  const running = await bringUp({ headPort: 0, only, configPaths, authTokens: Object.entries({ ...tokens, bystander: bystanderToken }).map(([name, token]) => `${name}:${token}`).join(",") });
  const lines: Line[] = [];
  try {
    const context: AttackContext = {
      running,
      url: (worker) => (worker === "head" ? running.stack.headUrl : running.stack.urls.get(worker)) ?? missing(worker),
      sandboxUrl: running.sandboxes.get("sandbox://local")?.url,
      token: tokens.bench,
      tokens,
      headers: { authorization: `Bearer ${tokens.bench}`, "content-type": "application/json" },
    };
    // Warm every Worker the bystander uses before timing it.
    await baseline(context, bystanderToken);
    const usual = await baseline(context, bystanderToken);
    for (const attack of attacks) {
      const watcher = bystander(context, bystanderToken);
      let result: AttackResult;
      let error: string | undefined;
      try {
        result = await attack.run(context);
      } catch (err) {
        // An attack that could not finish proves nothing held: it counts as a failure of the suite.
        error = (err as Error).message;
        result = { attempts: 0, rewards_changed: 0, samples_dropped: 0 };
      }
      const samples = await watcher.stop();
      const slowdowns = samples.map((s) => s.ms - usual[s.kind]).sort((a, b) => a - b);
      const line: Line = {
        surface: attack.surface,
        name: attack.name,
        ...result,
        ...(error ? { error } : {}),
        bystander: { requests: samples.length, failed: samples.filter((s) => s.failed).length, first_failures: samples.flatMap((s) => s.failed ?? []).slice(0, 3), max_slowdown_ms: round1(Math.max(0, slowdowns.at(-1) ?? 0)), p99_slowdown_ms: round1(Math.max(0, slowdowns.length ? percentile(slowdowns, 99) : 0)) },
      };
      lines.push(line);
      console.log(JSON.stringify({ section: "attack", ...line }));
    }
  } finally {
    await running.stop();
  }
  report(lines, attacks.length);
}

function report(lines: Line[], total: number): void {
  const sum = (key: "rewards_changed" | "samples_dropped" | "attempts") => lines.reduce((s, l) => s + l[key], 0);
  const slowed = lines.filter((l) => l.bystander.max_slowdown_ms > SLOWDOWN_LIMIT_MS);
  const failed = lines.filter((l) => l.error || l.rewards_changed > 0 || l.samples_dropped > 0 || l.bystander.failed > 0 || l.bystander.max_slowdown_ms > SLOWDOWN_LIMIT_MS);
  const summary = {
    section: "attack",
    summary: true,
    attacks: total,
    attempts: sum("attempts"),
    rewards_changed: sum("rewards_changed"),
    samples_dropped: sum("samples_dropped"),
    attacks_slowing_others_over_100ms: slowed.length,
    bystander_requests_failed: lines.reduce((s, l) => s + l.bystander.failed, 0),
    worst_slowdown_ms: Math.max(0, ...lines.map((l) => l.bystander.max_slowdown_ms)),
    attacks_that_did_not_finish: lines.filter((l) => l.error).length,
    held: total - failed.length,
  };
  console.log(JSON.stringify(summary));
  if (failed.length > 0) throw new Error(`${failed.length} of ${total} attacks got through: ${failed.map((l) => `${l.surface}/${l.name}`).join(", ")}`);
}

function missing(worker: string): never {
  throw new Error(`attack: no Worker ${worker} in the stack`);
}
