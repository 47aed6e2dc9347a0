// Bench section: the local sandbox provider. Executions per second and p50/p99 latency of one
// POST /run, for a trivial program and a program that computes for about 50 ms of CPU, at
// concurrency 1 and 16; then sessions: the first cell (which opens the interpreter), the cells
// after it, and the memory that 64 idle sessions hold (PSS, so shared pages count once); then
// what 15 busy runs do to others: the latency of a loopback HTTP server standing in for workerd
// (another process, one thread), and a run of 0.3 s of CPU in the 16th slot beside them (its own
// time, as the sandbox counts it, against its wall-clock latency). Loopback only, bounded counts.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { spawnSandbox } from "../stack/local_process.ts";
import type { LocalProcess } from "../stack/local_process.ts";
import { percentile } from "./support/percentile.ts";

const PROGRAMS = {
  trivial: "pass",
  cpu_50ms: "import time\nend = time.process_time() + 0.05\nwhile time.process_time() < end:\n    pass",
};
const CPU_300MS = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end:\n    pass";
const RUNS = { 1: 40, 16: 160 } as const;

const CELLS = 200;
const IDLE_SESSIONS = 64;


const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50_ms: Number(percentile(sorted, 50).toFixed(1)), p99_ms: Number(percentile(sorted, 99).toFixed(1)) };
};

async function cell(sandbox: LocalProcess, session: string, code: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${sandbox.url}/sessions/${session}/cells`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
  const result = (await res.json()) as { error: string | null };
  if (res.status !== 200 || result.error !== null) throw new Error(`a cell failed: ${res.status} ${JSON.stringify(result)}`);
  return performance.now() - start;
}

/** PSS in MiB of `root` and every process under it. */
function treePssMb(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))![1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // It ended while we looked.
    }
  }
  let kb = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    pending.push(...(children.get(pid) ?? []));
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))![1]);
    } catch {
      // Gone, or a kernel thread.
    }
  }
  return kb / 1024;
}

async function sessions(sandbox: LocalProcess): Promise<void> {
  const first: number[] = [];
  for (let i = 0; i < 10; i++) first.push(await cell(sandbox, `open-${i}`, "x = 0"));
  const later: number[] = [];
  for (let i = 0; i < CELLS; i++) later.push(await cell(sandbox, "open-0", "x += 1\nx"));
  console.log(JSON.stringify({ bench: "sandbox", session: "first cell (opens the interpreter)", cells: first.length, ...summary(first) }));
  console.log(JSON.stringify({ bench: "sandbox", session: "cell in an open session", cells: CELLS, ...summary(later) }));
  for (let i = 0; i < 10; i++) await fetch(`${sandbox.url}/sessions/open-${i}`, { method: "DELETE" });

  const before = treePssMb(sandbox.pid);
  for (let i = 0; i < IDLE_SESSIONS; i += 8) await Promise.all(Array.from({ length: 8 }, (_, j) => cell(sandbox, `idle-${i + j}`, "data = list(range(1000))")));
  const after = treePssMb(sandbox.pid);
  console.log(JSON.stringify({ bench: "sandbox", session: `${IDLE_SESSIONS} idle sessions`, sandbox_pss_mb_before: Math.round(before), pss_mb_after: Math.round(after), pss_mb_per_session: Number(((after - before) / IDLE_SESSIONS).toFixed(1)) }));
}

const post = (sandbox: LocalProcess, body: object) =>
  fetch(`${sandbox.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((res) => res.json() as Promise<{ duration_ms: number; timed_out: boolean }>);

// A single-threaded loopback server in a process of its own, as workerd is.
const STAND_IN = "require('http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port); });";
// One slot of the default 16 left for the measured run.
const BUSY_RUNS = 15;

async function latencies(url: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const start = performance.now();
    await (await fetch(url)).text();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

async function othersBesideBusyRuns(sandbox: LocalProcess): Promise<void> {
  const server = spawn(process.execPath, ["-e", STAND_IN], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once("line", resolve));
    const url = `http://127.0.0.1:${port}/`;
    await latencies(url, 500);
    const idle = await latencies(url, 3000);
    const busy = Array.from({ length: BUSY_RUNS }, () => post(sandbox, { language: "python", files: { "main.py": "while True: pass" }, limits: { wall_s: 6 } }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const began = performance.now();
    const work = post(sandbox, { language: "python", files: { "main.py": CPU_300MS }, limits: { wall_s: 5 } }).then((r) => ({ ...r, latency_ms: Math.round(performance.now() - began) }));
    const loaded = await latencies(url, 3000);
    const worked = await work;
    await Promise.all(busy);
    const line = (sorted: number[]) => ({ ...summary(sorted), max_ms: Number(sorted.at(-1)!.toFixed(1)) });
    const health = (await (await fetch(`${sandbox.url}/health`)).json()) as Record<string, unknown>;
    console.log(JSON.stringify({ bench: "sandbox", others: `loopback server, idle vs beside ${BUSY_RUNS} busy runs`, cpu_share: health.cpu_share, idle: line(idle), beside_busy_runs: line(loaded) }));
    console.log(JSON.stringify({ bench: "sandbox", others: `0.3 s of CPU beside ${BUSY_RUNS} busy runs (wall limit 5 s)`, timed_out: worked.timed_out, own_ms: worked.duration_ms, latency_ms: worked.latency_ms }));
  } finally {
    server.kill();
  }
}

export async function run(): Promise<void> {
  const sandbox = await spawnSandbox();
  try {
    for (const [name, code] of Object.entries(PROGRAMS)) {
      for (const [concurrency, total] of Object.entries(RUNS).map(([c, n]) => [Number(c), n] as const)) {
        const latencies: number[] = [];
        let next = 0;
        const began = performance.now();
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < total) {
              next++;
              const start = performance.now();
              const res = await fetch(`${sandbox.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "python", files: { "main.py": code } }) });
              const result = (await res.json()) as { exit_code: number | null };
              if (res.status !== 200 || result.exit_code !== 0) throw new Error(`a ${name} run failed: ${res.status} ${JSON.stringify(result)}`);
              latencies.push(performance.now() - start);
            }
          }),
        );
        const seconds = (performance.now() - began) / 1000;
        latencies.sort((a, b) => a - b);
        console.log(JSON.stringify({ bench: "sandbox", program: name, concurrency, runs: total, per_s: Number((total / seconds).toFixed(1)), p50_ms: Math.round(percentile(latencies, 50)), p99_ms: Math.round(percentile(latencies, 99)) }));
      }
    }
    await sessions(sandbox);
    await othersBesideBusyRuns(sandbox);
  } finally {
    await sandbox.stop();
  }
}
