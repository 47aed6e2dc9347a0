// POST /run_batch: rows run concurrently, each outcome streams back as one NDJSON line tagged with
// its row's index as soon as it is known, failures as failure records, and the optional
// server-side limit bounds how many run at once.
import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../../shared/resources/define.ts";
import { RunBatchLine } from "../../../../shared/schemas/run.ts";
import agent from "../../../../workers/agents/simple_agent/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const judge = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({ verdict: z.enum(["right", "wrong", "undecided"]) }) }),
  tools: {},
  // A verifier that cannot decide marks the row instead of scoring it 0.
  verify: (body) => (body.verdict === "undecided" ? { reward: 0, _ng_failure_class: "judge_failed", error: "judge down" } : { reward: body.verdict === "right" ? 1 : 0 }),
});

const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };

/** A model that answers after the delay the prompt names ("wait 30"), or fails on "explode". */
function delayedModel() {
  const seen = { inFlight: 0, maxInFlight: 0, calls: 0 };
  const fetcher = {
    async fetch(request: Request) {
      const body = (await request.json()) as { input: { content: string }[] };
      const prompt = body.input[0]!.content;
      seen.calls++;
      seen.inFlight++;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      await new Promise((r) => setTimeout(r, Number(/wait (\d+)/.exec(prompt)?.[1] ?? 0)));
      seen.inFlight--;
      if (prompt.includes("explode")) return new Response("boom", { status: 500 });
      const say = { type: "message", id: "m", role: "assistant", status: "completed", content: [{ type: "output_text", text: "ok", annotations: [] }] };
      return Response.json({ id: "r", object: "response", created_at: 1, model: "m", status: "completed", output: [say], incomplete_details: null, usage });
    },
  };
  return { fetcher, seen };
}

function agentEnv(model: { fetch(r: Request): Promise<Response> }, config: Record<string, unknown> = {}) {
  const judgeEnv = serverEnv("judge_env");
  return serverEnv("judge_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "judge_env" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      ...config,
    },
    JUDGE_ENV: { fetch: (r: Request) => judge.fetch(r, judgeEnv) },
    POLICY_MODEL: model,
  });
}

const row = (prompt: string, verdict: string) => ({ responses_create_params: { input: [{ role: "user", content: prompt }] }, verdict });

/** Reads the NDJSON body line by line, noting when each line arrived. */
async function readLines(response: Response) {
  const lines: { line: RunBatchLine; at: number }[] = [];
  const began = Date.now();
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body!) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) !== -1) {
      lines.push({ line: RunBatchLine.parse(JSON.parse(buffer.slice(0, newline))), at: Date.now() - began });
      buffer = buffer.slice(newline + 1);
    }
  }
  expect(buffer).toBe("");
  return lines;
}

describe("simple_agent /run_batch", () => {
  test("streams each result as it completes, tagged with its index; failures are failure records", async () => {
    const { fetcher } = delayedModel();
    const response = await client(agent, agentEnv(fetcher)).send("/run_batch", {
      rows: [row("wait 300", "right"), row("wait 0", "wrong"), row("explode", "right"), row("wait 100", "undecided")],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    const lines = await readLines(response);
    // As completed, not as sent: the slow row comes last.
    expect(lines.map((l) => l.line.index)).toEqual([1, 2, 3, 0]);
    const byIndex = Object.fromEntries(lines.map((l) => [l.line.index, l.line]));
    expect(byIndex[0]).toMatchObject({ result: { reward: 1, verdict: "right" } });
    expect(byIndex[1]).toMatchObject({ result: { reward: 0, verdict: "wrong" } });
    // An error says the status /run would have answered with it.
    expect(byIndex[2]).toMatchObject({ failure: { _ng_failure_class: "bad_upstream_response", error: { status: 502, hop: "policy_model/v1/responses" } } });
    // An undecided verify keeps what the verifier echoed, the model's response among it, without its reward.
    expect(byIndex[3]).toMatchObject({ index: 3, failure: { _ng_failure_class: "judge_failed", error: "judge down", _ng_rollout_id: expect.any(String), _ng_attempt_index: 0, verdict: "undecided" } });
    const undecided = (byIndex[3] as { failure: Record<string, any> }).failure;
    expect(undecided.response.output[0].content[0].text).toBe("ok");
    expect(undecided).not.toHaveProperty("reward");
    // Lines arrive while the batch is still running, not all at the end.
    expect(lines[0]!.at).toBeLessThan(lines[3]!.at - 150);
  });

  test("run_batch_concurrency bounds the rollouts in flight", async () => {
    const { fetcher, seen } = delayedModel();
    const response = await client(agent, agentEnv(fetcher, { run_batch_concurrency: 2 })).send("/run_batch", {
      rows: Array.from({ length: 6 }, (_, i) => row("wait 20", i % 2 ? "right" : "wrong")),
    });
    const lines = await readLines(response);
    expect(lines.map((l) => l.line.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(seen.calls).toBe(6);
    expect(seen.maxInFlight).toBe(2);
  });

  test("without a limit every row runs at once", async () => {
    const { fetcher, seen } = delayedModel();
    await readLines(await client(agent, agentEnv(fetcher)).send("/run_batch", { rows: Array.from({ length: 5 }, () => row("wait 20", "right")) }));
    expect(seen.maxInFlight).toBe(5);
  });

  test("bad input is a 400 with the row's field path, before anything runs", async () => {
    const { fetcher, seen } = delayedModel();
    const c = client(agent, agentEnv(fetcher));
    const bad = await c.post("/run_batch", { rows: [row("x", "right"), { responses_create_params: { input: "x", temprature: 1 } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("rows[1].responses_create_params.temprature");
    expect((await c.post("/run_batch", { rows: [] })).status).toBe(400);
    expect(seen.calls).toBe(0);
  });
});
