// A new model server and a new agent are one folder each, and nothing else is edited: copies of
// this project's tree that differ only by the fixture folders (test/fixtures/implementations)
// discover them, check their configs against their own schemas, plan them with the Durable
// Objects and visibility they declare, and run them for real in workerd.
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { checkInstances, planWorkers } from "../../../scripts/plan/plan.ts";
import { ROOT, discoverImplementations, implementations } from "../../../scripts/plan/registry.ts";
import type { Implementation } from "../../../scripts/plan/registry.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const FIXTURES = join(ROOT, "test/fixtures/implementations/workers");

/** This project's tree as links, with `extra` folders (kind dir -> fixture folder names) added. */
function treeWith(extra: Record<string, string[]>): string {
  const root = mkdtempSync(join(tmpdir(), "edge-gym-new-impl-"));
  for (const entry of ["shared", "durable_objects", "gpu_gateway", "node_modules", "package.json", "workers/head", "workers/resources", "workers/sandboxes"]) {
    mkdirSync(join(root, entry, ".."), { recursive: true });
    symlinkSync(join(ROOT, entry), join(root, entry));
  }
  for (const kind of ["agents", "models"]) {
    mkdirSync(join(root, "workers", kind), { recursive: true });
    for (const name of readdirSync(join(ROOT, "workers", kind))) symlinkSync(join(ROOT, "workers", kind, name), join(root, "workers", kind, name));
    for (const name of extra[kind] ?? []) symlinkSync(join(FIXTURES, kind, name), join(root, "workers", kind, name));
  }
  return root;
}

const CONFIG = [
  "echo_policy:",
  "  responses_api_models:",
  "    echo_model:",
  "      greeting: hello",
  "echo_runner:",
  "  responses_api_agents:",
  "    echo_agent:",
  "      model_server: {type: responses_api_models, name: echo_policy}",
].join("\n");

let found: Implementation[];
let configPath: string;
let running: RunningStack;

beforeAll(async () => {
  found = await discoverImplementations(treeWith({ models: ["echo_model"], agents: ["echo_agent"] }));
  configPath = join(mkdtempSync(join(tmpdir(), "edge-gym-new-impl-config-")), "config.yaml");
  writeFileSync(configPath, CONFIG);
  running = await bringUp({ headPort: 0, configPaths: [configPath], implementations: found });
});
afterAll(async () => {
  await running?.stop();
});

describe("a new implementation is one folder", () => {
  test("the folders are discovered with what they declare; the project's own list is unchanged", () => {
    expect(implementations("responses_api_models", found)).toEqual(["echo_model", ...implementations("responses_api_models")].sort((a, b) => a.localeCompare(b)));
    expect(implementations("responses_api_agents", found)).toEqual(["echo_agent", ...implementations("responses_api_agents")].sort((a, b) => a.localeCompare(b)));
    expect(implementations("responses_api_models")).not.toContain("echo_model");
  });

  test("the plan binds the declared Durable Object, makes the agent public, and binds the agent's reference", () => {
    const specs = planWorkers(loadConfig([configPath], []).instances, 0, found);
    const model = specs.find((s) => s.name === "echo_policy")!;
    const agent = specs.find((s) => s.name === "echo_runner")!;
    expect(model).toMatchObject({ role: "responses_api_models", implementation: "echo_model", durableObjects: { CALLS: "CallCounterDO" }, public: false });
    expect(agent).toMatchObject({ role: "responses_api_agents", implementation: "echo_agent", durableObjects: {}, public: true, services: { ECHO_POLICY: "echo_policy" } });
  });

  test("its config is checked against its own schema, with the path", () => {
    const bad = loadConfig([configPath], ["echo_policy.responses_api_models.echo_model.greeting="]).instances;
    expect(() => checkInstances(bad, found)).toThrow("echo_policy.responses_api_models.echo_model.greeting: Too small");
  });

  test("it runs in workerd: the agent calls the model over its service binding; the model's SQLite object counts", async () => {
    const run = async () => {
      const res = await fetch(`${running.stack.urls.get("echo_runner")}/run`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ responses_create_params: { input: "ping" }, expected: "hello ping" }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { reward: number; response: { output: Array<{ content: Array<{ text: string }> }> } };
    };
    const first = await run();
    const second = await run();
    expect(first.reward).toBe(1);
    expect(first.response.output[0]!.content[0]!.text).toBe("hello ping (call 1)");
    expect(second.response.output[0]!.content[0]!.text).toBe("hello ping (call 2)");
  });
});
