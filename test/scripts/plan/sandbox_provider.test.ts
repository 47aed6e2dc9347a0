// Which sandbox the plan gives code environments: `sandbox_url` comes from one default
// (workers/sandboxes/config.yaml: the local provider) that env.yaml or an override replaces; with
// `sandbox://cloudflare`, the plan adds the Cloudflare provider's Worker once and binds it as
// SANDBOX to every instance that names it.
import { existsSync } from "node:fs";
import { expect, test } from "vitest";
import type { Instance } from "../../../shared/config/instances.ts";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { planWorkers } from "../../../scripts/plan/plan.ts";
import { ROOT, implementations } from "../../../scripts/plan/registry.ts";

const plan = (...overrides: string[]) => planWorkers(loadConfig(undefined, overrides).instances);
const sandboxUrl = (config: unknown) => (config as { sandbox_url?: string } | undefined)?.sandbox_url;
// The bundled environments that run code: those whose config has a sandbox_url.
const CODE_ENVIRONMENTS = plan().filter((s) => sandboxUrl(s.vars.INSTANCE_CONFIG) !== undefined).map((s) => s.name).sort();

test("the cloudflare provider is an implementation of its own kind, discovered from its folder", () => {
  expect(implementations("sandbox")).toEqual(["cloudflare_sandbox"]);
});

test("by default every code environment runs in the local sandbox, and the plan has no provider Worker", () => {
  expect(CODE_ENVIRONMENTS).toEqual(expect.arrayContaining(["code_gen", "evalplus"]));
  const specs = plan();
  for (const name of CODE_ENVIRONMENTS) expect(sandboxUrl(specs.find((s) => s.name === name)!.vars.INSTANCE_CONFIG), name).toBe("sandbox://local");
  expect(specs.some((s) => s.role === "sandbox" || "SANDBOX" in s.services)).toBe(false);
});

test("sandbox_url: sandbox://cloudflare adds one provider Worker, bound as SANDBOX to each code environment and nothing else", () => {
  const specs = plan("++sandbox_url=sandbox://cloudflare");
  const providers = specs.filter((s) => s.role === "sandbox");
  expect(providers).toHaveLength(1);
  expect(providers[0]).toMatchObject({
    name: "cloudflare_sandbox",
    implementation: "cloudflare_sandbox",
    public: false,
    signsSessions: false,
    services: {},
    durableObjects: { CONTAINERS: "SandboxContainer" },
    containers: [{ className: "SandboxContainer", image: `${ROOT}workers/sandboxes/cloudflare_sandbox/Dockerfile`, maxInstances: expect.any(Number), instanceType: "standard-2" }],
  });
  expect(existsSync(providers[0]!.containers[0]!.image)).toBe(true);
  const bound = specs.filter((s) => s.services.SANDBOX !== undefined);
  expect(bound.map((s) => s.name).sort()).toEqual(CODE_ENVIRONMENTS);
  for (const s of bound) expect(s.services.SANDBOX).toBe("cloudflare_sandbox");
});

test("one environment on the provider: still one provider Worker, bound to that environment only", () => {
  const specs = plan("++code_gen.resources_servers.code_gen.sandbox_url=sandbox://cloudflare");
  expect(specs.filter((s) => s.role === "sandbox")).toHaveLength(1);
  expect(specs.filter((s) => s.services.SANDBOX !== undefined).map((s) => s.name)).toEqual(["code_gen"]);
});

test("an instance may not take the provider's Worker name or its binding", () => {
  const instance = (name: string, sandbox_url = "sandbox://cloudflare"): Instance => ({ name, serverType: "resources_servers", implementation: "code_gen", config: { sandbox_url } });
  expect(() => planWorkers([instance("cloudflare_sandbox")])).toThrow(/instance name "cloudflare_sandbox" is reserved for the Worker that serves sandbox:\/\/cloudflare/);
  expect(() => planWorkers([instance("sandbox", "sandbox://local")])).toThrow(/instance name "sandbox" clashes with the reserved binding SANDBOX/);
});
