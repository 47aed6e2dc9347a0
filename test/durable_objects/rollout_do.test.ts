// A rollout object stores nothing until a rollout is submitted: asking about an id never
// submitted (GET /rollouts/:id of an unknown id) or a stray alarm leaves the object empty.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../shared/zod.ts";
import { resourcesServer } from "../../shared/declaration.ts";
import { defineResourcesServer } from "../../shared/resources/define.ts";
import agent from "../../workers/agents/simple_agent/index.ts";
import { setRolloutEnv } from "../workerd/harness.ts";
import { client, serverEnv } from "../workerd/helpers.ts";
import { NOTHING, storedIn } from "./stored.ts";

test("an id never submitted has no state, and asking creates none", async () => {
  const stub = env.ROLLOUTS.get(env.ROLLOUTS.newUniqueId());
  expect(await stub.state()).toBeNull();
  expect(await storedIn(stub)).toEqual(NOTHING);
  // No alarm is set, so none runs.
  expect(await runDurableObjectAlarm(stub)).toBe(false);
  expect(await storedIn(stub)).toEqual(NOTHING);
});

// A retry of an async rollout (the same Idempotency-Key and row at a higher `_ng_attempt_index`)
// replaces it and keeps its `_ng_rollout_id`; the older attempt's answer is dropped, and the older
// attempt submitted late gets the newer one's state.
describe("attempts of one async rollout", () => {
  const judge = defineResourcesServer({ declaration: resourcesServer({ task: z.object({}) }), tools: {}, verify: () => ({ reward: 1 }) });
  const usage = { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 };

  test("a late answer of an older attempt never replaces a newer one", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    const policy = {
      async fetch() {
        // The first attempt's model call hangs until the test lets it answer, after the retry's.
        const text = ++calls === 1 ? "first attempt" : "retry";
        if (calls === 1) await gate;
        const output = [{ type: "message", id: "m", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] }];
        return Response.json({ id: "r", object: "response", created_at: 1, model: "m", status: "completed", output, incomplete_details: null, usage });
      },
    };
    const judgeEnv = serverEnv("judge_env");
    const bindings = serverEnv("judge_agent", {
      INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: "judge_env" }, model_server: { type: "responses_api_models", name: "policy_model" } },
      JUDGE_ENV: { fetch: (r: Request) => judge.fetch(r, judgeEnv) },
      POLICY_MODEL: policy,
    });
    setRolloutEnv(bindings);
    const c = client(agent, { ...bindings, ROLLOUTS: env.ROLLOUTS });
    const submit = async (attempt: number) => {
      const res = await c.send("/run", { responses_create_params: { input: "hi" }, _ng_attempt_index: attempt }, { headers: { prefer: "respond-async", "idempotency-key": "prompt-1" } });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const state = async () => (await (await c.send("/rollouts/prompt-1")).json()) as Record<string, any>;

    expect((await submit(0)).status).toBe(202);
    while (calls === 0) await new Promise((r) => setTimeout(r, 10));
    expect((await submit(1)).body).toEqual({ rollout_id: "prompt-1", status: "queued" });
    // Attempt 0 again (a trainer's late resend) is not a retry: it gets attempt 1's rollout.
    const late = await submit(0);
    expect(late.status).toBe(202);
    expect(["queued", "running"]).toContain(late.body.status);
    open();
    let done: Record<string, any> = {};
    for (let i = 0; i < 500 && done.status !== "completed" && done.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 10));
      done = await state();
    }
    expect(done.status).toBe("completed");
    expect(done.result).toMatchObject({ _ng_rollout_id: "prompt-1", _ng_attempt_index: 1, reward: 1 });
    expect(done.result.response.output[0].content[0].text).toBe("retry");
    // The first attempt's answer has come and gone by now, and changed nothing.
    await new Promise((r) => setTimeout(r, 50));
    expect((await state()).result.response.output[0].content[0].text).toBe("retry");
    expect(calls).toBe(2);
    setRolloutEnv({});
  });
});
