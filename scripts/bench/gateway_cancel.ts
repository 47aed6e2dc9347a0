// Bench section: slots after cancelled callers. 260 /run calls whose agent model deadline (15 s)
// ends them against an emulator that takes 10 minutes per answer, with the gateway's default 256
// slots per endpoint: prints the gateway's in-flight and queued counts while they run, when every
// /run has answered, and after. Before slots were released on cancellation, 256 stayed in flight
// and 4 queued for the lease's 10 minutes; the property now is 0 and 0 once all have answered.
import { bringUp } from "../stack/up.ts";

const CALLS = 260;
const DEADLINE_S = 15;
const ADMIN_KEY = "bench-cancel-admin-key";
const AGENT = "example_single_tool_call_simple_agent";

export async function run(): Promise<void> {
  const running = await bringUp({
    headPort: 0,
    only: [AGENT],
    overrides: [
      `++${AGENT}.responses_api_agents.simple_agent.model_timeout_s=${DEADLINE_S}`,
      `++policy_model.responses_api_models.vllm_model.gateway={admin_api_key: ${ADMIN_KEY}}`,
    ],
    emulatorArgs: ["--latency-ms", "600000"],
  });
  try {
    const gateway = running.stack.urls.get("policy_model_gpu_gateway")!;
    const fleet = async () => (await (await fetch(`${gateway}/admin/endpoints`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as { in_flight: number; queued: number };
    const began = performance.now();
    const report = async (moment: string) => {
      const { in_flight, queued } = await fleet();
      console.log(JSON.stringify({ bench: "gateway_cancel", moment, t_s: Number(((performance.now() - began) / 1000).toFixed(1)), in_flight, queued }));
      return in_flight + queued;
    };
    const row = { responses_create_params: { input: "what's the weather in sf?", tools: [{ type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } }] } };
    const calls = Array.from({ length: CALLS }, () =>
      fetch(`${running.stack.urls.get(AGENT)}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(row) }).then((r) => r.status),
    );
    await new Promise((r) => setTimeout(r, 1000));
    await report("while running");
    const statuses = await Promise.all(calls);
    console.log(JSON.stringify({ bench: "gateway_cancel", moment: "all answered", statuses: Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])) }));
    const held = await report("all answered");
    await new Promise((r) => setTimeout(r, 3000));
    await report("3 s later");
    if (held !== 0) throw new Error(`${held} slots or queue places still held after every caller had its answer`);
  } finally {
    await running.stop();
  }
}
