// GET /v1/models on every model server, read by the official openai SDK's models.list(): the
// listing OpenAI's API gives ({object: "list", data: [{id, object: "model", created, owned_by}]}),
// naming the model the server sends upstream.
import OpenAI from "openai";
import { describe, expect, test } from "vitest";
import azure from "../../../workers/models/azure_openai_model/index.ts";
import genrm from "../../../workers/models/genrm_model/index.ts";
import openai from "../../../workers/models/openai_model/index.ts";
import vllm from "../../../workers/models/vllm_model/index.ts";
import type { FetchApp } from "../../workerd/helpers.ts";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** An SDK client whose requests go straight to the app, as its Worker would get them. */
const sdkFor = (app: FetchApp, env: object) =>
  new OpenAI({ baseURL: "http://model/v1", apiKey: "unused", maxRetries: 0, fetch: async (input, init) => app.fetch(new Request(input as RequestInfo, init as RequestInit), env, ctx) });

const servers: [name: string, app: FetchApp, config: Record<string, unknown>, id: string][] = [
  ["vllm_model", vllm, { model: "Qwen/Qwen3-8B", base_url: "http://fleet/v1" }, "Qwen/Qwen3-8B"],
  ["genrm_model", genrm, { model: "nvidia/GenRM", base_url: "http://fleet/v1" }, "nvidia/GenRM"],
  ["openai_model", openai, { openai_base_url: "https://api.example.com/v1", openai_api_key: "sk", openai_model: "gpt-4.1" }, "gpt-4.1"],
  ["azure_openai_model", azure, { openai_base_url: "https://az.example.com", openai_api_key: "k", openai_model: "my-deployment", default_query: { "api-version": "2024-10-21" } }, "my-deployment"],
];

describe("GET /v1/models", () => {
  test.each(servers)("%s: the SDK's models.list() gets the served model, in OpenAI's shape", async (name, app, config, id) => {
    const env = { INSTANCE_NAME: name, SESSION_SECRET: "s", INSTANCE_CONFIG: config };
    const page = await sdkFor(app, env).models.list();
    expect(page.data).toHaveLength(1);
    const [model] = page.data;
    expect(model).toMatchObject({ id, object: "model", owned_by: expect.any(String) });
    expect(Number.isInteger(model!.created) && model!.created > 1_600_000_000).toBe(true);
    const raw = await (await app.fetch(new Request("http://model/v1/models"), env, ctx)).json();
    expect(raw).toEqual({ object: "list", data: [model] });
  });
});
