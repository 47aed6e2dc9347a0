import { describe, expect, test } from "vitest";
import { bindingName } from "../../../../shared/client/targets.ts";
import agent from "../../../../workers/agents/aviary_agent/index.ts";
import server from "../../../../workers/resources/aviary/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";
import { say, scriptedModel, toolCall } from "../scripted_model.ts";
import type { ScriptedTurn } from "../scripted_model.ts";

const RESOURCES = "gsm8k_aviary_resources_server";
const row = (task_idx: number) => ({ task_idx, responses_create_params: { input: [] }, agent_ref: { type: "responses_api_agents", name: "gsm8k_aviary_agent" } });
const calc = (id: string, expr: string) => toolCall(id, "calculator", JSON.stringify({ expr }));
const submit = (id: string, answer: string) => toolCall(id, "submit_answer", JSON.stringify({ answer }));

/** The agent over the real aviary server and a scripted model; `paths` records every resources call. */
function run(turns: ScriptedTurn[], config: Record<string, unknown> = {}) {
  const model = scriptedModel(turns);
  const resourcesEnv = serverEnv(RESOURCES);
  const paths: string[] = [];
  const env = serverEnv("gsm8k_aviary_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: RESOURCES },
      model_server: { type: "responses_api_models", name: "policy_model" },
      max_steps: 10,
      ...config,
    },
    [bindingName(RESOURCES)]: {
      fetch: (r: Request) => {
        paths.push(new URL(r.url).pathname);
        return server.fetch(r, resourcesEnv);
      },
    },
    POLICY_MODEL: model.fetcher,
  });
  return { post: (body: unknown) => client(agent, env).post("/run", body), model, paths };
}

describe("aviary_agent /run", () => {
  test("Betty's recorded episode: seed, a step per turn of calls, close, verify; the reward is the steps' sum", async () => {
    const { post, model, paths } = run([
      { output: [calc("a", "100 / 2"), calc("b", "15 * 2")] },
      { output: [calc("c", "50 + 15 + 30")] },
      { output: [calc("d", "100 - 95")] },
      { output: [submit("e", "5")] },
    ]);
    const res = await post(row(1));
    expect(res.status).toBe(200);
    expect(res.body.reward).toBe(1);
    expect(paths).toEqual(["/seed_session", "/step", "/step", "/step", "/step", "/close", "/verify", "/close_session"]);
    const { response } = res.body;
    expect(response).toMatchObject({ id: "resp_4", group_id: "1", contains_transitions: true });
    expect(typeof response.env_id).toBe("string");
    // One input snapshot per step; the last holds the whole episode.
    expect(response.output).toHaveLength(4);
    const last = response.output[3];
    expect(last[0]).toMatchObject({ role: "user", content: expect.stringMatching(/^Betty/) });
    expect(last.filter((i: any) => i.type === "function_call_output").map((i: any) => i.output)).toEqual(["50", "30", "95", "5", "True"]);
    expect(response.output[0]).toEqual(last.slice(0, 5));
    // The model sees the environment's problem and tools; each call carries the history so far.
    expect(model.requests[0].input).toEqual([last[0]]);
    expect(model.requests[0].tools.map((t: any) => t.name)).toEqual(["calculator", "submit_answer"]);
    expect(model.requests[1].input).toEqual(last.slice(0, 5));
  });

  test("a reply with text and no call ends the episode without a step (reward 0), as gpt-4.1's recorded Weng episode did", async () => {
    const { post, paths } = run([{ output: [calc("a", "12 * (50 / 60)")] }, { output: [say("Weng earned $10.")] }]);
    const res = await post(row(0));
    expect(res.body.reward).toBe(0);
    expect(paths.filter((p) => p === "/step")).toHaveLength(1);
    expect(res.body.response.output).toHaveLength(2);
    expect(res.body.response.output[1].at(-1)).toMatchObject({ type: "message", role: "assistant" });
  });

  test("done_if_no_tool_calls false: the model is asked again; max_steps caps the model calls", async () => {
    const { post, model, paths } = run([{ output: [say("Let me think.")] }], { done_if_no_tool_calls: false, max_steps: 3 });
    const res = await post(row(0));
    expect(res.status).toBe(200);
    expect(model.requests).toHaveLength(3);
    expect(paths.filter((p) => p === "/step")).toHaveLength(0);
    expect(res.body.reward).toBe(0);
    expect(model.requests[1].input.at(-1)).toMatchObject({ role: "user" });
  });

  test("return_transitions false: the flat trajectory of model outputs and observations", async () => {
    const { post } = run([{ output: [calc("a", "2 * 16 + 2 * 8")] }, { output: [submit("b", "48")] }], { return_transitions: false });
    const res = await post(row(4));
    expect(res.body.reward).toBe(1);
    expect(res.body.response.contains_transitions).toBe(false);
    expect(res.body.response.output.map((i: any) => i.type)).toEqual(["function_call", "function_call_output", "function_call", "function_call_output"]);
  });

  test("a turn with neither text nor calls is an empty action, which the environment scores -1", async () => {
    const { post, paths } = run([{ output: [{ type: "reasoning", id: "rs", summary: [] }] }]);
    const res = await post(row(2));
    expect(res.body.reward).toBe(-1);
    expect(paths.filter((p) => p === "/step")).toHaveLength(1);
  });

  test("rewards add up over steps: a calculator error after a success", async () => {
    const { post } = run([{ output: [calc("a", "12 * 2")] }, { output: [calc("b", "12 × 2")] }]);
    expect((await post(row(2))).body.reward).toBe(-1);
  });

  test("a row without task_idx, or one the server does not ship, is a 400 before any model call", async () => {
    const { post, model } = run([{ output: [say("x")] }]);
    const { task_idx: _, ...noTask } = row(0);
    const missing = await post(noTask);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("task_idx");
    expect((await post(row(500))).status).toBe(400);
    expect(model.requests).toHaveLength(0);
  });

  test("the environment is closed even when the model fails", async () => {
    const model = { fetch: async () => new Response("down", { status: 500 }) };
    const resourcesEnv = serverEnv(RESOURCES);
    const paths: string[] = [];
    const env = serverEnv("gsm8k_aviary_agent", {
      INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: RESOURCES }, model_server: { type: "responses_api_models", name: "policy_model" } },
      [bindingName(RESOURCES)]: { fetch: (r: Request) => (paths.push(new URL(r.url).pathname), server.fetch(r, resourcesEnv)) },
      POLICY_MODEL: model,
    });
    const res = await client(agent, env).post("/run", row(0));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(paths).toEqual(["/seed_session", "/close"]);
  });
});
