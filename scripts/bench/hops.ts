// Bench section: what the shape of a rollout's path costs by itself, one request at a time. Tiny
// Workers make the same hops as `bench rollouts`' two-turn rollout and nothing else: a request in;
// per model turn, a Workers RPC hop to a model Worker and its call out to an endpoint (a process of
// its own that answers at once); on the first turn, the router object's call (no write: the real
// router remembers no session that carries its endpoint, and a DO's SQLite write would add ~0.3 ms);
// a tool call and `/verify`, each an RPC hop to a resources Worker. Its p50 is the floor our own
// code adds to at concurrency 1. Beside it: each kind of hop alone, and the same path made by one
// Worker (no RPC hop), which is what only merging the agent, model and resources servers could reach.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { Agent, request } from "undici";
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from "../plan/runtime.ts";
import { C1_TARGET_P50_MS } from "./rollouts.ts";
import { percentile } from "./support/percentile.ts";
import { processCpuMs, workerdPids } from "./support/workerd.ts";

const ROW = "workers/resources/example_single_tool_call/data/example.jsonl";
const WARM_UP = 300;
const ROUNDS = 3;
const PER_ROUND = 500;
const DEADLINE_MS = 10_000;

// A chat completion about the size of the emulator's, so bodies are copied as in a real turn.
const ENDPOINT = `
const answer = JSON.stringify({ id: "chatcmpl-0", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: "", tool_calls: [{ id: "call_0", type: "function", function: { name: "get_weather", arguments: "{\\"city\\": \\"San Francisco\\"}" } }] } }], usage: { prompt_tokens: 180, completion_tokens: 24, total_tokens: 204 } });
const server = require("node:http").createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    JSON.parse(Buffer.concat(chunks).toString());
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, "127.0.0.1", () => console.log("http://127.0.0.1:" + server.address().port + "/v1/chat/completions"));
process.stdin.on("end", () => process.exit(0)).resume();
`;

// The model Worker's turn: the router object on the first turn, then the call out.
const MODEL_TURN = `
async function turn(env, body, first) {
  let endpoint = env.ENDPOINT;
  if (first) endpoint = (await env.ROUTER.get(env.ROUTER.idFromName("fleet")).acquire(crypto.randomUUID())).endpoint;
  const answer = await env.NETWORK.fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ messages: body.responses_create_params.input }) });
  return answer.json();
}`;

const MODEL_WORKER = `
import { DurableObject, WorkerEntrypoint } from "cloudflare:workers";
${MODEL_TURN}
export class Router extends DurableObject {
  leases = new Map();
  acquire(id) {
    this.leases.set(id, Date.now());
    if (this.leases.size > 1000) this.leases.clear();
    return { ok: true, endpoint: this.env.ENDPOINT };
  }
}
export class Rpc extends WorkerEntrypoint {
  post(call) { return call.path === "/noop" ? { status: 200 } : turn(this.env, call.body, call.first); }
}
export default { fetch: () => new Response(null, { status: 404 }) };
`;

const RESOURCES_WORKER = `
import { WorkerEntrypoint } from "cloudflare:workers";
export class Rpc extends WorkerEntrypoint {
  post(call) { return call.path === "/verify" ? { status: 200, body: { reward: 1 } } : { status: 200, text: "sunny, 18 C" }; }
}
export default { fetch: () => new Response(null, { status: 404 }) };
`;

// The agent's side: each path of the section.
const AGENT_WORKER = `
import { WorkerEntrypoint } from "cloudflare:workers";
${MODEL_TURN}
const paths = {
  "/in": async () => ({}),
  "/out": async (env, row) => turn(env, row, false),
  "/rpc": async (env) => env.MODEL.post({ path: "/noop" }),
  "/object": async (env) => env.ROUTER.get(env.ROUTER.idFromName("fleet")).acquire(crypto.randomUUID()),
  "/rollout": async (env, row) => {
    const first = await env.MODEL.post({ path: "/v1/responses", body: row, first: true });
    const tool = await env.RESOURCES.post({ path: "/get_weather", body: { city: "San Francisco" } });
    const second = await env.MODEL.post({ path: "/v1/responses", body: { ...row, previous: [first, tool] } });
    return { ...row, response: second, ...(await env.RESOURCES.post({ path: "/verify", body: { ...row, response: second } })).body };
  },
  "/rollout_one_worker": async (env, row) => {
    const first = await turn(env, row, true);
    const second = await turn(env, { ...row, previous: [first] }, false);
    return { ...row, response: second, reward: 1 };
  },
};
export class Http extends WorkerEntrypoint {
  async fetch(request) {
    const path = paths[new URL(request.url).pathname];
    if (!path) return new Response(null, { status: 404 });
    return Response.json(await path(this.env, await request.json()));
  }
}
export default { fetch: () => new Response(null, { status: 404 }) };
`;

const PATHS = [
  ["/in", "a request in, answered at once"],
  ["/out", "a request in, one call out to the endpoint"],
  ["/rpc", "a request in, one Workers RPC hop"],
  ["/object", "a request in, one router object call"],
  ["/rollout", "the two-turn rollout's hops (4 RPC hops, 2 calls out, 1 object call)"],
  ["/rollout_one_worker", "the same in one Worker (no RPC hop)"],
] as const;

async function startEndpoint() {
  const child = spawn(process.execPath, ["-e", ENDPOINT], { stdio: ["pipe", "pipe", "inherit"] });
  const [line] = (await Promise.race([once(child.stdout, "data"), once(child, "exit").then(() => Promise.reject(new Error("the endpoint process exited")))])) as [Buffer];
  return { url: String(line).trim(), stop: () => child.stdin.end() };
}

export async function run(): Promise<void> {
  const endpoint = await startEndpoint();
  const network = { network: { allow: ["private"], deny: [] } };
  const common = { modules: true, compatibilityDate: COMPATIBILITY_DATE, compatibilityFlags: COMPATIBILITY_FLAGS, bindings: { ENDPOINT: endpoint.url } };
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          ...common,
          name: "agent",
          script: AGENT_WORKER,
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0, entrypoint: "Http" }],
          serviceBindings: { MODEL: { name: "model", entrypoint: "Rpc" }, RESOURCES: { name: "resources", entrypoint: "Rpc" }, NETWORK: network },
          durableObjects: { ROUTER: { className: "Router", scriptName: "model", useSQLite: true } },
        },
        { ...common, name: "model", script: MODEL_WORKER, serviceBindings: { NETWORK: network }, durableObjects: { ROUTER: { className: "Router", useSQLite: true } } },
        { ...common, name: "resources", script: RESOURCES_WORKER },
      ],
    }),
  );
  const dispatcher = new Agent({ connections: 1, headersTimeout: DEADLINE_MS, bodyTimeout: DEADLINE_MS });
  try {
    await mf.ready;
    const base = (await mf.unsafeGetDirectURL("agent", "Http")).href.replace(/\/$/, "");
    const workerd = workerdPids();
    const workerdCpuMs = () => workerd.reduce((sum, pid) => sum + processCpuMs(pid), 0);
    const body = readFileSync(ROW, "utf8").split("\n")[0]!;
    const send = async (path: string) => {
      const began = performance.now();
      const answer = await request(`${base}${path}`, { method: "POST", body, headers: { "content-type": "application/json" }, dispatcher });
      const text = await answer.body.text();
      if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
      JSON.parse(text);
      return performance.now() - began;
    };
    const results = new Map<string, number>();
    for (const [path, what] of PATHS) {
      for (let i = 0; i < WARM_UP; i++) await send(path);
      const p50s: number[] = [];
      const cpuBefore = workerdCpuMs();
      for (let round = 0; round < ROUNDS; round++) {
        const latencies: number[] = [];
        for (let i = 0; i < PER_ROUND; i++) latencies.push(await send(path));
        p50s.push(percentile(latencies.sort((a, b) => a - b), 50));
      }
      const p50 = p50s.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
      results.set(path, p50);
      const workerdPerRequest = (workerdCpuMs() - cpuBefore) / (ROUNDS * PER_ROUND);
      console.log(JSON.stringify({ section: "hops", path, what, concurrency: 1, requests: ROUNDS * PER_ROUND, p50_ms: Number(p50.toFixed(3)), workerd_cpu_ms: Number(workerdPerRequest.toFixed(3)) }));
    }
    const added = (path: string) => Number((results.get(path)! - results.get("/in")!).toFixed(3));
    const floor = results.get("/rollout")!;
    const oneWorker = results.get("/rollout_one_worker")!;
    console.log(
      JSON.stringify({
        section: "hops",
        part: "summary",
        // Alone, an RPC hop's callee answers at once; in the rollout it makes a call of its own first.
        added_p50_ms: { call_out: added("/out"), rpc_hop_alone: added("/rpc"), rpc_hop_in_the_rollout: Number(((floor - oneWorker) / 4).toFixed(3)), router_object_call: added("/object") },
        rollout_shape_p50_ms: Number(floor.toFixed(3)),
        rollout_shape_in_one_worker_p50_ms: Number(oneWorker.toFixed(3)),
        c1_target_p50_ms: C1_TARGET_P50_MS,
        left_for_our_code_ms: Number((C1_TARGET_P50_MS - floor).toFixed(3)),
      }),
    );
  } finally {
    await dispatcher.close();
    await mf.dispose();
    endpoint.stop();
  }
}
