import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import head from "../../../workers/head/index.ts";
import { GLOBAL_CONFIG_KEY, SERVER_INSTANCES_KEY } from "../../../workers/head/keys.ts";

const headEnv = { CONFIG: env.CONFIG, INSTANCE_NAME: "head" };
const get = async (path: string) => {
  const response = await head.fetch(new Request(`http://head${path}`), headEnv);
  return { status: response.status, body: (await response.json()) as any };
};

describe("head server", () => {
  test("answers 503 until a config is published", async () => {
    const res = await get("/global_config_dict_yaml");
    expect(res.status).toBe(503);
    expect(res.body.error.type).toBe("not_published");
    expect((await get("/")).body).toEqual({ status: "ok" });
  });

  test("publishes the config as a YAML string and never shows a secret", async () => {
    const config = {
      policy_base_url: "http://vllm:8000/v1",
      policy_api_key: "sk-live-SECRET1",
      policy_model: { responses_api_models: { vllm_model: { api_key: "sk-live-SECRET1", model: "m", extra_headers: { Authorization_Token: "SECRET2" } } } },
      judge: { password: "SECRET3", nested: [{ client_secret: "SECRET4" }] },
    };
    await env.CONFIG.put(GLOBAL_CONFIG_KEY, JSON.stringify(config));
    const res = await get("/global_config_dict_yaml");
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe("string");
    expect(res.body).not.toMatch(/SECRET/);
    const published = parse(res.body);
    expect(published.policy_base_url).toBe("http://vllm:8000/v1");
    expect(published.policy_model.responses_api_models.vllm_model.model).toBe("m");
    expect(published.policy_api_key).not.toBe(config.policy_api_key);
  });

  test("lists server instances", async () => {
    const instances = [{ name: "a", server_type: "resources_servers", implementation: "x", url: "http://127.0.0.1:1234" }];
    await env.CONFIG.put(SERVER_INSTANCES_KEY, JSON.stringify(instances));
    const res = await get("/server_instances");
    expect(res.body).toEqual(instances);
  });
});
