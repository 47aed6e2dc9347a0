// tool_simulation_agent in workerd with a scripted policy and an in-test resources server: as NeMo
// Gym's, one model call, whose response is verified as it is (its tool calls unanswered, the
// resources server's tools never run), and every way that call ends.
import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../../shared/resources/define.ts";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import agent from "../../../../workers/agents/tool_simulation_agent/index.ts";
import { ToolSimulationAgentConfig } from "../../../../workers/agents/tool_simulation_agent/config.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";
import { readLines, say, scriptedModel, toolCall } from "../scripted_model.ts";
import type { ScriptedTurn } from "../scripted_model.ts";

// Scores the next action: a get_weather call for Paris. It has a real get_weather tool too, which must never run.
const weather = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({}) }),
  tools: { get_weather: { input: z.object({ city: z.string() }), run: () => ({ forecast: "never run" }) } },
  verify: (body) => {
    const call = body.response.output.find((item) => item.type === "function_call");
    return { reward: call?.type === "function_call" && call.name === "get_weather" && call.arguments.includes("Paris") ? 1 : 0, items: body.response.output.length };
  },
});

const GET_WEATHER = { type: "function", name: "get_weather", description: "The current weather in a city.", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true };
// An expert trajectory up to its pivot: the earlier call's output is in the row already.
const row = {
  responses_create_params: {
    input: [
      { role: "user", content: "Weather in Lyon, then Paris?" },
      { type: "function_call", call_id: "c0", name: "get_weather", arguments: '{"city":"Lyon"}' },
      { type: "function_call_output", call_id: "c0", output: '{"forecast": "rain"}' },
    ],
    tools: [GET_WEATHER],
  },
};

function agentEnv(policy: { fetch(r: Request): Promise<Response> }, config: Record<string, unknown> = {}) {
  const paths: string[] = [];
  const weatherEnv = serverEnv("weather");
  const env = serverEnv("weather_agent", {
    INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: "weather" }, model_server: { type: "responses_api_models", name: "policy_model" }, ...config },
    WEATHER: {
      fetch: (r: Request) => {
        paths.push(new URL(r.url).pathname);
        return weather.fetch(r, weatherEnv);
      },
    },
    POLICY_MODEL: policy,
  });
  return { env, paths };
}

describe("tool_simulation_agent /run", () => {
  test("one model call: its tool call is the next action, verified as it is and never run", async () => {
    const policy = scriptedModel([{ output: [toolCall("c1", "get_weather", '{"city":"Paris"}')] }, { output: [say("never asked")] }]);
    const { env, paths } = agentEnv(policy.fetcher);
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: 1, items: 1 });
    expect(res.body.response.output).toEqual([expect.objectContaining({ type: "function_call", call_id: "c1", name: "get_weather" })]);
    expect(policy.requests).toHaveLength(1);
    // The row's trajectory went to the model as it is, for the environment the row is verified by.
    expect(policy.requests[0].input.map((i: { type?: string }) => i.type ?? "message")).toEqual(["message", "function_call", "function_call_output"]);
    expect(policy.headers[0]!.get(ENVIRONMENT_HEADER)).toBe("weather");
    expect(paths).toEqual(["/seed_session", "/verify"]);
  });

  test("a text answer or another call is verified the same way: the reward is the verifier's", async () => {
    const turns: [ScriptedTurn, number][] = [[{ output: [say("Paris is sunny.")] }, 0], [{ output: [toolCall("c1", "get_weather", '{"city":"Lyon"}')] }, 0]];
    for (const [turn, reward] of turns) {
      const policy = scriptedModel([turn]);
      const res = await client(agent, agentEnv(policy.fetcher).env).post("/run", row);
      expect(res.body).toMatchObject({ reward, items: 1 });
      expect(policy.requests).toHaveLength(1);
    }
  });

  test("an incomplete response is verified as it is", async () => {
    const policy = scriptedModel([{ output: [toolCall("c1", "get_weather", '{"city":"Paris"}')], incomplete: true }]);
    const res = await client(agent, agentEnv(policy.fetcher).env).post("/run", row);
    expect(res.body).toMatchObject({ reward: 1, response: { incomplete_details: { reason: "max_output_tokens" } } });
  });

  test("a model server that fails ends the rollout as an infrastructure failure naming its hop, never a reward", async () => {
    const broken = { fetch: async () => new Response("model down", { status: 500 }) };
    const { env, paths } = agentEnv(broken);
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("policy_model/v1/responses");
    expect(res.body.reward).toBeUndefined();
    expect(paths).not.toContain("/verify");
  });
});

describe("tool_simulation_agent: the other routes", () => {
  test("/v1/responses is the one model call, without seeding or verifying", async () => {
    const policy = scriptedModel([{ output: [toolCall("c1", "get_weather", '{"city":"Paris"}')] }]);
    const { env, paths } = agentEnv(policy.fetcher);
    const res = await client(agent, env).post("/v1/responses", row.responses_create_params);
    expect(res.body.output).toHaveLength(1);
    expect(res.body.reward).toBeUndefined();
    expect(paths).toEqual([]);
  });

  test("/run_batch streams a line per row", async () => {
    const policy = scriptedModel([{ output: [say("sunny")] }]);
    const response = await client(agent, agentEnv(policy.fetcher).env).send("/run_batch", { rows: [row, row] });
    expect((await readLines(response)).map((l) => l.index).sort()).toEqual([0, 1]);
  });
});

test("NeMo Gym's configs/tool_simulation_agent.yaml is taken as it is", () => {
  const reference = { entrypoint: "app.py", resources_server: { type: "resources_servers", name: "swe_pivot" }, model_server: { type: "responses_api_models", name: "policy_model" } };
  expect(ToolSimulationAgentConfig.parse(reference)).toMatchObject({ resources_server: reference.resources_server, model_server: reference.model_server });
});
