// `edge-gym deploy` / `destroy`: the generated wrangler configs, the exact wrangler command lines of
// a real deploy (captured by a fake runner: no account or network here), and real offline dry runs
// of the default config for production and a preview env.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { deploy } from "../../../scripts/deploy/deploy.ts";
import type { DeployOptions } from "../../../scripts/deploy/deploy.ts";
import { destroy } from "../../../scripts/deploy/destroy.ts";
import { dnsLabel, workerName, workerNames } from "../../../scripts/deploy/names.ts";
import { deployedInstances } from "../../../scripts/deploy/publish.ts";
import type { Outcome } from "../../../scripts/deploy/runner.ts";
import { wranglerConfig } from "../../../scripts/deploy/wrangler_config.ts";
import type { WranglerConfig } from "../../../scripts/deploy/wrangler_config.ts";
import type { WorkerSpec } from "../../../scripts/plan/plan.ts";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { planWorkers } from "../../../scripts/plan/plan.ts";
import { ROOT } from "../../../scripts/plan/registry.ts";
import { ServerInstances } from "../../../workers/head/instances.ts";

const SECRET = "sk-live-DEPLOYTESTSECRET";
// A real-looking endpoint and key: a real deploy refuses the emulator, and the key must end up in secrets only.
// The policy, and genrm_compare's GenRM: no model may be left on the local emulator.
const REAL_MODEL = [
  "++policy_base_url=https://vllm.example.com/v1",
  `++policy_api_key=${SECRET}`,
  "++policy_model_name=Qwen/Qwen3-8B",
  "++genrm_base_url=https://genrm.example.com/v1",
  "++genrm_model_name=nvidia/Qwen3-Nemotron-235B-A22B-GenRM",
];
// The code environments on the Cloudflare provider: a real deploy refuses the local sandbox too.
const CLOUDFLARE_SANDBOX = "++sandbox_url=sandbox://cloudflare";
const DEPLOYABLE = [...REAL_MODEL, CLOUDFLARE_SANDBOX];
const P = "edge-gym";
const TOKENS = "trainer:0123456789abcdef0123,ci:fedcba9876543210fedc";
// The deployable default config's plan: the head, each instance, a gateway per vllm_model instance,
// the sandbox provider.
const PLAN = planWorkers(loadConfig(undefined, DEPLOYABLE).instances);
const WORKERS = PLAN.length;
const PUBLIC = PLAN.filter((s) => s.public).length;

// A dry run's bundles take a few hundred MB: each test's go when it ends.
const outs: string[] = [];
const out = () => {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-deploy-"));
  outs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of outs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const configAt = (path: string) => JSON.parse(readFileSync(path, "utf8")) as WranglerConfig;
const readConfig = (dir: string, worker: string) => configAt(join(dir, worker, "wrangler.json"));
/** The wrangler config a `deploy` command line names. */
const configArg = (args: string[]) => args[args.indexOf("-c") + 1]!;

interface Call {
  args: string[];
  /** The secrets file's content while wrangler would read it. */
  secrets?: Record<string, string>;
}

/** A fake wrangler: records every command, answers like wrangler would, fails where told. */
function fakeWrangler(answer: (args: string[]) => Partial<Outcome> | undefined = () => undefined) {
  const calls: Call[] = [];
  const runner = async (args: string[]): Promise<Outcome> => {
    const file = args.indexOf("--secrets-file");
    calls.push({ args, ...(file >= 0 ? { secrets: JSON.parse(readFileSync(args[file + 1]!, "utf8")) } : {}) });
    const given = answer(args);
    if (given) return { code: 0, stdout: "", stderr: "", ...given };
    if (args.join(" ") === "kv namespace list") return { code: 0, stdout: JSON.stringify([{ id: "kv-prod-id", title: `${P}-config` }, { id: "kv-pr-id", title: `${P}-config-pr-123` }]), stderr: "" };
    if (args[0] === "secret") return { code: 0, stdout: "[]", stderr: "" };
    if (args[0] === "deploy") {
      const name = configAt(configArg(args)).name;
      return { code: 0, stdout: `Uploaded ${name}\nDeployed ${name} triggers\n  https://${name}.acme.workers.dev\nCurrent Version ID: x`, stderr: "" };
    }
    return { code: 0, stdout: "", stderr: "" };
  };
  return { calls, runner };
}

const realDeploy = (options: Partial<DeployOptions>) => deploy({ overrides: DEPLOYABLE, outDir: out(), ...options });

describe("worker names", () => {
  test("snake_case instances become DNS-label Worker names, per environment", () => {
    expect(dnsLabel("example_single_tool_call")).toBe("example-single-tool-call");
    expect(workerName({ project: P, env: undefined }, "policy_model_gpu_gateway")).toBe("edge-gym-policy-model-gpu-gateway");
    expect(workerName({ project: P, env: "pr-123" }, "mcqa_simple_agent")).toBe("edge-gym-mcqa-simple-agent-pr-123");
    const long = workerName({ project: P, env: "pr-123" }, "a_very_long_instance_name_that_goes_on_and_on_and_on_forever");
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^edge-gym-a-very-long-[a-z0-9-]*-[0-9a-f]{8}-pr-123$/);
    expect(() => workerNames({ project: P, env: undefined }, ["a_b", "a-b"])).toThrow(/"a_b" and "a-b" would both deploy as Worker edge-gym-a-b/);
  });

  test("a bad environment name is refused before anything runs", async () => {
    const { calls, runner } = fakeWrangler();
    await expect(realDeploy({ env: "PR_123", runner })).rejects.toThrow(/--env "PR_123": an environment name is lowercase/);
    expect(calls).toEqual([]);
  });
});

describe("generated configs", () => {
  test("every Durable Object class the Worker binds gets a SQLite migration of its own; another Worker's class is bound by its script, with none; a retired class keeps its creation, then is deleted", () => {
    const spec: WorkerSpec = {
      name: "my_agent", role: "responses_api_agents", instance: "my_agent", implementation: "simple_agent", entry: "x.ts",
      vars: { INSTANCE_NAME: "my_agent", INSTANCE_CONFIG: { judge: { api_key: SECRET, model: "m" }, keys: [{ token: "t0" }, "plain"] } },
      services: {}, durableObjects: { ROLLOUTS: "RolloutDO", OTHER: "OtherDO", ALIAS: "RolloutDO" }, retiredObjects: ["GoneDO"], foreignObjects: { ROUTER: { className: "FleetRouterDO", worker: "my_gateway" } },
      kv: [], containers: [], public: false, signsSessions: false,
    };
    const names = new Map([["my_agent", "edge-gym-my-agent"], ["my_gateway", "edge-gym-my-gateway"]]);
    const { config, configSecrets } = wranglerConfig(spec, { deployment: { project: P, env: undefined }, names, settings: undefined, kvNamespaceId: "k", main: "index.js" });
    expect(config.durable_objects!.bindings).toEqual([
      { name: "ROLLOUTS", class_name: "RolloutDO" }, { name: "OTHER", class_name: "OtherDO" }, { name: "ALIAS", class_name: "RolloutDO" },
      { name: "ROUTER", class_name: "FleetRouterDO", script_name: "edge-gym-my-gateway" },
    ]);
    // A Worker deployed with GoneDO has seen its creation's tag and applies only what follows it.
    expect(config.migrations).toEqual([
      { tag: "sqlite-GoneDO", new_sqlite_classes: ["GoneDO"] },
      { tag: "sqlite-RolloutDO", new_sqlite_classes: ["RolloutDO"] },
      { tag: "sqlite-OtherDO", new_sqlite_classes: ["OtherDO"] },
      { tag: "deleted-GoneDO", deleted_classes: ["GoneDO"] },
    ]);
    expect(config.durable_objects!.bindings.map((b) => b.class_name)).not.toContain("GoneDO");
    // Secrets leave the JSON var and travel as one secret of the same shape.
    expect(config.vars.INSTANCE_CONFIG).toEqual({ judge: { model: "m" }, keys: [{}, "plain"] });
    expect(JSON.parse(configSecrets.INSTANCE_CONFIG_SECRETS!)).toEqual({ judge: { api_key: SECRET }, keys: [{ token: "t0" }, null] });
  });

  test("deploy settings: production routes, a preview env on workers.dev only, rate limits, typos refused", async () => {
    const routes = "++deploy={head: {routes: [{pattern: gym.example.com/*, zone_name: example.com}], rate_limit_per_minute: 1200}}";
    const { runner } = fakeWrangler();
    const prod = await realDeploy({ overrides: [...DEPLOYABLE, routes], runner });
    const head = readConfig(prod.dir, `${P}-head`);
    expect(head.routes).toEqual([{ pattern: "gym.example.com/*", zone_name: "example.com" }]);
    expect(head.workers_dev).toBe(false);
    expect(head.ratelimits![0]!.simple).toEqual({ limit: 1200, period: 60 });
    const preview = await realDeploy({ overrides: [...DEPLOYABLE, routes], env: "pr-123", runner });
    const previewHead = readConfig(preview.dir, `${P}-head-pr-123`);
    expect(previewHead.routes).toBeUndefined();
    expect(previewHead.workers_dev).toBe(true);
    // A separate rate-limit namespace per deployment, the same on every deploy.
    expect(previewHead.ratelimits![0]!.namespace_id).not.toBe(head.ratelimits![0]!.namespace_id);
    expect(readConfig((await realDeploy({ overrides: [...DEPLOYABLE, routes], runner })).dir, `${P}-head`).ratelimits).toEqual(head.ratelimits);

    await expect(realDeploy({ overrides: [...DEPLOYABLE, "++deploy={mcqa: {rate_limit_per_minute: 5}}"], runner })).rejects.toThrow(/deploy\.mcqa: an internal Worker takes no deploy settings/);
    await expect(realDeploy({ overrides: [...DEPLOYABLE, "++deploy={mcqa_agent: {}}"], runner })).rejects.toThrow(/deploy\.mcqa_agent: no public Worker "mcqa_agent"/);
    await expect(realDeploy({ overrides: [...DEPLOYABLE, "++deploy={head: {workers_dev: false}}"], runner })).rejects.toThrow(/deploy\.head\.workers_dev: workers_dev: false needs routes/);
  });
});

describe("a real deploy, as wrangler command lines", () => {
  test("KV namespace, every Worker in dependency order with its secrets, then the head's KV", async () => {
    const { calls, runner } = fakeWrangler();
    const result = await realDeploy({ env: "pr-123", runner, authTokens: TOKENS });
    const e = "-pr-123";
    expect(calls[0]!.args).toEqual(["kv", "namespace", "list"]);
    const deploys = calls.filter((c) => c.args[0] === "deploy");
    expect(deploys).toHaveLength(WORKERS);
    const order = deploys.map((c) => configAt(configArg(c.args)).name);
    // By the names deploy gives them (a long instance name is shortened with a hash).
    const deployed = { project: P, env: "pr-123" };
    const before = (a: string, b: string) => {
      const [first, then] = [order.indexOf(workerName(deployed, a)), order.indexOf(workerName(deployed, b))];
      expect(first, `${a} deployed`).toBeGreaterThanOrEqual(0);
      expect(first, `${a} before ${b}`).toBeLessThan(then);
    };
    before("policy-model-gpu-gateway", "policy-model");
    // Every agent after the resources server and the model it calls.
    for (const agent of PLAN.filter((w) => w.role === "responses_api_agents")) {
      for (const callee of Object.values(agent.services)) before(callee, agent.name);
    }
    // The code environments' sandbox is live before any of them.
    for (const code of ["code-gen", "evalplus", "math-with-code"]) before("cloudflare-sandbox", code);
    // Each Worker: its secrets listed first (a SESSION_SECRET is never replaced), then one upload with its secrets.
    const mcqa = calls.findIndex((c) => c.args[0] === "deploy" && configArg(c.args).includes(`/${P}-mcqa${e}/`));
    expect(calls[mcqa - 1]!.args).toEqual(["secret", "list", "--name", `${P}-mcqa${e}`, "--format", "json"]);
    expect(calls[mcqa]!.args).toEqual(["deploy", "-c", join(result.dir, `${P}-mcqa${e}`, "wrangler.json"), "--secrets-file", expect.stringMatching(/secrets\.json$/)]);
    expect(Object.keys(calls[mcqa]!.secrets!)).toEqual(["SESSION_SECRET"]);
    expect(calls[mcqa]!.secrets!.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const secretsOf = (worker: string) => deploys.find((c) => configArg(c.args).includes(`/${P}-${worker}${e}/`))!.secrets;
    expect(secretsOf("head")).toEqual({ AUTH_TOKENS: TOKENS });
    expect(secretsOf("mcqa-simple-agent")).toEqual({ AUTH_TOKENS: TOKENS });
    // The sandbox provider signs nothing and holds no secret.
    expect(secretsOf("cloudflare-sandbox")).toBeUndefined();
    expect(JSON.parse(secretsOf("policy-model-gpu-gateway")!.INSTANCE_CONFIG_SECRETS!)).toEqual({ api_key: SECRET });
    expect(JSON.parse(secretsOf("policy-model")!.INSTANCE_CONFIG_SECRETS!)).toEqual({ api_key: SECRET });
    // The secrets file is gone once wrangler has read it, and no command line carries a secret.
    expect(existsSync(calls[mcqa]!.args[4]!)).toBe(false);
    expect(calls.flatMap((c) => c.args).join(" ")).not.toContain(SECRET);

    const puts = calls.filter((c) => c.args[0] === "kv");
    expect(puts.slice(-2).map((c) => c.args)).toEqual([
      ["kv", "key", "put", "global_config", "--path", join(result.dir, "kv", "global_config.json"), "--namespace-id", "kv-pr-id", "--remote"],
      ["kv", "key", "put", "server_instances", "--path", join(result.dir, "kv", "server_instances.json"), "--namespace-id", "kv-pr-id", "--remote"],
    ]);
    expect(readFileSync(join(result.dir, "kv", "global_config.json"), "utf8")).not.toContain(SECRET);
    const listed = ServerInstances.parse(JSON.parse(readFileSync(join(result.dir, "kv", "server_instances.json"), "utf8")));
    // Internal instances by binding and Worker, never a URL; agents by their public URL.
    expect(listed.find((i) => i.name === "mcqa")).toEqual({ name: "mcqa", server_type: "resources_servers", implementation: "mcqa", domain: "knowledge", worker: `${P}-mcqa${e}`, binding: "MCQA" });
    expect(listed.find((i) => i.name === "mcqa_simple_agent")!.url).toBe(`https://${P}-mcqa-simple-agent${e}.acme.workers.dev`);
    expect(result.urls.get("head")).toBe(`https://${P}-head${e}.acme.workers.dev`);
    expect(result.pending).toEqual([]);
    // The published config says what a NeMo Gym client can reach: agents and the head by public URL, internal Workers not at all.
    const published = JSON.parse(readFileSync(join(result.dir, "kv", "global_config.json"), "utf8"));
    const agentUrl = `https://${P}-mcqa-simple-agent${e}.acme.workers.dev`;
    expect(published.mcqa_simple_agent.responses_api_agents.simple_agent).toMatchObject({ host: new URL(agentUrl).hostname, port: 443, url: agentUrl });
    expect(published.mcqa.resources_servers.mcqa).toMatchObject({ reachable: false });
    expect(published.mcqa.resources_servers.mcqa.host).toBeUndefined();
    expect(published.head_server).toEqual({ host: `${P}-head${e}.acme.workers.dev`, port: 443, url: `https://${P}-head${e}.acme.workers.dev` });
  });

  test("a first deploy creates the KV namespace; AUTH_TOKENS left to set is printed as commands", async () => {
    let listed = 0;
    const { calls, runner } = fakeWrangler((args) => {
      if (args.join(" ") === "kv namespace list") return { stdout: JSON.stringify(listed++ ? [{ id: "new-id", title: `${P}-config-pr-9` }] : []) };
      if (args[0] === "secret") return { code: 1, stderr: `✘ [ERROR] Worker "${args[3]}" not found.` };
      return undefined;
    });
    const lines: string[] = [];
    const result = await realDeploy({ env: "pr-9", runner, log: (l) => lines.push(l) });
    expect(calls.slice(0, 3).map((c) => c.args)).toEqual([["kv", "namespace", "list"], ["kv", "namespace", "create", `${P}-config-pr-9`], ["kv", "namespace", "list"]]);
    expect(readConfig(result.dir, `${P}-head-pr-9`).kv_namespaces).toEqual([{ binding: "CONFIG", id: "new-id" }]);
    expect(result.pending).toContain(`npx wrangler secret put AUTH_TOKENS --name ${P}-head-pr-9`);
    expect(result.pending).toHaveLength(PUBLIC);
    expect(lines.some((l) => l.startsWith(`[1/${WORKERS}] deployed `))).toBe(true);
  });

  test("a failed step stops the deploy with one line naming the Worker and what is already deployed", async () => {
    const { calls, runner } = fakeWrangler((args) =>
      args[0] === "deploy" && configArg(args).includes(`/${P}-policy-model/`) ? { code: 1, stderr: "\x1b[31m✘ [ERROR]\x1b[0m A request to the Cloudflare API failed. [code: 10021]\n\nlogs at x" } : undefined,
    );
    const failure = realDeploy({ runner, kvNamespaceId: "given-id" });
    await expect(failure).rejects.toThrow(new RegExp(`^deploy of Worker ${P}-policy-model failed: A request to the Cloudflare API failed\\. \\[code: 10021\\]; already deployed: .*${P}-policy-model-gpu-gateway`));
    await expect(failure).rejects.not.toThrow(/\n/);
    expect(calls.some((c) => c.args[0] === "kv")).toBe(false);
  });

  test("bad AUTH_TOKENS are refused before the account is touched, without echoing a token", async () => {
    const { calls, runner } = fakeWrangler();
    await expect(realDeploy({ runner, authTokens: "trainer:0123456789abcdef0123,short-token-x" })).rejects.toThrow(/^AUTH_TOKENS entry 2: a token must be at least 16 characters$/);
    expect(calls).toEqual([]);
  });

  test("the local emulator is refused before any Worker deploys", async () => {
    const { calls, runner } = fakeWrangler();
    await expect(deploy({ runner, kvNamespaceId: "id", outDir: out(), overrides: [CLOUDFLARE_SANDBOX] })).rejects.toThrow(/policy_model points at the local vLLM emulator \(emulator:\/\/local\)/);
    expect(calls.filter((c) => c.args[0] === "deploy")).toEqual([]);
  });

  test("the local sandbox is refused before any Worker deploys, in one line naming the fix", async () => {
    const { calls, runner } = fakeWrangler();
    const refused = deploy({ runner, kvNamespaceId: "id", outDir: out(), overrides: REAL_MODEL });
    await expect(refused).rejects.toThrow(/^(bird_sql_resources_server|code_gen|evalplus|math_with_code|spider2_lite_resources_server) runs code in a local sandbox \(sandbox:\/\/local\); set sandbox_url: sandbox:\/\/cloudflare \(env\.yaml\) before deploying$/);
    expect(calls).toEqual([]);
  });

  test("the head lists deployed instances without URLs only when they are internal", () => {
    const bad = [{ name: "a", server_type: "responses_api_agents", implementation: "simple_agent", worker: "edge-gym-a" }];
    expect(ServerInstances.safeParse(bad).success).toBe(false);
    expect(() => deployedInstances([{ name: "a", serverType: "responses_api_agents", implementation: "simple_agent", config: {} }],
      [{ name: "a", public: true } as WorkerSpec], new Map([["a", "edge-gym-a"]]), new Map())).toThrow(/an instance has a url/);
  });
});

describe("destroy", () => {
  test("refuses production unless asked in so many words", async () => {
    const { calls, runner } = fakeWrangler();
    await expect(destroy({ runner, overrides: DEPLOYABLE })).rejects.toThrow(/refusing to destroy production/);
    await expect(destroy({ runner, env: "production" })).rejects.toThrow(/refusing to destroy production/);
    expect(calls).toEqual([]);
    await destroy({ runner, overrides: DEPLOYABLE, yesProduction: true });
    expect(calls.at(-1)!.args).toEqual(["kv", "namespace", "delete", `${P}-config`, "--skip-confirmation"]);
  });

  test("a preview env: referrers first, Workers already gone are fine, then its KV namespace", async () => {
    const { calls, runner } = fakeWrangler((args) => (args[2] === `${P}-mcqa-pr-123` ? { code: 1, stderr: "✘ [ERROR] This Worker does not exist on your account. [code: 10007]" } : undefined));
    const removed = await destroy({ runner, overrides: DEPLOYABLE, env: "pr-123" });
    const deleted = calls.filter((c) => c.args[0] === "delete").map((c) => c.args[2]!);
    expect(deleted).toHaveLength(WORKERS);
    expect(deleted.every((w) => w.endsWith("-pr-123"))).toBe(true);
    expect(deleted.indexOf(`${P}-mcqa-simple-agent-pr-123`)).toBeLessThan(deleted.indexOf(`${P}-mcqa-pr-123`));
    expect(deleted.indexOf(`${P}-policy-model-pr-123`)).toBeLessThan(deleted.indexOf(`${P}-policy-model-gpu-gateway-pr-123`));
    expect(deleted.indexOf(`${P}-code-gen-pr-123`)).toBeLessThan(deleted.indexOf(`${P}-cloudflare-sandbox-pr-123`));
    expect(calls.at(-1)!.args).toEqual(["kv", "namespace", "delete", `${P}-config-pr-123`, "--skip-confirmation"]);
    expect(removed).toContain(`${P}-mcqa-pr-123`);
  });
});

describe("wrangler deploy --dry-run, offline", () => {
  test("a failed build stops the dry run with one line naming the Worker", async () => {
    const { runner } = fakeWrangler((args) => (args[0] === "deploy" && configArg(args).includes("/edge-gym-head/") ? { code: 1, stderr: "\x1b[31m✘ [ERROR]\x1b[0m Your Worker depends on the following Durable Objects, which are not exported in your entrypoint file: X.\n\n  more" } : undefined));
    await expect(deploy({ dryRun: true, runner, outDir: out(), concurrency: 1 })).rejects.toThrow(/^dry run of Worker edge-gym-head failed: Your Worker depends on the following Durable Objects, which are not exported in your entrypoint file: X\.$/);
  });

  // wrangler builds a container image with Docker even in a dry run; offline there is none.
  test("the sandbox provider's dry run checks its containers' config and builds no image; no other Worker's dry run mentions containers", async () => {
    const { calls, runner } = fakeWrangler();
    await deploy({ dryRun: true, runner, outDir: out(), overrides: [CLOUDFLARE_SANDBOX] });
    const dryRuns = calls.filter((c) => c.args[0] === "deploy");
    const provider = dryRuns.filter((c) => configArg(c.args).includes(`/${P}-cloudflare-sandbox/`));
    expect(provider).toHaveLength(1);
    expect(provider[0]!.args.at(-1)).toBe("--containers-rollout=none");
    for (const c of dryRuns.filter((d) => d !== provider[0])) expect(c.args.join(" ")).not.toContain("containers");
  });

  // Production builds every distinct bundle with wrangler (a process each, 4 at a time); the preview
  // env's builds are the same bytes, so it re-validates every config and reuses those builds.
  test("the default config builds and checks for production and for --env pr-123", { timeout: 600_000 }, async () => {
    const root = out();
    const logs: string[][] = [[], []];
    const runs = [];
    for (const [i, env] of [undefined, "pr-123"].entries()) {
      runs.push(await deploy({ env, dryRun: true, overrides: [`++policy_api_key=${SECRET}`, CLOUDFLARE_SANDBOX], outDir: root, log: (l) => logs[i]!.push(l) }));
    }
    const entries = new Set(runs[0]!.workers.map((w) => w.spec.entry));
    expect(logs[0]!.filter((l) => / built edge-gym-/.test(l))).toHaveLength(entries.size);
    for (const entry of entries) {
      expect(runs[0]!.workers.some((w) => w.spec.entry === entry && existsSync(join(w.dir, "dist", "index.js")))).toBe(true);
    }
    expect(logs[1]!.filter((l) => /unchanged since wrangler built and checked it: edge-gym-.*-pr-123/.test(l))).toHaveLength(entries.size);

    for (const [i, env] of ["", "-pr-123"].entries()) {
      const { dir, workers } = runs[i]!;
      expect(workers).toHaveLength(WORKERS);
      const names = new Set(workers.map((w) => w.config.name));
      for (const w of workers) {
        const config = readConfig(dir, w.config.name);
        expect(config.name.endsWith(env)).toBe(true);
        expect(config).toMatchObject({ compatibility_date: "2026-08-01", compatibility_flags: ["nodejs_compat", "enable_request_signal"], send_metrics: false, preview_urls: false });
        expect(config.vars.DEPLOYMENT_ID).toBe(`${P}${env}`);
        // every binding points at a Worker of the same environment
        for (const s of config.services ?? []) expect(names.has(s.service)).toBe(true);
        // A class of the Worker's own has its migration; another Worker's is bound by that Worker's name.
        for (const { class_name, script_name } of config.durable_objects?.bindings ?? []) {
          if (script_name === undefined) expect(config.migrations!.some((m) => "new_sqlite_classes" in m && m.new_sqlite_classes.includes(class_name))).toBe(true);
          else expect(names.has(script_name)).toBe(true);
        }
        expect(JSON.stringify(config)).not.toContain(SECRET);
        if (w.spec.public) {
          expect(config.workers_dev).toBe(true);
          expect(config.vars.AUTH_MODE).toBe("bearer");
          expect(config.ratelimits).toEqual([{ name: "RATE_LIMITER", namespace_id: expect.stringMatching(/^\d+$/), simple: { limit: 600, period: 60 } }]);
        } else {
          expect(config.workers_dev).toBe(false);
          expect(config.routes).toBeUndefined();
          expect(config.ratelimits).toBeUndefined();
          expect(config.vars.AUTH_MODE).toBeUndefined();
        }
      }
      const agent = readConfig(dir, `${P}-mcqa-simple-agent${env}`);
      // Every binding is to the target's Rpc entrypoint (shared/server/entrypoint.ts).
      expect(agent.services).toEqual([{ binding: "MCQA", service: `${P}-mcqa${env}`, entrypoint: "Rpc" }, { binding: "POLICY_MODEL", service: `${P}-policy-model${env}`, entrypoint: "Rpc" }]);
      const model = readConfig(dir, `${P}-policy-model${env}`);
      expect(model.services).toEqual([{ binding: "GATEWAY", service: `${P}-policy-model-gpu-gateway${env}`, entrypoint: "Rpc" }]);
      // The model server relays to the fleet itself, with its gateway's router object.
      expect(model.durable_objects).toEqual({ bindings: [{ name: "ROUTER", class_name: "FleetRouterDO", script_name: `${P}-policy-model-gpu-gateway${env}` }] });
      expect(model.migrations).toBeUndefined();
      // Only a resources server that keeps session state binds (and migrates) a SessionDO.
      expect(readConfig(dir, `${P}-example-session-state-mgmt-resources-server${env}`).migrations).toEqual([{ tag: "sqlite-SessionDO", new_sqlite_classes: ["SessionDO"] }]);
      expect(readConfig(dir, `${P}-mcqa${env}`).migrations).toBeUndefined();
      // The text-to-SQL servers' databases were once Durable Objects: a Worker deployed with them deletes them.
      expect(readConfig(dir, `${P}-bird-sql-resources-server${env}`).migrations).toEqual([{ tag: "sqlite-SqlDatabaseDO", new_sqlite_classes: ["SqlDatabaseDO"] }, { tag: "deleted-SqlDatabaseDO", deleted_classes: ["SqlDatabaseDO"] }]);
      expect(readConfig(dir, `${P}-bird-sql-resources-server${env}`).durable_objects).toBeUndefined();
      expect(readConfig(dir, `${P}-mcqa${env}`).durable_objects).toBeUndefined();
      expect(readConfig(dir, `${P}-head${env}`).kv_namespaces).toEqual([{ binding: "CONFIG", id: "dry-run-placeholder-kv-namespace-id" }]);
      // The sandbox provider: its container (built from its folder's Dockerfile with the project as
      // the context), the Durable Object that runs it and its migration; every code environment bound to it.
      const sandbox = readConfig(dir, `${P}-cloudflare-sandbox${env}`);
      expect(sandbox.containers).toEqual([
        { class_name: "SandboxContainer", image: join(ROOT, "workers/sandboxes/cloudflare_sandbox/Dockerfile"), image_build_context: ROOT, max_instances: expect.any(Number), instance_type: "standard-2" },
      ]);
      expect(sandbox.durable_objects).toEqual({ bindings: [{ name: "CONTAINERS", class_name: "SandboxContainer" }] });
      expect(sandbox.migrations).toEqual([{ tag: "sqlite-SandboxContainer", new_sqlite_classes: ["SandboxContainer"] }]);
      for (const code of ["code-gen", "evalplus", "math-with-code"]) {
        expect(readConfig(dir, `${P}-${code}${env}`).services).toContainEqual({ binding: "SANDBOX", service: `${P}-cloudflare-sandbox${env}`, entrypoint: "Rpc" });
      }
      expect(workers.filter((w) => w.config.containers)).toHaveLength(1);
    }
    expect(logs[0]!.some((l) => / built edge-gym-cloudflare-sandbox /.test(l))).toBe(true);
  });
});
