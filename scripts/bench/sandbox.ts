// Bench section: the local sandbox provider. Executions per second and p50/p99 latency of one
// POST /run, for a trivial program and a program that computes for about 50 ms of CPU, at
// concurrency 1 and 16. Loopback only, bounded counts.
import { spawnSandbox } from "../stack/local_process.ts";

const PROGRAMS = {
  trivial: "pass",
  cpu_50ms: "import time\nend = time.process_time() + 0.05\nwhile time.process_time() < end:\n    pass",
};
const RUNS = { 1: 40, 16: 160 } as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

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
  } finally {
    await sandbox.stop();
  }
}
