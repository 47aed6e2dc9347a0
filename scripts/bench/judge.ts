// Bench section: the judge layer (shared/judge/call.ts). First in this process: CPU per askJudge
// call against a judge that answers at once (a prebuilt reply), at concurrency 1 and 64, with the
// cost of producing that reply measured alone and taken off, so what is left is the layer's own
// (request building, the cap, the deadline, reading and checking the reply, the verdict). Then
// end to end: equivalence_llm_judge in workerd, its judge an openai_model Worker in front of a 0 ms
// endpoint on loopback,
// /verify rows that ask the judge 0, 1 and 2 times (a first "equal" is asked again, swapped), at
// concurrency 1 and 64: verifies per second, latency, and the latency each judge call adds.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Instance } from "../../shared/config/instances.ts";
import { askJudge } from "../../shared/judge/call.ts";
import { JudgeCallSettings } from "../../shared/judge/settings.ts";
import { z } from "../../shared/zod.ts";
import { loadConfig } from "../plan/config.ts";
import { planWorkers } from "../plan/plan.ts";
import { startLocalStack } from "../stack/local.ts";
import { rate, round, timed } from "./support/alone.ts";

const SERVER = "equivalence_llm_judge";
const CPU_CALLS = 20_000;
const LIMIT_CPU_MS = 1;

function reply(text: string) {
  return {
    id: "resp_bench",
    object: "response",
    created_at: 0,
    model: "bench-judge",
    status: "completed",
    output: [{ id: "msg_bench", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }],
  };
}
const EQUAL = JSON.stringify(reply("Both give the same value. [[A=B]]"));
const DIFFERENT = JSON.stringify(reply("They differ. [[A!=B]]"));

async function cpuPerCall(concurrency: number, work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await timed(CPU_CALLS, concurrency, work);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / CPU_CALLS;
}

async function layerCpu(): Promise<void> {
  const judge = { ref: { type: "responses_api_models" as const, name: "judge_model" }, settings: z.object(JudgeCallSettings).parse({}), environment: "bench" };
  const answerAtOnce = { fetch: () => Promise.resolve(new Response(DIFFERENT, { headers: { "content-type": "application/json" } })) };
  const env = { JUDGE_MODEL: answerAtOnce };
  const question = {
    messages: [{ role: "system" as const, content: "Compare. Say [[A=B]] or [[A!=B]]." }, { role: "user" as const, content: `Q: what is 2+2?\nA: 4\nB: ${"four ".repeat(200)}` }],
    read: (text: string) => (text.includes("[[A!=B]]") ? false : text.includes("[[A=B]]") ? true : undefined),
  };
  for (const concurrency of [1, 64]) {
    await cpuPerCall(concurrency, () => askJudge(env, judge, question)); // warm-up
    const total = await cpuPerCall(concurrency, () => askJudge(env, judge, question));
    const reply = await cpuPerCall(concurrency, async () => (await answerAtOnce.fetch()).text());
    const layer = Math.max(0, total - reply);
    console.log(JSON.stringify({ section: "judge", part: "layer_cpu", concurrency, calls: CPU_CALLS, cpu_ms_per_call: round(total, 4), judge_reply_cpu_ms: round(reply, 4), layer_cpu_ms_per_call: round(layer, 4), under_1_ms: layer < LIMIT_CPU_MS }));
  }
}

function row(answer: string) {
  return {
    responses_create_params: { input: [{ role: "user", content: "What is 2+2?" }] },
    response: { id: "r", object: "response", output: answer ? [{ id: "m", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: answer, annotations: [] }] }] : [] },
    expected_answer: "4",
  };
}
// An empty answer asks nothing; a different one is asked once; an equal one once more, swapped.
const CASES = [
  { judge_calls: 0, body: row("") },
  { judge_calls: 1, body: row("5") },
  { judge_calls: 2, body: row("4 SAME") },
];

/** A judge endpoint on loopback that answers at once: equal when the prompt holds the word SAME. */
async function zeroMsJudge(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end(body.includes("SAME") ? EQUAL : DIFFERENT));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function endToEnd(): Promise<void> {
  const judge = await zeroMsJudge();
  const { instances, config } = loadConfig(undefined, []);
  const server = instances.find((i) => i.name === SERVER);
  if (!server) throw new Error(`no ${SERVER} instance in the bundled config`);
  // The judge model server is an openai_model (a real Worker) in front of the 0 ms endpoint, as a hosted judge is reached.
  const model: Instance = { name: "bench_judge", serverType: "responses_api_models", implementation: "openai_model", config: { openai_base_url: judge.url, openai_model: "bench-judge" } };
  const resources: Instance = { ...server, config: { ...server.config, judge_model_server: { type: "responses_api_models", name: "bench_judge" } } };
  const stack = await startLocalStack({ specs: planWorkers([resources, model], 0), instances: [resources, model], config: { ...config, [model.name]: { [model.serverType]: { [model.implementation]: model.config } } }, sessionSecret: randomBytes(32).toString("hex") });
  try {
    const url = `${stack.urls.get(SERVER)}/verify`;
    const verify = async (body: unknown, calls: number) => {
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const verdict = (await response.json()) as { reward?: number; judge_evaluations?: unknown[] };
      if (response.status !== 200 || (verdict.judge_evaluations?.length ?? 0) !== calls) throw new Error(`/verify answered ${response.status}: ${JSON.stringify(verdict).slice(-400)}`);
    };
    for (const concurrency of [1, 64]) {
      const n = concurrency === 1 ? 300 : 3000;
      const p50 = new Map<number, number>();
      for (const { judge_calls, body } of CASES) {
        await timed(50, concurrency, () => verify(body, judge_calls)); // warm-up
        const measured = rate(await timed(n, concurrency, () => verify(body, judge_calls)));
        p50.set(judge_calls, measured.p50_ms);
        console.log(JSON.stringify({ section: "judge", part: "verify", concurrency, judge_calls, verifies: n, verifies_per_s: measured.per_s, p50_ms: measured.p50_ms, p99_ms: measured.p99_ms }));
      }
      const added = (calls: number) => round((p50.get(calls)! - p50.get(0)!) / calls, 3);
      console.log(JSON.stringify({ section: "judge", part: "added_latency", concurrency, added_p50_ms_per_judge_call: { one_call: added(1), two_calls: added(2) } }));
    }
  } finally {
    await stack.dispose();
    await judge.close();
  }
}

export async function run(): Promise<void> {
  await layerCpu();
  await endToEnd();
}
