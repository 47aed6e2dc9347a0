// NeMo Gym's `gym` command tree as edge-gym runs it: `env ...`, `list ...`, `stop`, and the `ng_*`
// names, each checked against what NeMo's commands print (their JSON payloads' field names).
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, test } from "vitest";
import { parse } from "yaml";

const CLI = resolve("scripts/edge-gym.ts");
const stacks = mkdtempSync(join(tmpdir(), "edge-gym-stacks-test-"));
const env = { ...process.env, EDGE_GYM_STACKS_DIR: stacks };

function cli(args: string[], cwd = process.cwd()) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 110_000, cwd, env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const json = (args: string[], cwd?: string) => {
  const r = cli(args, cwd);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as unknown;
};

// The payloads' fields, as NeMo Gym's list commands write them (nemo_gym/cli/{env,resources_servers,agents,models,utils}.py).
const NEMO_FIELDS = {
  environments: ["name", "kind", "status", "domain", "description", "version", "integration_profile", "modality", "licensing", "lifecycle"],
  "resources-servers": ["name", "domain", "description"],
  agents: ["name", "pattern", "self_contained", "variants", "description"],
  models: ["name", "model", "model_group"],
  inspection: ["name", "type", "domain", "description", "details", "usage_example"],
  // ServerInstanceDisplayConfig, what `gym env status --json` prints per server.
  status: ["config_path", "dir_path", "entrypoint", "host", "name", "pid", "port", "process_name", "server_type", "start_time", "status", "uptime_seconds", "url"],
};

/** A folder with NeMo Gym manifests in its environments/ (shapes copied from NeMo's, written here). */
function nemoProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "edge-gym-nemo-envs-"));
  const write = (name: string, manifest: unknown) => {
    mkdirSync(join(dir, "environments", name), { recursive: true });
    writeFileSync(join(dir, "environments", name, "config.yaml"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  };
  write("blackjack", `blackjack:
  resources_servers:
    blackjack:
      entrypoint: app.py
      domain: games
      verified: false
      description: NeMo's blackjack manifest, copied as is.
      value: Example gymnasium-style multi-step environment
blackjack_gymnasium_agent:
  responses_api_agents:
    gymnasium_agent:
      entrypoint: app.py
      resources_server: {type: resources_servers, name: blackjack}
      model_server: {type: responses_api_models, name: policy_model}
      max_steps: 5
      datasets:
      - {name: example, type: example, jsonl_fpath: environments/blackjack/data/example.jsonl}
      - {name: train, type: train, jsonl_fpath: environments/blackjack/data/train.jsonl, license: Apache 2.0}
`);
  // NeMo names arc_agi's resources server instance apart from its implementation.
  write("arc_agi", `arc_agi_resources_server:
  resources_servers:
    arc_agi:
      entrypoint: app.py
      domain: knowledge
      verified: false
      description: Abstract reasoning tasks.
arc_agi_simple_agent:
  responses_api_agents:
    simple_agent:
      entrypoint: app.py
      resources_server: {type: resources_servers, name: arc_agi_resources_server}
      model_server: {type: responses_api_models, name: policy_model}
      datasets:
      - name: training_1
        type: validation
        jsonl_fpath: environments/arc_agi/data/arc_agi_1_training.jsonl
        gitlab_identifier: {dataset_name: arc_agi, version: 0.0.1, artifact_fpath: arc_agi_1_training.jsonl}
        license: Apache 2.0
`);
  return dir;
}

describe("edge-gym list", () => {
  test.each(["environments", "resources-servers", "agents", "models"] as const)("list %s --json has NeMo's fields, one row per component", (type) => {
    const rows = json(["list", type, "--json"]) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...NEMO_FIELDS[type]].sort());
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  test("environments: every bundled one, filterable by domain; benchmarks: none bundled", () => {
    const all = json(["list", "environments", "--json"]) as { name: string; domain: string; kind: string }[];
    expect(all.map((r) => r.name)).toEqual(expect.arrayContaining(["blackjack", "grl_sokoban", "example_multi_turn_gymnasium"]));
    expect(all.every((r) => r.kind === "environment")).toBe(true);
    const games = json(["list", "environments", "--domain", "games", "--json"]) as { domain: string }[];
    expect(games.length).toBeGreaterThan(0);
    expect(games.length).toBeLessThan(all.length);
    expect(games.every((r) => r.domain === "games")).toBe(true);
    expect(json(["list", "benchmarks", "--json"])).toEqual([]);
    expect(cli(["list", "environments", "--kind", "benchmark", "--json"]).stdout.trim()).toBe("[]");
  });

  test("list environments NAME inspects one, as NeMo's inspect view", () => {
    const found = json(["list", "environments", "blackjack", "--json"]) as Record<string, unknown>;
    expect(Object.keys(found).sort()).toEqual([...NEMO_FIELDS.inspection].sort());
    expect(found).toMatchObject({ name: "blackjack", type: "environment", domain: "games", details: { "resources servers": "blackjack", agent: "blackjack_gymnasium_agent" } });
    const text = cli(["list", "environments", "blackjack"]);
    expect(text.stdout).toContain("The blackjack environment (domain: games)");
    expect(text.stdout).toContain("Usage example:\nedge-gym env start --environment blackjack");
  });

  test("a bad type or name is a one-line usage error", () => {
    for (const args of [["list"], ["list", "widgets"], ["list", "environments", "blakjack"], ["list", "environments", "--kind", "game"]]) {
      const r = cli(args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    expect(cli(["list", "environments", "blakjack"]).stderr).toContain("did you mean blackjack?");
  });
});

test("search [TYPE] QUERY is NeMo's gym search: a listing narrowed by substring or a close match (difflib's 0.7) of name, domain or description", () => {
  const found = json(["search", "sokoban", "--json"]) as { name: string }[];
  expect(found.map((r) => r.name)).toEqual(["grl_sokoban"]);
  // A misspelling is a close match of the name; the fields are NeMo's environment payload's.
  const misspelt = json(["search", "blakjack", "--json"]) as Record<string, unknown>[];
  expect(misspelt.map((r) => r.name)).toEqual(["blackjack"]);
  expect(Object.keys(misspelt[0]!)).toEqual(NEMO_FIELDS.environments);
  const games = (json(["search", "games", "--json"]) as { name: string; domain: string }[]).map((r) => r.name);
  expect(games).toEqual(expect.arrayContaining(["blackjack", "grl_sokoban"]));
  expect(games).not.toContain("mcqa");
  const servers = json(["search", "resources-servers", "sql", "--json"]) as { name: string }[];
  expect(servers.map((r) => r.name)).toEqual(expect.arrayContaining(["bird_sql", "spider2_lite"]));
  expect(Object.keys(servers[0]!)).toEqual(NEMO_FIELDS["resources-servers"]);
  expect(cli(["search", "zzqqxxyy"]).stdout).toBe("No environments match 'zzqqxxyy'.\n");
  for (const args of [["search"], ["search", "teapots", "x"], ["search", "a", "b", "c"]]) {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  }
});

test("--version [--json] is NeMo's gym --version: version, runtime, installation, key packages, machine; ng_version too", () => {
  const info = json(["--version", "--json"]) as Record<string, any>;
  expect(Object.keys(info)).toEqual(["edge_gym", "node", "node_path", "installation_path", "dependencies", "system"]);
  expect(info.edge_gym).toBe(JSON.parse(readFileSync("package.json", "utf8")).version);
  expect(info.node).toBe(process.versions.node);
  expect(info.installation_path).toBe(resolve("."));
  expect(Object.keys(info.system)).toEqual(["os", "platform", "architecture", "processor", "cpus", "memory_gb"]);
  expect(info.system.cpus).toBeGreaterThan(0);
  expect(info.dependencies.miniflare).toBe(JSON.parse(readFileSync("node_modules/miniflare/package.json", "utf8")).version);
  const text = cli(["--version"]);
  expect(text.stdout).toMatch(/^Edge Gym v\d+\.\d+\.\d+\nNode .+\nInstallation: .+\n\nKey Dependencies:\n {2}miniflare: /);
  const legacy = cli(["ng_version", "--json"]);
  expect(JSON.parse(legacy.stdout).edge_gym).toBe(info.edge_gym);
});

describe("edge-gym env", () => {
  test("env validate NAME checks a bundled environment's config, starting nothing", () => {
    const r = cli(["env", "validate", "blackjack"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✓ Config is valid\. \(3 instances: blackjack, blackjack_gymnasium_agent, policy_model\)/);
    const bad = cli(["env", "validate", "--environment", "blakjack"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("did you mean blackjack?");
  });

  test("env validate --json is NeMo's validation report: components, and each dataset's rows counted and checked", () => {
    const report = json(["env", "validate", "blackjack", "--json"]) as Record<string, any>;
    // EnvironmentValidationReport's fields, in its order (nemo_gym/environment/validation.py).
    expect(Object.keys(report)).toEqual(["name", "version", "kind", "declared_profile", "inferred_profile", "profile_evidence", "manifest_path", "config_path", "components", "datasets", "rollout_driver", "grading_mode", "synchronized_fields", "warnings"]);
    expect(report.components.map((c: any) => [c.role, c.name, c.implementation, c.boundary])).toEqual([
      ["resources_server", "blackjack", "blackjack", "resources_servers"],
      ["agent_server", "blackjack_gymnasium_agent", "gymnasium_agent", "responses_api_agents"],
      ["model_server", "policy_model", "vllm_model", "responses_api_models"],
    ]);
    expect(report.components[0].entrypoint).toBe("workers/resources/blackjack/index.ts");
    expect(report.datasets.map((d: any) => [d.name, d.type, d.rows])).toEqual([["example", "example", 5]]);
    expect(report.warnings).toEqual([]);
  });

  test("env validate refuses a dataset row collect would refuse (its line and field path), and warns of a dataset file that is absent", () => {
    const project = mkdtempSync(join(tmpdir(), "edge-gym-validate-"));
    mkdirSync(join(project, "environments", "mine", "data"), { recursive: true });
    const agent = (datasets: unknown[]) => ({ mine: { resources_servers: { mcqa: {} } }, mine_agent: { responses_api_agents: { simple_agent: { resources_server: { type: "resources_servers", name: "mine" }, model_server: { type: "responses_api_models", name: "policy_model" }, datasets } } } });
    const good = { responses_create_params: { input: "Which? A) x B) y" }, options: [{ A: "x" }, { B: "y" }], expected_answer: "A" };
    writeFileSync(join(project, "environments", "mine", "data", "rows.jsonl"), `${JSON.stringify(good)}\n${JSON.stringify({ ...good, expected_answer: 7 })}\n`);
    writeFileSync(join(project, "environments", "mine", "config.yaml"), JSON.stringify(agent([{ name: "example", type: "example", jsonl_fpath: "environments/mine/data/rows.jsonl" }])));
    const refused = cli(["env", "validate", "mine"], project);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^edge-gym: dataset 'example' row 2 is not a valid rollout input \(.*rows\.jsonl:2\): expected_answer: .+\n$/);

    writeFileSync(join(project, "environments", "mine", "config.yaml"), JSON.stringify(agent([{ name: "train", type: "train", jsonl_fpath: "environments/mine/data/train.jsonl" }])));
    const absent = cli(["env", "validate", "mine"], project);
    expect(absent.code).toBe(0);
    expect(absent.stderr).toBe("Warning: dataset 'train' (train): environments/mine/data/train.jsonl not found\n");
  });

  test("NeMo Gym's own manifests in environments/ run unchanged, and win over the bundled ones", () => {
    const project = nemoProject();
    expect(cli(["env", "validate", "arc_agi"], project).stdout).toContain("arc_agi_resources_server, arc_agi_simple_agent, policy_model");
    const inspected = json(["list", "environments", "blackjack", "--json"], project) as { description: string; details: Record<string, string> };
    expect(inspected.description).toBe("NeMo's blackjack manifest, copied as is.");
    expect(inspected.details.datasets).toBe("example, train");
    const resolved = parse(cli(["env", "resolve", "--environment", "arc_agi", "--local"], project).stdout) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    expect(resolved.arc_agi_resources_server!.resources_servers!.arc_agi!.domain).toBe("knowledge");
    expect(resolved.arc_agi_simple_agent!.responses_api_agents!.simple_agent!.resources_server).toEqual({ type: "resources_servers", name: "arc_agi_resources_server" });
    // NAME/FLAVOR: environments/NAME/FLAVOR.yaml, as NeMo's selector reads it.
    writeFileSync(join(project, "environments", "blackjack", "solo.yaml"), "blackjack:\n  resources_servers:\n    blackjack: {domain: games}\n");
    expect(cli(["env", "validate", "--environment", "blackjack/solo"], project).stdout).toContain("(1 instances: blackjack)");
  });

  test("-m, --model-url and --model-api-key set the policy model's keys, as NeMo's flags do", () => {
    const r = cli(["env", "resolve", "--environment", "blackjack", "--local", "-m", "my-model", "--model-url", "http://10.0.0.9:8000/v1", "--model-api-key", "k"]);
    expect(r.code).toBe(0);
    const config = parse(r.stdout) as Record<string, unknown>;
    expect(config).toMatchObject({ policy_model_name: "my-model", policy_base_url: "http://10.0.0.9:8000/v1" });
  });

  test("bad actions and flags are one-line usage errors", () => {
    for (const [args, message] of [
      [["env"], "env needs an action"],
      [["env", "launch"], 'unknown env action "launch"'],
      [["env", "test"], "env test needs an environment"],
      [["env", "test", "blackjack", "--resources-server", "blackjack"], "not both"],
      [["env", "test", "blakjack"], "did you mean blackjack?"],
      [["env", "init"], "env init needs --resources-server NAME"],
      [["env", "start", "--resources-server", "nope"], "no workers/resources/nope/config.yaml"],
    ] as const) {
      const r = cli([...args]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split("\n")).toEqual([`edge-gym: ${r.stderr.trim().replace(/^edge-gym: /, "")}`]);
      expect(r.stderr).toContain(message);
    }
  });

  test("env test NAME runs that environment's tests and returns vitest's exit code", { timeout: 120_000 }, () => {
    const r = cli(["env", "test", "blackjack"]);
    expect(r.stdout).toMatch(/^Testing \d+ path\(s\): .*test\/workers\/resources\/blackjack\.test\.ts/);
    expect(r.stdout).toContain("test/gpu_gateway/emulator/skills/blackjack.test.ts");
    expect(r.stdout).not.toContain("sokoban");
    expect(r.code).toBe(0);
  });

  test("env init --environment NAME scaffolds the resources server whose config.yaml is its manifest", () => {
    const root = mkdtempSync(join(tmpdir(), "edge-gym-init-"));
    for (const dir of ["workers/resources", "test/workers/resources", "gpu_gateway/emulator/skills"]) mkdirSync(join(root, dir), { recursive: true });
    const r = cli(["env", "init", "--environment", "pebble_count", "--root", root]);
    expect(r.code).toBe(0);
    expect(existsSync(join(root, "workers/resources/pebble_count/config.yaml"))).toBe(true);
  });
});

describe("edge-gym ng_* names", () => {
  test("each runs the command it stands for and says so on stderr", () => {
    const r = cli(["ng_dump_config", "--environment", "blackjack", "--local"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("ng_dump_config is NeMo Gym's deprecated spelling of `gym env resolve`: running edge-gym env resolve");
    expect(parse(r.stdout)).toHaveProperty("blackjack_gymnasium_agent");
    expect(cli(["nemo_gym_list_benchmarks"]).stdout).toContain("No benchmarks found.");
  });

  test("a NeMo command with no counterpart, or an unknown one, is a one-line usage error", () => {
    expect(cli(["ng_upload_dataset_to_hf"])).toMatchObject({ code: 2, stderr: expect.stringContaining("has no edge-gym counterpart") });
    expect(cli(["ng_frobnicate"])).toMatchObject({ code: 2, stderr: expect.stringContaining("no NeMo Gym command edge-gym knows") });
  });
});

describe("edge-gym stop", () => {
  const children = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    children.clear();
  });

  test("with no stack running, says so and exits non-zero", () => {
    expect(cli(["stop"])).toMatchObject({ code: 2, stderr: "edge-gym: no running stack found (start one with edge-gym start)\n" });
    expect(cli(["stop", "--head-port", "11999"]).stderr).toContain("no running stack has its head on port 11999");
  });

  test("a stack file naming a process that is not edge-gym is not trusted, and is removed", () => {
    const sleeper = spawn("sleep", ["30"]);
    children.add(sleeper);
    writeFileSync(join(stacks, "stack-12345.json"), JSON.stringify({ pid: sleeper.pid, head_url: "http://127.0.0.1:12345", head_port: 12345, started_at: "x", cwd: "/" }));
    expect(cli(["stop"]).stderr).toContain("no running stack found");
    expect(sleeper.exitCode).toBeNull();
    expect(readdirSync(stacks)).toEqual([]);
  });

  test("env start --environment NAME runs NeMo's manifest for one environment; status --json and stop from another process", { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, [CLI, "env", "start", "--environment", "blackjack", "--head-port", "0"], { stdio: ["ignore", "pipe", "inherit"], env, cwd: nemoProject() });
    children.add(child);
    const lines: string[] = [];
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const headUrl = await new Promise<string>((resolve, reject) => {
      let head = "";
      createInterface({ input: child.stdout! }).on("line", (line) => {
        lines.push(line);
        head ||= /^head\s+(http:\S+)/.exec(line)?.[1] ?? "";
        if (line.startsWith("All servers ready!")) resolve(head);
      });
      void exited.then((code) => reject(new Error(`start exited with ${code}:\n${lines.join("\n")}`)));
    });
    // Only the environment and what it references: its resources server, its agent, the policy model.
    expect(lines.filter((l) => /^responses_api_agents\s/.test(l))).toHaveLength(1);
    expect(readdirSync(stacks)).toEqual([`stack-${new URL(headUrl).port}.json`]);

    const servers = json(["env", "status", "--head-url", headUrl, "--json"]) as Record<string, unknown>[];
    expect(servers.map((s) => s.name).sort()).toEqual(["blackjack", "blackjack_gymnasium_agent", "policy_model"]);
    for (const server of servers) {
      expect(Object.keys(server).sort()).toEqual([...NEMO_FIELDS.status].sort());
      expect(server.status).toBe("success");
    }
    // A rollout through it, with a row of the bundled example data (NeMo's manifest names files it has not here).
    const row = readFileSync("workers/resources/blackjack/data/example.jsonl", "utf8").split("\n")[0]!;
    const agent = servers.find((s) => s.server_type === "responses_api_agents")!;
    const run = await fetch(`${agent.url as string}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: row });
    expect(run.status).toBe(200);
    expect(typeof ((await run.json()) as { reward: unknown }).reward).toBe("number");

    // Run without blocking: this process must reap the stack when it exits.
    const stop = spawn(process.execPath, [CLI, "stop"], { stdio: ["ignore", "pipe", "inherit"], env });
    let stdout = "";
    stop.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const stopped = { code: await new Promise<number | null>((r) => stop.once("close", r)), stdout };
    expect(stopped.stdout).toMatch(new RegExp(`^Stopping the stack of pid ${child.pid} \\(head ${headUrl},.*\\n^Stopped\\.$`, "m"));
    expect(await exited).toBe(0);
    expect(lines.slice(-2)).toEqual(["Shutting down...", "Stopped."]);
    expect(readdirSync(stacks)).toEqual([]);
  });
});

describe("eval with a manifest of the user's, stopped from another process", () => {
  test("eval --environment NAME runs environments/NAME/config.yaml; stop ends it as Ctrl+C would, with the command that goes on", { timeout: 150_000 }, async () => {
    const dir = nemoProject();
    // The user's manifest names its agent its own way: the outputs carry that name, not the bundled one's.
    const manifest = readFileSync(join(dir, "environments", "blackjack", "config.yaml"), "utf8").replace("blackjack_gymnasium_agent:", "my_blackjack_agent:");
    writeFileSync(join(dir, "environments", "blackjack", "config.yaml"), manifest);
    mkdirSync(join(dir, "environments", "blackjack", "data"), { recursive: true });
    writeFileSync(join(dir, "environments", "blackjack", "data", "example.jsonl"), readFileSync("workers/resources/blackjack/data/example.jsonl", "utf8").replaceAll("blackjack_gymnasium_agent", "my_blackjack_agent"));
    const out = join(dir, "out");
    const child = spawn(process.execPath, [CLI, "eval", "--environment", "blackjack", "--num-repeats", "400", "--concurrency", "2", "--output-dir", out], { stdio: ["ignore", "pipe", "pipe"], env, cwd: dir });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    // Stopped once it has rollouts written.
    const rollouts = join(out, "my_blackjack_agent.jsonl");
    for (let i = 0; i < 600 && !(existsSync(rollouts) && readFileSync(rollouts, "utf8").length > 0); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(rollouts)).toBe(true);
    const stop = spawnSync(process.execPath, [CLI, "stop"], { encoding: "utf8", env, timeout: 90_000 });
    expect(stop.status).toBe(0);
    expect(stop.stdout).toContain(`Stopping the stack of pid ${child.pid}`);
    await exited;
    expect(output).toContain("Interrupted");
    expect(output).toContain(`npx edge-gym eval --environment blackjack --num-repeats 400 --concurrency 2 --output-dir ${out} --resume`);
    expect(readdirSync(stacks)).toEqual([]);
  });
});
