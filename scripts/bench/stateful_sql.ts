// Bench section: text-to-SQL verification against the databases' Durable Objects (bird_sql and
// spider2_lite, their bundled rows). Every /verify runs the gold query and the reply's query on
// the row's database object, so all of one database's verifications queue on one object: that
// object is what this measures. Per environment: the first verification (which loads the database
// file into its object), then verifications per second and p50/p99 latency at concurrency 1 and 32
// (half right replies, half wrong), workerd's CPU-ms per verification, and what heavy queries cost:
// the heaviest kind the budget lets run, and how fast runaways are turned away.
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../plan/config.ts";
import { planWorkers } from "../plan/plan.ts";
import { ROOT } from "../plan/registry.ts";
import { startLocalStack } from "../stack/local.ts";
import { percentile } from "./support/percentile.ts";

const ENVIRONMENTS = ["bird_sql", "spider2_lite"] as const;
const VERIFIES = { 1: 200, 32: 800 } as const;
const TICKS_PER_S = 100;
// Per environment: a cross join of three tables that stays under the default work budget (about
// 10 million rows: it runs, and how long it holds the object is the worst an allowed query does),
// one over it, and an endless recursion.
const HEAVY = {
  bird_sql: { allowed: ["orders", "order_items", "products"], over: ["orders", "order_items", "customers"] },
  spider2_lite: { allowed: ["rental", "film_actor", "customer"], over: ["rental", "film_actor", "customer", "actor"] },
} as const;
const runaways = (environment: keyof typeof HEAVY) => ({
  cross_join_allowed: `SELECT count(*) FROM ${HEAVY[environment].allowed.join(", ")}`,
  cross_join_over_budget: `SELECT count(*) FROM ${HEAVY[environment].over.join(", ")}`,
  endless_recursion: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
});

type Row = Record<string, any>;

const round1 = (x: number) => Number(x.toFixed(1));

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** workerd: the processes this one started (Miniflare's runtime). */
function childPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const reply = (text: string) => ({ id: "bench", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const sqlBlock = (sql: string) => `\`\`\`sql\n${sql}\n\`\`\``;

async function verify(url: string, row: Row, text: string): Promise<{ ms: number; body: Row }> {
  const started = performance.now();
  const res = await fetch(`${url}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...row, response: reply(text) }) });
  const body = (await res.json()) as Row;
  if (res.status !== 200 || typeof body.reward !== "number") throw new Error(`/verify answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - started, body };
}

/** Rows with a gold query: their gold as the right reply, a constant as the wrong one. */
function workload(environment: string): { row: Row; text: string }[] {
  const rows = readFileSync(join(ROOT, "workers/resources", environment, "data/example.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Row);
  return rows.filter((row) => row.gt_sql ?? row.gold_sql).flatMap((row) => [
    { row, text: sqlBlock(row.gt_sql ?? row.gold_sql) },
    { row, text: sqlBlock("SELECT 0") },
  ]);
}

async function measure(url: string, work: { row: Row; text: string }[], concurrency: number, total: number) {
  const pids = childPids();
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const latencies: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const { row, text } = work[next++ % work.length]!;
        latencies.push((await verify(url, row, text)).ms);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const cpu = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    verifications: total,
    verifications_per_s: round1(total / seconds),
    p50_ms: round1(percentile(latencies, 50)),
    p99_ms: round1(percentile(latencies, 99)),
    workerd_cpu_ms_per_verification: Number((cpu / total).toFixed(2)),
  };
}

export async function run(): Promise<void> {
  const { instances, config } = loadConfig(undefined, []);
  const servers = instances.filter((i) => (ENVIRONMENTS as readonly string[]).includes(i.name));
  const stack = await startLocalStack({ specs: planWorkers(servers, 0), instances: servers, config, sessionSecret: randomBytes(32).toString("hex") });
  try {
    for (const environment of ENVIRONMENTS) {
      const url = stack.urls.get(environment)!;
      const work = workload(environment);
      const first = await verify(url, work[0]!.row, work[0]!.text);
      const runaway: Record<string, { ms: number; failure_reason: string }> = {};
      for (const [name, sql] of Object.entries(runaways(environment))) {
        const { ms, body } = await verify(url, work[0]!.row, sqlBlock(sql));
        runaway[name] = { ms: round1(ms), failure_reason: body.failure_reason };
      }
      for (const concurrency of [1, 32] as const) {
        console.log(JSON.stringify({ section: "stateful_sql", environment, first_verification_ms: round1(first.ms), runaway, ...(await measure(url, work, concurrency, VERIFIES[concurrency])) }));
      }
    }
  } finally {
    await stack.dispose();
  }
}
