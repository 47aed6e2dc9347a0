// Bench section: text-to-SQL verification (bird_sql and spider2_lite, their bundled rows), where
// every query runs in the local code sandbox: the runner starts, builds the row's database from
// its script and runs one query, per query. Per environment: the first verification (gold and
// reply both run), then verifications per second and p50/p99 latency at concurrency 1 and 16 (half
// right replies, half wrong; gold answers remembered, so one sandbox run per verification), the
// CPU-ms per verification of workerd and of the sandbox with its runs, and what runaway queries
// cost: how long each takes to be stopped (the bench's deadline is RUNAWAY_DEADLINE_S) and how.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../plan/registry.ts";
import { bringUp } from "../stack/up.ts";
import { percentile } from "./support/percentile.ts";

const ENVIRONMENTS = ["bird_sql", "spider2_lite"] as const;
const VERIFIES = { 1: 100, 16: 400 } as const;
const TICKS_PER_S = 100;
const RUNAWAY_DEADLINE_S = 5;
// Per environment: a cross join too heavy to finish, an endless recursion, and size amplification.
const HEAVY = { bird_sql: "orders", spider2_lite: "rental" } as const;
const runaways = (environment: keyof typeof HEAVY) => {
  const t = HEAVY[environment];
  return {
    cross_join: `SELECT count(*) FROM ${t} a, ${t} b, ${t} c, ${t} d, ${t} e`,
    endless_recursion: "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM (c)) SELECT count(*) FROM c",
    amplification: "SELECT length(replace(hex(zeroblob(1000000)), '0', 'ab'))",
    amplification_per_row: `SELECT sum(length(replace(hex(zeroblob(200000 + a.rowid)), '0', 'ab'))) FROM ${t} a, ${t} b`,
  };
};

type Row = Record<string, any>;

const round1 = (x: number) => Number(x.toFixed(1));

/** CPU-ms of a process, with the children it has reaped (the sandbox's runs). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ([11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 1000) / TICKS_PER_S;
}

/** This process's children by command: workerd (Miniflare's runtime) and the sandbox. */
function children(): { workerd: number[]; sandbox: number[] } {
  const found = { workerd: [] as number[], sandbox: [] as number[] };
  for (const entry of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) !== process.pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (command.includes("workerd")) found.workerd.push(Number(entry));
      else if (command.includes("scripts/sandbox/main.ts")) found.sandbox.push(Number(entry));
    } catch {
      // It ended meanwhile.
    }
  }
  return found;
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
  const pids = children();
  const cpu = (list: number[]) => list.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const [workerdBefore, sandboxBefore] = [cpu(pids.workerd), cpu(pids.sandbox)];
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
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    verifications: total,
    verifications_per_s: round1(total / seconds),
    p50_ms: round1(percentile(latencies, 50)),
    p99_ms: round1(percentile(latencies, 99)),
    workerd_cpu_ms_per_verification: round1((cpu(pids.workerd) - workerdBefore) / total),
    sandbox_cpu_ms_per_verification: round1((cpu(pids.sandbox) - sandboxBefore) / total),
  };
}

export async function run(): Promise<void> {
  const overrides = ENVIRONMENTS.map((e) => `${e}.resources_servers.${e}.sql_execution_timeout_s=${RUNAWAY_DEADLINE_S}`);
  const running = await bringUp({ headPort: 0, only: [...ENVIRONMENTS], overrides });
  try {
    for (const environment of ENVIRONMENTS) {
      const url = running.stack.urls.get(environment)!;
      const work = workload(environment);
      const first = await verify(url, work[0]!.row, work[0]!.text);
      const runaway: Record<string, { ms: number; failure_reason: string }> = {};
      await Promise.all(
        Object.entries(runaways(environment)).map(async ([name, sql]) => {
          const { ms, body } = await verify(url, work[0]!.row, sqlBlock(sql));
          runaway[name] = { ms: round1(ms), failure_reason: body.failure_reason };
        }),
      );
      for (const concurrency of [1, 16] as const) {
        console.log(JSON.stringify({ section: "stateful_sql", environment, first_verification_ms: round1(first.ms), deadline_s: RUNAWAY_DEADLINE_S, runaway, ...(await measure(url, work, concurrency, VERIFIES[concurrency])) }));
      }
    }
  } finally {
    await running.stop();
  }
}
