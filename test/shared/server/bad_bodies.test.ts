// The probe's bad bodies against real servers of each kind (a resources server's /verify and /mcp,
// vllm_model's /v1/responses, simple_agent's /run): each is a 400 from the server it is sent to,
// before anything is called downstream, instead of a 500 there and a 502 from the agent.
import { describe, expect, test } from "vitest";
import { bindingName } from "../../../shared/client/targets.ts";
import agent from "../../../workers/agents/simple_agent/index.ts";
import model from "../../../workers/models/vllm_model/index.ts";
import resources from "../../../workers/resources/example_single_tool_call/index.ts";
import { serverEnv } from "../../workerd/helpers.ts";
import type { FetchApp } from "../../workerd/helpers.ts";

const RESOURCES = "example_single_tool_call";
const DEEP = "__deep__";

/** Counts the calls a server makes downstream; none may happen for a bad body. */
function downstream() {
  const seen: string[] = [];
  return { seen, fetcher: { fetch: async (r: Request) => (seen.push(new URL(r.url).pathname), Response.json({ error: "not expected" }, { status: 500 })) } };
}

function servers() {
  const calls = downstream();
  const resourcesEnv = serverEnv(RESOURCES);
  const modelEnv = serverEnv("policy_model", { INSTANCE_CONFIG: { model: "policy", base_url: "http://ignored/v1", api_key: "k" }, GATEWAY: calls.fetcher });
  const agentEnv = serverEnv("agent", {
    INSTANCE_CONFIG: { resources_server: { type: "resources_servers", name: RESOURCES }, model_server: { type: "responses_api_models", name: "policy_model" } },
    [bindingName(RESOURCES)]: { fetch: (r: Request) => (calls.seen.push(new URL(r.url).pathname), resources.fetch(r, resourcesEnv)) },
    [bindingName("policy_model")]: calls.fetcher,
  });
  const send = async (app: FetchApp, appEnv: object, path: string, body: string) => {
    const res = await app.fetch(new Request(`http://server${path}`, { method: "POST", headers: { "content-type": "application/json" }, body }), appEnv);
    return { status: res.status, body: (await res.json()) as { error: { type: string; message: string; issues?: { path: string }[] } } };
  };
  return {
    calls: calls.seen,
    verify: (body: string) => send(resources, resourcesEnv, "/verify", body),
    responses: (body: string) => send(model, modelEnv, "/v1/responses", body),
    run: (body: string) => send(agent, agentEnv, "/run", body),
  };
}

const params = {
  input: [{ role: "user", content: "is it raining in Tokyo?" }],
  tools: [{ type: "function", name: "get_weather", parameters: DEEP, strict: true }],
};
/** `value` as JSON with the string DEEP replaced by arrays nested `levels` deep. */
const withDeep = (value: unknown, levels = 10_000) => JSON.stringify(value).replace(`"${DEEP}"`, "[".repeat(levels) + "]".repeat(levels));

describe("bodies nested 10,000 levels deep", () => {
  test("are a 400 naming the limit on /verify, /v1/responses and /run, and nothing is called downstream", async () => {
    const s = servers();
    const verifyBody = withDeep({ responses_create_params: { input: "hi" }, response: { id: "r", output: [], metadata: DEEP } });
    for (const res of [await s.verify(verifyBody), await s.responses(withDeep(params)), await s.run(withDeep({ responses_create_params: params }))]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ type: "invalid_request", message: "request body nests deeper than 128 levels (MAX_JSON_DEPTH)" });
    }
    expect(s.calls).toEqual([]);
  });

  test("on a resources server's /mcp, are a JSON-RPC parse error naming the limit", async () => {
    const body = withDeep({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_weather", arguments: { city: DEEP } } });
    const headers = { accept: "application/json, text/event-stream", "content-type": "application/json" };
    const res = await resources.fetch(new Request("http://server/mcp", { method: "POST", headers, body }), serverEnv(RESOURCES));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: request body nests deeper than 128 levels (MAX_JSON_DEPTH)" } });
  });

  test("a tool schema nested within the limit is not refused for its depth", async () => {
    const res = await servers().responses(withDeep(params, 100));
    // Past the depth check, the schema's own validation (parameters must be an object) has its say.
    expect(res.status).toBe(400);
    expect(res.body.error.issues!.map((i) => i.path)).toEqual(["tools[0].parameters"]);
  });
});

describe("lone surrogates", () => {
  test("are a 400 at the field path on every kind of server, before anything is called downstream", async () => {
    const s = servers();
    const row = JSON.stringify({ responses_create_params: { ...params, tools: [], input: [{ role: "user", content: "hi \ud800" }] } });
    expect(row).toContain("\\ud800");
    for (const res of [await s.run(row), await s.verify(row.replace(/}$/, ',"response":{"id":"r","output":[]}}'))]) {
      expect(res.status).toBe(400);
      expect(res.body.error.issues!.map((i) => i.path)).toEqual(["responses_create_params.input[0].content"]);
    }
    const inKey = await s.responses(JSON.stringify({ input: "hi", metadata: { "k\udc00": "v" } }));
    expect(inKey.status).toBe(400);
    expect(inKey.body.error.issues!.map((i) => i.path)).toEqual(["metadata.k\ufffd"]);
    expect(s.calls).toEqual([]);
  });
});
