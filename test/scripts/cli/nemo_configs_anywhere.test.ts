// A NeMo Gym user's own folder: config files and rows in NeMo's shapes (our own data), paths
// relative to that folder, no model config, the resources server named `<env>_resources_server`.
// `eval` runs there, writes there, and the emulator plays the environment's skill.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";

const CLI = join(import.meta.dirname, "../../../scripts/edge-gym.ts");

const CONFIG = `mcqa_resources_server:
  resources_servers:
    mcqa:
      entrypoint: app.py
      grading_mode: null
      domain: knowledge
      verified: false
mcqa_simple_agent:
  responses_api_agents:
    simple_agent:
      entrypoint: app.py
      resources_server:
        type: resources_servers
        name: mcqa_resources_server
      model_server:
        type: responses_api_models
        name: policy_model
      datasets:
      - name: example
        type: example
        jsonl_fpath: resources_servers/mcqa/data/example.jsonl
`;

const row = (sum: string, options: string[], answer: string) =>
  JSON.stringify({
    responses_create_params: { input: [{ role: "user", content: `Answer with 'Answer: X'. What is ${sum}?\n${options.map((o, i) => `${"ABCD"[i]}: ${o}`).join("\n")}` }] },
    agent_ref: { name: "mcqa_simple_agent" },
    options: options.map((o, i) => ({ [`${"ABCD"[i]}`]: o })),
    expected_answer: answer,
  });

test("eval from a NeMo-shaped folder: relative paths, the bundled policy model, the skill of the implementation", () => {
  const home = mkdtempSync(join(tmpdir(), "edge-gym-nemo-user-"));
  mkdirSync(join(home, "resources_servers/mcqa/configs"), { recursive: true });
  mkdirSync(join(home, "resources_servers/mcqa/data"), { recursive: true });
  writeFileSync(join(home, "resources_servers/mcqa/configs/mcqa.yaml"), CONFIG);
  writeFileSync(join(home, "resources_servers/mcqa/data/example.jsonl"), [row("12 + 30", ["40", "42", "44", "46"], "B"), row("6 × 7", ["36", "48", "42", "49"], "C")].join("\n") + "\n");

  const result = spawnSync(process.execPath, [CLI, "eval", "--config", "resources_servers/mcqa/configs/mcqa.yaml", "--num-repeats", "1", "--output-dir", "out"], { cwd: home, encoding: "utf8", timeout: 120_000 });
  expect(result.stderr).not.toMatch(/break out of starting directory|no such named entrypoint/);
  expect(result.status, result.stderr).toBe(0);
  // The unset ${policy_*} and the missing model instance: one line, naming what stood in.
  expect(result.stdout.split("\n").filter((line) => line.startsWith("Not set in the config"))).toEqual([expect.stringMatching(/policy_model \(the bundled policy model\).*policy_base_url=emulator:\/\/local/)]);
  expect(result.stdout).not.toMatch(/declined/);

  // Outputs in the folder the user ran from; every reply is the mcqa skill's, not the generic "I don't know."
  expect(readdirSync(join(home, "out"))).toContain("mcqa_simple_agent.jsonl");
  const rollouts = readFileSync(join(home, "out/mcqa_simple_agent.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as { response: { output: { content?: { text: string }[] }[] } });
  expect(rollouts).toHaveLength(2);
  for (const rollout of rollouts) expect(JSON.stringify(rollout.response.output)).toMatch(/which is option [A-D]/);
}, 180_000);

test("an environment the emulator cannot work out is named as declined", () => {
  const home = mkdtempSync(join(tmpdir(), "edge-gym-nemo-user-"));
  mkdirSync(join(home, "data"));
  writeFileSync(join(home, "mcqa.yaml"), CONFIG.replace("resources_servers/mcqa/data/example.jsonl", "data/rows.jsonl"));
  writeFileSync(join(home, "data/rows.jsonl"), `${row("the capital of France", ["Rome", "Paris", "Oslo", "Bern"], "B")}\n`);
  const result = spawnSync(process.execPath, [CLI, "eval", "--config", "mcqa.yaml", "--num-repeats", "1", "--output-dir", "out"], { cwd: home, encoding: "utf8", timeout: 120_000 });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/The emulator declined every model call of mcqa_resources_server/);
}, 180_000);

test("two example datasets of one environment are two rows of the table, each named by its dataset", () => {
  const home = mkdtempSync(join(tmpdir(), "edge-gym-nemo-user-"));
  mkdirSync(join(home, "data"));
  const second = "      - name: with_template\n        type: example\n        jsonl_fpath: data/second.jsonl\n";
  writeFileSync(join(home, "mcqa.yaml"), CONFIG.replace("resources_servers/mcqa/data/example.jsonl", "data/first.jsonl") + second);
  writeFileSync(join(home, "data/first.jsonl"), `${row("12 + 30", ["40", "42", "44", "46"], "B")}\n`);
  writeFileSync(join(home, "data/second.jsonl"), `${row("6 × 7", ["36", "48", "42", "49"], "C")}\n`);
  const result = spawnSync(process.execPath, [CLI, "eval", "--config", "mcqa.yaml", "--num-repeats", "1", "--output-dir", "out"], { cwd: home, encoding: "utf8", timeout: 120_000 });
  expect(result.status, result.stderr).toBe(0);
  const tableRows = result.stdout.split("\n").filter((line) => line.startsWith("mcqa_resources_server"));
  expect(tableRows.map((line) => line.split(/\s{2,}/)[0])).toEqual(["mcqa_resources_server (example)", "mcqa_resources_server (with_template)"]);
}, 180_000);

test("resolve --local shows what start and eval fill in; plain resolve shows the files as they are", () => {
  const home = mkdtempSync(join(tmpdir(), "edge-gym-nemo-user-"));
  const model = "policy_model:\n  responses_api_models:\n    vllm_model:\n      base_url: ${policy_base_url}\n      api_key: ${policy_api_key}\n      model: ${policy_model_name}\n";
  writeFileSync(join(home, "mcqa.yaml"), CONFIG);
  writeFileSync(join(home, "vllm_model.yaml"), model);
  const args = ["resolve", "--config", "mcqa.yaml", "--config", "vllm_model.yaml"];
  const plain = spawnSync(process.execPath, [CLI, ...args], { cwd: home, encoding: "utf8", timeout: 60_000 });
  expect(plain.status).not.toBe(0);
  expect(plain.stderr).toMatch(/refers to unknown key "policy_base_url"/);
  const local = spawnSync(process.execPath, [CLI, ...args, "--local"], { cwd: home, encoding: "utf8", timeout: 60_000 });
  expect(local.status, local.stderr).toBe(0);
  expect(local.stdout).toMatch(/base_url: emulator:\/\/local/);
  expect(local.stderr).toMatch(/^Not set in the config, so a local run uses: policy_base_url=emulator:\/\/local/);
}, 60_000);

test("the package's bin runs the CLI under a Node that cannot strip types (another project's), with the Node 22 the package installs", () => {
  const bin = join(import.meta.dirname, "../../../scripts/bin/edge-gym.mjs");
  const result = spawnSync(process.execPath, ["--no-experimental-strip-types", bin, "--help"], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^usage: edge-gym <command>/);
}, 60_000);

test("a copy installed under node_modules: its .ts modules load through the bin's hooks, where Node alone refuses them", () => {
  const pkg = join(mkdtempSync(join(tmpdir(), "edge-gym-installed-")), "node_modules", "edge-gym");
  mkdirSync(join(pkg, "scripts/bin"), { recursive: true });
  for (const file of ["register.mjs", "strip_types.mjs"]) copyFileSync(join(import.meta.dirname, "../../../scripts/bin", file), join(pkg, "scripts/bin", file));
  writeFileSync(join(pkg, "scripts/typed.ts"), 'import { twice } from "./helper.ts";\nconst n: number = twice(21);\nconsole.log(`answer ${n}`);\n');
  writeFileSync(join(pkg, "scripts/helper.ts"), "export function twice(x: number): number {\n  return x * 2;\n}\n");
  const alone = spawnSync(process.execPath, [join(pkg, "scripts/typed.ts")], { encoding: "utf8", timeout: 30_000 });
  expect(alone.status).not.toBe(0);
  expect(alone.stderr).toMatch(/ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING/);
  const hooked = spawnSync(process.execPath, [`--import=${pathToFileURL(join(pkg, "scripts/bin/register.mjs")).href}`, join(pkg, "scripts/typed.ts")], { encoding: "utf8", timeout: 30_000 });
  expect(hooked.status, hooked.stderr).toBe(0);
  expect(hooked.stdout).toBe("answer 42\n");
}, 60_000);
