// A tool call reaches only a declared tool. Through the whole /run path (simple_agent, a scripted
// model, the real example_session_state_mgmt counter server with its SessionDO), a model naming a
// route or a path trick as a tool changes nothing: the reward stays the honest one, and no request
// but the rollout's own lifecycle and declared tools reaches the resources server. A row that
// offers such a tool is refused at /seed_session with the field's path.
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { defineResourcesServer, tool } from "../../../shared/resources/define.ts";
import { RESOURCES_ROUTES } from "../../../shared/resources/tool_names.ts";
import agent from "../../../workers/agents/simple_agent/index.ts";
import counter from "../../../workers/resources/example_session_state_mgmt/index.ts";
import structuredOutputs from "../../../workers/resources/structured_outputs/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const call = (id: string, name: string, args: unknown) => ({ type: "function_call", call_id: id, name, arguments: JSON.stringify(args), id: `fc_${id}`, status: "completed" });
const say = (text: string) => ({ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text, annotations: [] }] });

/** A model that plays `turns` in order, then says "done". */
function scriptedModel(turns: Array<Record<string, unknown>[]>) {
  let n = 0;
  return {
    calls: () => n,
    async fetch() {
      const output = turns[n++] ?? [say("done")];
      return Response.json({
        id: `resp_${n}`,
        object: "response",
        created_at: 1,
        model: "scripted",
        status: "completed",
        output,
        usage: { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 },
      });
    },
  };
}

/** simple_agent in front of `server`, recording every path the resources server is asked for. */
function rollout(server: { fetch(r: Request, env: object): Response | Promise<Response> }, model: { fetch(): Promise<Response> }) {
  const paths: string[] = [];
  const resourcesEnv = serverEnv("env_under_test");
  const agentEnv = serverEnv("agent_under_test", {
    INSTANCE_CONFIG: {
      resources_server: { type: "resources_servers", name: "env_under_test" },
      model_server: { type: "responses_api_models", name: "policy_model" },
    },
    ENV_UNDER_TEST: {
      fetch: (r: Request) => {
        paths.push(new URL(r.url).pathname);
        return server.fetch(r, resourcesEnv);
      },
    },
    POLICY_MODEL: model,
  });
  return { paths, run: (row: unknown) => client(agent, agentEnv).post("/run", row) };
}

const COUNTER_TOOLS = [
  { type: "function", name: "increment_counter", parameters: { type: "object", properties: { count: { type: "integer" } } }, strict: true },
  { type: "function", name: "get_counter_value", parameters: { type: "object", properties: {} }, strict: true },
];
const counterRow = (extraTools: unknown[] = []) => ({
  responses_create_params: { input: "add one to the counter", tools: [...COUNTER_TOOLS, ...extraTools] },
  initial_count: 0,
  expected_count: 1,
});
const offered = (name: string) => ({ type: "function", name, parameters: { type: "object" }, strict: false });

// What a model would send to each route to change the outcome: re-seed to a state that verifies,
// wipe the work, or read the verifier's answer.
const ATTACK_ARGS: Record<string, unknown> = {
  seed_session: { responses_create_params: { input: "x" }, initial_count: 7, expected_count: 7 },
  close_session: {},
  verify: { responses_create_params: { input: "x" }, expected_count: 1, response: { output: [] } },
  aggregate_metrics: { verify_responses: [] },
};

const PATH_TRICKS = [
  "../verify",
  "%2e%2e/verify",
  "%2e%2e%2fverify",
  "..%2fclose_session",
  "get_counter_value/../close_session",
  "get_counter_value/..%2fseed_session",
  "./verify",
  "..",
  ".",
  "",
  "http://127.0.0.1/verify",
  "//evil.example/verify",
  "/verify",
  "verify?x=1",
  "verify#",
  "VERIFY ",
  "__proto__",
  "constructor",
  "hasOwnProperty",
];

describe("a tool call reaches only a declared tool", () => {
  test("every reserved name, called by the model though the row does not offer it: the honest reward, and the route is never reached", async () => {
    for (const name of RESOURCES_ROUTES) {
      const model = scriptedModel([[call("c1", "increment_counter", { count: 1 })], [call("c2", name, ATTACK_ARGS[name] ?? {})]]);
      const { paths, run } = rollout(counter, model);
      const res = await run(counterRow());
      expect(res.status, name).toBe(200);
      expect(res.body.reward, name).toBe(1);
      const outputs = res.body.response.output.filter((i: any) => i.type === "function_call_output").map((i: any) => i.output);
      expect(outputs[1], name).toMatch(new RegExp(`tool "${name}" is not available`));
      expect(paths, name).toEqual(["/seed_session", "/increment_counter", "/verify", "/close_session"]);
    }
  });

  test("every reserved name offered by the row: /run is a 400 naming the tool's field, before the model is asked", async () => {
    for (const name of RESOURCES_ROUTES) {
      const model = scriptedModel([[call("c1", name, ATTACK_ARGS[name] ?? {})]]);
      const { paths, run } = rollout(counter, model);
      const res = await run(counterRow([offered(name)]));
      expect(res.status, name).toBe(400);
      expect(res.body.error.message, name).toContain("responses_create_params.tools[2].name");
      expect(res.body.error.message, name).toContain("is a route of every resources server, not a tool name");
      expect(model.calls(), name).toBe(0);
      expect(paths, name).toEqual(["/seed_session"]);
    }
  });

  test("the honest wrong answer stays wrong: calling seed_session or verify cannot turn reward 0 into 1", async () => {
    const model = scriptedModel([[call("c1", "seed_session", ATTACK_ARGS.seed_session)], [call("c2", "verify", ATTACK_ARGS.verify)]]);
    const { paths, run } = rollout(counter, model);
    const res = await run(counterRow());
    expect(res.body.reward).toBe(0);
    expect(paths).toEqual(["/seed_session", "/verify", "/close_session"]);
  });

  test("path tricks called by the model go nowhere; offered by the row they are refused, or (plain names) never callable", async () => {
    for (const name of PATH_TRICKS) {
      const model = scriptedModel([[call("c1", "increment_counter", { count: 1 })], [call("c2", name, ATTACK_ARGS.seed_session)]]);
      const { paths, run } = rollout(counter, model);
      const res = await run(counterRow());
      expect(res.status, name).toBe(200);
      expect(res.body.reward, name).toBe(1);
      expect(paths, name).toEqual(["/seed_session", "/increment_counter", "/verify", "/close_session"]);

      const offeringModel = scriptedModel([[call("c1", "increment_counter", { count: 1 })], [call("c2", name, {})]]);
      const offering = rollout(counter, offeringModel);
      const offeredRes = await offering.run(counterRow([offered(name)]));
      if (/^[A-Za-z0-9_-]+$/.test(name)) {
        // A plain name the server does not declare: the row may offer it, but it is never sent.
        expect(offeredRes.status, name).toBe(200);
        expect(offeredRes.body.reward, name).toBe(1);
        expect(offering.paths, name).toEqual(["/seed_session", "/increment_counter", "/verify", "/close_session"]);
      } else {
        // Refused by the agent's own row schema (an empty name) or by /seed_session.
        expect(offeredRes.status, name).toBe(400);
        expect(JSON.stringify(offeredRes.body.error), name).toContain("responses_create_params.tools[2].name");
        expect(offering.paths, name).toEqual(name === "" ? [] : ["/seed_session"]);
      }
    }
  });

  test("a server whose rows define their own tools still refuses reserved names, at /seed_session and as a tool route", async () => {
    const env = serverEnv("structured_outputs");
    const s = client(structuredOutputs, env);
    const row = { responses_create_params: { input: "x", tools: [offered("answer"), offered("verify")] }, schema_str: "{}", schema_type: "json" };
    const seeded = await s.post("/seed_session", row);
    expect(seeded.status).toBe(400);
    expect(seeded.body.error.issues).toEqual([{ path: "responses_create_params.tools[1].name", message: expect.stringContaining("is a route") }]);
    const fine = await s.post("/seed_session", { ...row, responses_create_params: { input: "x", tools: [offered("answer")] } });
    expect(fine).toEqual({ status: 200, body: { callable_tools: ["answer"] } });
    for (const route of ["reset", "step", "close"]) {
      const res = await s.post(`/${route}`, {});
      expect(res.status, route).toBe(404);
      expect(res.body.error.type).toBe("unknown_tool");
    }
    // /mcp is the MCP route (test/shared/resources/mcp.test.ts), never the fallback tool.
    expect((await s.post("/mcp", {})).body).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    expect((await s.post("/__proto__", {})).body.status).toBe("recorded");
  });

  test("/seed_session names the row's tools the server runs; undeclared ones are left out", async () => {
    const s = client(counter, serverEnv("counter"));
    expect(await s.post("/seed_session", counterRow([offered("send_email")]))).toEqual({ status: 200, body: { callable_tools: ["increment_counter", "get_counter_value"] } });
    const res = await s.post("/__proto__", {});
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe("unknown_tool");
  });

  test("a server cannot declare a tool named like a route or that is not one path segment", () => {
    for (const name of ["verify", "close_session", "step", "a/b", "..", "x.y", ""]) {
      expect(() => defineResourcesServer({ declaration: resourcesServer({ task: z.object({}) }), tools: { [name]: tool({ input: z.object({}), run: () => ({}) }) }, verify: () => ({ reward: 0 }) }), name).toThrow(/tool/);
    }
  });
});
