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
    // Edge Gym's JSON form: the same config, the same redaction.
    const asJson = await get("/global_config_dict");
    expect(asJson.status).toBe(200);
    expect(asJson.body).toEqual(published);
  });

  test("lists server instances", async () => {
    const instances = [{ name: "a", server_type: "resources_servers", implementation: "x", url: "http://127.0.0.1:1234" }];
    await env.CONFIG.put(SERVER_INSTANCES_KEY, JSON.stringify(instances));
    const res = await get("/server_instances");
    expect(res.body).toEqual(instances);
  });
});

describe("the head's /ui", () => {
  const uiEnv = { ...headEnv, MONITOR: env.MONITOR };
  const fetchUi = (path: string) => head.fetch(new Request(`http://head${path}`), uiEnv);

  test("serves the dashboard, the viewer and uPlot as static pages", async () => {
    for (const [path, type] of [["/ui", "text/html"], ["/ui/viewer", "text/html"], ["/ui/assets/uplot.js", "text/javascript"], ["/ui/assets/uplot.css", "text/css"]]) {
      const res = await fetchUi(path!);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain(type);
    }
    expect(await (await fetchUi("/ui/assets/uplot.js")).text()).toContain("uPlot");
  });

  test("a bad list query is a 400 naming the field", async () => {
    const bad = async (query: string) => ((await (await fetchUi(`/ui/api/rollouts?${query}`)).json()) as any).error.issues.map((i: any) => i.path);
    expect(await bad("bogus=1")).toEqual(["bogus"]);
    expect(await bad("limit=0")).toEqual(["limit"]);
    expect(await bad("min_reward=high")).toEqual(["min_reward"]);
    expect(await bad("status=running")).toEqual(["status"]);
    expect(await bad("cursor=r12")).toEqual(["cursor"]);
    expect((await fetchUi("/ui/api/rollouts/unknown-id")).status).toBe(404);
  });

  test("without a MONITOR binding the API says what is missing", async () => {
    const res = await head.fetch(new Request("http://head/ui/api/snapshot"), headEnv);
    expect(res.status).toBe(500);
    expect(((await res.json()) as any).error.message).toContain("MONITOR");
  });
});
