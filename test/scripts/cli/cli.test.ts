// The CLI as a user runs it: a real `edge-gym start` process, `status` and `collect` against it,
// Ctrl+C, and one-line errors with non-zero exits.
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { IMPLEMENTATIONS } from "../../../scripts/plan/registry.ts";

const CLI = "scripts/edge-gym.ts";
const dir = mkdtempSync(join(tmpdir(), "edge-gym-cli-"));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Every bundled server starts in these tests (over 50 Workers): on a busy 2-core machine that takes
// a while, so they get a longer bound than the default, and whatever they spawned is killed however
// they end, so a failed test never leaves a stack running (and vitest waiting for it).
const STACK_TEST_MS = 180_000;
const children = new Set<ChildProcess>();
afterEach(async () => {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  children.clear();
  await Promise.all(
    running.map(async (child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Ctrl+C first, so the stack stops its own runtimes; a start stuck before it listens gets SIGKILL.
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
});

function spawnCli(args: string[], stdio: ["ignore", "pipe" | "ignore", "pipe" | "inherit"]): ChildProcess {
  const child = spawn(process.execPath, [CLI, ...args], { stdio });
  children.add(child);
  return child;
}

async function startStack(): Promise<{ child: ChildProcess; headUrl: string; lines: string[] }> {
  const child = spawnCli(["start", "--head-port", "0"], ["ignore", "pipe", "inherit"]);
  const lines: string[] = [];
  const headUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${lines.join("\n")}`)), STACK_TEST_MS - 30_000);
    let head = "";
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      head ||= /^head\s+(http:\S+)/.exec(line)?.[1] ?? "";
      if (line.startsWith("All servers ready!")) {
        clearTimeout(timer);
        resolve(head);
      }
    });
    child.once("exit", (code) => reject(new Error(`start exited with ${code}:\n${lines.join("\n")}`)));
  });
  return { child, headUrl, lines };
}

describe("edge-gym CLI", () => {
  test("start, status, collect, then Ctrl+C shuts everything down", async () => {
    const { child, headUrl, lines } = await startStack();
    expect(lines.some((l) => /policy_model\s+http:\/\/127\.0\.0\.1:\d+/.test(l))).toBe(true);

    const status = cli("status", "--head-url", headUrl);
    expect(status.code).toBe(0);
    // the head and every instance of the bundled config: a resources server per bundled environment, its agents, the models
    const { instances } = loadConfig(undefined, []);
    const environments = new Set(IMPLEMENTATIONS.filter((i) => i.kind === "resources_servers").map((i) => i.dir));
    const dirOf = (name: string) => IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === name)?.dir;
    expect(new Set(instances.filter((i) => i.serverType === "resources_servers").map((i) => dirOf(i.implementation)))).toEqual(environments);
    expect(status.stdout.match(/^up /gm), status.stdout).toHaveLength(1 + instances.length);

    const output = join(dir, "weather.jsonl");
    const collect = cli("collect", "--head-url", headUrl, "--agent", "example_single_tool_call_simple_agent",
      "--input", "workers/resources/example_single_tool_call/data/example.jsonl", "--output", output, "--limit", "2", "--num-repeats", "3");
    expect(collect.code).toBe(0);
    expect(collect.stdout).toContain("6/6 rollouts");
    expect(readFileSync(output, "utf8").trim().split("\n")).toHaveLength(6);

    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    const after = cli("status", "--head-url", headUrl);
    expect(after.code).toBe(1);
    expect(after.stderr.trim().split("\n")).toHaveLength(1);
    expect(after.stderr).toMatch(/cannot reach the head server/);
  }, STACK_TEST_MS);

  test("usage errors are one line and exit 2", () => {
    for (const args of [["frob"], ["collect", "--input", "x.jsonl"], ["start", "--bogus"], ["collect", "--input", "a", "--output", "b", "--concurrency", "0"]]) {
      const result = cli(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr).toMatch(/^edge-gym: /);
    }
  });

  test("an unknown flag gets a did-you-mean and the command's usage line; a port in use names --head-port", async () => {
    const typo = cli("start", "--head-prot", "5");
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim().split("\n")).toHaveLength(1);
    expect(typo.stderr).toContain("unknown option --head-prot (did you mean --head-port?); usage: edge-gym start [--config a.yaml ...] [--environment NAME ...]");
    expect(typo.stderr).toContain("[--head-port 11000 (0: any free port)]");

    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    try {
      const port = (busy.address() as AddressInfo).port;
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawnCli(["start", "--head-port", String(port)], ["ignore", "ignore", "pipe"]);
        let stderr = "";
        child.stderr!.on("data", (chunk) => (stderr += chunk));
        child.once("close", (code) => resolve({ code, stderr }));
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim()).toBe(`edge-gym: port ${port} on 127.0.0.1 is in use (another edge-gym start?): choose another with --head-port (0: any free port)`);
    } finally {
      busy.close();
    }
  }, STACK_TEST_MS);

  test("a bad JSONL line is reported by line number before anything runs", () => {
    const input = join(dir, "bad.jsonl");
    writeFileSync(input, '{"responses_create_params": {"input": "hi"}}\n{"responses_create_params": {"input": "hi", "temprature": 1}}\n');
    const result = cli("collect", "--agent", "any_agent", "--input", input, "--output", join(dir, "never.jsonl"), "--head-url", "http://127.0.0.1:9");
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`edge-gym: ${input}:2: responses_create_params.temprature: unknown field`);
  });

  test("resolve prints the merged config, redacts secrets and explains config errors", () => {
    const ok = cli("resolve", "++policy_api_key=sk-very-secret");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("example_single_tool_call_simple_agent:");
    expect(ok.stdout).not.toContain("sk-very-secret");

    const typo = cli("resolve", "example_single_tool_call_simple_agent.responses_api_agents.simple_agent.resources_server.name=exmple_single_tool_call");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean "example_single_tool_call"/);

    const missing = cli("resolve", "++policy_model_name=???", "++policy_api_key=???");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/policy_model_name/);
    expect(missing.stderr).toMatch(/policy_api_key/);
  });

  test("NeMo Gym's +config_paths=[a.yaml,b.yaml] names the files, in place of the bundled defaults", () => {
    const files = ["gpu_gateway/emulator/config.yaml", "workers/models/vllm_model/config.yaml", "workers/resources/mcqa/config.yaml"];
    const result = cli("resolve", `+config_paths=[${files.join(",")}]`);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const config = parse(result.stdout);
    expect(Object.keys(config).filter((k) => typeof config[k] === "object" && !Array.isArray(config[k])).sort()).toEqual(["mcqa", "mcqa_simple_agent", "policy_model"]);
  });

  test("with a real endpoint, a missing, null or blank policy_model_name is an error naming it, not the emulator's model", () => {
    for (const model of [[], ["++policy_model_name=null"], ["++policy_model_name= "]]) {
      const result = cli("resolve", "++policy_base_url=http://127.0.0.1:9/v1", ...model);
      expect(result.code, model.join(" ")).toBe(2);
      expect(result.stderr, model.join(" ")).toMatch(/^edge-gym: policy_model\.responses_api_models\.vllm_model\.model: .*set policy_model_name \(env\.yaml\)/);
    }
    expect(cli("resolve", "++policy_base_url=http://127.0.0.1:9/v1", "++policy_model_name=Qwen/Qwen3-8B").code).toBe(0);
  });

  test("start and eval refuse the Cloudflare sandbox in one line, exit 2: it runs only deployed", () => {
    for (const command of [["start", "--head-port", "0"], ["eval", "--environment", "evalplus"]]) {
      const refused = cli(...command, "++sandbox_url=sandbox://cloudflare");
      const what = command[0];
      expect(refused.code, what).toBe(2);
      expect(refused.stderr.trim().split("\n"), what).toHaveLength(1);
      expect(refused.stderr, what).toMatch(/^edge-gym: .*evalplus.*: sandbox_url sandbox:\/\/cloudflare runs code in Cloudflare Containers, deployed only; locally use sandbox_url: sandbox:\/\/local$/m);
      expect(refused.stdout, what).not.toMatch(/ready/i);
    }
  });

  test("a bad implementation setting stops resolve and start with its path, before anything is ready", () => {
    const setting = "mcqa.resources_servers.mcqa.grading_mode";
    for (const command of [["resolve"], ["start", "--head-port", "0"]]) {
      const bad = cli(...command, `++${setting}=most_lenient`);
      const what = command[0];
      expect(bad.code, what).toBe(2);
      expect(bad.stderr.trim().split("\n"), what).toHaveLength(1);
      expect(bad.stderr, what).toMatch(new RegExp(`^edge-gym: ${setting.replaceAll(".", "\\.")}: Invalid option: expected one of`));
      expect(bad.stdout, what).not.toMatch(/ready/i);
    }
  });
});
