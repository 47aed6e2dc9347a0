// tool_simulation_agent in workerd with a scripted policy, a scripted simulator and an in-test
// resources server: the policy's tool calls never reach the resources server, the simulator is
// shown each tool's definition and the call, its reply is the output the policy reads for its
// final answer, and every way the episode ends.
import { describe, expect, test } from "vitest";
import { z } from "../../../../shared/zod.ts";
import { resourcesServer } from "../../../../shared/declaration.ts";
import { defineResourcesServer } from "../../../../shared/resources/define.ts";
import { ENVIRONMENT_HEADER } from "../../../../shared/fleet/headers.ts";
import { assistantText } from "../../../../shared/verifiers/assistant_text.ts";
import agent from "../../../../workers/agents/tool_simulation_agent/index.ts";
import { ToolSimulationAgentConfig } from "../../../../workers/agents/tool_simulation_agent/config.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";
import { readLines, say, scriptedModel, toolCall } from "../scripted_model.ts";

// Rewards a final answer that quotes the (simulated) forecast; it has a real get_weather tool too,
// which must never run.
const weather = defineResourcesServer({
  declaration: resourcesServer({ task: z.object({}) }),
  tools: {},
  verify: (body) => ({ reward: assistantText(body.response.output).includes("sunny") ? 1 : 0, items: body.response.output.length }),
});

const GET_WEATHER = { type: "function", name: "get_weather", description: "The current weather in a city.", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true };
const row = { responses_create_params: { input: "Weather in Paris?", tools: [GET_WEATHER] } };

function agentEnv(policy: { fetch(r: Request): Promise<Response> }, simulator?: { fetch(r: Request): Promise<Response> }, config: Record<string, unknown> = {}) {
  const paths: string[] = [];
  const weatherEnv = serverEnv("weather");
  const env = serverEnv("weather_agent", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "weather" },
      model_server: { type: "responses_api_models", name: "policy_model" },
      ...(simulator ? { simulator_model_server: { type: "responses_api_models", name: "simulator" } } : {}),
      ...config,
    },
    WEATHER: {
      fetch: (r: Request) => {
        paths.push(new URL(r.url).pathname);
        return weather.fetch(r, weatherEnv);
      },
    },
    POLICY_MODEL: policy,
    ...(simulator ? { SIMULATOR: simulator } : {}),
  });
  return { env, paths };
}

const asksWeather = (args = '{"city":"Paris"}') => ({ output: [toolCall("c1", "get_weather", args)] });

describe("tool_simulation_agent /run", () => {
  test("the tool call is simulated from its definition, fed back, and the final answer verified", async () => {
    const policy = scriptedModel([asksWeather(), { output: [say("It is sunny in Paris.")] }]);
    const simulator = scriptedModel([{ output: [say('{"forecast": "sunny, 24 C"}')] }]);
    const { env, paths } = agentEnv(policy.fetcher, simulator.fetcher);
    const res = await client(agent, env).post("/run", row);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reward: 1, items: 3 });
    expect(res.body.response.output.map((i: { type: string }) => i.type)).toEqual(["function_call", "function_call_output", "message"]);
    expect(res.body.response.output[1]).toEqual({ type: "function_call_output", call_id: "c1", output: '{"forecast": "sunny, 24 C"}' });
    // The resources server never ran the tool.
    expect(paths).toEqual(["/seed_session", "/verify"]);
    // The simulator saw the tool's definition and the call's arguments, and was offered no tools.
    expect(simulator.requests).toHaveLength(1);
    const [system, user] = simulator.requests[0].input;
    expect(system.role).toBe("system");
    expect(user.content).toBe(`Tool: get_weather\nDescription: The current weather in a city.\nParameters (JSON Schema): ${JSON.stringify(GET_WEATHER.parameters)}\n\nCall arguments: {"city":"Paris"}`);
    expect(simulator.requests[0].tools).toBeUndefined();
    // The simulator's call is made for the same environment, the emulator's key for its skill.
    expect(simulator.headers[0]!.get(ENVIRONMENT_HEADER)).toBe("weather");
    // The policy's final call saw its call and the simulated output; usage counts the policy's two calls.
    expect(policy.requests[1].input.map((i: { type: string }) => i.type)).toEqual(["message", "function_call", "function_call_output"]);
    expect(res.body.response.usage.total_tokens).toBe(30);
  });

  test("without simulator_model_server the policy's model server plays the tools", async () => {
    const model = scriptedModel([asksWeather(), { output: [say('{"forecast": "sunny"}')] }, { output: [say("Sunny.")] }]);
    const res = await client(agent, agentEnv(model.fetcher).env).post("/run", row);
    expect(res.body.response.output[1].output).toBe('{"forecast": "sunny"}');
    expect(model.requests).toHaveLength(3);
    expect(model.requests[1].input[0].role).toBe("system");
  });

  test("an answer without tool calls is the episode: nothing simulated", async () => {
    const policy = scriptedModel([{ output: [say("Probably sunny.")] }]);
    const simulator = scriptedModel([{ output: [say("never")] }]);
    const res = await client(agent, agentEnv(policy.fetcher, simulator.fetcher).env).post("/run", row);
    expect(res.body).toMatchObject({ reward: 1, items: 1 });
    expect(policy.requests).toHaveLength(1);
    expect(simulator.requests).toHaveLength(0);
  });

  test("an incomplete first response ends the episode, its calls not simulated", async () => {
    const policy = scriptedModel([{ ...asksWeather(), incomplete: true }]);
    const simulator = scriptedModel([{ output: [say("never")] }]);
    const res = await client(agent, agentEnv(policy.fetcher, simulator.fetcher).env).post("/run", row);
    expect(res.body).toMatchObject({ reward: 0, items: 1, response: { incomplete_details: { reason: "max_output_tokens" } } });
    expect(simulator.requests).toHaveLength(0);
  });

  test("the final answer's own tool calls end the episode unanswered", async () => {
    const policy = scriptedModel([asksWeather(), asksWeather('{"city":"Lyon"}')]);
    const simulator = scriptedModel([{ output: [say("sunny")] }]);
    const res = await client(agent, agentEnv(policy.fetcher, simulator.fetcher).env).post("/run", row);
    expect(res.body.response.output.map((i: { type: string }) => i.type)).toEqual(["function_call", "function_call_output", "function_call"]);
    expect(policy.requests).toHaveLength(2);
    expect(simulator.requests).toHaveLength(1);
  });

  test("a tool the row does not offer, or arguments that are not JSON, are refused without the simulator", async () => {
    const policy = scriptedModel([{ output: [toolCall("c1", "get_time", "{}"), toolCall("c2", "get_weather", "{Paris")] }, { output: [say("ok")] }]);
    const simulator = scriptedModel([{ output: [say("never")] }]);
    const res = await client(agent, agentEnv(policy.fetcher, simulator.fetcher).env).post("/run", row);
    const outputs = res.body.response.output.filter((i: { type: string }) => i.type === "function_call_output").map((i: { output: string }) => i.output);
    expect(outputs[0]).toMatch(/tool "get_time" is not available. Available tools: get_weather/);
    expect(outputs[1]).toMatch(/arguments of get_weather are not valid JSON/);
    expect(simulator.requests).toHaveLength(0);
  });

  test("a simulator that fails ends the rollout as an infrastructure failure naming its hop, never a reward", async () => {
    const policy = scriptedModel([asksWeather(), { output: [say("never asked")] }]);
    const broken = { fetch: async () => new Response("simulator down", { status: 500 }) };
    const res = await client(agent, agentEnv(policy.fetcher, broken).env).post("/run", row);
    expect(res.status).toBe(502);
    expect(res.body.error.hop).toBe("simulator/v1/responses");
    expect(res.body.reward).toBeUndefined();
    expect(policy.requests).toHaveLength(1);
  });
});

describe("tool_simulation_agent: the other routes", () => {
  test("/v1/responses runs the simulated episode without seeding or verifying", async () => {
    const policy = scriptedModel([asksWeather(), { output: [say("Sunny.")] }]);
    const simulator = scriptedModel([{ output: [say("sunny")] }]);
    const { env, paths } = agentEnv(policy.fetcher, simulator.fetcher);
    const res = await client(agent, env).post("/v1/responses", row.responses_create_params);
    expect(res.body.output).toHaveLength(3);
    expect(res.body.reward).toBeUndefined();
    expect(paths).toEqual([]);
  });

  test("/run_batch streams a line per row", async () => {
    const policy = scriptedModel([{ output: [say("sunny")] }]);
    const response = await client(agent, agentEnv(policy.fetcher).env).send("/run_batch", { rows: [row, row] });
    expect((await readLines(response)).map((l) => l.index).sort()).toEqual([0, 1]);
  });
});

test("NeMo Gym's configs/tool_simulation_agent.yaml is taken as it is: the simulator is then the model server", () => {
  const reference = { entrypoint: "app.py", resources_server: { type: "resources_servers", name: "xlam_fc" }, model_server: { type: "responses_api_models", name: "policy_model" } };
  expect(ToolSimulationAgentConfig.parse(reference).simulator_model_server).toBeUndefined();
});
