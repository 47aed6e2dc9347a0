// Bench section: what the gateway adds to a request. The same chat completions go to the vLLM
// emulator (its own process, 0 ms latency) directly and through the gpu_gateway Worker (workerd,
// with its router Durable Object), alternating in rounds so both see the same machine state.
// Sessions of three turns, as rollouts make them: the first placed by the router, the later ones
// sent back with the endpoint it named (x-edge-gym-endpoint), as every relaying caller does.
// Prints p50/p99 per path and their difference.
import { PIN_HEADER } from "../../shared/fleet/pin.ts";
import { bringUp } from "../stack/up.ts";
import { percentile } from "./support/percentile.ts";

const ROUNDS = 10;
const PER_ROUND = 100;
const WARMUP = 100;
const TURNS_PER_SESSION = 3;

const body = JSON.stringify({
  model: "edge-gym-emulator",
  messages: [
    { role: "system", content: "You are a friendly personal assistant. Look things up instead of guessing." },
    { role: "user", content: "what's the weather doing in nyc right now" },
  ],
  tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }],
  logprobs: true,
  return_token_ids: true,
});

const round1 = (n: number) => Number(n.toFixed(2));

async function timed(url: string, concurrency: number, n: number, into: number[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      let pin = "";
      while (next < n) {
        // A new session every TURNS_PER_SESSION requests of this worker.
        if (next++ % TURNS_PER_SESSION === 0) pin = "";
        const began = performance.now();
        const response = await fetch(`${url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", [PIN_HEADER]: pin }, body });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        into.push(performance.now() - began);
        pin = response.headers.get(PIN_HEADER) ?? "";
      }
    }),
  );
}

export async function run(): Promise<void> {
  // Only the fleet and what uses it: the other environments' Workers would only add their isolates to workerd.
  const running = await bringUp({ headPort: 0, emulatorArgs: ["--latency-ms", "0"], only: ["example_single_tool_call_simple_agent"] });
  try {
    const paths = { direct: running.emulator!.url, gateway: running.stack.urls.get("policy_model_gpu_gateway")! };
    for (const concurrency of [1, 16]) {
      await timed(paths.direct, concurrency, WARMUP, []);
      await timed(paths.gateway, concurrency, WARMUP, []);
      const samples = { direct: [] as number[], gateway: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        await timed(paths.direct, concurrency, PER_ROUND, samples.direct);
        await timed(paths.gateway, concurrency, PER_ROUND, samples.gateway);
      }
      const stats = Object.fromEntries(
        Object.entries(samples).map(([path, ms]) => {
          ms.sort((a, b) => a - b);
          return [path, { p50: percentile(ms, 50), p99: percentile(ms, 99) }];
        }),
      ) as Record<keyof typeof samples, { p50: number; p99: number }>;
      console.log(
        JSON.stringify({
          section: "gateway",
          concurrency,
          requests_per_path: ROUNDS * PER_ROUND,
          direct_ms: { p50: round1(stats.direct.p50), p99: round1(stats.direct.p99) },
          via_gateway_ms: { p50: round1(stats.gateway.p50), p99: round1(stats.gateway.p99) },
          gateway_added_ms: { p50: round1(stats.gateway.p50 - stats.direct.p50), p99: round1(stats.gateway.p99 - stats.direct.p99) },
        }),
      );
    }
  } finally {
    await running.stop();
  }
}
