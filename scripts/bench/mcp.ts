// Bench section: what a tool call costs over MCP (Streamable HTTP, `POST /mcp`, tools/call) beside
// the same call on its plain route (`POST /get_weather`), on example_single_tool_call's resources
// server in one seeded session. Alternating rounds, so both see the same machine state; at
// concurrency 1 and 16: p50/p99 latency and workerd's CPU per call. MCP's own line, so a change
// that makes it dearer shows (issue "Cost": no regression on the paths added).
import { bringUp } from "../stack/up.ts";
import { percentile } from "./support/percentile.ts";
import { processCpuMs, workerdPids } from "./support/workerd.ts";

const ROUNDS = 5;
const PER_ROUND = 200;
const WARMUP = 100;
const SERVER = "example_single_tool_call";
const MCP_HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };
const ARGUMENTS = { city: "San Francisco" };

type Call = () => Promise<void>;

async function expectOk(response: Response, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

/** A seeded session's two ways to call get_weather: its plain route (its cookie, if any) and MCP (its session id). */
async function session(url: string): Promise<{ http: Call; mcp: Call }> {
  const seeded = await fetch(`${url}/seed_session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ responses_create_params: { input: "should I bring a jacket?" } }) });
  await expectOk(seeded, "/seed_session");
  // A server that keeps no session state (this one) sets no cookie: its calls need none.
  const cookie = seeded.headers.get("set-cookie")?.split(";")[0] ?? "";
  const init = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } } }),
  });
  await expectOk(init, "MCP initialize");
  const sessionId = init.headers.get("mcp-session-id")!;
  let id = 0;
  return {
    http: async () => {
      await expectOk(await fetch(`${url}/get_weather`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(ARGUMENTS) }), "/get_weather");
    },
    mcp: async () => {
      const body = { jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name: "get_weather", arguments: ARGUMENTS } };
      const text = await expectOk(await fetch(`${url}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" }, body: JSON.stringify(body) }), "MCP tools/call");
      const { result } = JSON.parse(text) as { result?: { isError?: boolean } };
      if (!result || result.isError) throw new Error(`MCP tools/call gave no tool result: ${text.slice(0, 200)}`);
    },
  };
}

async function timed(call: Call, concurrency: number, n: number, latencies: number[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) {
        const began = performance.now();
        await call();
        latencies.push(performance.now() - began);
      }
    }),
  );
}

export async function run(): Promise<void> {
  // The resources server and what its agent references; the other environments would only add isolates.
  const running = await bringUp({ headPort: 0, only: [`${SERVER}_simple_agent`] });
  try {
    const pids = workerdPids();
    const workerdMs = () => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
    const calls = await session(running.stack.urls.get(SERVER)!);
    for (const concurrency of [1, 16]) {
      const measured = { http: { latencies: [] as number[], cpuMs: 0 }, mcp: { latencies: [] as number[], cpuMs: 0 } };
      for (const path of ["http", "mcp"] as const) await timed(calls[path], concurrency, WARMUP, []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const path of round % 2 === 0 ? (["http", "mcp"] as const) : (["mcp", "http"] as const)) {
          const before = workerdMs();
          await timed(calls[path], concurrency, PER_ROUND, measured[path].latencies);
          measured[path].cpuMs += workerdMs() - before;
        }
      }
      for (const [path, { latencies, cpuMs }] of Object.entries(measured)) {
        latencies.sort((a, b) => a - b);
        const line = { section: "mcp", path: path === "http" ? "POST /get_weather" : "POST /mcp tools/call", concurrency, calls: latencies.length, p50_ms: Number(percentile(latencies, 50).toFixed(2)), p99_ms: Number(percentile(latencies, 99).toFixed(2)), workerd_cpu_ms_per_call: Number((cpuMs / latencies.length).toFixed(3)) };
        console.log(JSON.stringify(line));
      }
    }
  } finally {
    await running.stop();
  }
}
