// One bundled resources server alone in workerd (Miniflare, as the local stack runs it), on a
// loopback port, with its Durable Objects on SQLite; and the timing helpers the sections share.
import { randomBytes } from "node:crypto";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { loadConfig } from "../../plan/config.ts";
import { bundleWorkers } from "../../plan/build.ts";
import { planWorkers } from "../../plan/plan.ts";
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from "../../plan/runtime.ts";
import { percentile } from "./percentile.ts";

export interface Alone {
  mf: Miniflare;
  url: string;
}

export async function startAlone(server: string): Promise<Alone> {
  const { instances } = loadConfig(undefined, []);
  const [spec] = planWorkers(instances.filter((i) => i.name === server), 0).filter((s) => s.name === server);
  if (!spec) throw new Error(`no ${server} instance in the bundled config`);
  const bundle = (await bundleWorkers([spec.entry])).get(spec.entry)!;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      name: server,
      modules: true,
      scriptPath: bundle,
      compatibilityDate: COMPATIBILITY_DATE,
      compatibilityFlags: COMPATIBILITY_FLAGS,
      bindings: { ...(spec.vars as Record<string, string>), SESSION_SECRET: randomBytes(32).toString("hex") },
      durableObjects: Object.fromEntries(Object.entries(spec.durableObjects).map(([binding, className]) => [binding, { className, useSQLite: true }])),
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    }),
  );
  await mf.ready;
  return { mf, url: (await mf.unsafeGetDirectURL(server)).href.replace(/\/$/, "") };
}

/** A client with its own session cookie. */
export class Client {
  cookie = "";
  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  async post(path: string, body: unknown): Promise<any> {
    const response = await fetch(`${this.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(this.cookie ? { cookie: this.cookie } : {}) }, body: JSON.stringify(body) });
    const set = response.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0]!;
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }

  /** The session id its cookie carries (the id before the signature). */
  get sessionId(): string {
    return this.cookie.slice(this.cookie.indexOf("=") + 1).split(".")[0]!;
  }

  seed(): Promise<unknown> {
    return this.post("/seed_session", { responses_create_params: { input: "bench" } });
  }
}

export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** Runs `task` `n` times over `concurrency` workers; the latencies in ms and the wall time in s. */
export async function timed(n: number, concurrency: number, task: (worker: number, i: number) => Promise<unknown>): Promise<{ ms: number[]; seconds: number }> {
  const ms: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < n) {
        const i = next++;
        const start = performance.now();
        await task(worker, i);
        ms.push(performance.now() - start);
      }
    }),
  );
  ms.sort((a, b) => a - b);
  return { ms, seconds: (performance.now() - began) / 1000 };
}

export const rate = ({ ms, seconds }: { ms: number[]; seconds: number }) => ({ per_s: round(ms.length / seconds), p50_ms: round(percentile(ms, 50), 2), p99_ms: round(percentile(ms, 99), 2) });
